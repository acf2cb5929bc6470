import { Button, Callout, Card, H4, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel } from '../../domain/dictionaries.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { ExpenseApi, useGet, yuan } from './api.js';
import { RemindDialog } from './RemindDialog.js';
import './expense.css';

interface Debtor {
  oldmanId: number;
  oldmanName: string;
  billCount: number;
  dueFen: number;
  firstMonth: string;
  lastRemindTime: string | null;
  familyPhone: string | null;
}

/** 缴费提醒 (/expense/paymentRemind): elders with unpaid bills, the oldest debt first. */
export function Remind() {
  const list = usePagedList<Debtor, { keyword: string }>(ExpenseApi.remind, { keyword: '' });
  const [keyword, setKeyword] = useState('');
  const [sending, setSending] = useState<Debtor | null>(null);
  usePageRefresh(list.reload);
  return (
    <div className="page" data-testid="page-expense-remind">
      <div className="filter-bar">
        <InputGroup
          leftIcon="search"
          placeholder="长者姓名"
          aria-label="关键字"
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && list.setFilters({ keyword: keyword.trim() })}
        />
        <Button
          icon="search"
          intent={Intent.PRIMARY}
          text="查询"
          onClick={() => list.setFilters({ keyword: keyword.trim() })}
        />
      </div>
      {list.error ? <Callout intent={Intent.DANGER}>{list.error}</Callout> : null}
      <div className="expense-scroll">
        <HTMLTable striped compact className="data-table expense-table">
          <thead>
            <tr>
              <th>长者</th>
              <th>待缴期数</th>
              <th>最早账单</th>
              <th className="money">待缴合计（元）</th>
              <th>家属电话</th>
              <th>上次提醒</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.oldmanId}>
                <td>{r.oldmanName}</td>
                <td>{r.billCount}</td>
                <td>{r.firstMonth}</td>
                <td className="money expense-due">{yuan(r.dueFen)}</td>
                <td>{r.familyPhone ?? '未登记'}</td>
                <td>{r.lastRemindTime ?? ''}</td>
                <td className="actions">
                  {rowButton('发送提醒', () => setSending(r))}
                  {rowButton('详情', () =>
                    navigate(`${ExpenseScreens.paymentRemindDetail}?oldmanId=${r.oldmanId}`),
                  )}
                </td>
              </tr>
            ))}
            {!list.loading && list.rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="empty">
                  暂无欠费长者
                </td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </div>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      {sending ? (
        <RemindDialog
          oldmanId={sending.oldmanId}
          oldmanName={sending.oldmanName}
          onClose={(changed) => {
            setSending(null);
            if (changed) list.reload();
          }}
        />
      ) : null}
    </div>
  );
}

interface RemindRecord {
  remindId: number;
  remindTemplate: number;
  phones: string;
  content: string;
  amountFen: number;
  sendName: string;
  sendTime: string;
}

/** 提醒详情 (/expense/paymentRemind/detail?oldmanId=): unpaid bills and the reminders sent. */
export function RemindDetail() {
  const oldmanId = Number(usePage().query.oldmanId);
  const [version, setVersion] = useState(0);
  const [sending, setSending] = useState(false);
  const data = useGet<{
    bills: { billId: number; billMonth: string; payableFen: number }[];
    records: RemindRecord[];
  }>(oldmanId ? ExpenseApi.remindBills(oldmanId) : null, version);
  const elder = useGet<{ oldmanName: string }>(oldmanId ? ExpenseApi.account(oldmanId) : null);
  if (!oldmanId) return <div className="page">缺少长者参数</div>;
  return (
    <div className="page" data-testid="page-expense-remind-detail">
      <Card>
        <H4>缴费提醒 {elder?.oldmanName ?? ''}</H4>
        <div className="resource-toolbar expense-toolbar">
          <Button icon="arrow-left" text="返回" onClick={() => navigate(ExpenseScreens.paymentRemind)} />
          <Button intent={Intent.PRIMARY} icon="envelope" text="发送提醒" onClick={() => setSending(true)} />
        </div>
        <p className="expense-summary">
          待缴账单：
          {(data?.bills ?? []).map((b) => `${b.billMonth}（${yuan(b.payableFen)} 元）`).join('、') || '无'}
        </p>
        <HTMLTable compact striped className="data-table expense-table">
          <thead>
            <tr>
              <th>发送时间</th>
              <th>模板</th>
              <th>接收电话</th>
              <th className="money">金额（元）</th>
              <th>内容</th>
              <th>发送人</th>
            </tr>
          </thead>
          <tbody>
            {(data?.records ?? []).map((r) => (
              <tr key={r.remindId}>
                <td>{r.sendTime}</td>
                <td>{dictLabel('remindTemplate', r.remindTemplate)}</td>
                <td>{r.phones}</td>
                <td className="money">{yuan(r.amountFen)}</td>
                <td className="expense-wrap">{r.content}</td>
                <td>{r.sendName}</td>
              </tr>
            ))}
            {data && data.records.length === 0 ? (
              <tr>
                <td colSpan={6} className="empty">
                  尚未发送过提醒
                </td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </Card>
      {sending ? (
        <RemindDialog
          oldmanId={oldmanId}
          oldmanName={elder?.oldmanName ?? ''}
          onClose={(changed) => {
            setSending(false);
            if (changed) setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}
