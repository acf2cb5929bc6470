import {
  Button,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import {
  orderFieldsOf,
  type ServiceOrderEvent,
  type ServiceOrderEventType,
  serviceOrderEvents,
  serviceOrderTransition,
} from '../../machines/serviceOrderMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';
import { useLookup } from '../../src/resource/useLookup.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { payWayLabel, payWays, ServeOrderPaths } from './resources/orders.js';

/** The workflow events the console sends (close is the sweep's, audit the after-sale screen's). */
export type ConsoleEvent = Exclude<ServiceOrderEventType, 'close' | 'audit'>;
export const consoleEvents: readonly ConsoleEvent[] = [
  'pay',
  'distribute',
  'receive',
  'start',
  'over',
  'cancel',
  'abolish',
  'afterSales',
];

const urlOf: Record<ConsoleEvent, { url: string; method: 'PUT' | 'POST' }> = {
  pay: { url: ServeOrderPaths.pay, method: 'PUT' },
  distribute: { url: ServeOrderPaths.distribute, method: 'PUT' },
  receive: { url: ServeOrderPaths.receive, method: 'PUT' },
  start: { url: ServeOrderPaths.start, method: 'PUT' },
  over: { url: ServeOrderPaths.over, method: 'PUT' },
  cancel: { url: ServeOrderPaths.cancel, method: 'PUT' },
  abolish: { url: ServeOrderPaths.abolish, method: 'PUT' },
  afterSales: { url: ServeOrderPaths.afterSales, method: 'POST' },
};

/**
 * One step of a service order. The machine says whether the step can be sent as filled in; the
 * server checks it again with the same machine and answers a refusal in Chinese.
 */
export function OrderActionDialog({
  order,
  type,
  onClose,
}: {
  order: Row;
  type: ConsoleEvent;
  onClose(changed: boolean): void;
}) {
  const { request, toast } = useApp();
  const carers = useLookup(type === 'distribute' ? 'homeCarer' : undefined);
  const [payWay, setPayWay] = useState<string>('BALANCE');
  const [nursingId, setNursingId] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const label = serviceOrderEvents[type].label;

  const submit = async () => {
    const event: ServiceOrderEvent =
      type === 'distribute' ? { type, nursingId: Number(nursingId) || 0 } : ({ type } as ServiceOrderEvent);
    const check = serviceOrderTransition(orderFieldsOf(order), event);
    if (!check.ok) return setError(check.reason);
    if (type === 'afterSales' && !reason.trim()) return setError('请填写售后原因');
    const data: Record<string, unknown> = { orderId: order.orderId, note: note || undefined };
    if (type === 'pay') data.payWay = payWay;
    if (type === 'distribute') data.nursingId = Number(nursingId);
    if (type === 'afterSales') Object.assign(data, { reason, content: note || undefined, note: undefined });
    setBusy(true);
    try {
      await request({ ...urlOf[type], data, silent: true });
      toast(`${label}成功`, 'success');
      onClose(true);
    } catch (e) {
      setError((e as { message?: string }).message ?? `${label}失败`);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={`${label}：${String(order.orderNo)}`} onClose={() => onClose(false)}>
      <DialogBody>
        {error ? <ErrorCallout testId="order-action-error">{error}</ErrorCallout> : null}
        <p>
          {String(order.oldmanName ?? '')} · {String(order.projectName ?? '')} · 金额{' '}
          {(Number(order.amount ?? 0) / 100).toFixed(2)} 元
        </p>
        {type === 'pay' ? (
          <FormGroup label="支付方式" labelFor="hc-payway">
            <HTMLSelect id="hc-payway" value={payWay} onChange={(e) => setPayWay(e.currentTarget.value)}>
              {payWays.map((w) => (
                <option key={w} value={w}>
                  {payWayLabel(w)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ) : null}
        {type === 'distribute' ? (
          <FormGroup label="服务人员" labelFor="hc-carer">
            <HTMLSelect id="hc-carer" value={nursingId} onChange={(e) => setNursingId(e.currentTarget.value)}>
              <option value="">请选择服务人员</option>
              {carers.map((c) => (
                <option key={String(c.value)} value={String(c.value)}>
                  {c.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ) : null}
        {type === 'afterSales' ? (
          <FormGroup label="售后原因" labelFor="hc-reason">
            <InputGroup
              id="hc-reason"
              value={reason}
              maxLength={50}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormGroup>
        ) : null}
        <FormGroup label={type === 'afterSales' ? '问题描述' : '说明'} labelFor="hc-note">
          <TextArea
            id="hc-note"
            fill
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text={`确定${label}`} loading={busy} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
