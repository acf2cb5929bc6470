import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { OutStatus } from '../../../domain/resources/outing.js';
import {
  type OutingEvent,
  type OutingFields,
  offeredOutingEvents,
  outingEvents,
  outingFieldsOf,
  outingMachine,
  outingStateLabels,
  outingTransition,
  unregistered,
} from '../../../machines/outingMachine.js';
import { runPath, userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof outingMachine>;

const plan = { expectedOutTime: '2026-03-01 09:00:00', expectedReturnTime: '2026-03-01 17:00:00' };
const later = { expectedOutTime: '2026-03-01 10:00:00', expectedReturnTime: '2026-03-01 18:00:00' };
const backwards = { expectedOutTime: '2026-03-01 17:00:00', expectedReturnTime: '2026-03-01 09:00:00' };

/** Everything staff may try on an outing, right and wrong; the machine decides what it takes. */
const attempts: OutingEvent[] = [
  { type: 'outing.register', auditRequired: true, ...plan },
  { type: 'outing.register', auditRequired: false, ...plan },
  { type: 'outing.register', auditRequired: true, ...backwards },
  { type: 'outing.edit', auditRequired: true, ...later },
  { type: 'outing.edit', auditRequired: false, ...later },
  { type: 'outing.edit', auditRequired: false, ...backwards },
  { type: 'outing.pass' },
  { type: 'outing.decline' },
  { type: 'outing.cancel' },
  { type: 'outing.affirm', at: '2026-03-01 09:30:00' },
  { type: 'outing.affirm', at: '2026-03-02 09:00:00' },
  { type: 'outing.postpone', expectedReturnTime: '2026-03-02 12:00:00' },
  { type: 'outing.postpone', expectedReturnTime: '2026-03-01 08:00:00' },
  { type: 'outing.return', at: '2026-03-01 16:00:00' },
  { type: 'outing.return', at: '2026-03-01 09:00:00' },
];

const statusOfState: Record<string, number | null> = {
  unregistered: null,
  pending: OutStatus.pending,
  approved: OutStatus.approved,
  declined: OutStatus.declined,
  out: OutStatus.out,
  returned: OutStatus.returned,
  cancelled: OutStatus.cancelled,
};

const describeEvent = (e: OutingEvent) => {
  const name = e.type.replace('outing.', '');
  if (e.type === 'outing.register' || e.type === 'outing.edit')
    return `${name}(${e.auditRequired ? '审' : '免审'},${e.expectedReturnTime.slice(11, 16)})`;
  if (e.type === 'outing.affirm' || e.type === 'outing.return') return `${name}(${e.at.slice(5, 16)})`;
  if (e.type === 'outing.postpone') return `${name}(${e.expectedReturnTime.slice(5, 16)})`;
  return name;
};
const fieldsOf = (s: Snapshot): OutingFields => ({ ...s.context });

/**
 * What each event must do, written independently of the machine (docs/decisions.md "Outings"):
 * the fields after it, or null when it must be refused and change nothing.
 */
function oracle(b: OutingFields, e: OutingEvent): OutingFields | null {
  const s = b.outStatus;
  switch (e.type) {
    case 'outing.register':
      if (s !== null || e.expectedOutTime >= e.expectedReturnTime) return null;
      return {
        ...b,
        outStatus: e.auditRequired ? OutStatus.pending : OutStatus.approved,
        expectedOutTime: e.expectedOutTime,
        expectedReturnTime: e.expectedReturnTime,
      };
    case 'outing.edit':
      if ((s !== OutStatus.pending && s !== OutStatus.approved) || e.expectedOutTime >= e.expectedReturnTime)
        return null;
      return {
        ...b,
        outStatus: e.auditRequired ? OutStatus.pending : s,
        expectedOutTime: e.expectedOutTime,
        expectedReturnTime: e.expectedReturnTime,
      };
    case 'outing.pass':
      return s === OutStatus.pending ? { ...b, outStatus: OutStatus.approved } : null;
    case 'outing.decline':
      return s === OutStatus.pending ? { ...b, outStatus: OutStatus.declined } : null;
    case 'outing.cancel':
      return s === OutStatus.pending || s === OutStatus.approved
        ? { ...b, outStatus: OutStatus.cancelled }
        : null;
    case 'outing.affirm':
      return s === OutStatus.approved && e.at < String(b.expectedReturnTime)
        ? { ...b, outStatus: OutStatus.out, actualOutTime: e.at }
        : null;
    case 'outing.postpone':
      return s === OutStatus.out &&
        e.expectedReturnTime > String(b.expectedReturnTime) &&
        e.expectedReturnTime > String(b.actualOutTime)
        ? { ...b, expectedReturnTime: e.expectedReturnTime, postponeCount: b.postponeCount + 1 }
        : null;
    case 'outing.return':
      return s === OutStatus.out && e.at >= String(b.actualOutTime)
        ? { ...b, outStatus: OutStatus.returned, actualReturnTime: e.at }
        : null;
  }
}

/** What must hold in every state. */
function checkInvariants(s: Snapshot) {
  const c = s.context;
  expect(c.outStatus).toBe(statusOfState[String(s.value)]);
  const left = s.matches('out') || s.matches('returned');
  expect(c.actualOutTime !== null).toBe(left);
  expect(c.actualReturnTime !== null).toBe(s.matches('returned'));
  if (c.outStatus !== null) expect(String(c.expectedOutTime) < String(c.expectedReturnTime)).toBe(true);
  if (c.actualOutTime !== null) expect(c.actualOutTime < String(c.expectedReturnTime)).toBe(true);
  if (c.actualReturnTime !== null) expect(c.actualReturnTime >= String(c.actualOutTime)).toBe(true);
  if (c.postponeCount > 0) expect(left).toBe(true);
  if (s.matches('unregistered')) expect(c).toEqual(unregistered);
}

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];

