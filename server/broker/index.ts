import { Aedes, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import { CONSOLE_MQTT_USER, MQTT_PATH, orgTopicPrefix } from '../../domain/topics.js';
import { authenticate } from '../auth/tokens.js';
import type { Db } from '../db/index.js';

/** What each connected client may touch: only its own organisation's topics. */
const orgOfClient = new WeakMap<Client, number>();

/**
 * The embedded broker over websocket at /mqtt. Consoles sign in with username "console" and their
 * session token; device credentials arrive with the device model (next issue).
 */
export async function startBroker(app: FastifyInstance, db: Db) {
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (username !== CONSOLE_MQTT_USER || !password) return done(null, false);
      authenticate(db, password.toString())
        .then((user) => {
          orgOfClient.set(client, user.orgId);
          done(null, true);
        })
        .catch(() => done(null, false));
    },
    authorizeSubscribe: (client, sub, done) => {
      const orgId = client ? orgOfClient.get(client) : undefined;
      // A null subscription is refused with SUBACK 128 while the client stays connected.
      if (orgId === undefined || !sub.topic.startsWith(orgTopicPrefix(orgId)))
        return done(null, null as unknown as typeof sub);
      done(null, sub);
    },
    authorizePublish: (client, packet, done) => {
      const orgId = client ? orgOfClient.get(client) : undefined;
      if (orgId === undefined || !packet.topic.startsWith(orgTopicPrefix(orgId)))
        return done(new Error('topic not allowed'));
      done(null);
    },
  });
  app.get(MQTT_PATH, { websocket: true }, (socket, req) => {
    broker.handle(createWebSocketStream(socket), req.raw);
  });
  app.addHook('onClose', (_app, done) => {
    broker.close(() => done());
  });
  return broker;
}
