import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { clientPushMessage, PUSH_PATH, PushCloseCode, type ServerPushMessage } from '../../domain/push.js';
import { authenticate } from '../auth/tokens.js';
import type { Db } from '../db/index.js';

const AUTH_TIMEOUT_MS = 10_000;
const PING_EVERY_MS = 25_000;

const send = (socket: WebSocket, message: ServerPushMessage) => socket.send(JSON.stringify(message));

/** The push channel: the first message authenticates; then heartbeats are answered. */
export function registerPush(
  app: FastifyInstance,
  db: Db,
  allowedOrigin: (origin: string | undefined, host: string | undefined) => boolean,
) {
  app.get(PUSH_PATH, { websocket: true }, (socket, req) => {
    if (!allowedOrigin(req.headers.origin, req.headers.host)) {
      socket.close(PushCloseCode.unauthorized, 'origin');
      return;
    }
    let token: string | null = null;
    const authTimer = setTimeout(
      () => socket.close(PushCloseCode.unauthorized, 'auth timeout'),
      AUTH_TIMEOUT_MS,
    );
    const ping = setInterval(() => socket.ping(), PING_EVERY_MS);
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(ping);
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
          await authenticate(db, message.token);
          token = message.token;
          clearTimeout(authTimer);
          send(socket, { type: 'auth.ok' });
        } catch {
          socket.close(PushCloseCode.unauthorized, 'unauthorized');
        }
        return;
      }
      if (!token) return socket.close(PushCloseCode.unauthorized, 'unauthorized');
      try {
        await authenticate(db, token);
      } catch (error) {
        const code = (error as { code?: number }).code ?? PushCloseCode.loginExpired;
        send(socket, { type: 'login.expired', data: { code } });
        return socket.close(PushCloseCode.loginExpired, 'login expired');
      }
      send(socket, { type: 'heartbeat', data: { ts: Date.now() } });
    });
  });
}
