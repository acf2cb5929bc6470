import { Button, Card, H5, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { type RecordStatusCode, recordStatusNames } from '../../domain/statuses/government.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { type ChecklistItem, GovernmentPaths as P, GovernmentScreens as S } from './api.js';
import { byCategory } from './InspectAdd.js';
import './government.css';

/** 检查详情（60项） (/government/inspect/detail/sixty?inspectId=): every item's result. */
export function Sixty() {
  const { request } = useApp();
  const inspectId = Number(usePage().query.inspectId ?? 0);
  const [head, setHead] = useState<Row | null>(null);
  const [items, setItems] = useState<ChecklistItem[]>([]);
  const [records, setRecords] = useState<Row[]>([]);
  useEffect(() => {
    if (!inspectId) return;
    request<Row>({ url: pathWith(P.inspectOne, { id: inspectId }) }).then(setHead, () => undefined);
    request<ChecklistItem[]>({ url: P.issue }).then(setItems, () => undefined);
    request<{ list: Row[] }>({ url: P.record, params: { inspectId, pageHelper: 0 } }).then(
      (page) => setRecords(page.list),
      () => undefined,
    );
  }, [inspectId, request]);
  const problemOf = new Map(records.map((r) => [Number(r.itemNo), r]));
  return (
    <div className="page" data-testid="page-government-sixty">
      <Card>
        <H5>检查信息</H5>
        {head ? (
          <div className="government-head">
            <span>检查日期：{String(head.inspectDate)}</span>
            <span>检查单位：{String(head.inspectUnit)}</span>
            <span>检查人员：{String(head.inspectorName)}</span>
            <span>
              检查项数 {String(head.itemCount)}，问题 {String(head.issueCount)}，未整改{' '}
              {String(head.openCount)}
            </span>
          </div>
        ) : null}
        <Button
          text="问题登记"
          icon="list"
          onClick={() => navigate(`${S.register}?inspectId=${inspectId}`)}
        />{' '}
        <Button variant="minimal" text="返回" onClick={() => navigate(S.inspect)} />
      </Card>
      <Card>
        {byCategory(items).map(([category, group]) => (
          <section key={category}>
            <h6 className="bp6-heading">{category}</h6>
            {group.map((i) => {
              const problem = problemOf.get(i.itemNo);
              return (
                <div key={i.itemNo} className="government-item">
                  <span>{i.itemNo}</span>
                  <span>
                    {i.itemName}
                    {problem ? (
                      <div className="government-failed">问题：{String(problem.problem)}</div>
                    ) : null}
                  </span>
                  {problem ? (
                    <span>
                      <Tag intent="danger" minimal>
                        不合格
                      </Tag>{' '}
                      <Tag minimal>{recordStatusNames[Number(problem.recordStatus) as RecordStatusCode]}</Tag>
                    </span>
                  ) : (
                    <Tag intent="success" minimal>
                      合格
                    </Tag>
                  )}
                </div>
              );
            })}
          </section>
        ))}
      </Card>
    </div>
  );
}
