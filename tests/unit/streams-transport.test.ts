import { EventEmitter } from 'node:events';
import type { MqttClient } from 'mqtt';
import { TestScheduler } from 'rxjs/testing';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ServerPushMessage } from '../../domain/push.js';
import { topicMatches } from '../../streams/payload.js';
import {
  type BrokerClient,
  type BrokerLifecycle,
  type BrokerMessage,
  brokerTransport,
  type ConnectionState,
  PUSH_RECONNECT,
  type PushLifecycle,
  pushTransport,
  reconnectsOf,
} from '../../streams/transport.js';

/** Enough of a browser WebSocket for reconnecting-websocket, driven by the test as the server. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readonly OPEN = 1;
  readonly CLOSED = 3;
  readyState = FakeSocket.CONNECTING;
  binaryType = 'blob';
  bufferedAmount = 0;
  readonly sent: string[] = [];

  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }
  close(code = 1000) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  deliver(data: string | ArrayBuffer) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const latestSocket = () => {
  const socket = FakeSocket.instances.at(-1);
  if (socket === undefined) throw new Error('no socket opened');
  return socket;
};
const sentOn = (socket: FakeSocket) => socket.sent.map((frame) => JSON.parse(frame) as unknown);
const heartbeat = { type: 'heartbeat' } as const;

describe('pushTransport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function open(token: () => string) {
    const transport = pushTransport({
      url: 'ws://console.test/push',
      token,
      WebSocket: FakeSocket,
      reconnect: { minReconnectionDelay: 100 },
    });
    const states: ConnectionState[] = [];
    const messages: ServerPushMessage[] = [];
    transport.state$.subscribe((state) => states.push(state));
    transport.messages$.subscribe((message) => messages.push(message));
    return { transport, states, messages };
  }

  it('authenticates first, then flushes what was sent while connecting, bounded', async () => {
    const { transport, states } = open(() => 'token-1');
    for (let i = 0; i < PUSH_RECONNECT.maxEnqueuedMessages + 50; i++) transport.send(heartbeat);
    await vi.advanceTimersByTimeAsync(0);
    const socket = latestSocket();
    expect(socket.url).toBe('ws://console.test/push');
    socket.accept();
    const sent = sentOn(socket);
    expect(sent[0]).toEqual({ type: 'auth', token: 'token-1' });
    expect(sent).toHaveLength(1 + PUSH_RECONNECT.maxEnqueuedMessages);
    expect(sent.slice(1).every((frame) => JSON.stringify(frame) === JSON.stringify(heartbeat))).toBe(true);
    transport.send(heartbeat);
    expect(socket.sent).toHaveLength(2 + PUSH_RECONNECT.maxEnqueuedMessages);
    expect(states).toEqual(['connecting', 'open']);
    transport.close();
  });

  it('re-authenticates with the current token on every new socket', async () => {
    let token = 'token-1';
    const { transport, states } = open(() => token);
    await vi.advanceTimersByTimeAsync(0);
    const first = latestSocket();
    first.accept();
    token = 'token-2';
    first.close(1006);
    expect(states).toEqual(['connecting', 'open', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT.maxReconnectionDelay);
    const second = latestSocket();
    expect(second).not.toBe(first);
    second.accept();
    expect(sentOn(second)).toEqual([{ type: 'auth', token: 'token-2' }]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    transport.close();
  });

  it('passes only messages that match the push schema', async () => {
    const { transport, messages } = open(() => 'token-1');
    await vi.advanceTimersByTimeAsync(0);
    const socket = latestSocket();
    socket.accept();
    socket.deliver('{"type":"auth.ok"}');
    socket.deliver('not json');
    socket.deliver('{"type":"alarm.created","data":{"recordId":1}}');
    socket.deliver('{"type":"unknown.type","data":{}}');
    socket.deliver('{"type":"heartbeat"}');
    socket.deliver(new TextEncoder().encode('{"type":"heartbeat","data":{"ts":5}}').buffer);
    expect(messages).toEqual([{ type: 'auth.ok' }, { type: 'heartbeat', data: { ts: 5 } }]);
    transport.close();
  });

  it('close() is final: closed state, completed streams, no new socket', async () => {
    const { transport, states } = open(() => 'token-1');
    const completed = vi.fn();
    transport.messages$.subscribe({ complete: completed });
    await vi.advanceTimersByTimeAsync(0);
    latestSocket().accept();
    transport.close();
    transport.reconnect();
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT.maxReconnectionDelay * 2);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(states).toEqual(['connecting', 'open', 'closed']);
    expect(completed).toHaveBeenCalledOnce();
  });

  it('without a token sends nothing itself, and tells each open, error and close with its code', async () => {
    const attempt = () => {
      const transport = pushTransport({
        url: 'ws://console.test/push',
        WebSocket: FakeSocket,
        reconnect: { maxRetries: 0 },
      });
      const lifecycle: PushLifecycle[] = [];
      transport.lifecycle$.subscribe((event) => lifecycle.push(event));
      return { transport, lifecycle };
    };
    const refused = attempt();
    await vi.advanceTimersByTimeAsync(0);
    const socket = latestSocket();
    expect(refused.transport.isOpen()).toBe(false);
    socket.accept();
    expect(refused.transport.isOpen()).toBe(true);
    expect(socket.sent).toEqual([]);
    socket.close(4401);
    expect(refused.lifecycle).toEqual([{ type: 'open' }, { type: 'close', code: 4401 }]);
    // one attempt only: a caller that owns the policy (the console's push machine) connects again itself
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT.maxReconnectionDelay * 2);
    expect(FakeSocket.instances).toHaveLength(1);
    const completed = vi.fn();
    refused.transport.lifecycle$.subscribe({ complete: completed });
    refused.transport.close();
    expect(completed).toHaveBeenCalledOnce();
    expect(refused.lifecycle).toHaveLength(2);

    const failed = attempt();
    await vi.advanceTimersByTimeAsync(0);
    latestSocket().dispatchEvent(new Event('error'));
    expect(failed.lifecycle).toContainEqual({ type: 'error' });
    failed.transport.close();
  });
});

class FakeMqttClient extends EventEmitter {
  connected = false;
  readonly subscribe = vi.fn();
  readonly unsubscribe = vi.fn();
}

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('brokerTransport', () => {
  it('accepts an mqtt.js client as it is typed', () => {
    expectTypeOf<MqttClient>().toExtend<BrokerClient>();
  });

  it('reports the client lifecycle as connection states and completes at end', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ expectObservable }) => {
      const client = new FakeMqttClient();
      const broker = brokerTransport(client);
      const events = ['connect', 'close', 'offline', 'reconnect', 'connect', 'end'];
      for (const [i, event] of events.entries()) testScheduler.schedule(() => client.emit(event), i + 1);
      expectObservable(broker.state$).toBe('abcdeb(c|)', {
        a: 'connecting',
        b: 'open',
        c: 'closed',
        d: 'offline',
        e: 'reconnecting',
      });
      expectObservable(broker.messages$).toBe('------|');
    });
  });

  it('tells every lifecycle event, repeats and errors included, and completes at end', () => {
    const client = new FakeMqttClient();
    const broker = brokerTransport(client);
    const seen: BrokerLifecycle[] = [];
    let completed = false;
    broker.lifecycle$.subscribe({ next: (event) => seen.push(event), complete: () => (completed = true) });
    client.emit('close');
    client.emit('close');
    client.emit('error', new Error('Connection refused: Not authorized'));
    client.emit('connect');
    client.emit('end');
    expect(seen).toEqual([
      { type: 'close' },
      { type: 'close' },
      { type: 'error', message: 'Connection refused: Not authorized' },
      { type: 'connect' },
      { type: 'end' },
    ]);
    expect(completed).toBe(true);
    // every listener the transport added is gone with the end
    for (const event of ['connect', 'reconnect', 'close', 'offline', 'end', 'error'])
      expect(client.listenerCount(event)).toBe(0);
  });

  it('starts open for a client that is already connected', () => {
    scheduler().run(({ expectObservable }) => {
      const client = new FakeMqttClient();
      client.connected = true;
      expectObservable(brokerTransport(client).state$).toBe('o', { o: 'open' });
    });
  });

  it('subscribes a topic filter once while watched and passes only matching messages', () => {
    const testScheduler = scheduler();
    const client = new FakeMqttClient();
    testScheduler.run(({ expectObservable }) => {
      const broker = brokerTransport(client);
      const deliver = (frame: number, topic: string) =>
        testScheduler.schedule(() => client.emit('message', topic, Buffer.from(topic)), frame);
      deliver(1, 'org/7/position/3');
      deliver(2, 'org/7/alarm');
      deliver(3, 'org/8/position/3');
      deliver(4, 'org/7/position/4');
      const message = (topic: string): BrokerMessage => ({ topic, payload: Buffer.from(topic) });
      const watched = broker.watch('org/7/position/+');
      expect(broker.watch('org/7/position/+')).toBe(watched);
      expectObservable(watched, '^--!').toBe('-a-', { a: message('org/7/position/3') });
      expectObservable(watched, '^----!').toBe('-a--b', {
        a: message('org/7/position/3'),
        b: message('org/7/position/4'),
      });
      // A message and an unsubscription in the same frame: the message, scheduled first, still arrives.
      expectObservable(broker.messages$, '^--!').toBe('-abc', {
        a: message('org/7/position/3'),
        b: message('org/7/alarm'),
        c: message('org/8/position/3'),
      });
      testScheduler.schedule(() => {
        expect(client.subscribe).toHaveBeenCalledExactlyOnceWith('org/7/position/+');
        expect(client.unsubscribe).not.toHaveBeenCalled();
      }, 4);
    });
    expect(client.unsubscribe).toHaveBeenCalledExactlyOnceWith('org/7/position/+');
    expect(client.listenerCount('message')).toBe(0);
  });
});

describe('reconnectsOf', () => {
  it('emits at each open of either transport, the first included, not for a repeated open', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const states = { c: 'connecting', o: 'open', r: 'reconnecting', f: 'offline' } as const;
      const push = { state$: hot<ConnectionState>('-c-o-r--o', states) };
      const broker = { state$: hot<ConnectionState>('-c--o-o-f-o', states) };
      expectObservable(reconnectsOf(push, broker)).toBe('---xx---x-x', { x: undefined });
    });
  });
});

describe('topicMatches', () => {
  it.each([
    ['org/7/alarm', 'org/7/alarm', true],
    ['org/7/position/+', 'org/7/position/12', true],
    ['org/7/position/+', 'org/7/position/12/extra', false],
    ['org/7/#', 'org/7/device/3/vitals', true],
    ['org/7/#', 'org/7', true],
    ['org/7/#', 'org/8/alarm', false],
    ['org/+/alarm', 'org/7/alarm/x', false],
  ])('%s against %s is %s', (filter, topic, expected) => {
    expect(topicMatches(filter, topic)).toBe(expected);
  });
});
