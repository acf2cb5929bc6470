import {
  Button,
  Callout,
  Checkbox,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { PayWayCode } from '../../domain/payment.js';
import { useApp } from '../../src/app/AppContext.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { ScanPayDialog } from '../../src/ui/payment/ScanPayDialog.js';
import { costPath, ExpensePaths as P } from './api.js';
import { MoneyInput, parseAmount } from './MoneyInput.js';
import { PayWaySelect } from './PayWaySelect.js';
import { accountTypes, isScanPayWay, messageOf, usePayWays, usePrint, yuan } from './queries.js';
import type { AccountRow, GiftPreview } from './resources/costAccounts.js';

const REFUND = 4;
const PRESTORE = '1';
type Done = { receiptNo: string | null; gift: number; printUrl: string | null };

/** 收款 into one of the elder's accounts, or 退款 out of one (tradeType 4 with fromType). */
export function ReceiveDialog({
  elder,
  refund = false,
  onClose,
}: {
  elder: AccountRow;
  refund?: boolean;
  onClose(changed: boolean): void;
}) {
  const { request } = useApp();
  const print = usePrint();
  // money in may also come by a scanned code; a refund goes back by hand
  const ways = usePayWays(false, !refund);
  const [scanning, setScanning] = useState<{ payWay: PayWayCode; fen: number } | null>(null);
  const [kind, setKind] = useState('1');
  const [amount, setAmount] = useState('');
  const [payWay, setPayWay] = useState('');
  const [remark, setRemark] = useState('');
  const [printing, setPrinting] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  // the balances shown: the list's row at first, the account read again after the money moved
  const [balances, setBalances] = useState<AccountRow>(elder);
  // the 满赠 this prepayment brings, asked of the server (the rule 确定收款 applies) as the amount settles
  const [gift, setGift] = useState<GiftPreview | null>(null);
  const label = refund ? '退款' : '收款';
  const parsedAmount = parseAmount(amount);
  const giftFen = refund || kind !== PRESTORE || 'error' in parsedAmount ? 0 : parsedAmount.fen;
  useEffect(() => {
    setGift(null);
    if (!giftFen) return;
    let live = true;
    const timer = setTimeout(() => {
      request<GiftPreview>({ url: `${P.giftPreview}?amount=${giftFen}`, silent: true }).then(
        (answer) => {
          if (live) setGift(answer);
        },
        () => {
          // no announcement: 确定收款 still applies the rule and says so after
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [giftFen, request]);
  const reloadBalances = () =>
    request<AccountRow>({ url: costPath(P.account, { oldmanId: elder.oldmanId }), silent: true }).then(
      setBalances,
      () => {
        // the money moved; a failed read leaves the old figures, the list reloads on close
      },
    );

  const submit = async () => {
    const parsed = parseAmount(amount);
    if ('error' in parsed) return setError(parsed.error);
    if (!payWay) return setError('请选择支付方式');
    if (isScanPayWay(Number(payWay)))
      return setScanning({ payWay: Number(payWay) as PayWayCode, fen: parsed.fen });
    setBusy(true);
    setError('');
    try {
      const tradeType = refund ? REFUND : Number(kind);
      const result = await request<Done>({
        url: costPath(P.receive, { tradeType, print: printing ? 1 : 0 }),
        method: 'POST',
        silent: true,
        data: {
          oldmanId: elder.oldmanId,
          amount: parsed.fen,
          payWay: Number(payWay),
          remark: remark.trim() || undefined,
          fromType: refund ? Number(kind) : undefined,
        },
      });
      setDone(result);
      void reloadBalances();
      if (result.printUrl) print(result.printUrl);
    } catch (e) {
      setError(messageOf(e, `${label}失败`));
    }
    setBusy(false);
  };

  if (scanning)
    return (
      <ScanPayDialog
        amountFen={scanning.fen}
        purpose="prestore"
        purposeRef={{ oldmanId: elder.oldmanId, tradeType: Number(kind) }}
        subject={`${elder.oldmanName} 收款`}
        payWays={[scanning.payWay]}
        onClose={() => onClose(true)}
      />
    );
  return (
    <Dialog isOpen title={`${label}：${elder.oldmanName}`} onClose={() => onClose(done !== null)}>
      <DialogBody>
        <p className="expense-balances" data-testid="receive-balances">
          预存款 {yuan(balances.prestore)} 元 · 入院押金 {yuan(balances.deposit)} 元 · 医疗押金{' '}
          {yuan(balances.medicalDeposit)} 元 · 预订金 {yuan(balances.reservation)} 元
        </p>
        {done ? (
          <Callout intent={Intent.SUCCESS} title={`${label}成功`} data-testid="receive-done">
            <div>
              收据号：<b data-testid="receipt-no">{done.receiptNo ?? '无'}</b>
            </div>
            {done.gift > 0 ? (
              <div data-testid="receive-gift">满赠：已赠送 {yuan(done.gift)} 元到预存款</div>
            ) : null}
          </Callout>
        ) : (
          <>
            {error ? <ErrorCallout testId="receive-error">{error}</ErrorCallout> : null}
            <FormGroup label={refund ? '退款账户' : '账户类型'} labelFor="exp-kind">
              <HTMLSelect id="exp-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value)}>
                {accountTypes.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <MoneyInput id="exp-amount" value={amount} onChange={setAmount} />
            {gift && gift.gift > 0 ? (
              <Callout intent={Intent.PRIMARY} icon="gift-box" data-testid="receive-gift-preview">
                本次收款满 {yuan(gift.threshold ?? 0)} 元，赠送 {yuan(gift.gift)} 元
                {gift.ruleName ? `（${gift.ruleName}）` : ''}，确定收款后存入预存款
              </Callout>
            ) : null}
            <PayWaySelect id="exp-payway" ways={ways} value={payWay} onChange={setPayWay} />
            <FormGroup label="备注" labelFor="exp-remark">
              <InputGroup
                id="exp-remark"
                value={remark}
                maxLength={200}
                onChange={(e) => setRemark(e.currentTarget.value)}
              />
            </FormGroup>
            <Checkbox
              label="打印收据"
              checked={printing}
              onChange={(e) => setPrinting(e.currentTarget.checked)}
            />
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          done ? (
            <Button intent={Intent.PRIMARY} text="完成" onClick={() => onClose(true)} />
          ) : (
            <>
              <Button text="取消" onClick={() => onClose(false)} />
              <Button intent={Intent.PRIMARY} text={`确定${label}`} loading={busy} onClick={submit} />
            </>
          )
        }
      />
    </Dialog>
  );
}
