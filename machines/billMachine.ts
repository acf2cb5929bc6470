import { setup, transition } from 'xstate';
import { can } from './can.js';

/** billStatus (domain/dictionaries.ts): 0 待缴费, 1 已缴费, 2 已结算, 3 已作废. */
export const BillStatus = { unpaid: 0, paid: 1, settled: 2, voided: 3 } as const;
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
      meta: { label: '待缴费' },
      on: { PAY: 'paid', VOID: 'voided', SETTLE: 'settled' },
    },
    paid: {
      meta: { label: '已缴费' },
      on: { ANTI_SETTLE: 'unpaid' },
    },
    settled: {
      meta: { label: '已结算' },
      on: { REVOKE_SETTLE: 'unpaid' },
    },
    voided: { meta: { label: '已作废' }, type: 'final' },
  },
});

const stateOf: Record<BillStatusCode, string> = {
  [BillStatus.unpaid]: 'unpaid',
  [BillStatus.paid]: 'paid',
  [BillStatus.settled]: 'settled',
  [BillStatus.voided]: 'voided',
};
const statusOf: Record<string, BillStatusCode> = {
  unpaid: BillStatus.unpaid,
  paid: BillStatus.paid,
  settled: BillStatus.settled,
  voided: BillStatus.voided,
};

const labelOf: Record<BillStatusCode, string> = {
  [BillStatus.unpaid]: '待缴费',
  [BillStatus.paid]: '已缴费',
  [BillStatus.settled]: '已结算',
  [BillStatus.voided]: '已作废',
};

export const billSnapshot = (status: BillStatusCode) =>
  billMachine.resolveState({ value: stateOf[status], context: undefined });

/** The status after the event, or why not: 账单已缴费，不能作废账单. */
export function billTransition(
  status: BillStatusCode,
  type: BillEventType,
): { ok: true; next: BillStatusCode } | { ok: false; reason: string } {
  const snapshot = billSnapshot(status);
  if (!snapshot.can({ type }))
    return { ok: false, reason: `账单${labelOf[status]}，不能${billEvents[type].label}` };
  const [next] = transition(billMachine, snapshot, { type });
  return { ok: true, next: statusOf[String(next.value)] as BillStatusCode };
}

/** Whether a bill of this status offers the event (a bill that is not 待缴费 cannot be paid). */
export const billOffers = (status: number, type: BillEventType): boolean =>
  status in stateOf && can(billMachine, stateOf[status as BillStatusCode], type);

/** What a bill row offers a person (settlement moves happen only through 结算). */
export const offeredBillEvents = (status: BillStatusCode): BillEventType[] =>
  (['PAY', 'ANTI_SETTLE', 'VOID'] as const).filter((type) => billOffers(status, type));
