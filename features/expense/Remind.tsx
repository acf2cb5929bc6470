import { Button, Card, H4, HTMLTable, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel } from '../../domain/dictionaries.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { costPath, ExpensePaths as P } from './api.js';
import { useGet, yuan } from './queries.js';
import { RemindDialog } from './RemindDialog.js';
import { type RemindBills, remindResource } from './resources/costRemind.js';
import './expense.css';

interface Debtor {
  oldmanId: number;
  oldmanName: string;
  dueFen: number;
  familyPhone: string | null;
}
const debtorOf = (row: Row) => row as unknown as Debtor;

/** 缴费提醒 (/expense/paymentRemind): elders with unpaid bills, the oldest debt first, and their 合计. */
export function Remind() {
  const [sending, setSending] = useState<Debtor | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <div className="page" data-testid="page-expense-remind">
      <ResourceList
        def={remindResource}
        refreshKey={version}
        onOpen={(row) => navigate(`${ExpenseScreens.paymentRemindDetail}?oldmanId=${debtorOf(row).oldmanId}`)}
        rowActions={(row) => rowButton('发送提醒', () => setSending(debtorOf(row)))}
        actionsWidth={140}
        cells={{
          dueFen: (row) => <span className="expense-due">{yuan(debtorOf(row).dueFen)}</span>,
          familyPhone: (row) => debtorOf(row).familyPhone ?? '未登记',
        }}
      />
      {sending ? (
        <RemindDialog
          oldmanId={sending.oldmanId}
          oldmanName={sending.oldmanName}
          onClose={(changed) => {
            setSending(null);
            if (changed) setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}

/** 提醒详情 (/expense/paymentRemind/detail?oldmanId=): unpaid bills and the reminders sent. */
export function RemindDetail() {
  const oldmanId = Number(usePage().query.oldmanId);
  const [version, setVersion] = useState(0);
  const [sending, setSending] = useState(false);
  const data = useGet<RemindBills>(oldmanId ? costPath(P.remindBills, { oldmanId }) : null, version);
  const elder = useGet<{ oldmanName: string }>(oldmanId ? costPath(P.account, { oldmanId }) : null);
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
