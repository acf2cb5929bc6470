import { Alert, Button, Intent, Tag } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { dictLabel } from '../../domain/dictionaries.js';
import { ExpenseScreens } from '../../domain/screens.js';
import {
  type BillEventType,
  BillStatus,
  type BillStatusCode,
  billEvents,
  billOffers,
  offeredBillEvents,
} from '../../machines/billMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import type { Row } from '../../src/resource/format.js';
import { ResourceList, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { billPrintUrl, costPath, ExpensePaths as P } from './api.js';
import { GenerateDialog, PayDialog } from './BillDialogs.js';
import { usePrint } from './queries.js';
import { ExpenseAuthority as EA } from './resources/cost.js';
import { type BillRow, billResource } from './resources/costBills.js';
import './expense.css';

const statusIntent: Record<number, Intent> = {
  [BillStatus.unpaid]: Intent.WARNING,
  [BillStatus.paid]: Intent.SUCCESS,
  [BillStatus.settled]: Intent.PRIMARY,
  [BillStatus.voided]: Intent.NONE,
};
export const BillStatusTag = ({ status, testId }: { status: number; testId?: string }) => (
  <Tag minimal intent={statusIntent[status] ?? Intent.NONE} data-testid={testId}>
    {dictLabel('billStatus', status)}
  </Tag>
);

/** The list's rows are bills (features/expense/resources/costBills.ts). */
const billOf = (row: Row) => row as unknown as BillRow;

type Confirmed = 'ANTI_SETTLE' | 'VOID';
type Open =
  | { kind: 'generate' }
  | { kind: 'pay'; bills: BillRow[] }
  | { kind: 'confirm'; type: Confirmed; bill: BillRow }
  | null;

/**
 * 费用账单 (/expense/bill, also 账户账单): this month's bills first; each row offers what billMachine
 * allows from its status; 批量缴费 and 打印 act on the ticked rows.
 */
export function Bills() {
  const { request, toast } = useApp();
  const print = usePrint();
  const may: Record<BillEventType, boolean> = {
    PAY: useAuthority(EA.billPay),
    ANTI_SETTLE: useAuthority(EA.billAntiSettle),
    VOID: useAuthority(EA.billCreate),
    SETTLE: false,
    REVOKE_SETTLE: false,
  };
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const [month] = useState(() => dayjs().format('YYYY-MM'));
  const reload = () => setVersion((v) => v + 1);
  const done = (changed: boolean) => {
    setOpen(null);
    if (changed) reload();
  };
  const act = async (type: Confirmed, bill: BillRow) => {
    setOpen(null);
    try {
      if (type === 'ANTI_SETTLE')
        await request({ url: P.antiSettle, method: 'PUT', data: { billId: bill.billId } });
      else await request({ url: costPath(P.voidBill, { billId: bill.billId }), method: 'DELETE' });
      toast(`${billEvents[type].label}成功`, 'success');
      reload();
    } catch {
      // the client shows the server's message
    }
  };
  const rowActions = (row: Row) => {
    const b = billOf(row);
    return (
      <>
        {offeredBillEvents(b.billStatus as BillStatusCode)
          .filter((type) => may[type])
          .map((type) =>
            rowButton(
              type === 'VOID' ? '作废' : billEvents[type].label,
              () =>
                type === 'PAY'
                  ? setOpen({ kind: 'pay', bills: [b] })
                  : setOpen({ kind: 'confirm', type: type as Confirmed, bill: b }),
              type === 'VOID',
            ),
          )}
        {rowButton('打印', () => print(billPrintUrl([b.billId])))}
      </>
    );
  };
  const batchActions = (rows: Row[]) => {
    const picked = rows.map(billOf);
    const unpaid = picked.filter((b) => billOffers(b.billStatus, 'PAY'));
    return (
      <>
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
          onClick={() => print(billPrintUrl(picked.map((b) => b.billId)))}
        />
      </>
    );
  };

  return (
    <div className="page" data-testid="page-expense-bill">
      <ResourceList
        def={billResource}
        initialFilters={{ billMonth: month }}
        refreshKey={version}
        onOpen={(row) => navigate(`${ExpenseScreens.accountBillDetail}?billId=${billOf(row).billId}`)}
        rowActions={rowActions}
        actionsWidth={200}
        cells={{
          billStatus: (row) => (
            <BillStatusTag status={billOf(row).billStatus} testId={`bill-status-${billOf(row).billId}`} />
          ),
        }}
        batchActions={batchActions}
        toolbarExtra={
          may.VOID ? (
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text="生成账单"
              onClick={() => setOpen({ kind: 'generate' })}
            />
          ) : null
        }
      />
      {open?.kind === 'generate' ? <GenerateDialog month={month} onClose={done} /> : null}
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
