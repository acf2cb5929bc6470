import { Button, Callout, DialogBody, DialogFooter, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useApp } from '../../src/app/AppContext.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { costPath, ExpensePaths as P } from './api.js';
import { parseAmount } from './MoneyInput.js';
import { PayWaySelect } from './PayWaySelect.js';
import { messageOf, useGet, usePayWays, yuan } from './queries.js';
import type { SettlePreview } from './resources/costSettle.js';

type Extra = { key: number; name: string; amount: string };
type Done = { refundFen: number; collectFen: number };

/** 应退 when the elder's money covers more than is owed, else 应补. */
export const netText = (netFen: number) =>
  netFen >= 0 ? `应退 ${yuan(netFen)} 元` : `应补 ${yuan(-netFen)} 元`;

/** 退住结算 of one elder: unpaid bills and 其他费用 against prepaid money, deposits and reservation. */
export function SettleDialog({ oldmanId, onClose }: { oldmanId: number; onClose(changed: boolean): void }) {
  const { request } = useApp();
  const preview = useGet<SettlePreview>(costPath(P.settlePreview, { oldmanId }));
  const ways = usePayWays();
  const [extras, setExtras] = useState<Extra[]>([]);
  const [payWay, setPayWay] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const parsed = extras.map((x) => ({
    ...x,
    money: parseAmount(x.amount, `“${x.name || '其他费用'}”的金额`),
  }));
  const extraFen = parsed.reduce((s, x) => s + ('fen' in x.money ? x.money.fen : 0), 0);
  const net = (preview?.netFen ?? 0) - extraFen;
  const change = (key: number, patch: Partial<Extra>) =>
    setExtras((xs) => xs.map((x) => (x.key === key ? { ...x, ...patch } : x)));

  const submit = async () => {
    const bad = parsed.find((x) => !x.name.trim() || 'error' in x.money);
    if (bad)
      return setError(!bad.name.trim() ? '请填写费用名称' : 'error' in bad.money ? bad.money.error : '');
    if (!payWay) return setError('请选择支付方式');
    setBusy(true);
    setError('');
    try {
      const result = await request<Done>({
        url: costPath(P.settle, { oldmanId }),
        method: 'POST',
        silent: true,
        data: {
          payWay: Number(payWay),
          extraItems: parsed.map((x) => ({
            projectName: x.name.trim(),
            amount: 'fen' in x.money ? x.money.fen : 0,
          })),
        },
      });
      setDone(result);
    } catch (e) {
      setError(messageOf(e, '结算失败'));
    }
    setBusy(false);
  };

  return (
    <Dialog
      isOpen
      title={`退住结算：${preview?.oldmanName ?? ''}`}
      className="expense-dialog"
      onClose={() => onClose(done !== null)}
    >
      <DialogBody>
        {error ? <ErrorCallout testId="settle-error">{error}</ErrorCallout> : null}
        {preview && !preview.canSettle ? <Callout intent={Intent.WARNING}>{preview.reason}</Callout> : null}
        {done ? (
          <Callout intent={Intent.SUCCESS} title="结算完成" data-testid="settle-done">
            {done.refundFen > 0
              ? `应退 ${yuan(done.refundFen)} 元`
              : done.collectFen > 0
                ? `应补 ${yuan(done.collectFen)} 元`
                : '无需退补'}
          </Callout>
        ) : preview ? (
          <>
            <p className="expense-summary">
              <span>
                未缴账单 <b>{yuan(preview.billFen)}</b> 元（
                {preview.bills.map((b) => b.billMonth).join('、') || '无'}）
              </span>
              <span>
                预存款 <b>{yuan(preview.prestoreFen)}</b> 元
              </span>
              <span>
                入院押金 <b>{yuan(preview.depositFen)}</b> 元
              </span>
              <span>
                医疗押金 <b>{yuan(preview.medicalDepositFen)}</b> 元
              </span>
              <span>
                预订金 <b>{yuan(preview.reservationFen)}</b> 元
              </span>
            </p>
            <HTMLTable compact className="data-table expense-table">
              <thead>
                <tr>
                  <th>其他费用</th>
                  <th>金额（元）</th>
                  <th>
                    <Button
                      small
                      icon="plus"
                      text="添加"
                      onClick={() => setExtras((xs) => [...xs, { key: Date.now(), name: '', amount: '' }])}
                    />
                  </th>
                </tr>
              </thead>
              <tbody>
                {extras.map((x, i) => (
                  <tr key={x.key}>
                    <td>
                      <InputGroup
                        aria-label={`其他费用${i + 1}名称`}
                        value={x.name}
                        maxLength={30}
                        onChange={(e) => change(x.key, { name: e.currentTarget.value })}
                      />
                    </td>
                    <td>
                      <InputGroup
                        aria-label={`其他费用${i + 1}金额`}
                        inputMode="decimal"
                        value={x.amount}
                        onChange={(e) => change(x.key, { amount: e.currentTarget.value })}
                      />
                    </td>
                    <td>
                      <Button
                        small
                        minimal
                        intent={Intent.DANGER}
                        text="移除"
                        onClick={() => setExtras((xs) => xs.filter((y) => y.key !== x.key))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <p className="expense-summary">
              <span className={net < 0 ? 'expense-due' : undefined} data-testid="settle-net">
                <b>{netText(net)}</b>
              </span>
            </p>
            <PayWaySelect id="settle-payway" ways={ways} value={payWay} onChange={setPayWay} />
          </>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          done ? (
            <Button intent={Intent.PRIMARY} text="完成" onClick={() => onClose(true)} />
          ) : (
            <>
              <Button text="取消" onClick={() => onClose(false)} />
              <Button
                intent={Intent.PRIMARY}
                text="确认结算"
                loading={busy}
                disabled={!preview?.canSettle}
                onClick={submit}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
