import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  type ActivityContext,
  type ActivityEvent,
  ActivityPhase,
  type ActivityPhaseName,
  ActivityStatus,
  activityEvents,
  activityMachine,
  activityPhase,
  activityWorkflow,
  FULL,
  stateLabels,
} from '../../../machines/activityMachine.js';
import { advance, offers, refusal } from '../../../machines/workflow.js';
import { runPath, userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof activityMachine>;
type Phase = ActivityPhaseName;

/** Two places: the walk fills them and meets a full activity. */
const fresh: ActivityContext = { capacity: 2, registerCount: 0, signInCount: 0, signOutCount: 0 };

/** Everything staff and the clock may try, right and wrong; the machine decides what it takes. */
const attempts: ActivityEvent[] = [
  { type: 'activity.openRegistration' },
  { type: 'activity.closeRegistration' },
  { type: 'activity.start' },
  { type: 'activity.end' },
  { type: 'activity.cancel' },
  { type: 'activity.register', registered: false },
  { type: 'activity.register', registered: true },
  { type: 'activity.unregister', registered: true },
  { type: 'activity.unregister', registered: false },
  { type: 'activity.signIn', registered: true, signedIn: false },
  { type: 'activity.signIn', registered: false, signedIn: false },
  { type: 'activity.signIn', registered: true, signedIn: true },
  { type: 'activity.signOut', signedIn: true, signedOut: false },
  { type: 'activity.signOut', signedIn: false, signedOut: false },
  { type: 'activity.signOut', signedIn: true, signedOut: true },
];

const describeEvent = (e: ActivityEvent) => {
  const name = activityEvents[e.type].label;
  if (e.type === 'activity.unregister') return `${name}(${e.registered ? '' : '未报名'})`;
  if (e.type === 'activity.register') return `${name}(${e.registered ? '已报名' : '新'})`;
  if (e.type === 'activity.signIn')
    return `${name}(${e.registered ? '' : '未报名'}${e.signedIn ? '已签到' : ''})`;
  if (e.type === 'activity.signOut')
    return `${name}(${e.signedIn ? '' : '未签到'}${e.signedOut ? '已签退' : ''})`;
  return name;
};

/** What each event must do, written independently of the machine: the phase and context after it, or null. */
function oracle(phase: Phase, c: ActivityContext, e: ActivityEvent): [Phase, ActivityContext] | null {
  const beforeHeld = phase === 'published' || phase === 'registrationOpen' || phase === 'registrationClosed';
  switch (e.type) {
    case 'activity.openRegistration':
      return phase === 'published' ? ['registrationOpen', c] : null;
    case 'activity.closeRegistration':
      return phase === 'registrationOpen' ? ['registrationClosed', c] : null;
    case 'activity.start':
      return phase === 'registrationClosed' ? ['held', c] : null;
    case 'activity.end':
      return phase === 'held' ? ['finished', c] : null;
    case 'activity.cancel':
      return beforeHeld ? ['cancelled', c] : null;
    case 'activity.register':
      return phase === 'registrationOpen' && !e.registered && c.registerCount < c.capacity
        ? [phase, { ...c, registerCount: c.registerCount + 1 }]
        : null;
    case 'activity.unregister':
      return (phase === 'registrationOpen' || phase === 'registrationClosed') &&
        e.registered &&
        c.registerCount > 0
        ? [phase, { ...c, registerCount: c.registerCount - 1 }]
        : null;
    case 'activity.signIn':
      return phase === 'held' && e.registered && !e.signedIn
        ? [phase, { ...c, signInCount: c.signInCount + 1 }]
        : null;
    case 'activity.signOut':
      return phase === 'held' && e.signedIn && !e.signedOut
        ? [phase, { ...c, signOutCount: c.signOutCount + 1 }]
        : null;
  }
}

function checkInvariants(s: Snapshot) {
  const c = s.context;
  expect(c.registerCount).toBeLessThanOrEqual(c.capacity);
  if (s.matches('published')) expect(c.registerCount).toBe(0);
  if (!s.matches('held') && !s.matches('finished')) expect(c.signInCount + c.signOutCount).toBe(0);
}

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];

const model = createTestModel(activityMachine, {
  events: () => attempts,
  serializeState: (s) => JSON.stringify([s.value, s.context.registerCount, s.context.signInCount > 0]),
  input: fresh,
});

/** The stored row the server would check: its phase and counts. */
const rowOf = (phase: Phase, c: ActivityContext) => ({ activityState: ActivityPhase[phase], ...c });

