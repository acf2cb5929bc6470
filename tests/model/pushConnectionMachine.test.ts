import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type SnapshotFrom,
  transition,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  type PushConnectionEvent,
  pushConnectionMachine,
  pushTimerEffects,
} from '../../machines/pushConnectionMachine.js';

type Snapshot = SnapshotFrom<typeof pushConnectionMachine>;
const TOKEN = 'tok-1';
const message = (messageType: 'notice' | 'heartbeat' | 'login.expired', at = 1000) =>
  ({ type: 'push.message', messageType, data: { at }, at }) as const;

/** What the socket, the timers, the browser and the user may do in each state. */
function eventsFor(s: Snapshot): PushConnectionEvent[] {
  const always: PushConnectionEvent[] = [{ type: 'push.stop' }, { type: 'push.tabHidden' }];
  const lost: PushConnectionEvent[] = [
    { type: 'push.error' },
    { type: 'push.closed' },
    { type: 'push.rejected' },
  ];
  if (s.matches('idle') || s.matches('closed') || s.matches('stopped'))
    return [{ type: 'push.start', token: TOKEN }, ...always];
  if (s.matches('connecting')) return [{ type: 'push.opened' }, ...lost, ...always];
  if (s.matches('authenticating')) return [{ type: 'push.authOk' }, ...lost, ...always];
  if (s.matches({ connected: 'alive' }))
    return [
      { type: 'push.heartbeatDue' },
      { type: 'push.silent' },
      message('notice'),
      message('login.expired'),
      ...lost,
      ...always,
    ];
  if (s.matches({ connected: 'awaitingReply' }))
    return [
      { type: 'push.replyTimeout' },
      { type: 'push.silent' },
      message('heartbeat'),
      message('login.expired'),
      ...lost,
      ...always,
    ];
  if (s.matches('waitingToReconnect'))
    return [
      { type: 'push.reconnectDue' },
      { type: 'push.online' },
      { type: 'push.error' },
      { type: 'push.closed' },
      ...always,
    ];
  return [];
}

const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, Math.min(s.context.attempts, 1), s.context.closeReason, s.context.lastMessageAt]);
const model = createTestModel(pushConnectionMachine, { events: eventsFor, serializeState: serialize });

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];
const definedTransitions = (node: AnyStateNode): AnyTransitionDefinition[] =>
  stateNodes(node).flatMap((n) => [...[...n.transitions.values()].flat(), ...(n.always ?? [])]);
const describeTransition = (t: AnyTransitionDefinition) =>
  `${t.source.id} —${t.eventType}→ ${t.target?.map((n) => n.id).join(',') ?? '(stays)'}`;

/** The steps of a path without the machine's own start event. */
const userEvents = (steps: readonly { event: PushConnectionEvent | { type: 'xstate.init' } }[]) =>
  steps.flatMap((st) => (st.event.type === 'xstate.init' ? [] : [st.event as PushConnectionEvent]));

/** Timers each state must have pending, and whether its socket is open. */
function expectedEffects(s: Snapshot) {
  if (s.matches({ connected: 'alive' })) return { timers: ['heartbeat', 'silence'], socket: true };
  if (s.matches({ connected: 'awaitingReply' })) return { timers: ['reply', 'silence'], socket: true };
  if (s.matches('waitingToReconnect')) return { timers: ['reconnect'], socket: false };
  return { timers: [], socket: s.matches('connecting') || s.matches('authenticating') };
}

