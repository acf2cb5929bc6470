import { describe, expect, it } from 'vitest';
import {
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type SnapshotFrom,
  transition,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  type BrokerConnectionEvent,
  brokerConnectionMachine,
  type Qos,
} from '../../machines/brokerConnectionMachine.js';

type Snapshot = SnapshotFrom<typeof brokerConnectionMachine>;
const TOPIC = 'org/1/alarm';
const connect = {
  type: 'broker.connect',
  url: 'ws://console.test/mqtt',
  username: 'console',
  password: 'tok',
} as const;

/** What the app and the mqtt.js client may do in each state. */
function eventsFor(s: Snapshot): BrokerConnectionEvent[] {
  const remembering: BrokerConnectionEvent[] = [
    { type: 'broker.subscribe', topic: TOPIC, qos: 1 },
    { type: 'broker.unsubscribe', topic: TOPIC },
  ];
  if (s.matches('idle') || s.matches('ended')) return [connect, ...remembering];
  return [
    { type: 'broker.connected' },
    // The SUBACK of this connection's re-subscriptions, and a late one of the connection before.
    { type: 'broker.subscribed', connection: s.context.connections },
    ...(s.context.connections > 1
      ? [{ type: 'broker.subscribed', connection: s.context.connections - 1 } as const]
      : []),
    { type: 'broker.reconnecting' },
    { type: 'broker.close' },
    { type: 'broker.offline' },
    { type: 'broker.end' },
    { type: 'broker.stop' },
    { type: 'broker.error', message: 'Connection refused: Server unavailable' },
    { type: 'broker.message', topic: TOPIC, message: '{"recordId":1}' },
    { type: 'broker.publish', topic: 'org/1/device/7/call', qos: 1, payload: '{"ack":true}' },
    ...remembering,
  ];
}

const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, Math.min(s.context.connections, 2), s.context.subscriptions]);
const model = createTestModel(brokerConnectionMachine, { events: eventsFor, serializeState: serialize });

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];
const definedTransitions = (node: AnyStateNode): AnyTransitionDefinition[] =>
  stateNodes(node).flatMap((n) => [...[...n.transitions.values()].flat(), ...(n.always ?? [])]);
const describeTransition = (t: AnyTransitionDefinition) =>
  `${t.source.id} —${t.eventType}→ ${t.target?.map((n) => n.id).join(',') ?? '(stays)'}`;
const userEvents = (steps: readonly { event: BrokerConnectionEvent | { type: 'xstate.init' } }[]) =>
  steps.flatMap((st) => (st.event.type === 'xstate.init' ? [] : [st.event as BrokerConnectionEvent]));

/**
 * The system under test: a real actor whose effects keep a ledger of the broker's side of a clean
 * session (what it has subscribed for this client), instead of a network.
 */
function startSut() {
  const calls: { name: string; params: unknown }[] = [];
  const violations: string[] = [];
  const onBroker = new Map<string, Qos>();
  let client = false;
  let linked = false;
  const needsLink = (what: string) => {
    if (!linked) violations.push(`${what} while disconnected`);
  };
  const impl: Record<string, (params: never) => void> = {
    connectClient: () => {
      if (client) violations.push('a second client');
      client = true;
    },
    endClient: () => {
      client = false;
    },
    subscribe: ({ topic, qos }: { topic: string; qos: Qos }) => {
      needsLink('subscribe');
      onBroker.set(topic, qos);
    },
    unsubscribe: ({ topic }: { topic: string }) => {
      needsLink('unsubscribe');
      onBroker.delete(topic);
    },
    resubscribeAll: ({ subscriptions }: { subscriptions: Record<string, Qos> }) => {
      needsLink('resubscribe');
      for (const [topic, qos] of Object.entries(subscriptions)) onBroker.set(topic, qos);
    },
    publish: () => {
      if (!client) violations.push('publish without a client');
    },
    raiseReconnectEvent: () => needsLink('reconnect event'),
    broadcastMessage: () => undefined,
  };
  const actions = Object.fromEntries(
    Object.entries(impl).map(([name, run]) => [
      name,
      (_: unknown, params: unknown) => {
        calls.push({ name, params });
        run(params as never);
      },
    ]),
  );
  const actor = createActor(brokerConnectionMachine.provide({ actions: actions as never })).start();
  const send = (event: BrokerConnectionEvent) => {
    // What the client's own events mean on the broker's side.
    if (event.type === 'broker.connected') linked = true;
    if (['broker.close', 'broker.offline', 'broker.reconnecting', 'broker.end'].includes(event.type)) {
      linked = false;
      onBroker.clear();
    }
    if (event.type === 'broker.end') client = false;
    actor.send(event);
  };
  const checkLedger = () => {
    const s = actor.getSnapshot();
    expect(violations).toEqual([]);
    expect(client).toBe(!s.matches('idle') && !s.matches('ended'));
    // Connected, the broker holds exactly the topics the app asked for.
    if (s.matches('connected')) expect(Object.fromEntries(onBroker)).toEqual(s.context.subscriptions);
  };
  return { actor, send, calls, checkLedger };
}