describe('activity machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches every state, a full activity among them', () => {
    const reached = new Set(shortest.map((p) => String(p.state.value)));
    const all = stateNodes(activityMachine.root)
      .filter((n) => n !== activityMachine.root)
      .map((n) => n.key);
    expect([...reached].sort()).toEqual(all.sort());
    expect(shortest.some((p) => p.state.context.registerCount === fresh.capacity)).toBe(true);
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(cases.flatMap((c) => activityMachine.getTransitionData(c.path.state, c.event)));
    const defined = stateNodes(activityMachine.root).flatMap((n) => [...n.transitions.values()].flat());
    const missed = defined.filter((t) => !taken.has(t)).map((t) => `${t.source.key} —${t.eventType}→`);
    expect(missed).toEqual([]);
  });

  for (const { path, event } of cases) {
    const via = userEvents<ActivityEvent>(path.steps).map(describeEvent).join('→') || '发布';
    it(`${String(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(activityMachine, { input: fresh }).start();
      for (const e of userEvents<ActivityEvent>(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      checkInvariants(after);
      const phase = String(before.value) as Phase;
      const want = oracle(phase, before.context, event);
      expect([String(after.value), after.context]).toEqual(want ?? [phase, before.context]);
      // The server's check (machines/workflow.ts over the stored row) agrees with the running machine.
      const server = advance(
        activityWorkflow,
        rowOf(phase, before.context),
        event,
        activityEvents[event.type].label,
      );
      expect(server.ok).toBe(want !== null);
      if (server.ok) expect(server.fields).toEqual({ registerCount: after.context.registerCount });
      else
        expect(server.reason).toBe(
          // a full open activity says so, whoever is brought (issue #42 point 5)
          event.type === 'activity.register' &&
            phase === 'registrationOpen' &&
            before.context.registerCount >= before.context.capacity
            ? FULL
            : `当前状态为${stateLabels[phase]}，不能${activityEvents[event.type].label}`,
        );
      actor.stop();
    });
  }
});

describe('activity routes (simple paths)', () => {
  const routeModel = createTestModel(activityMachine, {
    events: (): ActivityEvent[] => [
      { type: 'activity.openRegistration' },
      { type: 'activity.closeRegistration' },
      { type: 'activity.start' },
      { type: 'activity.end' },
      { type: 'activity.cancel' },
    ],
    input: fresh,
  });
  const simple = routeModel.getSimplePaths();
  it('has the routes of a real activity', () => {
    const routes = new Set(
      simple.map((p) => userEvents<ActivityEvent>(p.steps).map(describeEvent).join(' ')),
    );
    expect(routes).toContain('开始报名 报名截止 活动开始 活动结束');
    expect(routes).toContain('取消活动');
    expect(routes).toContain('开始报名 取消活动');
    expect(routes).toContain('开始报名 报名截止 取消活动');
    expect([...routes].some((r) => r.includes('活动开始 取消活动'))).toBe(false);
  });
  for (const path of simple) {
    const events = userEvents<ActivityEvent>(path.steps);
    it(`route to ${String(path.state.value)}: ${events.map(describeEvent).join(' → ') || '发布'}`, () =>
      runPath(activityMachine, fresh, path, (expected, actual) => {
        expect(actual.value).toEqual(expected.value);
        checkInvariants(actual);
      }));
  }
});

describe('the phase the clock gives a stored activity', () => {
  const times = {
    activityStatus: ActivityStatus.normal,
    registerStart: '2026-03-01 08:00:00',
    registerEnd: '2026-03-05 17:30:00',
    startTime: '2026-03-06 14:30:00',
    endTime: '2026-03-06 16:30:00',
  };
  it('follows its times, and a cancelled one stays cancelled', () => {
    expect(activityPhase(times, '2026-02-28 23:59:59')).toBe('published');
    expect(activityPhase(times, '2026-03-01 08:00:00')).toBe('registrationOpen');
    expect(activityPhase(times, '2026-03-05 17:30:00')).toBe('registrationClosed');
    expect(activityPhase(times, '2026-03-06 14:30:00')).toBe('held');
    expect(activityPhase(times, '2026-03-06 16:30:00')).toBe('finished');
    expect(activityPhase({ ...times, activityStatus: ActivityStatus.cancelled }, '2026-03-02 10:00:00')).toBe(
      'cancelled',
    );
  });
  it('greys the console buttons with the same answer', () => {
    const row = (phase: Phase) => ({ activityState: ActivityPhase[phase], capacity: 2, registerCount: 0 });
    expect(offers(activityWorkflow, row('registrationOpen'), 'activity.register')).toBe(true);
    expect(offers(activityWorkflow, row('held'), 'activity.register')).toBe(false);
    expect(offers(activityWorkflow, row('held'), 'activity.signIn')).toBe(true);
    expect(offers(activityWorkflow, row('held'), 'activity.cancel')).toBe(false);
    expect(offers(activityWorkflow, row('registrationClosed'), 'activity.cancel')).toBe(true);
    expect(offers(activityWorkflow, row('registrationClosed'), 'activity.unregister')).toBe(true);
    expect(offers(activityWorkflow, row('held'), 'activity.unregister')).toBe(false);
  });
  it('says why a greyed button is greyed: 名额已满 on a full open activity, else the state', () => {
    const row = (phase: Phase, registerCount: number) => ({
      activityState: ActivityPhase[phase],
      capacity: 2,
      registerCount,
    });
    expect(refusal(activityWorkflow, row('registrationOpen', 1), 'activity.register', '报名')).toBeNull();
    expect(refusal(activityWorkflow, row('registrationOpen', 2), 'activity.register', '报名')).toBe(
      '名额已满',
    );
    expect(refusal(activityWorkflow, row('registrationClosed', 2), 'activity.register', '报名')).toBe(
      '当前状态为报名截止，不能报名',
    );
    expect(refusal(activityWorkflow, row('held', 2), 'activity.unregister', '取消报名')).toBe(
      '当前状态为进行中，不能取消报名',
    );
  });
  it('labels every state and event in Chinese (the paths CLI prints them)', () => {
    expect(stateLabels).toEqual({
      published: '未开始报名',
      registrationOpen: '报名中',
      registrationClosed: '报名截止',
      held: '进行中',
      finished: '已结束',
      cancelled: '已取消',
    });
    for (const e of Object.values(activityEvents)) expect(e.label).toMatch(/^[\u4e00-\u9fa5]+$/);
  });
});