/** What the spec asks of each event, whatever the state it arrives in (spec 000 §9). */
function expectSpec(
  before: Snapshot,
  event: PushConnectionEvent,
  after: Snapshot,
  calls: { name: string; params: unknown }[],
) {
  const names = calls.map((c) => c.name);
  switch (event.type) {
    case 'push.message':
      if (event.messageType === 'login.expired') {
        expect(after.context.closeReason).toBe('loginExpired');
        expect(names).toContain('closeSocket');
        expect(names).not.toContain('raisePushEvent');
        expect(calls).toContainEqual({ name: 'raiseLoginExpired', params: { data: event.data } });
      } else {
        // Any other message restarts the heartbeat and the silence timer and reaches the app.
        expect(after.value).toEqual({ connected: 'alive' });
        expect(calls).toContainEqual({ name: 'scheduleHeartbeat', params: { ms: 240000 } });
        expect(calls).toContainEqual({ name: 'scheduleSilence', params: { ms: 15000 } });
        expect(calls).toContainEqual({
          name: 'raisePushEvent',
          params: { messageType: event.messageType, data: event.data },
        });
      }
      break;
    case 'push.error':
    case 'push.closed':
      expect(after.value).toBe('waitingToReconnect');
      expect(calls.filter((c) => c.name === 'scheduleReconnect')).toEqual(
        // Only one reconnect is pending at a time.
        // the n-th attempt since the channel was live waits the n-th step: 0, 1, 2, 5, 10, 30 s
        before.matches('waitingToReconnect')
          ? []
          : [
              {
                name: 'scheduleReconnect',
                params: { ms: [0, 1000, 2000, 5000, 10000, 30000][Math.min(before.context.attempts, 5)] },
              },
            ],
      );
      break;
    case 'push.rejected':
      expect(after.value).toBe('closed');
      expect(after.context.closeReason).toBe('unauthorized');
      break;
    case 'push.replyTimeout':
    case 'push.silent':
      // A beat without reply, or a channel silent for 15 s (half-open): closed and reopened at once.
      expect(after.value).toBe('connecting');
      expect(after.context.attempts).toBe(before.context.attempts + 1);
      expect(names.indexOf('closeSocket')).toBeLessThan(names.indexOf('openSocket'));
      expect(names.indexOf('closeSocket')).toBeGreaterThanOrEqual(0);
      break;
    case 'push.reconnectDue':
    case 'push.online':
      expect(after.value).toBe('connecting');
      expect(names).toContain('openSocket');
      break;
    case 'push.tabHidden':
      expect(after.value).toEqual(before.value);
      expect(names).toEqual(['flushLogs']);
      break;
    case 'push.stop':
      expect(after.value).toBe('stopped');
      break;
    default:
      expect(names).not.toContain('flushLogs');
  }
}

/**
 * The system under test: a real actor whose effects keep a ledger of what the real ones would hold
 * (pending timers, the open socket) instead of touching the network.
 */
function startSut() {
  const calls: { name: string; params: unknown }[] = [];
  const timers = new Set<string>();
  const violations: string[] = [];
  let socketOpen = false;
  const impl: Record<string, (params: unknown) => void> = {
    openSocket: () => {
      if (socketOpen) violations.push('opened a second socket');
      socketOpen = true;
    },
    closeSocket: () => {
      socketOpen = false;
    },
    scheduleHeartbeat: () => timers.add('heartbeat'),
    scheduleReplyTimeout: () => timers.add('reply'),
    scheduleSilence: () => timers.add('silence'),
    cancelReplyTimeout: () => timers.delete('reply'),
    scheduleReconnect: () => {
      if (timers.has('reconnect')) violations.push('a second reconnect scheduled');
      timers.add('reconnect');
    },
    cancelTimers: () => timers.clear(),
    sendAuth: () => undefined,
    sendHeartbeat: () => undefined,
    raisePushEvent: () => undefined,
    raiseLoginExpired: () => undefined,
    flushLogs: () => undefined,
  };
  const actions = Object.fromEntries(
    Object.entries(impl).map(([name, run]) => [
      name,
      (_: unknown, params: unknown) => {
        calls.push({ name, params });
        run(params);
      },
    ]),
  );
  const actor = createActor(pushConnectionMachine.provide({ actions: actions as never })).start();
  const firedBy: Partial<Record<PushConnectionEvent['type'], string>> = {
    'push.heartbeatDue': 'heartbeat',
    'push.replyTimeout': 'reply',
    'push.reconnectDue': 'reconnect',
    'push.silent': 'silence',
  };
  const send = (event: PushConnectionEvent) => {
    const timer = firedBy[event.type];
    if (timer) {
      // A timer event is only real if the machine had scheduled that timer.
      expect([...timers], `${event.type} needs a pending ${timer} timer`).toContain(timer);
      timers.delete(timer);
    }
    actor.send(event);
  };
  const checkLedger = () => {
    const expected = expectedEffects(actor.getSnapshot());
    expect([...timers].sort()).toEqual(expected.timers);
    expect(socketOpen).toBe(expected.socket);
    expect(violations).toEqual([]);
  };
  const called = (name: string) => calls.filter((c) => c.name === name);
  return { actor, send, calls, called, checkLedger };
}

