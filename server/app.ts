import '../domain/zodLocale.js';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { type ModuleDef, menuTree } from '../domain/module.js';
import { Liveness } from '../domain/push.js';
import { ensurePatrolIndexes, startPatrolTaskJob } from '../features/administration/server/patrolTasks.js';
import { seedPhotos } from '../features/administration/server/photoSeed.js';
import { seedAdministration } from '../features/administration/server/seed.js';
import { seedPatrolTasks } from '../features/administration/server/seedPatrol.js';
import { ensureTaskIndexes, startCareTaskJob } from '../features/care/server/planTasks.js';
import { seedAssessments } from '../features/care/server/seedAssessments.js';
import { seedCareHealth } from '../features/care/server/seedCareHealth.js';
import { seedCarePlans } from '../features/care/server/seedPlans.js';
import { ensureDashboardStore } from '../features/dashboard/server/store.js';
import { seedDrugs } from '../features/drugs/server/seedDrugs.js';
import { seedEducation } from '../features/education/server/seed.js';
import { seedBilling } from '../features/expense/server/seedBilling.js';
import { seedInOut } from '../features/expense/server/seedInOut.js';
import { startRectifyWatch } from '../features/government/server/overdue.js';
import { seedGovernment } from '../features/government/server/seed.js';
import { seedHomecare } from '../features/homecare/server/seed.js';
import { startOverdueWatch } from '../features/live/server/outingOverdue.js';
import { modules as registry } from '../features/modules.js';
import { seedWarehouseLedger } from '../features/warehouse/server/seedWarehouse.js';
import { connectExternalBroker, fanoutBridge } from './broker/external.js';
import { type Bridge, startBroker } from './broker/index.js';
import { DATABASE_FILE } from './db/backup.js';
import { type Db, openDatabase } from './db/index.js';
import { setupMode } from './db/instance.js';
import { pruneFrontLogs, pruneOperationLogs } from './db/retention.js';
import { addPendingRolePresets, type FirstInstitution, isSeeded, seed, syncMenus } from './db/seed.js';
import { seedLookups } from './db/seedLookups.js';
import { hasRealtimeSeed, seedRealtime } from './db/seedRealtime.js';
import { seedNewWing } from './db/seedWing.js';
import { installErrorHandlers } from './http/errors.js';
import { registerFiles } from './http/files.js';
import { clientErrorHandler, frameworkErrors } from './http/frameworkErrors.js';
import { installSchemaCompilers, registerOpenApi } from './http/openapi.js';
import { sameOrigin } from './http/origin.js';
import { databaseRateStore } from './http/rateStore.js';
import { registerRoutes } from './http/route.js';
import { installTextHygiene } from './http/sanitize.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import type { TrustProxy } from './http/trustProxy.js';
import { allRoutes } from './modules/index.js';
import { type PaymentOptions, PaymentService } from './payment/service.js';
import { PushHub } from './push/hub.js';
import { registerPush } from './push/index.js';
import { syncResourceTables } from './resources/engine.js';
import { RulesEngine } from './rules/engine.js';
import { ringForAlarm } from './rules/voice.js';
import { logSmsSender, logVoiceCaller, type Services, type SmsSender, type VoiceCaller } from './services.js';

