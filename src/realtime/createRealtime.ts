import type { MqttClient } from 'mqtt';
import ReconnectingWebSocket from 'reconnecting-websocket';
import { BehaviorSubject, defer, finalize, from, Subject, share } from 'rxjs';
import { createActor, type StateValue } from 'xstate';
import type { AlarmRecord } from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import { Timing } from '../../domain/http.js';
import { PUSH_PATH, PushCloseCode, type ServerPushMessage, serverPushMessage } from '../../domain/push.js';
import { CONSOLE_MQTT_USER, Topic } from '../../domain/topics.js';
import { brokerConnectionMachine, brokerUrl, type Qos } from '../../machines/brokerConnectionMachine.js';
import { pushConnectionMachine, pushTimerEffects } from '../../machines/pushConnectionMachine.js';
import { alarmStore, alarms$, subjectStore } from '../../streams/alarms.js';
import { careTasks$ } from '../../streams/careTasks.js';
import { dashboard$ } from '../../streams/dashboard.js';
import { inbox$ } from '../../streams/inbox.js';
import { notices$ } from '../../streams/notices.js';
import { presenceStore } from '../../streams/outings.js';
import { payments$ } from '../../streams/payments.js';
import { positions$ as positionFrames$ } from '../../streams/positions.js';
import type { BrokerMessage, ConnectionState } from '../../streams/transport.js';
import type { Request } from '../app/request.js';
import type { Realtime, RealtimeHealth } from './context.js';

export interface RealtimeOptions {
  token: string;
  /** The broker client id the server issued for this session (UserInfo.mqttClientId). */
  mqttClientId: string;
  orgId: number;
  request: Request;
  /** A login-expired push message: the session machine shows its alert and logs out. */
  onSessionEnded(code: number): void;
  /** Spec 000 §4: logs are flushed when the tab is deactivated. */
  flushLogs(): void;
  location?: { protocol: string; host: string };
}

/**
 * The console's live channels: the push connection machine over a reconnecting-websocket, the broker
 * connection machine over mqtt.js, and the streams that merge both into the alarm store and position
 * frames. The machines own the timing (heartbeat, reply timeout, 30 s reconnect); the effects here
 * only move bytes and report back.
 */