describe('push connection machine, model-based paths', () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = paths.flatMap((path) => eventsFor(path.state).map((event) => ({ path, event })));

  it('reaches every state node', () => {
    const reached = new Set(paths.flatMap((p) => Object.keys(p.state.getMeta())));
    const all = stateNodes(pushConnectionMachine.root).filter((n) => n !== pushConnectionMachine.root);
    expect([...reached].sort()).toEqual(all.map((n) => n.id).sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(
      cases.flatMap((c) => pushConnectionMachine.getTransitionData(c.path.state, c.event)),
    );
    const missed = definedTransitions(pushConnectionMachine.root).filter((t) => !taken.has(t));
    expect(missed.map(describeTransition)).toEqual([]);
  });

  const label = (s: Snapshot) => JSON.stringify(s.value).replaceAll('"', '');
  for (const { path, event } of cases) {
    const via = userEvents(path.steps)
      .map((e) => e.type.replace('push.', ''))
      .join('→');
    const what = event.type === 'push.message' ? `message:${event.messageType}` : event.type;
    it(`${label(path.state)} (${via}) —${what}→`, () => {
      const sut = startSut();
      for (const e of userEvents(path.steps)) sut.send(e);
      // The actor's own snapshot: the model's may stand for several alike (see serialize).
      const before = sut.actor.getSnapshot();
      const callsBefore = sut.calls.length;
      sut.send(event);
      // Ignored events (a second error while waiting) are not in the model's graph: the state stays.
      const [next] = transition(pushConnectionMachine, before, event);
      const after = sut.actor.getSnapshot();
      expect(after.value).toEqual(next.value);
      sut.checkLedger();
      expectSpec(before, event, after, sut.calls.slice(callsBefore));
      sut.actor.stop();
    });
  }

  for (const path of paths) {
    const events = userEvents(path.steps);
    it(`path to ${label(path.state)}: ${events.map((e) => e.type.replace('push.', '')).join(' → ')}`, async () => {
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
            ({ event }: { event: PushConnectionEvent }) => sut.send(event),
          ]),
        ) as never,
      });
      // Spec 000 §9 timings, whatever the path.
      for (const c of sut.called('scheduleHeartbeat')) expect(c.params).toEqual({ ms: 240000 });
      for (const c of sut.called('scheduleReplyTimeout')) expect(c.params).toEqual({ ms: 30000 });
      for (const c of sut.called('scheduleSilence')) expect(c.params).toEqual({ ms: 15000 });
      // never above the spec's 30 s
      for (const c of sut.called('scheduleReconnect'))
        expect((c.params as { ms: number }).ms).toBeLessThanOrEqual(30000);
      for (const c of sut.called('sendAuth')) expect(c.params).toEqual({ token: TOKEN });
      expect(sut.called('sendHeartbeat')).toHaveLength(
        events.filter((e) => e.type === 'push.heartbeatDue').length,
      );
      expect(sut.called('flushLogs')).toHaveLength(events.filter((e) => e.type === 'push.tabHidden').length);
      const raised = events.flatMap((e) =>
        e.type === 'push.message' && e.messageType !== 'login.expired'
          ? [{ messageType: e.messageType, data: e.data }]
          : [],
      );
      expect(sut.called('raisePushEvent').map((c) => c.params)).toEqual(raised);
      expect(sut.called('raiseLoginExpired')).toHaveLength(
        events.filter((e) => e.type === 'push.message' && e.messageType === 'login.expired').length,
      );
      const end = sut.actor.getSnapshot();
      const last = events.at(-1);
      if (end.matches('closed'))
        expect(end.context.closeReason).toBe(
          last?.type === 'push.rejected' ? 'unauthorized' : 'loginExpired',
        );
      if (end.matches('stopped')) expect(end.context.closeReason).toBe('stopped');
      sut.actor.stop();
    });
  }
});

