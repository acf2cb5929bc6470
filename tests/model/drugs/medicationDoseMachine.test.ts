import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { DoseState, type DoseStateCode } from '../../../domain/statuses/drugs.js';
import {
  type MedicationDoseEvent,
  medicationDoseMachine,
  medicationDoseWorkflow,
} from '../../../machines/medicationDoseMachine.js';
import { advance } from '../../../machines/workflow.js';
import { userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof medicationDoseMachine>;
type Fields = { doseState: DoseStateCode; reason: string | null };

/** Everything a nurse may try on a due dose, right and wrong. */
const attempts: MedicationDoseEvent[] = [
  { type: 'dose.give' },
  { type: 'dose.refuse', reason: '长者拒绝服药' },
  { type: 'dose.refuse', reason: '  ' },
  { type: 'dose.hold', reason: '长者睡眠中' },
  { type: 'dose.hold', reason: '' },
];

/** What each event must do, apart from the machine: the fields after it, or null when refused. */
function oracle(b: Fields, e: MedicationDoseEvent): Fields | null {
  if (b.doseState !== DoseState.pending) return null;
  switch (e.type) {
    case 'dose.give':
      return { doseState: DoseState.given, reason: null };
    case 'dose.refuse':
      return e.reason.trim() ? { doseState: DoseState.refused, reason: e.reason.trim() } : null;
    case 'dose.hold':
      return e.reason.trim() ? { doseState: DoseState.held, reason: e.reason.trim() } : null;
  }
}

const fieldsOf = (s: Snapshot): Fields => ({ doseState: s.context.doseState, reason: s.context.reason });
const describeEvent = (e: MedicationDoseEvent) =>
  `${e.type.replace('dose.', '')}${'reason' in e ? `(${e.reason.trim() || '无原因'})` : ''}`;

const model = createTestModel(medicationDoseMachine, {
  events: () => attempts,
  serializeState: (s) => JSON.stringify([s.value, s.context.reason]),
});

describe('medication dose machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches 待服, 已服, 拒服 and 暂停', () => {
    expect([...new Set(shortest.map((p) => String(p.state.value)))].sort()).toEqual(
      ['given', 'held', 'pending', 'refused'].sort(),
    );
  });

  for (const { path, event } of cases) {
    const via = userEvents<MedicationDoseEvent>(path.steps).map(describeEvent).join('→') || '新的应服药';
    it(`${String(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(medicationDoseMachine).start();
      for (const e of userEvents<MedicationDoseEvent>(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      const want = oracle(fieldsOf(before), event);
      expect(fieldsOf(after)).toEqual(want ?? fieldsOf(before));
      // 拒服 and 暂停 always carry their reason
      if (after.matches('refused') || after.matches('held')) expect(after.context.reason).toBeTruthy();
      const server = advance(medicationDoseWorkflow, fieldsOf(before), event, '操作');
      expect(server.ok).toBe(want !== null);
      if (server.ok) expect(server.fields).toEqual(fieldsOf(after));
      else expect(server.reason).toMatch(/^当前状态为(待服|已服|拒服|暂停)，不能操作$/);
      actor.stop();
    });
  }
});