export interface AppOptions {
  dataDir: string;
  /** ':memory:' for tests, or a `postgres://` address; defaults to DATA_DIR/eldercare.sqlite. */
  databaseFile?: string | undefined;
  /** With ':memory:', start from this serialized database (tests copy one seeded database per test). */
  databaseImage?: Buffer;
  /** Built console to serve; skipped when the folder does not exist. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  sms?: SmsSender;
  /** Voice calls for alarms; the default writes them to the log. */
  voice?: VoiceCaller;
  now?: () => number;
  /** Login attempts per IP per minute. */
  loginRatePerMinute?: number;
  /** Also serve MQTT over TCP on this loopback port. */
  mqttTcpPort?: number | undefined;
  /**
   * External broker for devices (MQTT_URL: mqtt://, mqtts://, ws://, wss://). The embedded broker then
   * serves consoles only, and alarms are published to both.
   */
  mqttUrl?: string | undefined;
  mqttUsername?: string | undefined;
  mqttPassword?: string | undefined;
  /**
   * One of several server nodes (CLUSTER_GROUP, with PostgreSQL and an external broker): device
   * messages are shared between the group's nodes and the nodes tell each other what they push
   * (server/cluster/ops.ts).
   */
  cluster?: { group: string; nodeId: string } | undefined;
  /** Payment gateway and timings; the built-in sandbox by default. */
  payment?: PaymentOptions;
  /** Refuse answers that do not match their route's declared schema (tests; CHECK_ANSWERS=1). */
  checkAnswers?: boolean;
  /** The module registry (domain/modules); tests add a module defined from a descriptor alone. */
  modules?: readonly ModuleDef[];
  /**
   * Push liveness (domain/push.ts Liveness): the server's beat to every socket and its ping to drop
   * half-open ones, in ms; 0 turns one off (tests that count the messages a socket gets).
   */
  pushBeatMs?: number;
  pushPingMs?: number;
  /** How often broker consoles re-check their session (tests shorten it); 5 s by default. */
  sessionSweepMs?: number;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY, server/http/trustProxy.ts); none by default. */
  trustProxy?: TrustProxy;
  /**
   * SEED_DEMO: true (default) seeds the demonstration institutions, accounts, residents and devices;
   * false sets up a real home — `firstInstitution` is then needed for a new database. Decided on a
   * database's first start and kept (server/db/instance.ts).
   */
  seedDemo?: boolean;
  firstInstitution?: FirstInstitution;
}

