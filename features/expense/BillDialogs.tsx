import { Button, DialogBody, DialogFooter, FormGroup, HTMLTable, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { PayWayCode } from '../../domain/payment.js';
import { useApp } from '../../src/app/AppContext.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { MonthInput } from '../../src/ui/dates/index.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { ScanPayDialog } from '../../src/ui/payment/ScanPayDialog.js';
import { costPath, ExpensePaths as P } from './api.js';
import { PayWaySelect } from './PayWaySelect.js';
import { isScanPayWay, messageOf, usePayWays, yuan } from './queries.js';
import type { AccountRow } from './resources/costAccounts.js';
import type { BillRow } from './resources/costBills.js';

interface PreviewLine {
  oldmanId: number;
  oldmanName: string;
  bedPath: string;
  totalFen: number;
  discountFen: number;
  payableFen: number;
}
interface Preview {
  billMonth: string;
  count: number;
  payableSum: number;
  list: PreviewLine[];
}

/** 生成账单: the month's preview (nothing written), then 确认生成. */
export function GenerateDialog({
  month: initial,
  onClose,
}: {
  month: string;
  onClose(changed: boolean): void;
}) {
  const { request, toast } = useApp();
  const [month, setMonth] = useState(initial);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = async () => {
    setBusy(true);
    setError('');
    try {
      setPreview(await request<Preview>({ url: P.addBill, params: { billMonth: month }, silent: true }));
    } catch (e) {
      setError(messageOf(e, '预览失败'));
    }
    setBusy(false);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      const made = await request<{ created: number; payableSum: number }>({
        url: P.addBill,
        method: 'POST',
        data: { billMonth: month },
        silent: true,
      });
      toast(`已生成 ${made.created} 份账单，应收合计 ${yuan(made.payableSum)} 元`, 'success');
      onClose(true);
    } catch (e) {
      setError(messageOf(e, '生成失败'));
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title="生成账单" className="expense-dialog" onClose={() => onClose(false)}>
      <DialogBody>
        {error ? <ErrorCallout>{error}</ErrorCallout> : null}
        <div className="expense-form-row">
          <FormGroup label="账单月份" labelFor="gen-month">
            <MonthInput
              id="gen-month"
              value={month}
              onChange={(m) => {
                setMonth(m);
                setPreview(null);
              }}
            />
          </FormGroup>
          <FormGroup>
            <Button text="预览" icon="eye-open" loading={busy && !preview} disabled={!month} onClick={load} />
          </FormGroup>
        </div>
        {preview ? (
          <>
            <p className="expense-summary" data-testid="bill-preview">
              <span>
                {preview.billMonth} 将生成 <b>{preview.count}</b> 份账单
              </span>
              <span>
                应收合计 <b>{yuan(preview.payableSum)}</b> 元
              </span>
            </p>
            <div className="expense-preview-list">
              <HTMLTable compact striped className="data-table expense-table">
                <thead>
                  <tr>
                    <th>长者</th>
                    <th>床位</th>
                    <th className="money">费用合计（元）</th>
                    <th className="money">优惠（元）</th>
                    <th className="money">应缴（元）</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.list.map((l) => (
                    <tr key={l.oldmanId} data-testid={`bill-preview-${l.oldmanId}`}>
                      <td>{l.oldmanName}</td>
                      <td>{l.bedPath}</td>
                      <td className="money">{yuan(l.totalFen)}</td>
                      <td className="money">{yuan(l.discountFen)}</td>
                      <td className="money">{yuan(l.payableFen)}</td>
                    </tr>
                  ))}
                  {preview.list.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="empty">
                        该月没有需要生成账单的长者
                      </td>
                    </tr>
                  ) : null}
                </tbody>
              </HTMLTable>
            </div>
          </>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button
              intent={Intent.PRIMARY}
              text="确认生成"
              loading={busy && preview !== null}
              disabled={!preview || preview.count === 0}
              onClick={confirm}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** Each elder's prepaid balance and what their bills ask, read when the dialog opens; null while reading. */
function useBalances(bills: readonly PayableBill[]) {
  const { request } = useApp();
  const key = bills.map((b) => b.billId).join(',');
  const [elders, setElders] = useState<
    { oldmanId: number; oldmanName: string; prestore: number; dueFen: number }[] | null
  >(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bills are read again only when they change
  useEffect(() => {
    let live = true;
    const due = new Map<number, { oldmanName: string; dueFen: number }>();
    for (const b of bills) {
      const seen = due.get(b.oldmanId);
      due.set(b.oldmanId, { oldmanName: b.oldmanName, dueFen: (seen?.dueFen ?? 0) + b.payableFen });
    }
    Promise.all(
      [...due].map(([oldmanId, d]) =>
        request<AccountRow>({ url: costPath(P.account, { oldmanId }), silent: true }).then(
          (a) => ({ oldmanId, ...d, prestore: a.prestore }),
          () => ({ oldmanId, ...d, prestore: 0 }),
        ),
      ),
    ).then((found) => live && setElders(found));
    return () => {
      live = false;
    };
  }, [key, request]);
  return elders;
}

/** A bill to pay, as the lists hold it. */
type PayableBill = Pick<BillRow, 'billId' | 'oldmanId' | 'oldmanName' | 'payableFen'>;

/**
 * 缴费 of one or more bills; 余额 pays from the prepaid balance; a scanned-code way (10–13) opens
 * the payment dialog, and the bills are paid when the gateway confirms. Each elder's prepaid
 * balance is shown with what 余额 would leave; 余额 is chosen at first only when it covers every bill.
 */
export function PayDialog({
  bills,
  title,
  onClose,
}: {
  bills: PayableBill[];
  title: string;
  onClose(changed: boolean): void;
}) {
  const { request, toast } = useApp();
  const ways = usePayWays(true, true);
  const billIds = bills.map((b) => b.billId);
  const payableFen = bills.reduce((s, b) => s + b.payableFen, 0);
  const [payWay, setPayWay] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState<PayWayCode | null>(null);
  const elders = useBalances(bills);
  const covered = elders?.every((e) => e.prestore >= e.dueFen) ?? false;
  const [chosen, setChosen] = useState(false);
  // 余额 only when it covers what is due; otherwise the clerk chooses how the money comes
  useEffect(() => {
    if (elders !== null && !chosen) setPayWay(covered ? '1' : '');
  }, [elders, covered, chosen]);
  const submit = async () => {
    if (!payWay) return setError('请选择支付方式');
    if (isScanPayWay(Number(payWay))) return setScanning(Number(payWay) as PayWayCode);
    setBusy(true);
    try {
      const done = await request<{ count: number }>({
        url: P.payBatch,
        method: 'POST',
        data: { billIds, payWay: Number(payWay) },
        silent: true,
      });
      toast(`已缴费 ${done.count} 份账单`, 'success');
      onClose(true);
    } catch (e) {
      setError(messageOf(e, '缴费失败'));
      setBusy(false);
    }
  };
  if (scanning !== null)
    return (
      <ScanPayDialog
        amountFen={payableFen}
        purpose="bill"
        purposeRef={{ billIds }}
        subject={`费用账单 ${billIds.length} 份`}
        payWays={[scanning]}
        onPaid={() => toast(`已缴费 ${billIds.length} 份账单`, 'success')}
        onClose={() => onClose(true)}
      />
    );
  return (
    <Dialog isOpen title={title} onClose={() => onClose(false)}>
      <DialogBody>
        {error ? <ErrorCallout testId="pay-error">{error}</ErrorCallout> : null}
        <p className="expense-summary">
          <span>
            共 {billIds.length} 份账单，应缴 <b>{yuan(payableFen)}</b> 元
          </span>
        </p>
        <PayWaySelect
          id="bill-payway"
          ways={ways}
          value={payWay}
          onChange={(next) => {
            setChosen(true);
            setPayWay(next);
          }}
        />
        <table className="expense-balance-table" data-testid="pay-balances">
          <tbody>
            {(elders ?? []).map((e) => {
              const after = e.prestore - (payWay === '1' ? e.dueFen : 0);
              return (
                <tr key={e.oldmanId}>
                  <th className="expense-balance-cell">{e.oldmanName}</th>
                  <td className="expense-balance-cell">
                    预存余额 <b>{yuan(e.prestore)}</b> 元
                  </td>
                  <td className="expense-balance-cell">
                    {payWay === '1' ? '余额缴费后' : '缴费后余额'} <b>{yuan(after)}</b> 元
                    {after < 0 ? <span className="expense-due">（余额不足）</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button
              intent={Intent.PRIMARY}
              text={isScanPayWay(Number(payWay)) ? '去扫码支付' : '确认缴费'}
              loading={busy}
              onClick={submit}
            />
          </>
        }
      />
    </Dialog>
  );
}
