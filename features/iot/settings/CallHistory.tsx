import { Button, Callout, HTMLSelect, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useApp } from '../../../src/app/AppContext.js';
import { usePageRefresh } from '../../../src/app/usePageRefresh.js';
import { Pager } from '../../../src/ui/Pager.js';
import { usePagedList } from '../../../src/ui/usePagedList.js';
import { clock } from '../AlarmConsole.js';
import { CallCells, CallHeadCells } from './CallCells.js';
import { type CallRecord, callStatusName, type DealType, dayRange, responseText } from './callRecords.js';

const blank = { oldmanName: '', callStatus: '', startTime: '', endTime: '' };
const statusIntent: Record<number, Intent> = { 1: Intent.SUCCESS, 2: Intent.DANGER, 3: Intent.NONE };

/** One call-record list with filters and paging; each call can be given its deal type. */
export function CallHistory({ url, dealTypes }: { url: string; dealTypes: DealType[] }) {
  const { request, toast } = useApp();
  const list = usePagedList<CallRecord, typeof blank>(url, blank);
  const [draft, setDraft] = useState(blank);
  const [dates, setDates] = useState({ start: '', end: '' });
  usePageRefresh(list.reload);
  const setDealType = (call: CallRecord, dealType: number) =>
    request({
      url: '/ecms/web-org/callrecords',
      method: 'PUT',
      data: { callId: call.callId, dealType },
    }).then(
      () => {
        toast('处理类型已保存', 'success');
        list.reload();
      },
      () => undefined,
    );
  return (
    <div>
      <form
        className="filter-bar"
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilters({ ...draft, ...dayRange(dates.start, dates.end) });
        }}
      >
        <InputGroup
          placeholder="长者姓名"
          aria-label="长者姓名"
          value={draft.oldmanName}
          onChange={(e) => setDraft({ ...draft, oldmanName: e.target.value })}
        />
        <HTMLSelect
          aria-label="呼叫状态"
          value={draft.callStatus}
          onChange={(e) => setDraft({ ...draft, callStatus: e.currentTarget.value })}
        >
          <option value="">全部状态</option>
          {Object.entries(callStatusName).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </HTMLSelect>
        <input
          className="bp6-input"
          type="date"
          aria-label="开始日期"
          value={dates.start}
          onChange={(e) => setDates({ ...dates, start: e.currentTarget.value })}
        />
        <input
          className="bp6-input"
          type="date"
          aria-label="结束日期"
          value={dates.end}
          onChange={(e) => setDates({ ...dates, end: e.currentTarget.value })}
        />
        <Button type="submit" intent={Intent.PRIMARY} icon="search" text="查询" />
        <Button
          text="重置"
          onClick={() => {
            setDraft(blank);
            setDates({ start: '', end: '' });
            list.setFilters(blank);
          }}
        />
      </form>
      {list.error && <Callout intent={Intent.DANGER}>{list.error}</Callout>}
      <HTMLTable striped compact className="data-table" data-testid="call-history">
        <thead>
          <tr>
            <CallHeadCells />
            <th>响应用时</th>
            <th>清除时间</th>
            <th>处理类型</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((c) => (
            <tr key={c.callId} data-testid="call-row" data-call-id={c.callId}>
              <CallCells
                call={c}
                state={
                  <Tag minimal intent={statusIntent[c.callStatus] ?? Intent.NONE}>
                    {callStatusName[c.callStatus] ?? c.callStatus}
                  </Tag>
                }
              />
              <td>{responseText(c)}</td>
              <td>{c.clearTime === null ? '—' : clock(c.clearTime)}</td>
              <td>
                <HTMLSelect
                  minimal
                  aria-label="处理类型"
                  value={c.dealType ?? ''}
                  onChange={(e) => void setDealType(c, Number(e.currentTarget.value))}
                >
                  <option value="" disabled>
                    未设置
                  </option>
                  {dealTypes.map((d) => (
                    <option key={d.dealType} value={d.dealType}>
                      {d.dealTypeName}
                    </option>
                  ))}
                </HTMLSelect>
              </td>
            </tr>
          ))}
          {!list.loading && list.rows.length === 0 && (
            <tr>
              <td colSpan={8} className="empty">
                暂无呼叫记录
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
    </div>
  );
}
