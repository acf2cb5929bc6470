import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type SnapshotFrom,
  transition,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import { AlarmStatus, DEFAULT_ESCALATE_AFTER_MINUTES } from '../../../domain/alarms.js';
import {
  type AlarmEvent,
  type AlarmInput,
  alarmMachine,
  alarmTimerEffects,
} from '../../../machines/alarmMachine.js';

type Snapshot = SnapshotFrom<typeof alarmMachine>;
const nurse = { userId: 7, userName: '王护士' };

/** Everything anyone may try on an alarm; the machine decides what it takes in each state. */
const attempts: AlarmEvent[] = [
  { type: 'alarm.ack', ...nurse, at: 1_000 },
  { type: 'alarm.escalate', at: 300_000 },
  { type: 'alarm.handle', ...nurse, note: ' 已到床边，老人无恙 ', at: 2_000 },
  { type: 'alarm.handle', ...nurse, note: '  ', at: 2_000 },
  { type: 'alarm.ignore', ...nurse, at: 3_000 },
  { type: 'alarm.release', ...nurse, at: 4_000 },
  { type: 'alarm.comment', ...nurse, content: '已通知家属' },
  { type: 'alarm.comment', ...nurse, content: '' },
  { type: 'alarm.retrigger', at: 5_000 },
];
const closedStatus = {
  handled: AlarmStatus.handled,
  ignored: AlarmStatus.ignored,
  released: AlarmStatus.released,
};

/** Alarms alike but for how often they fired beyond twice are one state of the model. */
const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, Math.min(s.context.count, 2), s.context.escalated, s.context.ackBy !== null]);
const fresh = { at: 500, escalateAfterMinutes: DEFAULT_ESCALATE_AFTER_MINUTES };
const model = createTestModel(alarmMachine, {
  events: () => attempts,
  serializeState: serialize,
  input: fresh,
});

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];
const definedTransitions = (node: AnyStateNode): AnyTransitionDefinition[] =>
  stateNodes(node).flatMap((n) => [...[...n.transitions.values()].flat(), ...(n.always ?? [])]);
const describeTransition = (t: AnyTransitionDefinition) =>
  `${t.source.id} —${t.eventType}→ ${t.target?.map((n) => n.id).join(',') ?? '(stays)'}`;
const userEvents = (steps: readonly { event: AlarmEvent | { type: 'xstate.init' } }[]) =>
  steps.flatMap((st) => (st.event.type === 'xstate.init' ? [] : [st.event as AlarmEvent]));
const describeEvent = (e: AlarmEvent) =>
  `${e.type.replace('alarm.', '')}${'note' in e && !e.note.trim() ? '(blank)' : ''}${'content' in e && !e.content ? '(blank)' : ''}`;

/**
 * The system under test: a real actor whose effects keep a ledger of the sound and the escalation
 * timer the real ones would hold.
 */
function startSut() {
  const calls: { name: string; params: unknown }[] = [];
  const violations: string[] = [];
  let sounding = false;
  let escalationPending = false;
  const impl: Record<string, () => void> = {
    startSound: () => {
      if (sounding) violations.push('sound started twice');
      sounding = true;
    },
    stopSound: () => {
      sounding = false;
    },
    scheduleEscalation: () => {
      if (escalationPending) violations.push('escalation scheduled twice');
      escalationPending = true;
    },
    cancelEscalation: () => {
      escalationPending = false;
    },
    saveComment: () => undefined,
  };
  const actions = Object.fromEntries(
    Object.entries(impl).map(([name, run]) => [
      name,
      (_: unknown, params: unknown) => {
        calls.push({ name, params });
        run();
      },
    ]),
  );
  const actor = createActor(alarmMachine.provide({ actions: actions as never }), { input: fresh }).start();
  const send = (event: AlarmEvent) => {
    // The timer fires; a late or foreign escalate finds none and must change nothing.
    if (event.type === 'alarm.escalate') escalationPending = false;
    actor.send(event);
  };
  const checkLedger = () => {
    const s = actor.getSnapshot();
    expect(violations).toEqual([]);
    // The sound latches exactly while nobody has acknowledged an open alarm.
    expect(sounding).toBe(s.matches({ unhandled: 'unacknowledged' }));
    expect(escalationPending).toBe(s.matches({ unhandled: { unacknowledged: 'pending' } }));
    // The record's status follows the state.
    const closed = Object.entries(closedStatus).find(([state]) =>
      s.matches(state as keyof typeof closedStatus),
    );
    expect(s.context.status).toBe(closed ? closed[1] : AlarmStatus.unhandled);
  };
  return { actor, send, calls, checkLedger };
}

