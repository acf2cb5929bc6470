import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import { CONSOLE_MQTT_USER, MQTT_PATH, orgTopicPrefix } from '../../domain/topics.js';
import type { Db } from '../db/index.js';
import { hashSecret } from '../db/seedRealtime.js';
import { consoleMayUse, deviceMayUse } from './clientIds.js';
import {
  CONSOLE_SWEEP_MS,
  type ConsolePeer,
  consoleMaySubscribe,
  consolePeer,
  sweepConsoles,
} from './consoleSessions.js';

/** Who is on the other end of an MQTT connection, decided at CONNECT (a console's is re-checked). */
export type BrokerPeer = ConsolePeer | { kind: 'device'; orgId: number; deviceId: number };

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

/** A device's own topics, written once per connection (every message is checked against them). */
const ownTopics = new WeakMap<BrokerPeer, { telemetry: string; position: string }>();

/** Device topics a device may publish to: its own telemetry and position, nothing else. */
export function deviceMayPublish(peer: BrokerPeer & { kind: 'device' }, topic: string): boolean {
  let own = ownTopics.get(peer);
  if (!own) {
    const prefix = orgTopicPrefix(peer.orgId);
    own = { telemetry: `${prefix}device/${peer.deviceId}/`, position: `${prefix}position/${peer.deviceId}` };
    ownTopics.set(peer, own);
  }
  if (topic === own.position) return true;
  // org/{orgId}/device/{deviceId}/{kind}: one more level, not empty
  return (
    topic.length > own.telemetry.length &&
    topic.startsWith(own.telemetry) &&
    topic.indexOf('/', own.telemetry.length) === -1
  );
}

/**
 * The embedded broker over websocket at /mqtt (and TCP on MQTT_TCP_PORT). Consoles sign in with
 * username "console" and their session token; devices with their device code and secret, unless
 * `consolesOnly` (MQTT_URL set: devices belong on the external broker, so they are refused here).
 */
export async function startBroker(
  app: FastifyInstance,
  db: Db,
  options: {
    tcpPort?: number | undefined;
    consolesOnly?: boolean;
    /** Browsers send Origin on the websocket upgrade; one from elsewhere is refused (as on /push). */
    allowedOrigin?: (origin: string | undefined, host: string | undefined) => boolean;
    now?: () => number;
    /** How often consoles re-check their session; CONSOLE_SWEEP_MS by default. */
    sessionSweepMs?: number | undefined;
  } = {},
): Promise<Bridge> {
  const handlers: DeviceMessageHandler[] = [];
  const deviceCache = new Map<string, { deviceId: number; orgId: number; secretHash: string }>();
  const now = options.now ?? Date.now;
  /** The session token of each connected console, for the sweep. */
  const consoles = new Map<Client, string>();
  const tokens = new WeakMap<Client, string>();
  /** An authenticated identity presenting a client id that is not its own: refused (CONNACK 2) and logged. */
  const refuseId = (
    client: Client,
    username: string,
    done: (error: AuthenticateError | null, ok: boolean | null) => void,
  ) => {
    app.log.warn(
      { clientId: client.id, username },
      'MQTT client id refused: not the identity that signed in',
    );
    // 2: CONNACK "identifier rejected".
    done(Object.assign(new Error('identifier rejected'), { returnCode: 2 }) as AuthenticateError, false);
  };
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (!username || !password) return done(null, false);
      if (username === CONSOLE_MQTT_USER) {
        const token = password.toString();
        consolePeer(db, token, now())
          .then((peer) => {
            if (!consoleMayUse(client.id, token)) return refuseId(client, username, done);
            peers.set(client, peer);
            tokens.set(client, token);
            done(null, true);
          })
          .catch(() => done(null, false));
        return;
      }
      if (options.consolesOnly) return done(null, false);
      const verify = (device: { deviceId: number; orgId: number; secretHash: string } | undefined) => {
        if (!device || device.secretHash !== hashSecret(password.toString())) return done(null, false);
        if (!deviceMayUse(client.id, username)) return refuseId(client, username, done);
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
  broker.on('clientReady', (client) => {
    const token = tokens.get(client);
    if (token) consoles.set(client, token);
  });
  broker.on('clientDisconnect', (client) => consoles.delete(client));
  const sweep = sweepConsoles({
    db,
    log: app.log,
    now,
    everyMs: options.sessionSweepMs ?? CONSOLE_SWEEP_MS,
    consoles,
    peers,
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
    if (options.allowedOrigin && !options.allowedOrigin(req.headers.origin, req.headers.host)) {
      app.log.warn({ origin: req.headers.origin }, 'MQTT websocket from another origin refused');
      socket.close(1008, 'origin');
      return;
    }
    broker.handle(createWebSocketStream(socket), req.raw);
  });
  let tcp: Server | undefined;
  if (options.tcpPort) {
    tcp = createServer(broker.handle);
    await new Promise<void>((resolve) => tcp?.listen(options.tcpPort, '127.0.0.1', resolve));
  }
  app.addHook('onClose', (_app, done) => {
    sweep.stop();
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
