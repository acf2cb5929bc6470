import { setup } from 'xstate';
import { LiveStatus, type LiveStatusCode } from '../domain/resources/residence.js';

/**
 * An elder's check-out settlement (退住结算, spec 001 §4 "Settlement: confirm, revoke"): while the
 * elder lives in the house nothing is settled; once checked out (2) or the booking cancelled (6)
 * the account waits for settlement; a settlement can be revoked, which makes it wait again. A
 * re-admission (待入住 again) starts a new stay. The server answers settle/check and refuses
 * settle and revokeSettle by asking this machine (settlementTransition).
 */
export interface SettlementFields {
  oldmanStatus: LiveStatusCode;
  /** An active (not revoked) settlement exists for the current stay. */
  settled: boolean;
}

export type SettlementEvent =
  | { type: 'LEAVE' }
  | { type: 'RETURN' }
  | { type: 'SETTLE' }
  | { type: 'REVOKE' };
export type SettlementEventType = SettlementEvent['type'];

export const settlementEvents: Record<SettlementEventType, { label: string }> = {
  LEAVE: { label: '办理退住' },
  RETURN: { label: '重新入住' },
  SETTLE: { label: '退住结算' },
  REVOKE: { label: '撤销结算' },
};

export const settlementMachine = setup({
  types: {} as { events: SettlementEvent },
}).createMachine({
  id: 'settlement',
  initial: 'inResidence',
  states: {
    inResidence: {
      meta: { label: '在院（不可结算）' },
      on: { LEAVE: 'awaiting' },
    },
    awaiting: {
      meta: { label: '待结算' },
      on: { SETTLE: 'settled', RETURN: 'inResidence' },
    },
    settled: {
      meta: { label: '已结算' },
      on: { REVOKE: 'awaiting', RETURN: 'inResidence' },
    },
  },
});

const leftHouse = (status: LiveStatusCode) => status === LiveStatus.quit || status === LiveStatus.cancelled;

/** The state a stored elder is in. */
export function settlementState(fields: SettlementFields): 'inResidence' | 'awaiting' | 'settled' {
  if (!leftHouse(fields.oldmanStatus)) return 'inResidence';
  return fields.settled ? 'settled' : 'awaiting';
}

export const settlementSnapshot = (fields: SettlementFields) =>
  settlementMachine.resolveState({ value: settlementState(fields), context: undefined });

const refusals: Record<'inResidence' | 'awaiting' | 'settled', string> = {
  inResidence: '长者尚未退住，请先办理退住或取消预订',
  awaiting: '该长者尚未结算',
  settled: '该长者已结算，如需重新结算请先撤销',
};

/** The server's check: null when the event is allowed, else why not (in Chinese). */
export function settlementRefusal(fields: SettlementFields, type: 'SETTLE' | 'REVOKE'): string | null {
  const snapshot = settlementSnapshot(fields);
  return snapshot.can({ type }) ? null : refusals[settlementState(fields)];
}