/** A real home's database is not given made-up residents, devices, money or records. */
async function seedDemonstration(db: Db, dataDir: string) {
  const orgs = await db.selectFrom('org').select('orgId').orderBy('orgId').execute();
  for (const [i, { orgId }] of orgs.entries())
    if (!(await hasRealtimeSeed(db, orgId))) {
      await seedRealtime(db, dataDir, orgId, i === 0 ? 150 : 24);
      // the demonstration institution's residents fill its beds: a new wing brings free ones
      if (i === 0) await seedNewWing(db, orgId);
    }
  await seedHomecare(db);
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    // No HEAD twin for each of the ~880 API GET routes (halving find-my-way's work at every start:
    // issue #43, cold start); the console's files answer HEAD through their own route (@fastify/static).
    exposeHeadRoutes: false,
    logger: options.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
    clientErrorHandler,
  });
  const db: Db = await openDatabase(
    options.databaseFile ?? join(options.dataDir, DATABASE_FILE),
    options.databaseImage,
    options.dataDir,
  );
  const modules = options.modules ?? registry;
  await syncResourceTables(
    db,
    modules.flatMap((m) => m.resources),
  );
  const menus = menuTree(modules);
  const wanted = options.seedDemo === false ? 'production' : 'demo';
  const setup = await setupMode(db, wanted);
  if (setup !== wanted)
    app.log.warn(`SEED_DEMO ignored: this database was set up as ${setup} on its first start, and stays so`);
  if (!(await isSeeded(db))) {
    if (setup === 'production' && !options.firstInstitution)
      throw new Error('SEED_DEMO=off: a new database needs its institution and administrator');
    await seed(db, menus, setup === 'production' ? (options.firstInstitution ?? null) : null);
  }
  await syncMenus(db, menus);
  await addPendingRolePresets(db, menus);
  const dataDir = resolve(options.dataDir);
  mkdirSync(join(dataDir, 'files'), { recursive: true });
  const demo = setup === 'demo';
  if (demo) await seedDemonstration(db, dataDir);
  // settings every institution starts with (charge items, care levels and projects); the demo's
  // money and care plans come with them only where there are demo residents
  await seedBilling(db, demo);
  if (demo) {
    await seedInOut(db);
    await seedLookups(db);
  }
  // the stock and custody guards of the database, and the demo's goods and drugs where there are any
  await seedWarehouseLedger(db);
  if (demo) {
    await seedCareHealth(db);
    await seedGovernment(db);
    await seedEducation(db);
    await seedAssessments(db);
    await seedAdministration(db);
    await seedPhotos(db, dataDir);
  }
  await seedCarePlans(db);
  await ensureTaskIndexes(db);
  await ensureDashboardStore(db);
  await ensurePatrolIndexes(db);
  if (demo) await seedPatrolTasks(db);
  await seedDrugs(db);
  await pruneOperationLogs(db, Date.now());
  await pruneFrontLogs(db, Date.now());

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // With MQTT_URL devices use the external broker; the embedded one stays for consoles (token sign-in).
  const now = options.now ?? Date.now;
  const local = await startBroker(app, db, {
    tcpPort: options.mqttTcpPort,
    consolesOnly: !!options.mqttUrl,
    allowedOrigin: sameOrigin,
    now,
    sessionSweepMs: options.sessionSweepMs,
  });
  const external = options.mqttUrl
    ? connectExternalBroker(options.mqttUrl, {
        db,
        log: app.log,
        username: options.mqttUsername,
        password: options.mqttPassword,
        cluster: options.cluster,
        ...(options.cluster
          ? { clientId: `eldercare-${options.cluster.group}-${options.cluster.nodeId}` }
          : {}),
      })
    : null;
  const bridge: Bridge = external ? fanoutBridge(local, external) : local;
  const peers = external?.peers ?? null;
  const hub = new PushHub(bridge, peers);
  const rules = new RulesEngine(db, hub, app.log, now, peers);
  await rules.start();
  bridge.onDeviceMessage((topic, payload, peer) => rules.handle(topic, payload, peer));
  if (external) {
    await external.start();
    // Closing: stop hearing devices first; onClose hooks run last-registered first, so this one
    // disconnects after the rules engine has stored and published its last alarms.
    app.addHook('preClose', async () => external.stop());
    app.addHook('onClose', () => external.close());
  }
  const services: Services = {
    db,
    dataDir,
    sms: options.sms ?? logSmsSender(app.log),
    voice: options.voice ?? logVoiceCaller(app.log),
    now,
    hub,
    bridge,
    rules,
    payments: new PaymentService({ db, hub, log: app.log, now }, options.payment),
    setup,
  };
  app.decorate('services', services);
  rules.onAlarmCreated = (record) => void ringForAlarm(db, services.voice, app.log, record);

  installErrorHandlers(app);
  installSchemaCompilers(app, options.checkAnswers ?? false);
  await registerOpenApi(app);
  await registerSecurityHeaders(app);
  installTextHygiene(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 1 } });
  // Several nodes count requests together in the database; one counts them in memory.
  await app.register(rateLimit, {
    global: false,
    ...(options.cluster ? { store: databaseRateStore(db, now) } : {}),
  });

  registerRoutes(app, services, allRoutes({ loginRatePerMinute: options.loginRatePerMinute ?? 30 }, modules));
  registerPush(app, db, hub, sameOrigin, {
    beatMs: options.pushBeatMs ?? Liveness.serverBeatMs,
    pingMs: options.pushPingMs ?? Liveness.serverPingMs,
  });
  // Outings past their expected return raise a reminder (docs/decisions.md "Outings").
  const outingWatch = startOverdueWatch(services, app.log);
  app.addHook('onClose', async () => outingWatch.stop());
  const rectifyWatch = startRectifyWatch(services, app.log);
  app.addHook('onClose', async () => rectifyWatch.stop());
  // Today's care tasks of every active plan, then each day's (docs/decisions.md "Care").
  const careTasks = startCareTaskJob(services, app.log);
  app.addHook('onClose', async () => careTasks.stop());
  const patrolTasks = startPatrolTaskJob(services, app.log);
  app.addHook('onClose', async () => patrolTasks.stop());
  const staticDir = options.staticDir;
  if (staticDir && existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: ['index.html'],
      // one route for every file (wildcard): a route per file of dist/ (933 chunks, GET and HEAD) cost
      // 0.1 s of each start building the router; a path that is no file falls to the not-found answer
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
  // Uploaded files: to signed-in users of the owning institution and department (server/http/files.ts).
  registerFiles(app, services);
  services.payments.start();
  app.addHook('onClose', async () => {
    services.payments.stop();
    await rules.stop();
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

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