describe('push connection rules', () => {
  const connected = () => {
    const sut = startSut();
    sut.send({ type: 'push.start', token: TOKEN });
    sut.send({ type: 'push.opened' });
    sut.send({ type: 'push.authOk' });
    return sut;
  };

  it('schedules one reconnect however many errors and closes follow', () => {
    const sut = connected();
    sut.send({ type: 'push.error' });
    sut.send({ type: 'push.closed' });
    sut.send({ type: 'push.error' });
    expect(sut.called('scheduleReconnect')).toHaveLength(1);
    sut.send({ type: 'push.reconnectDue' });
    expect(sut.actor.getSnapshot().value).toBe('connecting');
    expect(sut.actor.getSnapshot().context.attempts).toBe(1);
    sut.checkLedger();
  });

  it('does not reconnect after the login expired or the token was refused', () => {
    const expired = connected();
    expired.send(message('login.expired', 42));
    expect(expired.actor.getSnapshot().context).toMatchObject({
      closeReason: 'loginExpired',
      lastMessageAt: 42,
    });
    expired.send({ type: 'push.error' });
    expired.send({ type: 'push.online' });
    expect(expired.actor.getSnapshot().value).toBe('closed');
    expect(expired.called('scheduleReconnect')).toHaveLength(0);
    expect(expired.called('raisePushEvent')).toHaveLength(0);

    const refused = startSut();
    refused.send({ type: 'push.start', token: TOKEN });
    refused.send({ type: 'push.opened' });
    refused.send({ type: 'push.rejected' });
    expect(refused.actor.getSnapshot().context.closeReason).toBe('unauthorized');
    expect(refused.called('openSocket')).toHaveLength(1);
  });

  it('counts reopen attempts until the channel is authenticated again', () => {
    const sut = connected();
    sut.send({ type: 'push.heartbeatDue' });
    sut.send({ type: 'push.replyTimeout' });
    sut.send({ type: 'push.error' });
    sut.send({ type: 'push.online' });
    expect(sut.actor.getSnapshot().context.attempts).toBe(2);
    sut.send({ type: 'push.opened' });
    sut.send({ type: 'push.authOk' });
    expect(sut.actor.getSnapshot().context.attempts).toBe(0);
  });
});

