import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { LiveStatus, type LiveStatusCode } from '../../../domain/resources/residence.js';
import {
  BillStatus,
  type BillStatusCode,
  billEvents,
  billMachine,
  billTransition,
  offeredBillEvents,
} from '../../../machines/billMachine.js';
import {
  type SettlementEvent,
  settlementEvents,
  settlementMachine,
  settlementRefusal,
  settlementState,
} from '../../../machines/settlementMachine.js';

const settleAttempts: SettlementEvent[] = [
  { type: 'LEAVE' },
  { type: 'RETURN' },
  { type: 'SETTLE' },
  { type: 'REVOKE' },
];

/** A stored elder in each machine state: what the server would find. */
const storedFor: Record<string, { oldmanStatus: LiveStatusCode; settled: boolean }[]> = {
  inResidence: [LiveStatus.living, LiveStatus.trial, LiveStatus.reserved, LiveStatus.waiting].flatMap((s) => [
    { oldmanStatus: s, settled: false },
    { oldmanStatus: s, settled: true },
  ]),
  awaiting: [
    { oldmanStatus: LiveStatus.quit, settled: false },
    { oldmanStatus: LiveStatus.cancelled, settled: false },
  ],
  settled: [
    { oldmanStatus: LiveStatus.quit, settled: true },
    { oldmanStatus: LiveStatus.cancelled, settled: true },
  ],
};

describe('settlement machine, model-based paths', () => {
  const model = createTestModel(settlementMachine, { events: () => settleAttempts });
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const paths = [...shortest, ...model.getSimplePaths()];

  it('reaches every state and every transition', () => {
    expect(new Set(shortest.map((p) => String(p.state.value)))).toEqual(
      new Set(['inResidence', 'awaiting', 'settled']),
    );
    const taken = new Set(
      paths.flatMap((p) => p.steps.flatMap((s) => `${String(s.state.value)}:${s.event.type}`)),
    );
    expect(taken.size).toBeGreaterThanOrEqual(5);
  });

  for (const path of paths) {
    it(`${path.description}: the server's check agrees with the machine in every stored state`, async () => {
      await path.test({
        states: {
          '*': (snapshot) => {
            const state = String(snapshot.value) as 'inResidence' | 'awaiting' | 'settled';
            for (const stored of storedFor[state] ?? []) {
              expect(settlementState(stored)).toBe(state);
              expect(settlementRefusal(stored, 'SETTLE') === null).toBe(snapshot.can({ type: 'SETTLE' }));
              expect(settlementRefusal(stored, 'REVOKE') === null).toBe(snapshot.can({ type: 'REVOKE' }));
            }
          },
        },
        events: {},
      });
    });
  }

  it('names each event in Chinese and says why a settlement is refused', () => {
    expect(Object.values(settlementEvents).map((e) => e.label)).toEqual([
      '办理退住',
      '重新入住',
      '退住结算',
      '撤销结算',
    ]);
    expect(settlementRefusal({ oldmanStatus: LiveStatus.living, settled: false }, 'SETTLE')).toBe(
      '长者尚未退住，请先办理退住或取消预订',
    );
    expect(settlementRefusal({ oldmanStatus: LiveStatus.quit, settled: true }, 'SETTLE')).toBe(
      '该长者已结算，如需重新结算请先撤销',
    );
    expect(settlementRefusal({ oldmanStatus: LiveStatus.quit, settled: false }, 'REVOKE')).toBe(
      '该长者尚未结算',
    );
  });
});

const billAttempts = (Object.keys(billEvents) as (keyof typeof billEvents)[]).map((type) => ({ type }));
const statusOf: Record<string, BillStatusCode> = {
  unpaid: BillStatus.unpaid,
  paid: BillStatus.paid,
  settled: BillStatus.settled,
  voided: BillStatus.voided,
};

describe('bill machine, model-based paths', () => {
  const model = createTestModel(billMachine, { events: () => billAttempts });
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const paths = [...shortest, ...model.getSimplePaths()];

  it('reaches every status', () => {
    expect(new Set(shortest.map((p) => String(p.state.value)))).toEqual(new Set(Object.keys(statusOf)));
  });

  for (const path of paths) {
    it(`${path.description}: billTransition gives the status the machine reaches`, () => {
      const actor = createActor(billMachine).start();
      let status: BillStatusCode = BillStatus.unpaid;
      for (const step of path.steps) {
        const type = String(step.event.type);
        if (!(type in billEvents)) continue; // xstate.init
        const billEvent = type as keyof typeof billEvents;
        const result = billTransition(status, billEvent);
        actor.send({ type: billEvent });
        expect(result.ok).toBe(true);
        if (result.ok) status = result.next;
        expect(status).toBe(statusOf[String(actor.getSnapshot().value)]);
      }
      // whatever the status, the events it refuses say so in Chinese and change nothing
      for (const { type } of billAttempts) {
        const result = billTransition(status, type);
        if (!result.ok) expect(result.reason).toMatch(/^账单.+，不能.+$/);
      }
      actor.stop();
    });
  }

  it('offers a person only pay, anti-settle and void, as the status allows', () => {
    expect(offeredBillEvents(BillStatus.unpaid)).toEqual(['PAY', 'VOID']);
    expect(offeredBillEvents(BillStatus.paid)).toEqual(['ANTI_SETTLE']);
    expect(offeredBillEvents(BillStatus.settled)).toEqual([]);
    expect(offeredBillEvents(BillStatus.voided)).toEqual([]);
  });
});