/** What each event must do when the machine takes it. */
function expectSpec(
  before: Snapshot,
  event: AlarmEvent,
  after: Snapshot,
  calls: { name: string; params: unknown }[],
) {
  // Taken: the state, the record or an effect changed.
  const took =
    JSON.stringify([after.value, after.context]) !== JSON.stringify([before.value, before.context]) ||
    calls.length > 0;
  const open = before.matches('unhandled');
  switch (event.type) {
    case 'alarm.ack':
      expect(took).toBe(before.matches({ unhandled: 'unacknowledged' }));
      if (took) {
        expect(after.context).toMatchObject({ ackBy: 7, ackName: '王护士', ackTime: 1_000 });
        expect(calls.map((c) => c.name)).toContain('stopSound');
      }
      break;
    case 'alarm.escalate':
      expect(took).toBe(before.matches({ unhandled: { unacknowledged: 'pending' } }));
      if (took) expect(after.context.escalated).toBe(true);
      break;
    case 'alarm.handle':
      expect(took).toBe(open && event.note.trim() !== '');
      if (took)
        expect(after.context).toMatchObject({
          status: AlarmStatus.handled,
          handlerId: 7,
          handlerName: '王护士',
          handleNote: '已到床边，老人无恙',
          handleTime: 2_000,
        });
      break;
    case 'alarm.ignore':
    case 'alarm.release':
      expect(took).toBe(open);
      if (took)
        expect(after.context).toMatchObject({
          status: event.type === 'alarm.ignore' ? AlarmStatus.ignored : AlarmStatus.released,
          handlerId: 7,
          handleTime: event.at,
          handleNote: null,
        });
      break;
    case 'alarm.comment':
      // Comments are allowed in every state and change nothing else.
      expect(after.value).toEqual(before.value);
      expect(calls).toEqual(
        event.content ? [{ name: 'saveComment', params: { ...nurse, content: event.content } }] : [],
      );
      break;
    case 'alarm.retrigger':
      // Counts up while open; an acknowledged alarm stays acknowledged and silent.
      expect(after.value).toEqual(before.value);
      expect(after.context.count).toBe(before.context.count + (open ? 1 : 0));
      if (open) expect(after.context.lastTime).toBe(event.at);
      expect(calls).toEqual([]);
      break;
  }
}