describe('push connection with the real timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * `spec: true` runs the spec's own heartbeat rule alone (no silence timer): with the silence rule, a
   * channel without messages is reopened after 15 s, long before a 240 s beat is due.
   */
  function run({ spec = false } = {}) {
    vi.useFakeTimers();
    const counts = { openSocket: 0, closeSocket: 0, sendHeartbeat: 0 };
    const effects = pushTimerEffects();
    const actor = createActor(
      pushConnectionMachine.provide({
        actions: {
          ...effects,
          scheduleSilence: spec ? () => undefined : effects.scheduleSilence,
          openSocket: () => void counts.openSocket++,
          closeSocket: () => void counts.closeSocket++,
          sendHeartbeat: () => void counts.sendHeartbeat++,
        },
      }),
    ).start();
    const value = () => actor.getSnapshot().value;
    const connect = () => {
      actor.send({ type: 'push.opened' });
      actor.send({ type: 'push.authOk' });
    };
    actor.send({ type: 'push.start', token: TOKEN });
    connect();
    return { actor, counts, value, connect };
  }

  it('reopens a channel silent for 15 s at once (half-open), and keeps one the server beats every 5 s', () => {
    const { actor, counts, value } = run();
    for (let i = 0; i < 60; i++) {
      vi.advanceTimersByTime(5_000);
      actor.send(message('heartbeat', i));
    }
    expect(value()).toEqual({ connected: 'alive' });
    expect(counts).toEqual({ openSocket: 1, closeSocket: 0, sendHeartbeat: 0 });
    vi.advanceTimersByTime(14_999);
    expect(value()).toEqual({ connected: 'alive' });
    vi.advanceTimersByTime(1);
    expect(value()).toBe('connecting');
    expect(counts).toEqual({ openSocket: 2, closeSocket: 1, sendHeartbeat: 0 });
    expect(actor.getSnapshot().context.attempts).toBe(1);
  });

  it('beats every 240 s and reopens the socket when a beat gets no reply within 30 s', () => {
    const { counts, value } = run({ spec: true });
    vi.advanceTimersByTime(239_999);
    expect(counts.sendHeartbeat).toBe(0);
    vi.advanceTimersByTime(1);
    expect(counts.sendHeartbeat).toBe(1);
    expect(value()).toEqual({ connected: 'awaitingReply' });
    vi.advanceTimersByTime(29_999);
    expect(counts.openSocket).toBe(1);
    vi.advanceTimersByTime(1);
    expect(value()).toBe('connecting');
    expect(counts).toEqual({ openSocket: 2, closeSocket: 1, sendHeartbeat: 1 });
  });

  it('starts the heartbeat over on every server message', () => {
    const { actor, counts, value } = run({ spec: true });
    vi.advanceTimersByTime(200_000);
    actor.send(message('notice'));
    vi.advanceTimersByTime(200_000);
    expect(counts.sendHeartbeat).toBe(0);
    vi.advanceTimersByTime(40_000);
    expect(counts.sendHeartbeat).toBe(1);
    actor.send(message('heartbeat'));
    vi.advanceTimersByTime(30_000);
    expect(value()).toEqual({ connected: 'alive' });
    expect(counts.openSocket).toBe(1);
  });

  it('reconnects at once after a loss, then backs off about 1, 2, 5, 10 and 30 s; live again starts over', () => {
    const { actor, counts, value, connect } = run();
    actor.send({ type: 'push.error' });
    actor.send({ type: 'push.closed' });
    // the first attempt goes at once (a 0 ms timer)
    vi.advanceTimersByTime(0);
    expect(value()).toBe('connecting');
    expect(counts.openSocket).toBe(2);
    // each failed attempt waits longer, spread by at most ±20 %, never above 30 s
    for (const [step, nominal] of [1_000, 2_000, 5_000, 10_000, 30_000, 30_000].entries()) {
      actor.send({ type: 'push.error' });
      vi.advanceTimersByTime(Math.floor(nominal * 0.8) - 1);
      expect(value(), `attempt ${step + 2} waits at least 80 % of ${nominal} ms`).toBe('waitingToReconnect');
      vi.advanceTimersByTime(Math.min(30_000, Math.ceil(nominal * 1.2)) - Math.floor(nominal * 0.8) + 1);
      expect(value(), `attempt ${step + 2} goes within 120 % of ${nominal} ms`).toBe('connecting');
    }
    expect(counts.openSocket).toBe(8);

    // live again: the next loss is retried at once
    connect();
    actor.send({ type: 'push.closed' });
    vi.advanceTimersByTime(0);
    expect(value()).toBe('connecting');

    // the browser back online does not wait for the timer
    actor.send({ type: 'push.error' });
    actor.send({ type: 'push.online' });
    expect(value()).toBe('connecting');
  });

  it('leaves no timer behind when stopped', () => {
    const { actor } = run();
    expect(vi.getTimerCount()).toBe(2);
    actor.send({ type: 'push.stop' });
    expect(vi.getTimerCount()).toBe(0);
    expect(actor.getSnapshot().value).toBe('stopped');
  });
});
