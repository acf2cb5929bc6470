import { and, assign, setup } from 'xstate';
import { Timing } from '../domain/http.js';
import { Liveness } from '../domain/push.js';
import { MQTT_PATH } from '../domain/topics.js';

export type Qos = 0 | 1 | 2;

/** Spec 000 §9: the broker over websocket, wss when the console is served over https. */
export const brokerUrl = (location: { protocol: string; host: string }, path = MQTT_PATH) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;

export interface BrokerConnectionContext {
  /** Topics the app asked for, re-subscribed after every reconnect (clean sessions forget them). */
  subscriptions: Record<string, Qos>;
  /** Times the client reached the broker; from the second on it is a reconnect. */
  connections: number;
  lastError: string | null;
}

export type BrokerConnectionEvent =
  | { type: 'broker.connect'; url: string; username: string; password: string }
  | { type: 'broker.stop' }
  | { type: 'broker.subscribe'; topic: string; qos: Qos }
  | { type: 'broker.unsubscribe'; topic: string }
  | { type: 'broker.publish'; topic: string; qos: Qos; payload: string }
  // The mqtt.js client's own events, reported back by the connectClient effect.
  | { type: 'broker.connected' }
  /** The broker acknowledged (SUBACK) every re-subscription sent on connection number `connection`. */
  | { type: 'broker.subscribed'; connection: number }
  | { type: 'broker.reconnecting' }
  | { type: 'broker.close' }
  | { type: 'broker.offline' }
  | { type: 'broker.end' }
  | { type: 'broker.error'; message: string }
  | { type: 'broker.message'; topic: string; message: string };

type Ev<T extends BrokerConnectionEvent['type']> = Extract<BrokerConnectionEvent, { type: T }>;

/** Subscriptions are remembered in every state, and sent to the broker only while connected. */
const remembering = {
  'broker.subscribe': { actions: 'remember' },
  'broker.unsubscribe': { actions: 'forget' },
} as const;
/** While a client exists. Publishing is allowed disconnected too: mqtt.js queues it until it reconnects. */
const withClient = {
  ...remembering,
  'broker.publish': {
    actions: {
      type: 'publish',
      params: ({ event }: { event: BrokerConnectionEvent }) => {
        const { topic, qos, payload } = event as Ev<'broker.publish'>;
        return { topic, qos, payload };
      },
    },
  },
  'broker.message': {
    actions: {
      type: 'broadcastMessage',
      params: ({ event }: { event: BrokerConnectionEvent }) => {
        const { topic, message } = event as Ev<'broker.message'>;
        return { topic, message };
      },
    },
  },
  'broker.error': { actions: 'noteError' },
  'broker.end': 'ended',
  'broker.stop': { target: 'ended', actions: 'endClient' },
} as const;
const resubscribeAll = {
  type: 'resubscribeAll',
  params: ({ context }: { context: BrokerConnectionContext }) => ({
    subscriptions: context.subscriptions,
    connection: context.connections,
  }),
} as const;
/**
 * On the broker: re-subscribe every topic, and only when the broker has acknowledged them all
 * (`connected.subscribing` → `connected.live`) tell the app, which then reads its snapshot. A
 * snapshot read before the SUBACK could miss a message published between the read and the
 * subscription taking effect: an SOS raised just as a restarted server came back was lost that way.
 */
const toConnected = {
  'broker.connected': { target: 'connected', actions: ['countConnection', resubscribeAll] },
} as const;

/**
 * The message-queue client's lifecycle (spec 000 §9): connect, reconnect, close, offline, end. After
 * every connection it re-subscribes every topic; once the broker has acknowledged them it is live, and
 * after a reconnect it raises the app-wide reconnect event so streams resync.
 * Effects are the actions below, supplied with .provide(); mqtt.js itself keeps the reconnect timer.
 */
