import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { PlanStatus, type PlanStatusCode } from '../../../domain/statuses/care.js';
import {
  type NursingPlanEvent,
  nursingPlanMachine,
  nursingPlanWorkflow,
} from '../../../machines/nursingPlanMachine.js';
import { advance, offers } from '../../../machines/workflow.js';
import { runPath, userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof nursingPlanMachine>;

const attempts: NursingPlanEvent[] = [
  { type: 'plan.activate' },
  { type: 'plan.suspend' },
  { type: 'plan.resume' },
  { type: 'plan.end' },
];

/** What each event must do, written apart from the machine (docs/decisions.md "Care"): the status after it, or null. */
function oracle(status: PlanStatusCode, e: NursingPlanEvent): PlanStatusCode | null {
  switch (e.type) {
    case 'plan.activate':
      return status === PlanStatus.draft ? PlanStatus.active : null;
    case 'plan.suspend':
      return status === PlanStatus.active ? PlanStatus.suspended : null;
    case 'plan.resume':
      return status === PlanStatus.suspended ? PlanStatus.active : null;
    case 'plan.end':
      return status === PlanStatus.active || status === PlanStatus.suspended ? PlanStatus.ended : null;
  }
}

const statusOfState: Record<string, PlanStatusCode> = {
  draft: PlanStatus.draft,
  active: PlanStatus.active,
  suspended: PlanStatus.suspended,
  ended: PlanStatus.ended,
};
const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];

const model = createTestModel(nursingPlanMachine, { events: () => attempts });

describe('nursing plan machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches every state', () => {
    const reached = new Set(shortest.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(statusOfState).sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(cases.flatMap((c) => nursingPlanMachine.getTransitionData(c.path.state, c.event)));
    const defined = stateNodes(nursingPlanMachine.root).flatMap((n) => [...n.transitions.values()].flat());
    expect(defined.filter((t) => !taken.has(t)).map((t) => `${t.source.key} —${t.eventType}→`)).toEqual([]);
  });

  for (const { path, event } of cases) {
    const via = userEvents<NursingPlanEvent>(path.steps)
      .map((e) => e.type.replace('plan.', ''))
      .join('→');
    it(`${String(path.state.value)} (${via || '新建'}) —${event.type}→`, () => {
      const actor = createActor(nursingPlanMachine).start();
      for (const e of userEvents<NursingPlanEvent>(path.steps)) actor.send(e);
      const before: Snapshot = actor.getSnapshot();
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      expect(after.context.planStatus).toBe(statusOfState[String(after.value)]);
      const want = oracle(before.context.planStatus, event);
      expect(after.context.planStatus).toBe(want ?? before.context.planStatus);
      // the server's check (a stored row) agrees with the running machine
      const row = { planStatus: before.context.planStatus };
      expect(offers(nursingPlanWorkflow, row, event.type)).toBe(want !== null);
      const server = advance(nursingPlanWorkflow, row, event, '操作');
      expect(server.ok).toBe(want !== null);
      if (server.ok) expect(server.fields).toEqual({ planStatus: want });
      else expect(server.reason).toMatch(/^当前状态为(草稿|执行中|已暂停|已结束)，不能操作$/);
      actor.stop();
    });
  }

  it('every simple path from a draft runs the same in a fresh actor', async () => {
    const paths = model.getSimplePaths({ allowDuplicatePaths: true });
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths)
      await runPath(nursingPlanMachine, undefined, path, (expected, actual) =>
        expect(actual.value).toEqual(expected.value),
      );
  });
});
