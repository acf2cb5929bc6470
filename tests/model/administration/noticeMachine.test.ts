import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  type NoticeEvent,
  NoticeStatus,
  type NoticeStatusValue,
  noticeMachine,
  noticeWorkflow,
} from '../../../machines/noticeMachine.js';
import { advance, offers } from '../../../machines/workflow.js';
import { runPath, userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof noticeMachine>;

/** Everything a manager may try on an announcement; the machine decides what it takes. */
const attempts: NoticeEvent[] = [{ type: 'notice.publish' }, { type: 'notice.withdraw' }];
const label = { 'notice.publish': '发布', 'notice.withdraw': '撤回' } as const;

const statusOfState: Record<string, NoticeStatusValue> = {
  draft: NoticeStatus.draft,
  published: NoticeStatus.published,
  withdrawn: NoticeStatus.withdrawn,
};

/**
 * What each event must do, written apart from the machine (docs/decisions.md "Administration I"):
 * the status after it, or null when it is refused and nothing changes.
 */
function oracle(status: NoticeStatusValue, e: NoticeEvent): NoticeStatusValue | null {
  switch (e.type) {
    case 'notice.publish':
      return status === NoticeStatus.draft ? NoticeStatus.published : null;
    case 'notice.withdraw':
      return status === NoticeStatus.published ? NoticeStatus.withdrawn : null;
  }
}

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];

const model = createTestModel(noticeMachine, { events: () => attempts });

describe('announcement machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches every state and takes every transition', () => {
    const reached = new Set(shortest.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(['draft', 'published', 'withdrawn']);
    const taken = new Set(cases.flatMap((c) => noticeMachine.getTransitionData(c.path.state, c.event)));
    const defined = stateNodes(noticeMachine.root).flatMap((n) => [...n.transitions.values()].flat());
    expect(defined.filter((t) => !taken.has(t))).toEqual([]);
  });

  for (const { path, event } of cases) {
    const via = userEvents<NoticeEvent>(path.steps)
      .map((e) => label[e.type])
      .join('→');
    it(`${String(path.state.value)} (${via || '草稿'}) —${label[event.type]}→`, () => {
      const actor = createActor(noticeMachine).start();
      for (const e of userEvents<NoticeEvent>(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      expect(after.context.status).toBe(statusOfState[String(after.value)]);
      const want = oracle(before.context.status, event);
      expect(after.context.status).toBe(want ?? before.context.status);
      // The server's check on a stored row agrees with the running machine.
      const row = { status: before.context.status };
      expect(offers(noticeWorkflow, row, event.type)).toBe(want !== null);
      const server = advance(noticeWorkflow, row, event, label[event.type]);
      if (server.ok) expect(server.fields).toEqual({ status: want });
      else expect(server.reason).toBe(`当前状态为${noticeWorkflow.stateName(row)}，不能${label[event.type]}`);
      actor.stop();
    });
  }

  it('walks every simple path with the actor in step with the model', async () => {
    const simple = model.getSimplePaths({ allowDuplicatePaths: true });
    expect(simple.length).toBeGreaterThanOrEqual(3);
    for (const path of simple)
      await runPath(noticeMachine, undefined, path, (expected: Snapshot, actual: Snapshot) => {
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
      });
  });

  it('reads a broadcast notice (no status) as published: it may be withdrawn, not published again', () => {
    expect(noticeWorkflow.stateOf({ status: null })).toBe('published');
    expect(offers(noticeWorkflow, { status: null }, 'notice.publish')).toBe(false);
    expect(offers(noticeWorkflow, { status: null }, 'notice.withdraw')).toBe(true);
  });
});
