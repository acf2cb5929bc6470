import ReconnectingWebSocket, { type Options as ReconnectOptions } from 'reconnecting-websocket';
import { BehaviorSubject, distinctUntilChanged, filter, map, merge, Observable, Subject, share } from 'rxjs';
import { Timing } from '../domain/http.js';
import { type ClientPushMessage, type ServerPushMessage, serverPushMessage } from '../domain/push.js';
import { parseJson, topicMatches } from './payload.js';

/** Connection presence as a value, not a guess (Foxglove's PlayerPresence). */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'reconnecting' | 'offline';

/** One data source, whatever carries it. */
export interface Transport<M> {
  readonly messages$: Observable<M>;
  /** Replays the current state to each subscriber (BehaviorSubject), then every change. */
  readonly state$: Observable<ConnectionState>;
}

/** Emits each time one of the transports becomes open, the first connect included: the resync trigger. */
export function reconnectsOf(...transports: readonly Pick<Transport<unknown>, 'state$'>[]): Observable<void> {
  return merge(
    ...transports.map((transport) =>
      transport.state$.pipe(
        distinctUntilChanged(),
        filter((state) => state === 'open'),
      ),
    ),
  ).pipe(map(() => undefined));
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

// ---------------------------------------------------------------------------------------------- push

/**
 * Reconnect policy of the push socket, spelled out rather than left to the library's defaults (whose
 * first delay is random and whose send queue is unbounded). The ceiling is the spec's reconnect delay.
 */
export const PUSH_RECONNECT = {
  minReconnectionDelay: 1_000,
  maxReconnectionDelay: Timing.reconnectDelayMs,
  reconnectionDelayGrowFactor: 1.5,
  /** A connection must stay up this long before the backoff starts again from the minimum. */
  minUptime: 5_000,
  connectionTimeout: Timing.brokerConnectTimeoutMs,
  maxRetries: Number.POSITIVE_INFINITY,
  /** Messages sent while disconnected wait here; beyond this they are dropped (heartbeats only go stale). */
  maxEnqueuedMessages: 100,
} as const satisfies ReconnectOptions;

/** The part of a WebSocket class this module touches itself; the class must still be a full WebSocket. */
export interface SocketLike {
  addEventListener(type: 'open', listener: () => void): void;
  send(data: string): void;
}
export type SocketClass = new (url: string, protocols?: string | string[]) => SocketLike;

export interface PushTransportOptions {
  url: string | (() => string);
  /**
   * Read at every open, so a reconnect authenticates with the session's current token. Left out when the
   * caller authenticates itself: the console's push machine sends its auth frame on `open`.
   */
  token?: () => string;
  /** Defaults to the global WebSocket; tests pass a fake. */
  WebSocket?: SocketClass;
  reconnect?: Partial<Record<keyof typeof PUSH_RECONNECT, number>>;
}

/**
 * What happened to the socket, as it happened, close code included: what a state machine that owns the
 * connection's policy (src/realtime/createRealtime.ts, machines/pushConnectionMachine.ts) is told.
 */
export type PushLifecycle = { type: 'open' } | { type: 'error' } | { type: 'close'; code: number };

export interface PushTransport extends Transport<ServerPushMessage> {
  readonly lifecycle$: Observable<PushLifecycle>;
  /** Whether a socket is open now; what is sent otherwise waits in the bounded queue. */
  readonly isOpen: () => boolean;
  send(message: ClientPushMessage): void;
  /** Drops the current socket and connects again at once (backoff reset). */
  reconnect(): void;
  /** Final: the state becomes 'closed' and both streams complete. */
  close(): void;
}

/**
 * Every socket the library opens authenticates first. The listener is added in the socket's constructor,
 * before reconnecting-websocket adds its own, so the auth frame precedes the library's queue flush.
 */
function authenticating(Base: SocketClass, token: () => string): SocketClass {
  return class AuthenticatingSocket extends Base {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('open', () => {
        const auth: ClientPushMessage = { type: 'auth', token: token() };
        this.send(JSON.stringify(auth));
      });
    }
  };
}

