import { setup, transition } from 'xstate';
import { billStatuses } from '../domain/resources/statuses.js';
import { can } from './can.js';

/** billStatus (domain/resources/statuses.ts): 0 待缴费, 1 已缴费, 2 已结算, 3 已作废. */
export const BillStatus = billStatuses.code;
export type BillStatusCode = (typeof BillStatus)[keyof typeof BillStatus];

export type BillEvent =
  | { type: 'PAY' }
  | { type: 'ANTI_SETTLE' }
  | { type: 'VOID' }
  | { type: 'SETTLE' }
  | { type: 'REVOKE_SETTLE' };
export type BillEventType = BillEvent['type'];

export const billEvents: Record<BillEventType, { label: string }> = {
  PAY: { label: '缴费' },
  ANTI_SETTLE: { label: '反结算' },
  VOID: { label: '作废账单' },
  SETTLE: { label: '退住结算' },
  REVOKE_SETTLE: { label: '撤销结算' },
};

/**
 * A monthly bill (spec 001 §4: bills can be reversed, "anti-settle"): paid by 缴费, put back to
 * unpaid by 反结算 (the payment is reversed), dropped by 作废 while unpaid (the charge is
 * reversed). A check-out settlement takes the elder's unpaid bills (已结算); revoking it gives
 * them back. A settled bill is changed only through its settlement.
 */
export const billMachine = setup({ types: {} as { events: BillEvent } }).createMachine({
  id: 'bill',
  initial: 'unpaid',
  states: {
    unpaid: {
      meta: { label: billStatuses.labels.unpaid },
      on: { PAY: 'paid', VOID: 'voided', SETTLE: 'settled' },
    },
    paid: {
      meta: { label: billStatuses.labels.paid },
      on: { ANTI_SETTLE: 'unpaid' },
    },
    settled: {
      meta: { label: billStatuses.labels.settled },
      on: { REVOKE_SETTLE: 'unpaid' },
    },
    voided: { meta: { label: billStatuses.labels.voided }, type: 'final' },
  },
});

/** The machine state of a bill status: its key (domain/resources/statuses.ts). */
const stateOf = (status: BillStatusCode) => billStatuses.keyOf(status) as string;

export const billSnapshot = (status: BillStatusCode) =>
  billMachine.resolveState({ value: stateOf(status), context: undefined });

/** The status after the event, or why not: 账单已缴费，不能作废账单. */
export function billTransition(
  status: BillStatusCode,
  type: BillEventType,
): { ok: true; next: BillStatusCode } | { ok: false; reason: string } {
  const snapshot = billSnapshot(status);
  if (!snapshot.can({ type }))
    return { ok: false, reason: `账单${billStatuses.label[status]}，不能${billEvents[type].label}` };
  const [next] = transition(billMachine, snapshot, { type });
  return { ok: true, next: billStatuses.codeOf(String(next.value)) as BillStatusCode };
}

/** Whether a bill of this status offers the event (a bill that is not 待缴费 cannot be paid). */
export const billOffers = (status: number, type: BillEventType): boolean =>
  billStatuses.keyOf(status) !== undefined && can(billMachine, stateOf(status as BillStatusCode), type);

/** What a bill row offers a person (settlement moves happen only through 结算). */
export const offeredBillEvents = (status: BillStatusCode): BillEventType[] =>
  (['PAY', 'ANTI_SETTLE', 'VOID'] as const).filter((type) => billOffers(status, type));
