import { createServer, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import { CONSOLE_MQTT_USER, MQTT_PATH, orgTopicPrefix } from '../../domain/topics.js';
import { authenticate } from '../auth/tokens.js';
import type { Db } from '../db/index.js';
import { hashSecret } from '../db/seedRealtime.js';
import { holdsDept } from '../http/deptScope.js';

/** Who is on the other end of an MQTT connection, decided at CONNECT. */
export type BrokerPeer =
  | {
      kind: 'console';
      orgId: number;
      userId: number /** May read org-wide alarm and position topics. */;
      orgWide: boolean;
    }
  | { kind: 'device'; orgId: number; deviceId: number };

/** How a device message was published (the external bridge relays it to consoles as it came). */
export interface DeviceMessageMeta {
  qos: 0 | 1 | 2;
  retain: boolean;
}

/** A message a device published, handed to the rules engine (topic already authorised). */
export type DeviceMessageHandler = (
  topic: string,
  payload: Buffer,
  peer: BrokerPeer & { kind: 'device' },
  meta: DeviceMessageMeta,
) => void;

/**
 * What the rest of the server needs from a broker: publish, and hear devices. The embedded Aedes
 * broker is the default; with MQTT_URL an external broker (server/broker/external.ts) hears the
 * devices and a fan-out bridge publishes to it and to the embedded broker, which then serves consoles only.
 */
export interface Bridge {
  publish(topic: string, payload: string | Buffer, options?: { qos?: 0 | 1; retain?: boolean }): void;
  onDeviceMessage(handler: DeviceMessageHandler): void;
  /** Connected MQTT clients (consoles and devices). */
  connectedClients(): number;
}

const peers = new WeakMap<Client, BrokerPeer>();

/** Device topics a device may publish to: its own telemetry and position, nothing else. */
export function deviceMayPublish(peer: BrokerPeer & { kind: 'device' }, topic: string): boolean {
  const prefix = orgTopicPrefix(peer.orgId);
  return (
    (topic.startsWith(`${prefix}device/${peer.deviceId}/`) && topic.split('/').length === 5) ||
    topic === `${prefix}position/${peer.deviceId}`
  );
}

/** Topics a console may subscribe to: its organisation's; org-wide feeds only with every department. */
export function consoleMaySubscribe(peer: BrokerPeer & { kind: 'console' }, topic: string): boolean {
  return topic.startsWith(orgTopicPrefix(peer.orgId)) && peer.orgWide;
}

/**
 * The embedded broker over websocket at /mqtt (and TCP on MQTT_TCP_PORT). Consoles sign in with
 * username "console" and their session token; devices with their device code and secret, unless
 * `consolesOnly` (MQTT_URL set: devices belong on the external broker, so they are refused here).
 */
export async function startBroker(
  app: FastifyInstance,
  db: Db,
  options: { tcpPort?: number | undefined; consolesOnly?: boolean } = {},
): Promise<Bridge> {
  const handlers: DeviceMessageHandler[] = [];
  const deviceCache = new Map<string, { deviceId: number; orgId: number; secretHash: string }>();
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (!username || !password) return done(null, false);
      if (username === CONSOLE_MQTT_USER) {
        authenticate(db, password.toString(), Date.now(), { touch: false })
          .then(async (user) => {
            const depts = await db
              .selectFrom('dept')
              .select('deptId')
              .where('orgId', '=', user.orgId)
              .execute();
            const orgWide = depts.every((d) => holdsDept(user, d.deptId));
            peers.set(client, { kind: 'console', orgId: user.orgId, userId: user.userId, orgWide });
            done(null, true);
          })
          .catch(() => done(null, false));
        return;
      }
      if (options.consolesOnly) return done(null, false);
      const verify = (device: { deviceId: number; orgId: number; secretHash: string } | undefined) => {
        if (!device || device.secretHash !== hashSecret(password.toString())) return done(null, false);
        peers.set(client, { kind: 'device', orgId: device.orgId, deviceId: device.deviceId });
        done(null, true);
      };
      const cached = deviceCache.get(username);
      if (cached) return verify(cached);
      db.selectFrom('device')
        .select(['deviceId', 'orgId', 'secretHash'])
        .where('deviceCode', '=', username)
        .executeTakeFirst()
        .then((device) => {
          if (device) deviceCache.set(username, device);
          verify(device);
        })
        .catch(() => done(null, false));
    },
    authorizeSubscribe: (client, sub, done) => {
      const peer = client ? peers.get(client) : undefined;
      const allowed =
        peer?.kind === 'console'
          ? consoleMaySubscribe(peer, sub.topic)
          : peer?.kind === 'device' &&
            sub.topic === `${orgTopicPrefix(peer.orgId)}device/${peer.deviceId}/cmd`;
      // A null subscription is refused with SUBACK 128 while the client stays connected.
      if (!allowed) return done(null, null as unknown as typeof sub);
      done(null, sub);
    },
    authorizePublish: (client, packet, done) => {
      const peer = client ? peers.get(client) : undefined;
      if (peer?.kind !== 'device' || !deviceMayPublish(peer, packet.topic))
        return done(new Error('topic not allowed'));
      done(null);
    },
  });
  broker.on('publish', (packet, client) => {
    if (!client) return;
    const peer = peers.get(client);
    if (peer?.kind !== 'device') return;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const meta: DeviceMessageMeta = { qos: packet.qos, retain: packet.retain };
    for (const handler of handlers) handler(packet.topic, payload, peer, meta);
  });
  app.get(MQTT_PATH, { websocket: true }, (socket, req) => {
    broker.handle(createWebSocketStream(socket), req.raw);
  });
  let tcp: Server | undefined;
  if (options.tcpPort) {
    tcp = createServer(broker.handle);
    await new Promise<void>((resolve) => tcp?.listen(options.tcpPort, '127.0.0.1', resolve));
  }
  app.addHook('onClose', (_app, done) => {
    tcp?.close();
    broker.close(() => done());
  });
  return {
    publish(topic, payload, opts = {}) {
      broker.publish(
        {
          cmd: 'publish',
          topic,
          payload: Buffer.from(payload),
          qos: opts.qos ?? 0,
          retain: opts.retain ?? false,
          dup: false,
        },
        () => undefined,
      );
    },
    onDeviceMessage(handler) {
      handlers.push(handler);
    },
    connectedClients: () => broker.connectedClients,
  };
}