export function createRealtime(options: RealtimeOptions): Realtime & { stop(): void } {
  const location = options.location ?? window.location;
  const push$ = new Subject<ServerPushMessage>();
  const broker$ = new Subject<BrokerMessage>();
  const reconnects$ = new Subject<void>();
  const health$ = new BehaviorSubject<RealtimeHealth>({
    push: 'connecting',
    broker: 'connecting',
    lastMessageAt: null,
    reconnects: 0,
    online: navigator.onLine !== false,
    startedAt: Date.now(),
  });
  const setHealth = (patch: Partial<RealtimeHealth>) => health$.next({ ...health$.value, ...patch });
  /** Freshness is noted at most once a second, not per message. */
  const touched = () => {
    const now = Date.now();
    if (now - (health$.value.lastMessageAt ?? 0) >= 1000) setHealth({ lastMessageAt: now });
  };
  let lastConnectedAt: number | null = null;

  // --- push channel -------------------------------------------------------------------------
  let socket: ReconnectingWebSocket | null = null;
  let wantsPositions = false;
  /** Only on an open socket: a queued frame would reach the server before the auth frame. */
  const send = (message: object) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const pushActor = createActor(
    pushConnectionMachine.provide({
      actions: {
        ...pushTimerEffects(),
        openSocket: ({ self }) => {
          socket?.close();
          const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PUSH_PATH}`;
          // The machine decides when to reconnect (30 s, one pending); the library gives the
          // connection timeout and a bounded send queue.
          const ws = new ReconnectingWebSocket(url, [], {
            maxRetries: 0,
            connectionTimeout: Timing.brokerConnectTimeoutMs,
            maxEnqueuedMessages: 100,
            minReconnectionDelay: Timing.reconnectDelayMs,
            maxReconnectionDelay: Timing.reconnectDelayMs,
            startClosed: false,
          });
          socket = ws;
          ws.addEventListener('open', () => {
            if (socket === ws) self.send({ type: 'push.opened' });
          });
          ws.addEventListener('error', () => {
            if (socket === ws) self.send({ type: 'push.error' });
          });
          ws.addEventListener('close', (e) => {
            if (socket !== ws) return;
            self.send({ type: e.code === PushCloseCode.unauthorized ? 'push.rejected' : 'push.closed' });
          });
          ws.addEventListener('message', (e) => {
            if (socket !== ws) return;
            let json: unknown;
            try {
              json = JSON.parse(String(e.data));
            } catch {
              return;
            }
            const parsed = serverPushMessage.safeParse(json);
            if (!parsed.success) return;
            touched();
            if (parsed.data.type === 'auth.ok') self.send({ type: 'push.authOk' });
            else
              self.send({
                type: 'push.message',
                messageType: parsed.data.type,
                data: parsed.data,
                at: Date.now(),
              });
          });
        },
        sendAuth: (_, { token }) => send({ type: 'auth', token }),
        sendHeartbeat: () => send({ type: 'heartbeat' }),
        closeSocket: () => {
          const ws = socket;
          socket = null;
          ws?.close();
        },
        raisePushEvent: (_, { data }) => push$.next(data as ServerPushMessage),
        raiseLoginExpired: (_, { data }) => {
          const message = data as ServerPushMessage;
          if (message.type === 'login.expired') options.onSessionEnded(message.data.code);
        },
        flushLogs: () => options.flushLogs(),
      },
    }),
  );
  pushActor.subscribe((snapshot) => {
    const value = topState(snapshot.value);
    const state: ConnectionState =
      value === 'connected'
        ? 'open'
        : value === 'waitingToReconnect'
          ? navigator.onLine === false
            ? 'offline'
            : 'reconnecting'
          : value === 'closed' || value === 'stopped'
            ? 'closed'
            : 'connecting';
    if (state === health$.value.push) return;
    const wasOpen = health$.value.push === 'open';
    setHealth({ push: state });
    if (state === 'open' && !wasOpen) {
      if (wantsPositions) send({ type: 'positions', on: true });
      reconnects$.next();
    }
  });

  // --- broker -------------------------------------------------------------------------------
  let client: MqttClient | null = null;
  /**
   * mqtt.js (~250 kB) loads beside the first screen instead of before it (issue #17, first paint);
   * `attempt` drops a connection asked for before the library came and since ended or replaced.
   */
  let attempt = 0;
  /** Publishes asked for before the client exists, sent (or queued by mqtt.js) once it does. */
  let early: { topic: string; payload: string; qos: Qos }[] = [];
  // The issued id plus this tab's own suffix: the console and the wall may share one session, and
  // mqtt.js reconnects under the same id (server/broker/clientIds.ts).
  const clientId = `${options.mqttClientId}-${Math.random().toString(36).slice(2, 10)}`;
  const brokerActor = createActor(
    brokerConnectionMachine.provide({
      actions: {
        connectClient: ({ self }, params) => {
          client?.end(true);
          client = null;
          const mine = ++attempt;
          const connect = (mqtt: MqttLibrary) => {
            const c = mqtt.connect(params.url, {
              username: params.username,
              password: params.password,
              connectTimeout: params.connectTimeout,
              reconnectPeriod: params.reconnectPeriod,
              keepalive: params.keepalive,
              resubscribe: params.resubscribe,
              clientId,
            });
            client = c;
            c.on('connect', () => self.send({ type: 'broker.connected' }));
            c.on('reconnect', () => self.send({ type: 'broker.reconnecting' }));
            c.on('close', () => self.send({ type: 'broker.close' }));
            c.on('offline', () => self.send({ type: 'broker.offline' }));
            c.on('end', () => self.send({ type: 'broker.end' }));
            // Spec 000 §8: message-queue errors are only logged to the console.
            c.on('error', (error) => {
              console.warn('消息队列错误', error.message);
              self.send({ type: 'broker.error', message: error.message });
            });
            // Messages skip the machine (ARCHITECTURE rule 4: high-rate data takes no per-message
            // transition); the machine owns the connection's lifecycle and subscriptions only.
            c.on('message', (topic, payload) => {
              touched();
              broker$.next({ topic, payload });
            });
            for (const m of early) c.publish(m.topic, m.payload, { qos: m.qos });
            early = [];
          };
          const load = (): Promise<void> =>
            loadMqtt().then(
              (mqtt) => {
                if (mine === attempt) connect(mqtt);
              },
              (error: unknown) => {
                // A bundle that failed to load (a deploy, a dropped link) is asked for again, as
                // mqtt.js would reconnect; the machine stays in 连接中 meanwhile.
                mqttLibrary = null;
                if (mine !== attempt) return;
                console.warn('消息队列模块加载失败', error);
                setTimeout(load, params.reconnectPeriod);
              },
            );
          // The first load waits for a quiet moment (at most 2 s): alarms come over the push channel
          // too, and the screen being opened draws first.
          if (!mqttLibrary && typeof requestIdleCallback === 'function')
            requestIdleCallback(() => void load(), { timeout: 2_000 });
          else void load();
        },
        subscribe: (_, { topic, qos }) => void client?.subscribe(topic, { qos }, () => undefined),
        unsubscribe: (_, { topic }) => void client?.unsubscribe(topic),
        publish: (_, { topic, qos, payload }) => {
          if (client) client.publish(topic, payload, { qos });
          else early.push({ topic, payload, qos });
        },
        resubscribeAll: ({ self }, { subscriptions, connection }) => {
          const acknowledged = () => self.send({ type: 'broker.subscribed', connection });
          const topics = Object.entries(subscriptions);
          if (!client || topics.length === 0) return void queueMicrotask(acknowledged);
          client.subscribe(
            Object.fromEntries(topics.map(([topic, qos]) => [topic, { qos }])),
            (error, granted) => {
              // A refused topic is logged; the snapshot is still read, so what can be shown is.
              const refused = (granted ?? []).filter((g) => g.qos === 128).map((g) => g.topic);
              if (error || refused.length) console.warn('消息队列订阅失败', error?.message ?? refused);
              // mqtt.js calls back with an error too when the connection drops first: then the
              // next connection's acknowledgement is the one awaited, and this one is ignored.
              acknowledged();
            },
          );
        },
        endClient: () => {
          attempt++;
          early = [];
          client?.end(true);
          client = null;
        },
        raiseReconnectEvent: () => {
          setHealth({ reconnects: health$.value.reconnects + 1 });
          window.dispatchEvent(new CustomEvent('pims:reconnect'));
        },
        broadcastMessage: (_, { topic, message }) => {
          touched();
          broker$.next({ topic, payload: message });
        },
      },
    }),
  );
  brokerActor.subscribe((snapshot) => {
    const value = topState(snapshot.value);
    // Open once the broker has acknowledged the subscriptions: the resync below reads after that.
    const state: ConnectionState =
      value === 'connected'
        ? snapshot.matches({ connected: 'live' })
          ? 'open'
          : 'connecting'
        : value === 'reconnecting'
          ? 'reconnecting'
          : value === 'offline'
            ? 'offline'
            : value === 'closed' || value === 'ended'
              ? 'closed'
              : 'connecting';
    if (state === health$.value.broker) return;
    const wasOpen = health$.value.broker === 'open';
    setHealth({ broker: state });
    if (state === 'open' && !wasOpen) reconnects$.next();
  });

  // --- streams ------------------------------------------------------------------------------
  /**
   * The resync after every (re)connect: unhandled alarms now, plus the ones closed since the last
   * connection (handled elsewhere while this console was away), so none stays open here by mistake.
   */
  const resync = () =>
    defer(() => {
      const since = lastConnectedAt;
      lastConnectedAt = Date.now();
      return from(
        options.request<AlarmRecord[]>({
          url: IotPaths.unhandledAlarms,
          params: since === null ? {} : { since: since - 5_000 },
          silent: true,
        }),
      );
    });
  const alarms = alarmStore(
    alarms$({
      push$,
      broker$,
      reconnects$,
      resync,
      orgId: options.orgId,
      onResyncError: (error) => console.warn('告警同步失败，将在重连后重试', error),
    }),
  );
  const presence = presenceStore(push$);
  const frames$ = positionFrames$({ push$, broker$, orgId: options.orgId });
  /** Position frames are asked of the server only while someone watches the map. */
  const sharedPositions$ = defer(() => {
    wantsPositions = true;
    // Before the channel is authenticated the request waits: it is sent again on open.
    if (health$.value.push === 'open') send({ type: 'positions', on: true });
    brokerActor.send({ type: 'broker.subscribe', topic: `${Topic.position(options.orgId, '+')}`, qos: 0 });
    return frames$;
  }).pipe(
    finalize(() => {
      wantsPositions = false;
      send({ type: 'positions', on: false });
      brokerActor.send({ type: 'broker.unsubscribe', topic: Topic.position(options.orgId, '+') });
    }),
    share(),
  );

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') pushActor.send({ type: 'push.tabHidden' });
  };
  const onOnline = () => {
    setHealth({ online: true });
    pushActor.send({ type: 'push.online' });
  };
  // Offline marks the console stale at once (src/realtime/liveness.ts); the channels find out by themselves.
  const onOffline = () => setHealth({ online: false });
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);

  pushActor.start();
  pushActor.send({ type: 'push.start', token: options.token });
  brokerActor.start();
  brokerActor.send({
    type: 'broker.connect',
    url: brokerUrl(location),
    username: CONSOLE_MQTT_USER,
    password: options.token,
  });
  brokerActor.send({ type: 'broker.subscribe', topic: Topic.alarm(options.orgId), qos: 1 });

  return {
    alarms,
    health: subjectStore(health$),
    positions$: sharedPositions$,
    notices$: notices$(push$),
    inbox$: inbox$(push$).pipe(share()),
    payments$: payments$(push$),
    careTasks$: careTasks$(push$),
    dashboard$: dashboard$(push$),
    outingPresence: presence,
    reconnects$: reconnects$.asObservable(),
    stop() {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      pushActor.send({ type: 'push.stop' });
      pushActor.stop();
      brokerActor.send({ type: 'broker.stop' });
      brokerActor.stop();
      alarms.dispose();
      presence.dispose();
      push$.complete();
      broker$.complete();
    },
  };
}

/** The top-level state name of a (possibly compound) state value. */
const topState = (value: StateValue): string =>
  typeof value === 'string' ? value : (Object.keys(value)[0] ?? '');

type MqttLibrary = typeof import('mqtt')['default'];
let mqttLibrary: Promise<MqttLibrary> | null = null;
/** mqtt.js, loaded once on first use (its browser build exports only a default). */
const loadMqtt = () => {
  mqttLibrary ??= import('mqtt').then((m) => m.default);
  return mqttLibrary;
};
