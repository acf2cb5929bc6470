import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { today } from '../../domain/clock.js';
import type { ResourceDef } from '../../domain/resource.js';
import { useNewestAnswer } from '../../src/app/useNewestAnswer.js';
import { DisplayTable } from '../../src/resource/DisplayTable.js';
import { PeriodPicker } from '../../src/ui/dates/PeriodPicker.js';
import { periodOf } from '../../src/ui/dates/period.js';
import { conversion, SalesmanPaths as P, type SalesmanAnswer } from './api/salesman.js';

const def: ResourceDef = {
  name: 'salesman',
  title: '营销人员',
  table: 'interviewer',
  idField: 'key',
  nameField: 'interviewerName',
  fields: [
    { name: 'interviewerName', label: '营销人员', type: 'text' },
    { name: 'phone', label: '联系电话', type: 'text' },
    { name: 'consults', label: '接待咨询', type: 'int' },
    { name: 'following', label: '跟进中', type: 'int' },
    { name: 'archived', label: '已建档', type: 'int' },
    { name: 'dropped', label: '已放弃', type: 'int' },
    { name: 'movedIn', label: '已入住', type: 'int' },
    { name: 'rate', label: '入住转化率', type: 'text' },
  ],
  columns: ['interviewerName', 'phone', 'consults', 'following', 'archived', 'dropped', 'movedIn', 'rate'],
  // the server's order: most consultations first
  defaultSort: { field: 'consults', order: 'desc' },
  api: {},
  authority: { view: 'session' },
};

/**
 * 营销人员 (/administration/salesman): the 接待人员 of 咨询登记 — one list, kept there — with what came
 * of the consultations each received in a period: still followed, archived, dropped, moved in.
 */
export function Salesman() {
  const [period, setPeriod] = useState(() => periodOf('month', today()));
  const ask = useMemo(
    () => ({ url: P.performance, params: { fromDate: period.fromDate, toDate: period.toDate } }),
    [period.fromDate, period.toDate],
  );
  const { answer, error, loading, load } = useNewestAnswer<SalesmanAnswer>(ask, '查询失败');

  const rows = useMemo(() => {
    if (!answer) return null;
    const list = answer.list.map((r) => ({ ...r, key: r.interviewerId ?? 0, rate: conversion(r) }));
    const sum = (k: 'consults' | 'following' | 'archived' | 'dropped' | 'movedIn') =>
      list.reduce((n, r) => n + r[k], 0);
    const total = {
      key: -1,
      interviewerId: null,
      interviewerName: '合计',
      phone: null,
      consults: sum('consults'),
      following: sum('following'),
      archived: sum('archived'),
      dropped: sum('dropped'),
      movedIn: sum('movedIn'),
    };
    return list.length ? [...list, { ...total, rate: conversion(total) }] : [];
  }, [answer]);

  return (
    <div className="page" data-testid="page-salesman">
      <div className="filter-bar">
        <PeriodPicker value={period} onChange={setPeriod} />
        <Button icon="refresh" text="刷新" loading={loading} onClick={load} />
        <span className="muted">
          按咨询日期统计；营销人员即咨询登记的接待人员，在咨询登记 › 接待人员中维护
        </span>
      </div>
      {error ? (
        <Callout intent={Intent.DANGER} data-testid="salesman-error">
          {error}
        </Callout>
      ) : null}
      {!answer && !error ? <Spinner aria-label="加载中" /> : null}
      <DisplayTable def={def} rows={rows} emptyText="还没有接待人员" />
    </div>
  );
}