describe('alarm machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches every state node', () => {
    const reached = new Set(shortest.flatMap((p) => Object.keys(p.state.getMeta())));
    const all = stateNodes(alarmMachine.root).filter((n) => n !== alarmMachine.root);
    expect([...reached].sort()).toEqual(all.map((n) => n.id).sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(cases.flatMap((c) => alarmMachine.getTransitionData(c.path.state, c.event)));
    const missed = definedTransitions(alarmMachine.root).filter((t) => !taken.has(t));
    expect(missed.map(describeTransition)).toEqual([]);
  });

  const label = (s: Snapshot) => `${JSON.stringify(s.value).replaceAll('"', '')}×${s.context.count}`;
  for (const { path, event } of cases) {
    const via = userEvents(path.steps).map(describeEvent).join('→');
    it(`${label(path.state)} (${via}) —${describeEvent(event)}→`, () => {
      const sut = startSut();
      for (const e of userEvents(path.steps)) sut.send(e);
      // The actor's own snapshot: the model's may stand for several alike (see serialize).
      const before = sut.actor.getSnapshot();
      const callsBefore = sut.calls.length;
      sut.send(event);
      const [next] = transition(alarmMachine, before, event);
      const after = sut.actor.getSnapshot();
      expect(after.value).toEqual(next.value);
      sut.checkLedger();
      expectSpec(before, event, after, sut.calls.slice(callsBefore));
      sut.actor.stop();
    });
  }

  // Every route without a repeated state: ack before or after escalation, retriggers, then a close.
  const simple = model.getSimplePaths();
  it('has simple paths through escalation and acknowledgement to every closing status', () => {
    const routes = new Set(
      simple.map((p) =>
        userEvents(p.steps)
          .map((e) => e.type)
          .join(' '),
      ),
    );
    expect(routes).toContain('alarm.escalate alarm.ack alarm.retrigger alarm.handle');
    expect(routes).toContain('alarm.retrigger alarm.escalate alarm.release');
  });
  for (const path of simple) {
    const events = userEvents(path.steps);
    it(`route to ${label(path.state)}: ${events.map(describeEvent).join(' → ')}`, async () => {
      const sut = startSut();
      await path.test({
        states: {
          '*': (snapshot) => {
            expect(sut.actor.getSnapshot().value).toEqual(snapshot.value);
            sut.checkLedger();
          },
        },
        events: Object.fromEntries(
          [...new Set(events.map((e) => e.type))].map((type) => [
            type,
            ({ event }: { event: AlarmEvent }) => sut.send(event),
          ]),
        ) as never,
      });
      const scheduled = sut.calls.filter((c) => c.name === 'scheduleEscalation');
      expect(scheduled).toEqual([
        { name: 'scheduleEscalation', params: { ms: DEFAULT_ESCALATE_AFTER_MINUTES * 60_000 } },
      ]);
      const end = sut.actor.getSnapshot().context;
      expect(end.count).toBe(1 + events.filter((e) => e.type === 'alarm.retrigger').length);
      expect(end.escalated).toBe(events.some((e) => e.type === 'alarm.escalate'));
      sut.actor.stop();
    });
  }
});

describe('alarm escalation with the real timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(input: AlarmInput, effects = alarmTimerEffects()) {
    return createActor(
      alarmMachine.provide({
        actions: { ...effects, startSound: () => undefined, stopSound: () => undefined },
      }),
      { input },
    ).start();
  }

  it(`escalates an alarm left unacknowledged for ${DEFAULT_ESCALATE_AFTER_MINUTES} minutes`, () => {
    vi.useFakeTimers();
    const alarm = start(fresh);
    vi.advanceTimersByTime(DEFAULT_ESCALATE_AFTER_MINUTES * 60_000 - 1);
    expect(alarm.getSnapshot().context.escalated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(alarm.getSnapshot().value).toEqual({ unhandled: { unacknowledged: 'escalated' } });
    expect(alarm.getSnapshot().context.escalated).toBe(true);
  });

  it('keeps the timers of alarms apart: acknowledging one does not spare another', () => {
    vi.useFakeTimers();
    const shared = alarmTimerEffects();
    const first = start({ at: 0, escalateAfterMinutes: 2 }, shared);
    const second = start({ at: 0, escalateAfterMinutes: 2 }, shared);
    vi.advanceTimersByTime(60_000);
    first.send({ type: 'alarm.ack', ...nurse, at: 60_000 });
    vi.advanceTimersByTime(60_000);
    expect(first.getSnapshot().value).toEqual({ unhandled: 'acknowledged' });
    expect(first.getSnapshot().context.escalated).toBe(false);
    expect(second.getSnapshot().context.escalated).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels the escalation when the alarm is closed first', () => {
    vi.useFakeTimers();
    const alarm = start({ at: 0, escalateAfterMinutes: 10 });
    alarm.send({ type: 'alarm.ignore', ...nurse, at: 1 });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(11 * 60_000);
    expect(alarm.getSnapshot().context).toMatchObject({ status: AlarmStatus.ignored, escalated: false });
  });
});