export const brokerConnectionMachine = setup({
  types: {} as { context: BrokerConnectionContext; events: BrokerConnectionEvent },
  actions: {
    /**
     * mqtt.connect(url, options) with these options; reports the client's events back: connect →
     * broker.connected, reconnect → broker.reconnecting, close, offline, end, error (with message) and
     * message (topic, payload as text). `resubscribe: false` because the machine re-subscribes itself.
     */
    connectClient: (
      _,
      _params: {
        url: string;
        username: string;
        password: string;
        connectTimeout: number;
        reconnectPeriod: number;
        /** MQTT keepalive in seconds: a half-open connection is dropped 1.5× after it (issue #18). */
        keepalive: number;
        resubscribe: false;
      },
    ) => undefined,
    subscribe: (_, _params: { topic: string; qos: Qos }) => undefined,
    unsubscribe: (_, _params: { topic: string }) => undefined,
    /** client.publish; mqtt.js queues it while disconnected. */
    publish: (_, _params: { topic: string; qos: Qos; payload: string }) => undefined,
    /**
     * Subscribes each topic with its qos, after a (re)connect, and reports `broker.subscribed` with
     * this `connection` number once the broker has acknowledged them all (at once when there are none).
     */
    resubscribeAll: (_, _params: { subscriptions: Record<string, Qos>; connection: number }) => undefined,
    /** client.end(); mqtt.js then emits end, which the machine no longer needs. */
    endClient: () => undefined,
    /** The app-wide reconnect event: streams fetch a fresh snapshot. */
    raiseReconnectEvent: () => undefined,
    /** Hands an incoming message to the app (streams' broker$). */
    broadcastMessage: (_, _params: { topic: string; message: string }) => undefined,
    remember: assign(({ context, event }) =>
      event.type === 'broker.subscribe'
        ? { subscriptions: { ...context.subscriptions, [event.topic]: event.qos } }
        : {},
    ),
    forget: assign(({ context, event }) => {
      if (event.type !== 'broker.unsubscribe') return {};
      const { [event.topic]: _gone, ...subscriptions } = context.subscriptions;
      return { subscriptions };
    }),
    countConnection: assign({ connections: ({ context }) => context.connections + 1 }),
    noteError: assign({ lastError: ({ event }) => (event.type === 'broker.error' ? event.message : null) }),
  },
  guards: {
    /** The acknowledgement belongs to the connection now open, not to one that has since dropped. */
    thisConnection: ({ context, event }) =>
      event.type === 'broker.subscribed' && event.connection === context.connections,
    wasConnected: ({ context }) => context.connections > 1,
  },
}).createMachine({
  id: 'broker',
  context: { subscriptions: {}, connections: 0, lastError: null },
  initial: 'idle',
  states: {
    idle: {
      meta: { label: '未连接' },
      on: { 'broker.connect': 'connecting', ...remembering },
    },
    connecting: {
      meta: { label: '连接中' },
      entry: [
        assign({ connections: 0, lastError: null }),
        {
          type: 'connectClient',
          params: ({ event }) => {
            const { url, username, password } = event as Ev<'broker.connect'>;
            return {
              url,
              username,
              password,
              connectTimeout: Timing.brokerConnectTimeoutMs,
              reconnectPeriod: Timing.brokerReconnectPeriodMs,
              keepalive: Liveness.brokerKeepaliveS,
              resubscribe: false as const,
            };
          },
        },
      ],
      on: {
        ...toConnected,
        'broker.reconnecting': 'reconnecting',
        'broker.close': 'closed',
        'broker.offline': 'offline',
        ...withClient,
      },
    },
    connected: {
      meta: { label: '已连接' },
      initial: 'subscribing',
      states: {
        subscribing: {
          meta: { label: '订阅确认中' },
          on: {
            'broker.subscribed': [
              {
                guard: and(['thisConnection', 'wasConnected']),
                target: 'live',
                actions: 'raiseReconnectEvent',
              },
              { guard: 'thisConnection', target: 'live' },
            ],
          },
        },
        live: { meta: { label: '订阅已生效' } },
      },
      on: {
        'broker.reconnecting': 'reconnecting',
        'broker.close': 'closed',
        'broker.offline': 'offline',
        ...withClient,
        'broker.subscribe': {
          actions: [
            'remember',
            { type: 'subscribe', params: ({ event }) => ({ topic: event.topic, qos: event.qos }) },
          ],
        },
        'broker.unsubscribe': {
          actions: ['forget', { type: 'unsubscribe', params: ({ event }) => ({ topic: event.topic }) }],
        },
      },
    },
    reconnecting: {
      meta: { label: '重连中' },
      on: { ...toConnected, 'broker.close': 'closed', 'broker.offline': 'offline', ...withClient },
    },
    closed: {
      meta: { label: '连接已断开' },
      on: {
        ...toConnected,
        'broker.reconnecting': 'reconnecting',
        'broker.offline': 'offline',
        ...withClient,
      },
    },
    offline: {
      meta: { label: '离线' },
      on: { ...toConnected, 'broker.reconnecting': 'reconnecting', 'broker.close': 'closed', ...withClient },
    },
    ended: {
      meta: { label: '已结束' },
      // The next sign-in may belong to another organisation: its topics start afresh.
      entry: assign({ subscriptions: {} }),
      on: { 'broker.connect': 'connecting', ...remembering },
    },
  },
});
export type BrokerConnectionMachine = typeof brokerConnectionMachine;

/** Chinese names of the machine's events (npm run paths, test-case sheets). */
export const eventLabels: Record<string, string> = {
  'broker.connect': '连接消息队列',
  'broker.connected': '已连接',
  'broker.subscribed': '订阅已确认',
  'broker.reconnecting': '正在重连',
  'broker.close': '连接关闭',
  'broker.offline': '网络离线',
  'broker.error': '连接出错',
  'broker.end': '连接结束',
  'broker.message': '收到消息',
  'broker.publish': '发布消息',
  'broker.subscribe': '订阅主题',
  'broker.unsubscribe': '取消订阅',
  'broker.stop': '停止连接',
};

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  thisConnection: '确认属于本次连接',
  wasConnected: '此前连接过',
};
