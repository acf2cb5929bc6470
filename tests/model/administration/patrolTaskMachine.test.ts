import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { PatrolResult, PatrolTaskStatus } from '../../../domain/statuses/patrol.js';
import {
  type PatrolTaskEvent,
  patrolTaskMachine,
  patrolTaskWorkflow,
} from '../../../machines/patrolTaskMachine.js';
import { advance } from '../../../machines/workflow.js';
import { userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof patrolTaskMachine>;
type Fields = { taskStatus: number; taskResult: number | null };

/** Everything a guard or the server's minute pass may try on a task, right and wrong. */
const attempts: PatrolTaskEvent[] = [
  { type: 'patrol.record' },
  { type: 'patrol.finish', abnormal: false },
  { type: 'patrol.finish', abnormal: true },
  { type: 'patrol.miss' },
];

/** What each event must do, apart from the machine: the fields after it, or null when refused. */
function oracle(b: Fields, e: PatrolTaskEvent): Fields | null {
  const open = b.taskStatus === PatrolTaskStatus.scheduled || b.taskStatus === PatrolTaskStatus.inProgress;
  if (!open) return null;
  switch (e.type) {
    case 'patrol.record':
      return { taskStatus: PatrolTaskStatus.inProgress, taskResult: null };
    case 'patrol.finish':
      if (b.taskStatus !== PatrolTaskStatus.inProgress) return null;
      return {
        taskStatus: PatrolTaskStatus.completed,
        taskResult: e.abnormal ? PatrolResult.abnormal : PatrolResult.normal,
      };
    case 'patrol.miss':
      return { taskStatus: PatrolTaskStatus.missed, taskResult: b.taskResult };
  }
}

const fieldsOf = (s: Snapshot): Fields => ({
  taskStatus: s.context.taskStatus,
  taskResult: s.context.taskResult,
});
const describeEvent = (e: PatrolTaskEvent) =>
  `${e.type.replace('patrol.', '')}${'abnormal' in e ? (e.abnormal ? '(异常)' : '(正常)') : ''}`;

const model = createTestModel(patrolTaskMachine, {
  events: () => attempts,
  serializeState: (s) => JSON.stringify([s.value, s.context.taskResult]),
});

describe('patrol task machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches 待巡查, 巡查中, 已完成 (正常 and 异常) and 漏巡', () => {
    expect(
      [...new Set(shortest.map((p) => JSON.stringify([p.state.value, p.state.context.taskResult])))].sort(),
    ).toEqual(
      [
        '["scheduled",null]',
        '["inProgress",null]',
        '["completed",1]',
        '["completed",2]',
        '["missed",null]',
      ].sort(),
    );
  });

  for (const { path, event } of cases) {
    const via = userEvents<PatrolTaskEvent>(path.steps).map(describeEvent).join('→') || '新任务';
    it(`${String(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(patrolTaskMachine).start();
      for (const e of userEvents<PatrolTaskEvent>(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      const want = oracle(fieldsOf(before), event);
      expect(fieldsOf(after)).toEqual(want ?? fieldsOf(before));
      // a completed task always has its result, any other never
      expect(after.context.taskResult !== null).toBe(after.matches('completed'));
      const server = advance(patrolTaskWorkflow, fieldsOf(before), event, '操作');
      expect(server.ok).toBe(want !== null);
      if (server.ok) expect(server.fields).toEqual(fieldsOf(after));
      else expect(server.reason).toMatch(/^当前状态为(待巡查|巡查中|已完成|漏巡)，不能操作$/);
      actor.stop();
    });
  }
});
