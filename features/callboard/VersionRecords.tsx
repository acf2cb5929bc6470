import { Button, Callout, FormGroup, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { Fragment, useMemo, useState } from 'react';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import {
  contentPreview,
  markRead,
  publishDate,
  VERSION_URL,
  type VersionRecord,
  withReadMarks,
} from './versions.js';
import './callboard.css';

/** /callboard/versions/record: the product's version notes; opening an unread one marks it read. */
export function VersionRecords() {
  const { request } = useApp();
  const list = usePagedList<VersionRecord, { version: string }>(VERSION_URL, { version: '' });
  const [draft, setDraft] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [readNow, setReadNow] = useState<ReadonlySet<number>>(new Set());
  usePageRefresh(list.reload);
  const rows = useMemo(() => withReadMarks(list.rows, readNow), [list.rows, readNow]);

  const toggle = (r: VersionRecord) => {
    setOpenId(openId === r.recordId ? null : r.recordId);
    if (r.isRead === 1) return;
    markRead(request, r.recordId).then(
      () => setReadNow((s) => new Set([...s, r.recordId])),
      () => undefined,
    );
  };

  return (
    <div className="page" data-testid="page-versions">
      <form
        className="filter-bar"
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilters({ version: draft.trim() });
        }}
      >
        <FormGroup label="版本号" labelFor="version-filter" inline>
          <InputGroup
            id="version-filter"
            value={draft}
            maxLength={32}
            placeholder="如 V1.0"
            onChange={(e) => setDraft(e.target.value)}
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} icon="search" text="查询" />
        <Button
          text="重置"
          onClick={() => {
            setDraft('');
            list.setFilters({ version: '' });
          }}
        />
      </form>
      {list.error && <Callout intent={Intent.DANGER}>{list.error}</Callout>}
      <HTMLTable striped interactive compact className="data-table version-table">
        <thead>
          <tr>
            <th className="version-no">版本号</th>
            <th className="version-date">发布日期</th>
            <th>更新内容</th>
            <th className="version-state">状态</th>
            <th className="version-op">操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && !list.loading && (
            <tr>
              <td colSpan={5} className="empty">
                暂无版本记录
              </td>
            </tr>
          )}
          {rows.map((r) => {
            const open = openId === r.recordId;
            return (
              <Fragment key={r.recordId}>
                <tr
                  data-testid="version-row"
                  className={r.isRead === 1 ? '' : 'unread'}
                  onClick={() => toggle(r)}
                >
                  <td className="version-no">
                    <b>{r.version}</b>
                  </td>
                  <td>{publishDate(r.publishTime)}</td>
                  <td className="version-preview">{open ? '' : contentPreview(r.content)}</td>
                  <td>
                    {r.isRead === 1 ? (
                      <Tag minimal>已读</Tag>
                    ) : (
                      <Tag intent={Intent.DANGER} data-testid="version-unread">
                        未读
                      </Tag>
                    )}
                  </td>
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      icon={open ? 'chevron-up' : 'chevron-down'}
                      text={open ? '收起' : '查看'}
                      onClick={(e) => {
                        e.stopPropagation();
                        toggle(r);
                      }}
                    />
                  </td>
                </tr>
                {open && (
                  <tr className="version-detail" data-testid="version-detail">
                    <td colSpan={2} />
                    <td colSpan={3}>
                      <div className="version-content">{r.content}</div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </HTMLTable>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
    </div>
  );
}
