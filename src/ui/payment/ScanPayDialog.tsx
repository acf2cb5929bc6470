import {
  Button,
  ButtonGroup,
  Callout,
  DialogBody,
  DialogFooter,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import {
  isMicroPayWay,
  type PaymentOrderView,
  PaymentPath,
  PaymentStatus,
  PaymentTiming,
  PayWay,
  type PayWayCode,
  payWayLabels,
} from '../../../domain/payment.js';
import { fenToYuan, formatYuan } from '../../../domain/resource.js';
import { type ScanPayEvent, scanPayMachine } from '../../../machines/scanPayMachine.js';
import { useApp } from '../../app/AppContext.js';
import { useOptionalRealtime } from '../../realtime/context.js';
import { Dialog } from '../Dialog.js';

export interface ScanPayDialogProps {
  /** What to take, in fen (sent as exact yuan text). */
  amountFen: number;
  /** A purpose the server registered (registerPaymentPurpose), e.g. 'bill'. */
  purpose: string;
  purposeRef?: string | number | Record<string, unknown> | null;
  /** The goods' description the customer sees on the phone. */
  subject?: string;
  /** Pay ways to offer; the first is chosen. */
  payWays?: readonly PayWayCode[];
  /** How often to ask for the order while waiting (push usually comes first). */
  pollMs?: number;
  onPaid?(order: PaymentOrderView): void;
  onClose(): void;
}

const ALL_WAYS: readonly PayWayCode[] = [
  PayWay.wechatQr,
  PayWay.alipayQr,
  PayWay.wechatMicro,
  PayWay.alipayMicro,
];

/**
 * Takes one scanned-code payment (pay ways 10–13): creates the order, shows the QR code's content or
 * reads the customer's 付款码 from the scanner, and waits for the gateway's answer by push and poll.
 * Reusable by any screen that collects money; docs/decisions.md "Payment provider".
 */
export function ScanPayDialog({
  amountFen,
  purpose,
  purposeRef = null,
  subject,
  payWays = ALL_WAYS,
  pollMs = PaymentTiming.pollMs,
  onPaid,
  onClose,
}: ScanPayDialogProps) {
  const { request } = useApp();
  const realtime = useOptionalRealtime();
  const amount = fenToYuan(amountFen);
  // The machine is made once per dialog: a new amount or purpose is a new dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once on purpose, see above
  const machine = useMemo(
    () =>
      scanPayMachine.provide({
        actors: {
          startPayment: fromPromise(({ input }) => {
            const base = {
              amount,
              purpose,
              purposeRef,
              subject,
              payWay: input.payWay,
              idempotencyKey: input.key,
            };
            return input.authCode === null
              ? request<PaymentOrderView>({ url: PaymentPath.createPay, method: 'POST', data: base })
              : request<PaymentOrderView>({
                  url: PaymentPath.microPay,
                  method: 'POST',
                  data: { ...base, authCode: input.authCode },
                });
          }),
          watchOrder: fromCallback<ScanPayEvent, { payId: string }>(({ sendBack, input }) => {
            const update = (order: PaymentOrderView) => sendBack({ type: 'pay.updated', order });
            const pushed = realtime?.payments$.subscribe((order) => {
              if (order.payId === input.payId) update(order);
            });
            const poll = setInterval(() => {
              request<PaymentOrderView>({ url: PaymentPath.payorder(input.payId), silent: true }).then(
                update,
                () => undefined,
              );
            }, pollMs);
            return () => {
              pushed?.unsubscribe();
              clearInterval(poll);
            };
          }),
          simulateScan: fromPromise(({ input }) =>
            request<PaymentOrderView>({
              url: PaymentPath.sandboxScan(input.payId),
              method: 'POST',
              data: {},
            }),
          ),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { payWay: payWays[0] ?? PayWay.wechatQr } });
  const state = useSelector(actor, (s) => s);
  const { payWay, order, error } = state.context;
  const [authCode, setAuthCode] = useState('');

  useEffect(() => {
    if (state.matches('paid') && order) onPaid?.(order);
  }, [state, order, onPaid]);

  const choosing = state.matches('choosing') || state.matches('awaitingCode');
  const submitCode = () => {
    const code = authCode.trim();
    if (!code) return;
    setAuthCode('');
    actor.send({ type: 'pay.submitCode', authCode: code });
  };
  const qr = !isMicroPayWay(payWay);

  return (
    <Dialog isOpen onClose={onClose} title="扫码收款" canOutsideClickClose={false}>
      <DialogBody>
        <p className="scan-pay-amount">
          应收金额：<strong data-testid="pay-amount">¥{formatYuan(amountFen)}</strong>
        </p>
        {choosing && (
          <ButtonGroup aria-label="支付方式">
            {payWays.map((way) => (
              <Button
                key={way}
                text={payWayLabels[way]}
                active={way === payWay}
                onClick={() => actor.send({ type: 'pay.chooseWay', payWay: way })}
              />
            ))}
          </ButtonGroup>
        )}
        {error && (
          <Callout intent={Intent.DANGER} role="alert">
            {error}
          </Callout>
        )}
        {state.matches('awaitingCode') && (
          <InputGroup
            aria-label="付款码"
            placeholder="请扫描顾客的付款码"
            autoFocus
            value={authCode}
            onValueChange={setAuthCode}
            // Scanners type the digits and then Enter.
            onKeyDown={(e) => {
              if (e.key === 'Enter') submitCode();
            }}
          />
        )}
        {state.matches('starting') && <Spinner size={40} aria-label="正在下单" />}
        {state.matches('waiting') && order && (
          <div data-testid="pay-waiting">
            {qr && order.codeUrl && (
              <>
                <p>请顾客使用{payWay === PayWay.alipayQr ? '支付宝' : '微信'}扫描二维码付款</p>
                <code className="scan-pay-code" data-testid="pay-code-url">
                  {order.codeUrl}
                </code>
              </>
            )}
            <div className="scan-pay-status" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Spinner size={16} />{' '}
              {order.status === PaymentStatus.pending ? '等待顾客扫码…' : '顾客支付中，请稍候…'}
            </div>
          </div>
        )}
        {state.matches('paid') && (
          <Callout intent={Intent.SUCCESS} title="支付成功">
            已收款 ¥{formatYuan(order?.amountFen ?? amountFen)}（{order?.payWayName}）
          </Callout>
        )}
        {state.matches('failed') && (
          <Callout intent={Intent.DANGER} title={`支付失败：${order?.failReason ?? '未知原因'}`} />
        )}
        {state.matches('closed') && <Callout intent={Intent.WARNING} title="已超时" />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {state.matches('choosing') && qr && (
              <Button
                intent={Intent.PRIMARY}
                text="生成收款码"
                onClick={() => actor.send({ type: 'pay.start' })}
              />
            )}
            {state.matches('awaitingCode') && (
              <Button
                intent={Intent.PRIMARY}
                text="确认收款"
                disabled={!authCode.trim()}
                onClick={submitCode}
              />
            )}
            {state.matches('waiting') && qr && order?.provider === 'sandbox' && (
              <Button
                text="模拟扫码支付"
                loading={state.matches({ waiting: 'scanning' })}
                disabled={order.status !== PaymentStatus.pending}
                onClick={() => actor.send({ type: 'pay.simulateScan' })}
              />
            )}
            {(state.matches('failed') || state.matches('closed')) && (
              <Button
                intent={Intent.PRIMARY}
                text="重新支付"
                onClick={() => actor.send({ type: 'pay.retry' })}
              />
            )}
            <Button text={state.matches('paid') ? '完成' : '关闭'} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
