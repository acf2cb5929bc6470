import type { FastifyInstance } from 'fastify';
import { clientPushMessage, Liveness, PUSH_PATH, PushCloseCode } from '../../domain/push.js';
import { authenticate } from '../auth/tokens.js';
import type { Db } from '../db/index.js';
import type { PushClient, PushHub } from './hub.js';

const AUTH_TIMEOUT_MS = 10_000;
/** Pings a socket may leave unanswered in a row before it is dropped as half-open. */
const UNANSWERED_PINGS = 2;
/** How often open sockets re-check their session, so a sign-in elsewhere closes them promptly. */
const SESSION_SWEEP_MS = 5_000;

const codeOf = (error: unknown) => (error as { code?: number }).code ?? PushCloseCode.loginExpired;

/**
 * The push channel: the first message authenticates ({type:'auth',token}); then heartbeats are
 * answered, alarm changes and position frames are pushed (see PushHub), and a session that ends
 * gets 'login.expired' and the socket closes.
 */
export function registerPush(
  app: FastifyInstance,
  db: Db,
  hub: PushHub,
  allowedOrigin: (origin: string | undefined, host: string | undefined) => boolean,
  liveness: { beatMs: number; pingMs: number } = {
    beatMs: Liveness.serverBeatMs,
    pingMs: Liveness.serverPingMs,
  },
) {
  const sweep = setInterval(() => {
    for (const client of hub.clients)
      authenticate(db, client.token, Date.now(), { touch: false })
        .then((user) => {
          client.user = user;
        })
        .catch((error) => hub.endSession(client.user.tokenHash, codeOf(error)));
  }, SESSION_SWEEP_MS);
  sweep.unref();
  // Liveness (issue #18): every authenticated socket hears from the server at least every 5 s, so a
  // console notices a silent or half-open channel within seconds instead of after the 240 s heartbeat.
  const beat =
    liveness.beatMs > 0
      ? setInterval(() => {
          const text = JSON.stringify({ type: 'heartbeat', data: { ts: Date.now() } });
          for (const client of hub.clients) client.socket.send(text);
        }, liveness.beatMs)
      : undefined;
  beat?.unref();
  hub.start();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(beat);
    hub.stop();
  });

  app.get(PUSH_PATH, { websocket: true }, (socket, req) => {
    if (!allowedOrigin(req.headers.origin, req.headers.host)) {
      socket.close(PushCloseCode.unauthorized, 'origin');
      return;
    }
    let client: PushClient | null = null;
    const authTimer = setTimeout(
      () => socket.close(PushCloseCode.unauthorized, 'auth timeout'),
      AUTH_TIMEOUT_MS,
    );
    // A socket that has not answered two pings in a row is half-open: dropped, so its client is
    // forgotten. One late answer is load, not a dead link (issue #36): the count is read after the
    // input already waiting (setImmediate runs after the poll phase), so a pong that came while the
    // loop was busy is seen before the timer judges.
    let unanswered = 0;
    socket.on('pong', () => {
      unanswered = 0;
    });
    const ping =
      liveness.pingMs > 0
        ? setInterval(
            () =>
              setImmediate(() => {
                if (socket.readyState !== socket.OPEN) return;
                if (unanswered >= UNANSWERED_PINGS) return socket.terminate();
                unanswered++;
                socket.ping();
              }),
            liveness.pingMs,
          )
        : undefined;
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(ping);
      if (client) hub.remove(client);
    });
    socket.on('message', async (raw) => {
      let parsed: ReturnType<typeof clientPushMessage.safeParse>;
      try {
        parsed = clientPushMessage.safeParse(JSON.parse(raw.toString()));
      } catch {
        return socket.close(PushCloseCode.unauthorized, 'bad message');
      }
      if (!parsed.success) return socket.close(PushCloseCode.unauthorized, 'bad message');
      const message = parsed.data;
      if (message.type === 'auth') {
        try {
          const user = await authenticate(db, message.token);
          clearTimeout(authTimer);
          if (client) hub.remove(client);
          client = { socket, token: message.token, user, wantsPositions: false, pendingPositions: new Map() };
          hub.add(client);
          hub.send(client, { type: 'auth.ok' });
        } catch {
          socket.close(PushCloseCode.unauthorized, 'unauthorized');
        }
        return;
      }
      if (!client) return socket.close(PushCloseCode.unauthorized, 'unauthorized');
      if (message.type === 'positions') {
        client.wantsPositions = message.on;
        if (!message.on) client.pendingPositions.clear();
        return;
      }
      try {
        client.user = await authenticate(db, client.token);
      } catch (error) {
        return hub.endSession(client.user.tokenHash, codeOf(error));
      }
      hub.send(client, { type: 'heartbeat', data: { ts: Date.now() } });
    });
  });
}
