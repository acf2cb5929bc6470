import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientSubscribeOptions } from 'mqtt';
import { type ClusterOp, type ClusterPeers, clusterEnvelope, clusterTopic } from '../cluster/ops.js';
import type { Db } from '../db/index.js';
import type { Bridge, BrokerPeer, DeviceMessageHandler, DeviceMessageMeta } from './index.js';

/** What the server hears on an external broker: every organisation's device telemetry and positions. */
export const EXTERNAL_SUBSCRIPTIONS = ['org/+/device/+/+', 'org/+/position/+'] as const;
/**
 * With several nodes, each also hears these whole (not shared), to relay them to its own consoles on
 * /mqtt: every position, and the alarms the other nodes publish.
 */
export const RELAY_SUBSCRIPTIONS = ['org/+/position/+', 'org/+/alarm'] as const;
/** MQTT 5 subscription identifiers: which of a node's subscriptions a message came by. */
const Sub = { devices: 1, relay: 2, cluster: 3 } as const;
const ALARM_TOPIC = /^org\/([1-9]\d{0,14})\/alarm$/;

/**
 * org/{orgId}/device/{deviceId}/{kind} or org/{orgId}/position/{deviceId}, ids in canonical form
 * (no leading zeros), the same topics the embedded broker lets a device publish to.
 */
const DEVICE_TOPIC = /^org\/([1-9]\d{0,14})\/(?:device\/([1-9]\d{0,14})\/[^/]+|position\/([1-9]\d{0,14}))$/;

/** An unknown device id is looked up again after this long (it may have been registered since). */
const UNKNOWN_DEVICE_RECHECK_MS = 60_000;
/** Bounds the owner cache against a flood of made-up device ids. */
const OWNER_CACHE_MAX = 100_000;
/** Packets the server accepts from the external broker (same as the embedded websocket limit). */
const MAX_PACKET_BYTES = 64 * 1024;
/** The broker keeps the server's session (and its QoS 1 messages) this long across a network drop. */
const SESSION_EXPIRY_S = 300;

type Log = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface ExternalBrokerOptions {
  db: Db;
  log: Log;
  /** MQTT_USERNAME / MQTT_PASSWORD; credentials in the URL work too. */
  username?: string | undefined;
  password?: string | undefined;
  clientId?: string;
  /** How long start-up waits for the first connection before going on and retrying in the background. */
  firstConnectTimeoutMs?: number;
  reconnectPeriodMs?: number;
  /**
   * Several server nodes on this broker (CLUSTER_GROUP): device messages are shared between the nodes
   * of the group ($share/<group>/…), each message handled by one of them; positions and alarms are
   * also heard whole for each node's consoles, and the nodes talk on cluster/<group>/ops.
   */
  cluster?: { group: string; nodeId: string } | undefined;
}

export interface ExternalBridge extends Bridge {
  /**
   * What this node relays to its own consoles: every accepted device message on one node; with a
   * cluster, every position and every other node's alarm.
   */
  onRelay(handler: (topic: string, payload: Buffer, meta: DeviceMessageMeta) => void): void;
  /** The other nodes of the cluster (null without one). */
  readonly peers: ClusterPeers | null;
  /** Messages received, handed to the handlers and dropped (bad topic, unknown device, other organisation). */
  readonly counters: { received: number; forwarded: number; dropped: number };
  connected(): boolean;
  /**
   * Subscribes to the device topics, once the handlers are registered; waits for the broker's answer
   * at most firstConnectTimeoutMs (then the server starts anyway and the client keeps retrying).
   */
  start(): Promise<void>;
  /** Stops handing device messages on (server closing); publishing still works. */
  stop(): void;
  /** Disconnects, ending the session on the broker. */
  close(): Promise<void>;
}

/**
 * Credentials written into the URL (mqtt://user:pass@host) taken out of it: mqtt.js would otherwise let
 * them override the username and password of every client given the URL (the simulated devices too).
 */
export function splitCredentials(url: string): { url: string; username?: string; password?: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url };
  }
  if (!u.username && !u.password) return { url };
  const username = decodeURIComponent(u.username);
  const password = decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  return { url: u.toString(), ...(username ? { username } : {}), ...(password ? { password } : {}) };
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

