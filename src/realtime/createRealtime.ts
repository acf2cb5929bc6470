import type { MqttClient } from 'mqtt';
import { BehaviorSubject, defer, finalize, from, merge, Subject, Subscription, share } from 'rxjs';
import { createActor, type StateValue } from 'xstate';
import type { AlarmRecord } from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import { Timing } from '../../domain/http.js';
import {
  type ClientPushMessage,
  PUSH_PATH,
  PushCloseCode,
  type ServerPushMessage,
} from '../../domain/push.js';
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
import {
  type BrokerMessage,
  brokerTransport,
  type ConnectionState,
  type PushTransport,
  pushTransport,
} from '../../streams/transport.js';
import type { Request } from '../app/request.js';
import { awakeTimeout } from './awakeTimeout.js';
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
 * The console's live channels: the push connection machine over the push transport, the broker
 * connection machine over mqtt.js through the broker transport (streams/transport.ts), and the
 * streams that merge both into the alarm store and position frames. The machines own the timing (heartbeat, reply timeout, reconnect backoff); the effects here
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
  /** The socket of the current attempt: one transport per attempt, the machine decides when to try again. */
  let transport: PushTransport | null = null;
  let transportLinks = new Subscription();
  let wantsPositions = false;
  /** Only on an open socket: a queued frame would reach the server before the auth frame. */
  const send = (message: ClientPushMessage) => {
    if (transport?.isOpen()) transport.send(message);
  };
  const dropTransport = () => {
    transportLinks.unsubscribe();
    transport?.close();
    transport = null;
  };
  const pushActor = createActor(
    pushConnectionMachine.provide({
      actions: {
        ...pushTimerEffects(),
        openSocket: ({ self }) => {
          dropTransport();
          const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PUSH_PATH}`;
          const opened = pushTransport({ url, reconnect: ONE_ATTEMPT });
          transport = opened;
          // What the transport reports goes to the machine; a dropped attempt's news is unsubscribed first.
          transportLinks = new Subscription();
          transportLinks.add(
            opened.lifecycle$.subscribe((event) =>
              self.send(
                event.type === 'open'
                  ? { type: 'push.opened' }
                  : event.type === 'error'
                    ? { type: 'push.error' }
                    : { type: event.code === PushCloseCode.unauthorized ? 'push.rejected' : 'push.closed' },
              ),
            ),
          );
          transportLinks.add(
            opened.messages$.subscribe((message) => {
              touched();
              if (message.type === 'auth.ok') self.send({ type: 'push.authOk' });
              else
                self.send({ type: 'push.message', messageType: message.type, data: message, at: Date.now() });
            }),
          );
        },
        sendAuth: (_, { token }) => send({ type: 'auth', token }),
        sendHeartbeat: () => send({ type: 'heartbeat' }),
        closeSocket: dropTransport,
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
  /** The current client's transport subscriptions; an ended or replaced client's news is dropped. */
  let brokerLinks = new Subscription();
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
          brokerLinks.unsubscribe();
          client?.end(true);
          client = null;
          const mine = ++attempt;
          const connect = (mqtt: MqttLibrary) => {
            const c = mqtt.connect(params.url, {
              username: params.username,
              password: params.password,
              // the connect timeout is kept below (awakeTimeout), not by mqtt.js's own timer
              connectTimeout: LIBRARY_CONNECT_TIMEOUT_MS,
              reconnectPeriod: params.reconnectPeriod,
              keepalive: params.keepalive,
              resubscribe: params.resubscribe,
              clientId,
            });
            client = c;
            // The client's news through its transport (streams/transport.ts): each lifecycle event to
            // the machine, which owns the connection's lifecycle and subscriptions; messages skip the
            // machine (docs/architecture.md rule 4: high-rate data takes no per-message transition).
            const linked = brokerTransport(c);
            brokerLinks.unsubscribe();
            brokerLinks = new Subscription();
            // Each attempt (the first, and each reconnect of mqtt.js) gets the spec's connect timeout in
            // time the page listened (awakeTimeout): on a page held up by its own work (a map's first draw
            // on a busy machine) mqtt.js's plain timer fired before the CONNACK that had come meanwhile was
            // read, dropped the attempt and waited 4 s for the next: a new console stayed 连接中 for 10 s.
            // A timed-out attempt ends as mqtt.js ends one: its stream destroyed, the next after the period.
            let unwatch: () => void = () => undefined;
            const watch = () => {
              unwatch();
              unwatch = awakeTimeout(params.connectTimeout, () => {
                console.warn('消息队列错误', 'connack timeout');
                self.send({ type: 'broker.error', message: 'connack timeout' });
                c.stream.destroy();
              });
            };
            watch();
            brokerLinks.add(() => unwatch());
            brokerLinks.add(
              linked.lifecycle$.subscribe((event) => {
                if (event.type === 'error') {
                  // Spec 000 §8: message-queue errors are only logged to the console.
                  console.warn('消息队列错误', event.message);
                  self.send({ type: 'broker.error', message: event.message });
                  return;
                }
                // an attempt starts on reconnect, and is over when connected, closed or ended
                if (event.type === 'reconnect') watch();
                else unwatch();
                self.send({ type: brokerEvents[event.type] });
              }),
            );
            brokerLinks.add(
              linked.messages$.subscribe(({ topic, payload }) => {
                touched();
                broker$.next({ topic, payload });
              }),
            );
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
          // Asked for at once, not at the first quiet moment: on a busy map page (a software-rendered
          // floor plan under load) that moment came 2–3 s late and the live map stayed 消息队列 连接中
          // for over 10 s. The chunk loads beside the screen's own; only its evaluation takes the thread.
          void load();
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
          brokerLinks.unsubscribe();
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
  /** Records the server answered this console's own calls with (确认, 处理 …): shown without a channel. */
  const answers$ = new Subject<AlarmRecord>();
  const alarms = alarmStore(
    merge(
      alarms$({
        push$,
        broker$,
        reconnects$,
        resync,
        orgId: options.orgId,
        onResyncError: (error) => console.warn('告警同步失败，将在重连后重试', error),
      }),
      answers$,
    ),
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
    noteAlarm: (record: AlarmRecord) => answers$.next(record),
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
      answers$.complete();
    },
  };
}

/** One socket per attempt: the push machine owns reconnecting (at once, then backing off to the spec's 30 s); the transport only connects. */
const ONE_ATTEMPT = {
  maxRetries: 0,
  connectionTimeout: Timing.brokerConnectTimeoutMs,
  maxEnqueuedMessages: 100,
  minReconnectionDelay: Timing.reconnectDelayMs,
  maxReconnectionDelay: Timing.reconnectDelayMs,
};

/** mqtt.js's own connect timer, never reached: the attempt's timeout is an awakeTimeout (connectClient). */
const LIBRARY_CONNECT_TIMEOUT_MS = 2 ** 31 - 1;

/** The broker machine's event for each lifecycle event of the mqtt.js client. */
const brokerEvents = {
  connect: 'broker.connected',
  reconnect: 'broker.reconnecting',
  close: 'broker.close',
  offline: 'broker.offline',
  end: 'broker.end',
} as const;

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
