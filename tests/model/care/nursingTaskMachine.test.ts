import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { TaskStatus, type TaskStatusCode } from '../../../domain/statuses/care.js';
import {
  type NursingTaskEvent,
  nursingTaskMachine,
  nursingTaskWorkflow,
} from '../../../machines/nursingTaskMachine.js';
import { advance } from '../../../machines/workflow.js';
import { userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof nursingTaskMachine>;
type Fields = { taskStatus: TaskStatusCode; reason: string | null };

/** Everything a carer or the server may try on a task, right and wrong. */
const attempts: NursingTaskEvent[] = [
  { type: 'task.done' },
  { type: 'task.miss', reason: '长者拒绝' },
  { type: 'task.miss', reason: '  ' },
  { type: 'task.cancel', reason: '长者外出' },
  { type: 'task.cancel', reason: '' },
];

/** What each event must do, apart from the machine: the fields after it, or null when refused. */
function oracle(b: Fields, e: NursingTaskEvent): Fields | null {
  if (b.taskStatus !== TaskStatus.pending) return null;
  switch (e.type) {
    case 'task.done':
      return { taskStatus: TaskStatus.done, reason: null };
    case 'task.miss':
      return e.reason.trim() ? { taskStatus: TaskStatus.missed, reason: e.reason.trim() } : null;
    case 'task.cancel':
      return e.reason.trim() ? { taskStatus: TaskStatus.cancelled, reason: e.reason.trim() } : null;
  }
}

const fieldsOf = (s: Snapshot): Fields => ({ taskStatus: s.context.taskStatus, reason: s.context.reason });
const describeEvent = (e: NursingTaskEvent) =>
  `${e.type.replace('task.', '')}${'reason' in e ? `(${e.reason.trim() || '无原因'})` : ''}`;

const model = createTestModel(nursingTaskMachine, {
  events: () => attempts,
  serializeState: (s) => JSON.stringify([s.value, s.context.reason]),
});

describe('nursing task machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches 待执行, 已完成, 未完成 and 已取消', () => {
    expect([...new Set(shortest.map((p) => String(p.state.value)))].sort()).toEqual(
      ['cancelled', 'done', 'missed', 'pending'].sort(),
    );
  });

  for (const { path, event } of cases) {
    const via = userEvents<NursingTaskEvent>(path.steps).map(describeEvent).join('→') || '新任务';
    it(`${String(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(nursingTaskMachine).start();
      for (const e of userEvents<NursingTaskEvent>(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      const want = oracle(fieldsOf(before), event);
      expect(fieldsOf(after)).toEqual(want ?? fieldsOf(before));
      // 未完成 and 取消 always carry their reason
      if (after.matches('missed') || after.matches('cancelled')) expect(after.context.reason).toBeTruthy();
      const server = advance(nursingTaskWorkflow, fieldsOf(before), event, '操作');
      expect(server.ok).toBe(want !== null);
      if (server.ok) expect(server.fields).toEqual(fieldsOf(after));
      else expect(server.reason).toMatch(/^当前状态为(待执行|已完成|未完成|已取消)，不能操作$/);
      actor.stop();
    });
  }
});