const model = createTestModel(outingMachine, {
  events: () => attempts,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.expectedReturnTime,
      s.context.actualOutTime !== null,
      s.context.postponeCount,
    ]),
  input: unregistered,
});

describe('outing machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches every state', () => {
    const reached = new Set(shortest.map((p) => String(p.state.value)));
    const all = stateNodes(outingMachine.root)
      .filter((n) => n !== outingMachine.root)
      .map((n) => n.key);
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(cases.flatMap((c) => outingMachine.getTransitionData(c.path.state, c.event)));
    const defined = stateNodes(outingMachine.root).flatMap((n) => [...n.transitions.values()].flat());
    const missed = defined.filter((t) => !taken.has(t)).map((t) => `${t.source.key} —${t.eventType}→`);
    expect(missed).toEqual([]);
  });

  for (const { path, event } of cases) {
    const via = userEvents<OutingEvent>(path.steps).map(describeEvent).join('→') || '未登记';
    it(`${String(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(outingMachine, { input: unregistered }).start();
      for (const e of userEvents<OutingEvent>(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      // A finished outing (final state) takes nothing; the actor would only warn about the event.
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      checkInvariants(after);
      const want = oracle(fieldsOf(before), event);
      expect(fieldsOf(after)).toEqual(want ?? fieldsOf(before));
      // The server's check agrees with the running machine, field for field.
      const server = outingTransition(fieldsOf(before), event);
      expect(server.ok).toBe(want !== null);
      if (server.ok) expect(server.next).toEqual(fieldsOf(after));
      else expect(server.reason).toMatch(/[\u4e00-\u9fa5]/);
      actor.stop();
    });
  }
});

/** Only the right variant of each event: the routes a real outing takes, start to end. */
const routeModel = createTestModel(outingMachine, {
  events: (): OutingEvent[] => [
    { type: 'outing.register', auditRequired: true, ...plan },
    { type: 'outing.pass' },
    { type: 'outing.decline' },
    { type: 'outing.cancel' },
    { type: 'outing.affirm', at: '2026-03-01 09:30:00' },
    { type: 'outing.postpone', expectedReturnTime: '2026-03-02 12:00:00' },
    { type: 'outing.return', at: '2026-03-01 16:00:00' },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.postponeCount]),
  input: unregistered,
});

describe('outing routes (simple paths)', () => {
  const simple = routeModel.getSimplePaths();
  it('has the routes of a real outing', () => {
    const routes = new Set(
      simple.map((p) =>
        userEvents<OutingEvent>(p.steps)
          .map((e) => e.type.replace('outing.', ''))
          .join(' '),
      ),
    );
    expect(routes).toContain('register pass affirm return');
    expect(routes).toContain('register pass affirm postpone return');
    expect(routes).toContain('register decline');
    expect(routes).toContain('register cancel');
    expect(routes).toContain('register pass cancel');
  });
  for (const path of simple) {
    const events = userEvents<OutingEvent>(path.steps);
    it(`route to ${String(path.state.value)}: ${events.map(describeEvent).join(' → ') || '未登记'}`, () =>
      runPath(outingMachine, unregistered, path, (expected, actual) => {
        expect(actual.value).toEqual(expected.value);
        checkInvariants(actual);
      }));
  }
});

describe('what the server and the console ask the machine', () => {
  const stored = (outStatus: number, over: Partial<Record<string, unknown>> = {}) =>
    outingFieldsOf({ outStatus, ...plan, postponeCount: 0, ...over }) as OutingFields;

  it('offers each status its actions, and nothing after the end', () => {
    expect(offeredOutingEvents(unregistered)).toEqual(['outing.register']);
    expect(offeredOutingEvents(stored(OutStatus.pending))).toEqual([
      'outing.edit',
      'outing.pass',
      'outing.decline',
      'outing.cancel',
    ]);
    expect(offeredOutingEvents(stored(OutStatus.approved))).toEqual([
      'outing.edit',
      'outing.affirm',
      'outing.cancel',
    ]);
    expect(offeredOutingEvents(stored(OutStatus.out, { actualOutTime: '2026-03-01 09:10' }))).toEqual([
      'outing.postpone',
      'outing.return',
    ]);
    for (const s of [OutStatus.declined, OutStatus.returned, OutStatus.cancelled])
      expect(offeredOutingEvents(stored(s))).toEqual([]);
    expect(outingFieldsOf({ outStatus: 9 })).toBeNull();
  });

  it('names refusals in Chinese: the state, or the times out of order', () => {
    expect(
      outingTransition(stored(OutStatus.returned), { type: 'outing.affirm', at: '2026-03-01 10:00:00' }),
    ).toEqual({
      ok: false,
      reason: '当前状态为已返院，不能确认外出',
    });
    expect(
      outingTransition(stored(OutStatus.out, { actualOutTime: '2026-03-01 09:10:00' }), {
        type: 'outing.cancel',
      }),
    ).toEqual({
      ok: false,
      reason: '当前状态为外出中，不能取消外出',
    });
    expect(
      outingTransition(unregistered, { type: 'outing.register', auditRequired: true, ...backwards }),
    ).toEqual({
      ok: false,
      reason: '预计返院时间须晚于预计外出时间',
    });
    expect(
      outingTransition(stored(OutStatus.out, { actualOutTime: '2026-03-01 09:10:00' }), {
        type: 'outing.postpone',
        expectedReturnTime: '2026-03-01 12:00:00',
      }),
    ).toEqual({ ok: false, reason: '新的预计返院时间须晚于原预计返院时间' });
    expect(
      outingTransition(stored(OutStatus.out, { actualOutTime: '2026-03-01 09:10:00' }), {
        type: 'outing.return',
        at: '2026-03-01 09:00:00',
      }),
    ).toEqual({ ok: false, reason: '返院时间不能早于外出时间' });
  });

  it('labels every state and event in Chinese (the paths CLI prints them)', () => {
    expect(outingStateLabels).toEqual({
      unregistered: '未登记',
      pending: '待审核',
      approved: '待外出',
      declined: '已驳回',
      out: '外出中',
      returned: '已返院',
      cancelled: '已取消',
    });
    for (const e of Object.values(outingEvents)) expect(e.label).toMatch(/^[\u4e00-\u9fa5]+$/);
  });
});