/** What each event must do, whatever the state it arrives in (spec 000 §9). */
function expectSpec(
  before: Snapshot,
  event: BrokerConnectionEvent,
  after: Snapshot,
  calls: { name: string; params: unknown }[],
) {
  const names = calls.map((c) => c.name);
  const hasClient = !before.matches('idle') && !before.matches('ended');
  switch (event.type) {
    case 'broker.connect':
      expect(calls).toEqual([
        {
          name: 'connectClient',
          params: {
            url: connect.url,
            username: 'console',
            password: 'tok',
            connectTimeout: 4000,
            reconnectPeriod: 4000,
            keepalive: 10,
            resubscribe: false,
          },
        },
      ]);
      break;
    case 'broker.connected':
      if (before.matches('connected')) break;
      // Re-subscribed, but not live, and the app not told, until the broker acknowledges.
      expect(after.value).toEqual({ connected: 'subscribing' });
      expect(calls).toEqual([
        {
          name: 'resubscribeAll',
          params: { subscriptions: before.context.subscriptions, connection: before.context.connections + 1 },
        },
      ]);
      break;
    case 'broker.subscribed':
      if (before.matches({ connected: 'subscribing' }) && event.connection === before.context.connections) {
        expect(after.value).toEqual({ connected: 'live' });
        expect(names).toEqual(before.context.connections > 1 ? ['raiseReconnectEvent'] : []);
      } else {
        // Early, late or for a connection that dropped: nothing happens.
        expect(after.value).toEqual(before.value);
        expect(names).toEqual([]);
      }
      break;
    case 'broker.reconnecting':
    case 'broker.close':
    case 'broker.offline':
      expect(after.value).toBe(
        { 'broker.reconnecting': 'reconnecting', 'broker.close': 'closed', 'broker.offline': 'offline' }[
          event.type
        ],
      );
      expect(names).toEqual([]);
      break;
    case 'broker.end':
    case 'broker.stop':
      expect(after.value).toBe('ended');
      expect(after.context.subscriptions).toEqual({});
      expect(names).toEqual(event.type === 'broker.stop' ? ['endClient'] : []);
      break;
    case 'broker.subscribe':
      expect(after.context.subscriptions[event.topic]).toBe(event.qos);
      expect(names).toEqual(before.matches('connected') ? ['subscribe'] : []);
      break;
    case 'broker.unsubscribe':
      expect(after.context.subscriptions).not.toHaveProperty(event.topic);
      expect(names).toEqual(before.matches('connected') ? ['unsubscribe'] : []);
      break;
    case 'broker.publish':
      expect(calls).toEqual(
        hasClient
          ? [{ name: 'publish', params: { topic: event.topic, qos: event.qos, payload: event.payload } }]
          : [],
      );
      break;
    case 'broker.message':
      expect(calls).toEqual([
        { name: 'broadcastMessage', params: { topic: event.topic, message: event.message } },
      ]);
      break;
    case 'broker.error':
      expect(after.context.lastError).toBe(event.message);
      expect(after.value).toEqual(before.value);
      break;
  }
}

