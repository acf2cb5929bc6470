import { Alert, Button, Callout, HTMLSelect, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { dictLabel, staticDictionaries } from '../../domain/dictionaries.js';
import { ExpenseAuthority as EA } from '../../domain/resources/cost.js';
import { ExpenseScreens } from '../../domain/screens.js';
import {
  type BillEventType,
  BillStatus,
  type BillStatusCode,
  billEvents,
  offeredBillEvents,
} from '../../machines/billMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ExportMenu } from '../../src/resource/ExportMenu.js';
import { rowButton } from '../../src/resource/index.js';
import { listExportUrl } from '../../src/resource/listQuery.js';
import { navigate } from '../../src/router/hash.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { type BillRow, ExpenseApi, usePrint, yuan } from './api.js';
import { GenerateDialog, PayDialog } from './BillDialogs.js';
import './expense.css';

const statusIntent: Record<number, Intent> = {
  [BillStatus.unpaid]: Intent.WARNING,
  [BillStatus.paid]: Intent.SUCCESS,
  [BillStatus.settled]: Intent.PRIMARY,
  [BillStatus.voided]: Intent.NONE,
};
export const BillStatusTag = ({ status }: { status: number }) => (
  <Tag minimal intent={statusIntent[status] ?? Intent.NONE}>
    {dictLabel('billStatus', status)}
  </Tag>
);

type Open =
  | { kind: 'generate' }
  | { kind: 'pay'; bills: BillRow[] }
  | { kind: 'confirm'; type: 'ANTI_SETTLE' | 'VOID'; bill: BillRow }
  | null;

/** 费用账单 (/expense/bill): monthly bills; each row offers what billMachine allows from its status. */
export function Bills() {
  const { request, toast } = useApp();
  const print = usePrint();
  const list = usePagedList<BillRow, { billMonth: string; billStatus: string; keyword: string }>(
    ExpenseApi.bills,
    {
      billMonth: dayjs().format('YYYY-MM'),
      billStatus: '',
      keyword: '',
    },
  );
  const may: Record<BillEventType, boolean> = {
    PAY: useAuthority(EA.billPay),
    ANTI_SETTLE: useAuthority(EA.billAntiSettle),
    VOID: useAuthority(EA.billCreate),
    SETTLE: false,
    REVOKE_SETTLE: false,
  };
  const canCreate = may.VOID;
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Map<number, BillRow>>(() => new Map());
  const [open, setOpen] = useState<Open>(null);
  usePageRefresh(list.reload);
  const done = (changed: boolean) => {
    setOpen(null);
    if (changed) {
      setSelected(new Map());
      list.reload();
    }
  };
  const select = (b: BillRow, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(b.billId, b);
      else next.delete(b.billId);
      return next;
    });
  const picked = [...selected.values()];
  const unpaid = picked.filter((b) => b.billStatus === BillStatus.unpaid);

  const act = async (type: 'ANTI_SETTLE' | 'VOID', bill: BillRow) => {
    setOpen(null);
    try {
      if (type === 'ANTI_SETTLE')
        await request({ url: ExpenseApi.antiSettle, method: 'PUT', data: { billId: bill.billId } });
      else await request({ url: ExpenseApi.bill(bill.billId), method: 'DELETE' });
      toast(`${billEvents[type].label}成功`, 'success');
      list.reload();
    } catch {
      // the client shows the server's message
    }
  };
  const actions = (b: BillRow) => [
    rowButton('详情', () => navigate(`${ExpenseScreens.accountBillDetail}?billId=${b.billId}`)),
    ...offeredBillEvents(b.billStatus as BillStatusCode)
      .filter((type) => may[type])
      .map((type) =>
        rowButton(
          type === 'VOID' ? '作废' : billEvents[type].label,
          () =>
            type === 'PAY'
              ? setOpen({ kind: 'pay', bills: [b] })
              : setOpen({ kind: 'confirm', type: type as 'ANTI_SETTLE' | 'VOID', bill: b }),
          type === 'VOID',
        ),
      ),
    rowButton('打印', () => print(ExpenseApi.billPrint([b.billId]))),
  ];
  const setFilter = (patch: Partial<typeof list.filters>) => list.setFilters({ ...list.filters, ...patch });

  return (
    <div className="page" data-testid="page-expense-bill">
      <div className="filter-bar">
        <InputGroup
          type="month"
          aria-label="账单月份"
          value={list.filters.billMonth}
          onChange={(e) => setFilter({ billMonth: e.currentTarget.value })}
        />
        <HTMLSelect
          aria-label="账单状态"
          value={list.filters.billStatus}
          onChange={(e) => setFilter({ billStatus: e.currentTarget.value })}
        >
          <option value="">全部状态</option>
          {staticDictionaries.billStatus.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup
          leftIcon="search"
          placeholder="长者姓名"
          aria-label="关键字"
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && setFilter({ keyword: keyword.trim() })}
        />
        <Button
          icon="search"
          intent={Intent.PRIMARY}
          text="查询"
          onClick={() => setFilter({ keyword: keyword.trim() })}
        />
      </div>
      <div className="resource-toolbar expense-toolbar">
        {canCreate ? (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text="生成账单"
            onClick={() => setOpen({ kind: 'generate' })}
          />
        ) : null}
        {may.PAY ? (
          <>
            <Button
              icon="bank-account"
              text={`批量缴费${unpaid.length ? `（${unpaid.length}）` : ''}`}
              disabled={unpaid.length === 0}
              onClick={() => setOpen({ kind: 'pay', bills: unpaid })}
            />
            <Button
              icon="people"
              text="按长者缴费"
              disabled={picked.length === 0}
              onClick={() =>
                navigate(
                  `${ExpenseScreens.accountBillBatchPayment}?oldmanIds=${[...new Set(picked.map((b) => b.oldmanId))].join(',')}`,
                )
              }
            />
          </>
        ) : null}
        <Button
          icon="print"
          text="打印"
          disabled={picked.length === 0}
          onClick={() => print(ExpenseApi.billPrint(picked.map((b) => b.billId)))}
        />
        <span className="resource-toolbar-gap" />
        <ExportMenu
          title="费用账单"
          urlOf={(format) => listExportUrl(ExpenseApi.bills, list.filters, format)}
        />
      </div>
      {list.error ? <Callout intent={Intent.DANGER}>{list.error}</Callout> : null}
      <div className="expense-scroll">
        <HTMLTable striped compact interactive className="data-table expense-table">
          <thead>
            <tr>
              <th>
                <input
                  type="checkbox"
                  className="resource-check"
                  aria-label="全选本页"
                  checked={list.rows.length > 0 && list.rows.every((b) => selected.has(b.billId))}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    for (const b of list.rows) select(b, on);
                  }}
                />
              </th>
              <th>账单月份</th>
              <th>长者</th>
              <th className="money">费用合计（元）</th>
              <th className="money">优惠（元）</th>
              <th className="money">应缴（元）</th>
              <th>状态</th>
              <th>支付方式</th>
              <th>缴费时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((b) => (
              <tr key={b.billId} data-testid="bill-row" data-oldman-id={b.oldmanId}>
                <td>
                  <input
                    type="checkbox"
                    className="resource-check"
                    aria-label={`选择${b.oldmanName}的账单`}
                    checked={selected.has(b.billId)}
                    onChange={(e) => select(b, e.currentTarget.checked)}
                  />
                </td>
                <td>{b.billMonth}</td>
                <td>{b.oldmanName}</td>
                <td className="money">{yuan(b.totalFen)}</td>
                <td className="money">{yuan(b.discountFen)}</td>
                <td className="money">{yuan(b.payableFen)}</td>
                <td data-testid="bill-status">
                  <BillStatusTag status={b.billStatus} />
                </td>
                <td>{b.payWay ? dictLabel('batchPayWay', b.payWay) : ''}</td>
                <td>{b.payTime ?? ''}</td>
                <td className="actions">{actions(b)}</td>
              </tr>
            ))}
            {!list.loading && list.rows.length === 0 ? (
              <tr>
                <td colSpan={10} className="empty">
                  暂无数据
                </td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </div>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      {open?.kind === 'generate' ? (
        <GenerateDialog month={list.filters.billMonth || dayjs().format('YYYY-MM')} onClose={done} />
      ) : null}
      {open?.kind === 'pay' ? (
        <PayDialog
          title={
            open.bills.length === 1
              ? `缴费：${open.bills[0]?.oldmanName ?? ''} ${open.bills[0]?.billMonth ?? ''}`
              : '批量缴费'
          }
          bills={open.bills}
          onClose={done}
        />
      ) : null}
      <Alert
        isOpen={open?.kind === 'confirm'}
        intent={Intent.DANGER}
        confirmButtonText={open?.kind === 'confirm' ? (open.type === 'VOID' ? '作废' : '反结算') : '确定'}
        cancelButtonText="取消"
        onCancel={() => setOpen(null)}
        onConfirm={() => open?.kind === 'confirm' && act(open.type, open.bill)}
      >
        {open?.kind === 'confirm'
          ? open.type === 'VOID'
            ? `确定作废 ${open.bill.oldmanName} ${open.bill.billMonth} 月账单吗？作废后费用将冲回。`
            : `确定反结算 ${open.bill.oldmanName} ${open.bill.billMonth} 月账单吗？已缴金额将退回原账户。`
          : null}
      </Alert>
    </div>
  );
}