/**
 * The server as a client of an external broker (MQTT_URL: mqtt://, mqtts://, ws://, wss://). It hears
 * every organisation's device topics, checks that the device in the topic exists and belongs to the
 * organisation in the topic, and hands the message to the device handlers with the same peer the
 * embedded broker gives; everything else is dropped and counted. That a publisher really is the
 * device in its topic is the external broker's ACL (docs/mosquitto/). Payloads are validated by the
 * rules engine, as on the embedded path.
 */
export function connectExternalBroker(url: string, options: ExternalBrokerOptions): ExternalBridge {
  const { db, log } = options;
  const where = redactUrl(url);
  const inUrl = splitCredentials(url);
  const username = options.username ?? inUrl.username;
  const password = options.password ?? inUrl.password;
  const handlers: DeviceMessageHandler[] = [];
  const relays: ((topic: string, payload: Buffer, meta: DeviceMessageMeta) => void)[] = [];
  const opHandlers: ((op: ClusterOp) => void)[] = [];
  const cluster = options.cluster;
  const counters = { received: 0, forwarded: 0, dropped: 0 };
  let listening = true;

  // deviceId → owning orgId (null: no such device, looked up at checkedAt).
  type Owner = { orgId: number | null; checkedAt: number };
  const owners = new Map<number, Owner>();
  const lookups = new Map<number, Promise<Owner>>();
  const ownerOf = (deviceId: number): Owner | Promise<Owner> => {
    const known = owners.get(deviceId);
    if (known && (known.orgId !== null || Date.now() - known.checkedAt < UNKNOWN_DEVICE_RECHECK_MS))
      return known;
    let pending = lookups.get(deviceId);
    if (!pending) {
      pending = db
        .selectFrom('device')
        .select('orgId')
        .where('deviceId', '=', deviceId)
        .executeTakeFirst()
        .then(
          (row) => {
            if (owners.size >= OWNER_CACHE_MAX) owners.clear();
            const owner = { orgId: row?.orgId ?? null, checkedAt: Date.now() };
            owners.set(deviceId, owner);
            return owner;
          },
          (error: unknown) => {
            log.error({ err: error }, 'external broker: device lookup failed');
            return { orgId: null, checkedAt: 0 };
          },
        )
        .finally(() => lookups.delete(deviceId));
      lookups.set(deviceId, pending);
    }
    return pending;
  };

  const drop = (topic: string, reason: string) => {
    counters.dropped++;
    log.debug({ topic, reason }, 'external broker: device message dropped');
  };

  const client = mqtt.connect(inUrl.url, {
    protocolVersion: 5,
    clientId: options.clientId ?? `eldercare-server-${randomBytes(6).toString('hex')}`,
    // A session that survives a network drop (QoS 1 telemetry is kept for us), ended on close. A node
    // of a cluster keeps none: its share of the devices' messages then goes to the nodes still there,
    // rather than waiting in the session of one that died.
    clean: !cluster,
    properties: {
      sessionExpiryInterval: cluster ? 0 : SESSION_EXPIRY_S,
      maximumPacketSize: MAX_PACKET_BYTES,
    },
    reconnectPeriod: options.reconnectPeriodMs ?? 2_000,
    connectTimeout: 10_000,
    // Alarms (QoS 1) wait for the broker while it is away; nothing at QoS 0 piles up.
    queueQoSZero: false,
    resubscribe: false,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  });

  let online = false;
  let closing = false;
  let lastError = '';
  // Subscribing is ours, not mqtt.js's (resubscribe: false): after start(), on every connection that
  // has no session holding our subscriptions (a new session, or one made before they were acknowledged).
  // nl: never hear our own publications back; rap: relay retained device status as retained;
  // rh 2: no retained backlog on (re)subscribe, so an old "offline" is not raised again at every start.
  const subscription: IClientSubscribeOptions = { qos: 1, nl: true, rap: true, rh: 2 };
  // A cluster's three kinds of subscription, each with its identifier (a shared one may not set nl).
  const subscriptions: [Record<string, IClientSubscribeOptions>, IClientSubscribeOptions['properties']][] =
    cluster
      ? [
          [
            Object.fromEntries(
              EXTERNAL_SUBSCRIPTIONS.map((t) => [`$share/${cluster.group}/${t}`, { qos: 1, rap: true }]),
            ),
            { subscriptionIdentifier: Sub.devices },
          ],
          [
            Object.fromEntries(RELAY_SUBSCRIPTIONS.map((t) => [t, subscription])),
            { subscriptionIdentifier: Sub.relay },
          ],
          [{ [clusterTopic(cluster.group)]: { qos: 1, nl: true } }, { subscriptionIdentifier: Sub.cluster }],
        ]
      : [[Object.fromEntries(EXTERNAL_SUBSCRIPTIONS.map((t) => [t, subscription])), undefined]];
  let started = false;
  let subscribedInSession = false;
  let onFirstSubscribed: (() => void) | undefined;
  const subscribe = () => {
    Promise.all(
      subscriptions.map(([topics, properties]) =>
        client.subscribeAsync(topics, properties ? { qos: 1, properties } : { qos: 1 }),
      ),
    )
      .then((answers) => answers.flat())
      .then((granted) => {
        const refused = granted.filter((g) => g.qos >= 0x80).map((g) => g.topic);
        if (refused.length)
          return log.error({ url: where, refused }, 'external broker refused subscriptions');
        subscribedInSession = true;
        onFirstSubscribed?.();
      })
      // A connection lost meanwhile: the next connect subscribes again.
      .catch((error: unknown) => log.warn({ url: where, err: error }, 'external broker: subscribe failed'));
  };
  client.on('connect', (connack) => {
    // alarms are small packets written as they come: without this, Nagle's algorithm held some for
    // the peer's delayed acknowledgement (~40 ms on Linux; the cluster benchmark's idle p50)
    (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    online = true;
    lastError = '';
    log.info({ url: where, sessionPresent: connack.sessionPresent }, 'external broker connected');
    if (!connack.sessionPresent) subscribedInSession = false;
    if (started && !subscribedInSession) subscribe();
  });
  client.on('close', () => {
    if (online && !closing) log.warn({ url: where }, 'external broker connection lost; reconnecting');
    online = false;
  });
  client.on('error', (error) => {
    // Refused credentials or an unreachable broker repeat on every retry; log each new cause once.
    if (closing || error.message === lastError) return;
    lastError = error.message;
    log.error({ url: where, err: error }, 'external broker error');
  });

  /** A device message checked against its device and organisation, then handed to `use`. */
  const checked = (topic: string, use: (peer: BrokerPeer & { kind: 'device' }) => void) => {
    const match = DEVICE_TOPIC.exec(topic);
    if (!match) return drop(topic, 'not a device topic');
    const orgId = Number(match[1]);
    const deviceId = Number(match[2] ?? match[3]);
    const deliver = (owner: Owner) => {
      if (!listening) return;
      if (owner.orgId === null) return drop(topic, 'unknown device');
      if (owner.orgId !== orgId) return drop(topic, 'device of another organisation');
      use({ kind: 'device', orgId, deviceId });
    };
    // Lookups of one device resolve in order, and before the next message event, so order is kept.
    const owner = ownerOf(deviceId);
    if (owner instanceof Promise) void owner.then(deliver);
    else deliver(owner);
  };
  const handle = (topic: string, payload: Buffer, meta: DeviceMessageMeta) =>
    checked(topic, (peer) => {
      counters.forwarded++;
      for (const handler of handlers) {
        try {
          handler(topic, payload, peer, meta);
        } catch (error) {
          log.error({ err: error, topic }, 'external broker: device message handler failed');
        }
      }
      if (!cluster) for (const relay of relays) relay(topic, payload, meta);
    });
  const relay = (topic: string, payload: Buffer, meta: DeviceMessageMeta) => {
    // another node's alarm (servers alone may publish there: docs/mosquitto/)
    const toConsoles = () => {
      for (const r of relays) r(topic, payload, meta);
    };
    if (ALARM_TOPIC.test(topic)) toConsoles();
    else checked(topic, toConsoles);
  };
  const fromPeer = (payload: Buffer) => {
    let parsed: ReturnType<typeof clusterEnvelope.safeParse>;
    try {
      parsed = clusterEnvelope.safeParse(JSON.parse(payload.toString()));
    } catch {
      return log.warn('cluster: a message that is not JSON dropped');
    }
    if (!parsed.success)
      return log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'cluster: bad message dropped');
    if (parsed.data.from === cluster?.nodeId) return;
    for (const op of parsed.data.ops)
      for (const handler of opHandlers) {
        try {
          handler(op);
        } catch (error) {
          log.error({ err: error, op: op.op }, 'cluster: handling a message failed');
        }
      }
  };

  client.on('message', (topic, payload, packet) => {
    if (!listening) return;
    counters.received++;
    const meta: DeviceMessageMeta = { qos: packet.qos, retain: packet.retain };
    if (!cluster) return handle(topic, payload, meta);
    const ids = [packet.properties?.subscriptionIdentifier ?? []].flat();
    if (ids.includes(Sub.cluster)) fromPeer(payload);
    if (ids.includes(Sub.relay)) relay(topic, payload, meta);
    if (ids.includes(Sub.devices)) handle(topic, payload, meta);
  });

  const peers: ClusterPeers | null = cluster
    ? {
        nodeId: cluster.nodeId,
        send(op) {
          const text = JSON.stringify({ from: cluster.nodeId, ops: [op] });
          client.publish(clusterTopic(cluster.group), text, { qos: 1 }, (error) => {
            if (error) log.warn({ err: error, op: op.op }, 'cluster: publish failed');
          });
        },
        onOp(handler) {
          opHandlers.push(handler);
        },
      }
    : null;

  return {
    counters,
    peers,
    onRelay(handler) {
      relays.push(handler);
    },
    publish(topic, payload, opts = {}) {
      client.publish(topic, payload, { qos: opts.qos ?? 0, retain: opts.retain ?? false }, (error) => {
        if (error) log.warn({ err: error, topic }, 'external broker: publish failed');
      });
    },
    onDeviceMessage(handler) {
      handlers.push(handler);
    },
    connectedClients: () => (client.connected ? 1 : 0),
    connected: () => client.connected,
    async start() {
      started = true;
      const ready = new Promise<true>((resolve) => {
        onFirstSubscribed = () => resolve(true);
      });
      if (client.connected) subscribe();
      let waitTimer: ReturnType<typeof setTimeout> | undefined;
      const ok = await Promise.race([
        ready,
        new Promise<false>((resolve) => {
          waitTimer = setTimeout(() => resolve(false), options.firstConnectTimeoutMs ?? 5_000);
        }),
      ]);
      clearTimeout(waitTimer);
      if (!ok)
        log.error({ url: where }, 'not yet subscribed on the external broker; starting anyway, retrying');
    },
    stop() {
      listening = false;
    },
    async close() {
      closing = true;
      listening = false;
      if (!client.connected) return void (await client.endAsync(true).catch(() => undefined));
      // End the session on the broker too; in-flight alarms get two seconds, then the socket is cut.
      let cutTimer: ReturnType<typeof setTimeout> | undefined;
      const ended = await Promise.race([
        client.endAsync(false, { properties: { sessionExpiryInterval: 0 } }).then(
          () => true,
          () => true,
        ),
        new Promise<false>((resolve) => {
          cutTimer = setTimeout(() => resolve(false), 2_000);
        }),
      ]);
      clearTimeout(cutTimer);
      if (!ended) client.stream?.destroy();
    },
  };
}

/**
 * With MQTT_URL the embedded broker serves consoles only (browsers sign in there with their session
 * token, which an external broker cannot check). Whatever the server publishes (alarms) goes to both
 * brokers, and every device message accepted from the external broker (positions, status, telemetry)
 * is relayed to the embedded one, so consoles see what they would see with devices connected locally.
 */
export function fanoutBridge(local: Bridge, external: ExternalBridge): Bridge & { external: ExternalBridge } {
  external.onRelay((topic, payload, meta) => {
    local.publish(topic, payload, { qos: meta.qos === 0 ? 0 : 1, retain: meta.retain });
  });
  return {
    external,
    publish(topic, payload, options) {
      local.publish(topic, payload, options);
      external.publish(topic, payload, options);
    },
    onDeviceMessage(handler) {
      external.onDeviceMessage(handler);
    },
    connectedClients: () => local.connectedClients() + external.connectedClients(),
  };
}