describe('broker connection machine, model-based paths', () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = paths.flatMap((path) => eventsFor(path.state).map((event) => ({ path, event })));

  it('reaches every state node', () => {
    const reached = new Set(paths.flatMap((p) => Object.keys(p.state.getMeta())));
    const all = stateNodes(brokerConnectionMachine.root).filter((n) => n !== brokerConnectionMachine.root);
    expect([...reached].sort()).toEqual(all.map((n) => n.id).sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(
      cases.flatMap((c) => brokerConnectionMachine.getTransitionData(c.path.state, c.event)),
    );
    const missed = definedTransitions(brokerConnectionMachine.root).filter((t) => !taken.has(t));
    expect(missed.map(describeTransition)).toEqual([]);
  });

  const label = (s: Snapshot) =>
    `${String(s.value)}${s.context.connections > 0 ? '*' : ''}${Object.keys(s.context.subscriptions).length ? '+sub' : ''}`;
  for (const { path, event } of cases) {
    const via = userEvents(path.steps)
      .map((e) => e.type.replace('broker.', ''))
      .join('→');
    it(`${label(path.state)} (${via}) —${event.type.replace('broker.', '')}→`, () => {
      const sut = startSut();
      for (const e of userEvents(path.steps)) sut.send(e);
      // The actor's own snapshot: the model's may stand for several alike (see serialize).
      const before = sut.actor.getSnapshot();
      const callsBefore = sut.calls.length;
      sut.send(event);
      const [next] = transition(brokerConnectionMachine, before, event);
      const after = sut.actor.getSnapshot();
      expect(after.value).toEqual(next.value);
      sut.checkLedger();
      expectSpec(before, event, after, sut.calls.slice(callsBefore));
      sut.actor.stop();
    });
  }

  for (const path of paths) {
    const events = userEvents(path.steps);
    it(`path to ${label(path.state)}: ${events.map((e) => e.type.replace('broker.', '')).join(' → ')}`, async () => {
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
            ({ event }: { event: BrokerConnectionEvent }) => sut.send(event),
          ]),
        ) as never,
      });
      // One app-wide reconnect event per acknowledged return to the broker after the first connection.
      let connections = 0;
      let linked = false;
      let awaiting = false;
      let reconnects = 0;
      for (const e of events) {
        if (e.type === 'broker.connect') connections = 0;
        if (e.type === 'broker.connected' && !linked) {
          connections++;
          linked = awaiting = true;
        }
        if (
          ['broker.close', 'broker.offline', 'broker.reconnecting', 'broker.end', 'broker.stop'].includes(
            e.type,
          )
        )
          linked = awaiting = false;
        if (e.type === 'broker.subscribed' && awaiting && e.connection === connections) {
          awaiting = false;
          if (connections > 1) reconnects++;
        }
      }
      expect(sut.calls.filter((c) => c.name === 'raiseReconnectEvent')).toHaveLength(reconnects);
      sut.actor.stop();
    });
  }
});

describe('broker connection rules', () => {
  it('re-subscribes every topic with its latest qos after a reconnect, then raises the reconnect event', () => {
    const sut = startSut();
    sut.send(connect);
    sut.send({ type: 'broker.subscribe', topic: 'org/1/alarm', qos: 1 });
    sut.send({ type: 'broker.connected' });
    sut.send({ type: 'broker.subscribe', topic: 'org/1/position/+', qos: 0 });
    sut.send({ type: 'broker.subscribe', topic: 'org/1/alarm', qos: 2 });
    sut.send({ type: 'broker.close' });
    sut.send({ type: 'broker.subscribe', topic: 'org/1/device/+/call', qos: 1 });
    sut.send({ type: 'broker.unsubscribe', topic: 'org/1/position/+' });
    sut.send({ type: 'broker.offline' });
    sut.send({ type: 'broker.reconnecting' });
    const before = sut.calls.length;
    sut.send({ type: 'broker.connected' });
    expect(sut.calls.slice(before)).toEqual([
      {
        name: 'resubscribeAll',
        params: { subscriptions: { 'org/1/alarm': 2, 'org/1/device/+/call': 1 }, connection: 2 },
      },
    ]);
    // The app is told only once the broker has acknowledged this connection's subscriptions.
    sut.send({ type: 'broker.subscribed', connection: 1 });
    expect(sut.actor.getSnapshot().value).toEqual({ connected: 'subscribing' });
    sut.send({ type: 'broker.subscribed', connection: 2 });
    expect(sut.actor.getSnapshot().value).toEqual({ connected: 'live' });
    expect(sut.calls.slice(before).map((c) => c.name)).toEqual(['resubscribeAll', 'raiseReconnectEvent']);
    sut.checkLedger();
  });

  it('waits for the acknowledgement of the connection now open, not of one that dropped', () => {
    const sut = startSut();
    sut.send(connect);
    sut.send({ type: 'broker.subscribe', topic: 'org/1/alarm', qos: 1 });
    sut.send({ type: 'broker.connected' });
    sut.send({ type: 'broker.subscribed', connection: 1 });
    sut.send({ type: 'broker.close' });
    sut.send({ type: 'broker.connected' });
    // mqtt.js fails the dropped connection's pending subscription late: still not live.
    sut.send({ type: 'broker.subscribed', connection: 1 });
    expect(sut.actor.getSnapshot().value).toEqual({ connected: 'subscribing' });
    expect(sut.calls.map((c) => c.name)).not.toContain('raiseReconnectEvent');
    sut.send({ type: 'broker.subscribed', connection: 2 });
    expect(sut.calls.map((c) => c.name)).toContain('raiseReconnectEvent');
  });

  it('raises no reconnect event when the first connection only succeeds on a retry', () => {
    const sut = startSut();
    sut.send(connect);
    sut.send({ type: 'broker.close' });
    sut.send({ type: 'broker.reconnecting' });
    sut.send({ type: 'broker.connected' });
    expect(sut.calls.map((c) => c.name)).not.toContain('raiseReconnectEvent');
    expect(sut.actor.getSnapshot().context.connections).toBe(1);
  });
});
