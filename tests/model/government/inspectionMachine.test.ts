import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { RecordStatus } from '../../../domain/statuses/government.js';
import {
  type InspectionEvent,
  type InspectionFields,
  inspectionFieldsOf,
  inspectionMachine,
  inspectionWorkflow,
  newInspectionRecord,
} from '../../../machines/inspectionMachine.js';
import { advance } from '../../../machines/workflow.js';
import { userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof inspectionMachine>;

const TODAY = '2026-05-01';
const DEADLINE = '2026-05-10';
/** Everything staff and the periodic check may try, right and wrong; the machine decides. */
const attempts: InspectionEvent[] = [
  { type: 'inspection.assign', rectifyUserName: '孙立明', rectifyDeadline: DEADLINE, today: TODAY },
  { type: 'inspection.assign', rectifyUserName: '孙立明', rectifyDeadline: '2026-04-30', today: TODAY },
  {
    type: 'inspection.rectify',
    rectifyContent: '已清理',
    rectifyPhotos: ['/files/a.png'],
    at: '2026-05-08 10:00:00',
  },
  {
    type: 'inspection.rectify',
    rectifyContent: '已清理',
    rectifyPhotos: ['/files/a.png'],
    at: '2026-05-12 10:00:00',
  },
  { type: 'inspection.rectify', rectifyContent: '已清理', rectifyPhotos: [], at: '2026-05-08 10:00:00' },
  { type: 'inspection.expire', today: DEADLINE },
  { type: 'inspection.expire', today: '2026-05-11' },
];

const statusOfState: Record<string, number> = {
  registered: RecordStatus.registered,
  rectifying: RecordStatus.rectifying,
  rectified: RecordStatus.rectified,
  overdue: RecordStatus.overdue,
};

const describeEvent = (e: InspectionEvent) => {
  const name = e.type.replace('inspection.', '');
  if (e.type === 'inspection.assign') return `${name}(期限${e.rectifyDeadline.slice(5)})`;
  if (e.type === 'inspection.rectify') return `${name}(${e.rectifyPhotos.length}张,${e.at.slice(5, 10)})`;
  return `${name}(${e.today.slice(5)})`;
};
const fieldsOf = (s: Snapshot): InspectionFields => ({ ...s.context });

/** What each event must do, written independently of the machine: the fields after it, or null. */
function oracle(b: InspectionFields, e: InspectionEvent): InspectionFields | null {
  const s = b.recordStatus;
  switch (e.type) {
    case 'inspection.assign':
      return s === RecordStatus.registered && e.rectifyDeadline >= e.today
        ? {
            ...b,
            recordStatus: RecordStatus.rectifying,
            rectifyUserName: e.rectifyUserName,
            rectifyDeadline: e.rectifyDeadline,
          }
        : null;
    case 'inspection.rectify':
      if ((s !== RecordStatus.rectifying && s !== RecordStatus.overdue) || e.rectifyPhotos.length === 0)
        return null;
      return {
        ...b,
        recordStatus: RecordStatus.rectified,
        rectifyContent: e.rectifyContent,
        rectifyPhotos: e.rectifyPhotos,
        rectifyTime: e.at,
        overdue: s === RecordStatus.overdue || e.at.slice(0, 10) > String(b.rectifyDeadline) ? 1 : 0,
      };
    case 'inspection.expire':
      return s === RecordStatus.rectifying && e.today > String(b.rectifyDeadline)
        ? { ...b, recordStatus: RecordStatus.overdue, overdue: 1 }
        : null;
  }
}

function checkInvariants(s: Snapshot) {
  const c = s.context;
  expect(c.recordStatus).toBe(statusOfState[String(s.value)]);
  expect(c.rectifyDeadline !== null).toBe(!s.matches('registered'));
  expect(c.rectifyTime !== null).toBe(s.matches('rectified'));
  if (s.matches('rectified')) expect(c.rectifyPhotos.length).toBeGreaterThan(0);
  if (s.matches('overdue')) expect(c.overdue).toBe(1);
}

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];

const model = createTestModel(inspectionMachine, {
  events: () => attempts,
  serializeState: (s) => JSON.stringify([s.value, s.context.overdue]),
  input: newInspectionRecord,
});

describe('inspection machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches every state', () => {
    const reached = new Set(shortest.map((p) => String(p.state.value)));
    const all = stateNodes(inspectionMachine.root)
      .filter((n) => n !== inspectionMachine.root)
      .map((n) => n.key);
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(cases.flatMap((c) => inspectionMachine.getTransitionData(c.path.state, c.event)));
    const defined = stateNodes(inspectionMachine.root).flatMap((n) => [...n.transitions.values()].flat());
    const missed = defined.filter((t) => !taken.has(t)).map((t) => `${t.source.key} —${t.eventType}→`);
    expect(missed).toEqual([]);
  });

  for (const { path, event } of cases) {
    const via = userEvents<InspectionEvent>(path.steps).map(describeEvent).join('→') || '待整改';
    it(`${String(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(inspectionMachine, { input: newInspectionRecord }).start();
      for (const e of userEvents<InspectionEvent>(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      checkInvariants(after);
      const want = oracle(fieldsOf(before), event);
      expect(fieldsOf(after)).toEqual(want ?? fieldsOf(before));
      // The server's check on a stored row agrees with the running machine.
      const stored = { ...fieldsOf(before), rectifyPhotos: JSON.stringify(before.context.rectifyPhotos) };
      const server = advance(inspectionWorkflow, stored, event, '操作');
      expect(server.ok).toBe(want !== null);
      if (server.ok) expect(inspectionFieldsOf(server.fields)).toEqual(fieldsOf(after));
      else expect(server.reason).toMatch(/^当前状态为.+，不能操作$/);
      actor.stop();
    });
  }
});
