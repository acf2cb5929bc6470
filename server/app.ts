import '../domain/zodLocale.js';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { startBroker } from './broker/index.js';
import { type Db, openDatabase } from './db/index.js';
import { pruneOperationLogs } from './db/retention.js';
import { isSeeded, seed } from './db/seed.js';
import { installErrorHandlers } from './http/errors.js';
import { registerRoutes } from './http/route.js';
import { registerPush } from './push/index.js';
import { allRoutes } from './routes/index.js';
import { logSmsSender, type Services, type SmsSender } from './services.js';

export interface AppOptions {
  dataDir: string;
  /** ':memory:' for tests; defaults to DATA_DIR/eldercare.sqlite. */
  databaseFile?: string;
  /** Built console to serve; skipped when the folder does not exist. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  sms?: SmsSender;
  now?: () => number;
  /** Login attempts per IP per minute. */
  loginRatePerMinute?: number;
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 2 * 1024 * 1024, trustProxy: false });
  const db: Db = await openDatabase(options.databaseFile ?? join(options.dataDir, 'eldercare.sqlite'));
  if (!(await isSeeded(db))) await seed(db);
  await pruneOperationLogs(db, Date.now());
  const services: Services = {
    db,
    dataDir: resolve(options.dataDir),
    sms: options.sms ?? logSmsSender(app.log),
    now: options.now ?? Date.now,
  };
  app.decorate('services', services);

  installErrorHandlers(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 1 } });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  registerRoutes(app, services, allRoutes({ loginRatePerMinute: options.loginRatePerMinute ?? 30 }));
  registerPush(app, db, sameOrigin);
  await startBroker(app, db);

  mkdirSync(join(services.dataDir, 'files'), { recursive: true });
  const staticDir = options.staticDir;
  if (staticDir && existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: ['index.html'],
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
  // Uploaded files: random names; nosniff keeps a renamed file from being run as a page.
  await app.register(fastifyStatic, {
    root: join(services.dataDir, 'files'),
    prefix: '/files/',
    decorateReply: false,
    setHeaders: (reply) => reply.header('x-content-type-options', 'nosniff'),
  });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  return app;
}

/** Hashed assets are immutable; pages are always revalidated. */
function cacheHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
  reply.header(
    'cache-control',
    path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/** Browsers send Origin on websocket upgrades; it must be this server (tools without Origin are let in to authenticate). */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