/** The push channel (docs/architecture.md, "Real-time conventions"): authenticated, validated, reconnecting. */
export function pushTransport(options: PushTransportOptions): PushTransport {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  if (Socket === undefined) throw new Error('pushTransport: no WebSocket implementation available');
  const messages = new Subject<ServerPushMessage>();
  const state = new BehaviorSubject<ConnectionState>('connecting');
  const lifecycle = new Subject<PushLifecycle>();
  let closed = false;

  const socket = new ReconnectingWebSocket(options.url, undefined, {
    ...PUSH_RECONNECT,
    ...options.reconnect,
    WebSocket: options.token ? authenticating(Socket, options.token) : Socket,
  });
  // Binary frames as ArrayBuffer can be decoded synchronously; Blobs could not.
  socket.binaryType = 'arraybuffer';
  socket.addEventListener('open', () => {
    state.next('open');
    lifecycle.next({ type: 'open' });
  });
  socket.addEventListener('error', () => {
    if (!closed) lifecycle.next({ type: 'error' });
  });
  socket.addEventListener('close', (event) => {
    if (closed) return;
    state.next(isOffline() ? 'offline' : 'reconnecting');
    lifecycle.next({ type: 'close', code: event.code });
  });
  socket.addEventListener('message', (event) => {
    const data: unknown = event.data;
    const text = typeof data === 'string' || data instanceof ArrayBuffer ? data : undefined;
    const parsed = serverPushMessage.safeParse(text === undefined ? undefined : parseJson(text));
    if (parsed.success) messages.next(parsed.data);
  });

  return {
    messages$: messages.asObservable(),
    state$: state.pipe(distinctUntilChanged()),
    lifecycle$: lifecycle.asObservable(),
    isOpen: () => socket.readyState === socket.OPEN,
    send: (message) => socket.send(JSON.stringify(message)),
    reconnect: () => {
      if (!closed) socket.reconnect();
    },
    close: () => {
      if (closed) return;
      closed = true;
      socket.close();
      state.next('closed');
      state.complete();
      messages.complete();
      lifecycle.complete();
    },
  };
}

// -------------------------------------------------------------------------------------------- broker

export interface BrokerMessage {
  topic: string;
  payload: Uint8Array | string;
}

type Lifecycle = 'connect' | 'reconnect' | 'close' | 'offline' | 'end';
type MessageListener = (topic: string, payload: Uint8Array) => void;
type ErrorListener = (error: Error) => void;

/** The client's lifecycle events one by one (errors too), for a machine that follows each of them. */
export type BrokerLifecycle = { type: Lifecycle } | { type: 'error'; message: string };

/** What brokerTransport needs of an mqtt.js MqttClient; an EventEmitter-based fake satisfies it too. */
export interface BrokerClient {
  readonly connected: boolean;
  on(event: 'message', listener: MessageListener): unknown;
  on(event: Lifecycle, listener: () => void): unknown;
  on(event: 'error', listener: ErrorListener): unknown;
  removeListener(event: 'message', listener: MessageListener): unknown;
  removeListener(event: Lifecycle, listener: () => void): unknown;
  removeListener(event: 'error', listener: ErrorListener): unknown;
  subscribe(topic: string): unknown;
  unsubscribe(topic: string): unknown;
}

export interface BrokerTransport extends Transport<BrokerMessage> {
  /** Every lifecycle event of the client, repeated ones included (state$ keeps only changes); completes at end. */
  readonly lifecycle$: Observable<BrokerLifecycle>;
  /**
   * Messages matching an MQTT topic filter. The broker subscription is made when the first observer
   * arrives and released when the last leaves, once per filter however many observers share it.
   */
  watch(topicFilter: string): Observable<BrokerMessage>;
}

const lifecycleState: Record<Lifecycle, ConnectionState> = {
  connect: 'open',
  reconnect: 'reconnecting',
  close: 'closed',
  offline: 'offline',
  end: 'closed',
};

/** Adapts an mqtt.js client; mqtt.js itself reconnects and resubscribes, this only observes it. */
export function brokerTransport(client: BrokerClient): BrokerTransport {
  const state = new BehaviorSubject<ConnectionState>(client.connected ? 'open' : 'connecting');
  const lifecycle = new Subject<BrokerLifecycle>();
  const onError: ErrorListener = (error) => lifecycle.next({ type: 'error', message: error.message });
  const listeners = new Map<Lifecycle, () => void>();
  for (const event of Object.keys(lifecycleState) as Lifecycle[]) {
    listeners.set(event, () => {
      state.next(lifecycleState[event]);
      lifecycle.next({ type: event });
      if (event !== 'end') return;
      for (const [name, listener] of listeners) client.removeListener(name, listener);
      client.removeListener('error', onError);
      state.complete();
      lifecycle.complete();
    });
  }
  for (const [event, listener] of listeners) client.on(event, listener);
  client.on('error', onError);

  const messages$ = new Observable<BrokerMessage>((subscriber) => {
    const listener: MessageListener = (topic, payload) => subscriber.next({ topic, payload });
    client.on('message', listener);
    const ended = state.subscribe({ complete: () => subscriber.complete() });
    return () => {
      ended.unsubscribe();
      client.removeListener('message', listener);
    };
  }).pipe(share());

  const channels = new Map<string, Observable<BrokerMessage>>();
  const watch = (topicFilter: string) => {
    let channel = channels.get(topicFilter);
    if (channel === undefined) {
      channel = new Observable<BrokerMessage>((subscriber) => {
        client.subscribe(topicFilter);
        const inner = messages$.pipe(filter((m) => topicMatches(topicFilter, m.topic))).subscribe(subscriber);
        return () => {
          inner.unsubscribe();
          client.unsubscribe(topicFilter);
        };
      }).pipe(share());
      channels.set(topicFilter, channel);
    }
    return channel;
  };

  return {
    messages$,
    state$: state.pipe(distinctUntilChanged()),
    lifecycle$: lifecycle.asObservable(),
    watch,
  };
}
