import './tz.js';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { passwordProblem } from './auth/password.js';
import { startBanner } from './banner.js';
import { redactUrl, splitCredentials } from './broker/external.js';
import { CLUSTER_GROUP } from './cluster/ops.js';
import { onOneNodeAtATime } from './cluster/singleton.js';
import { DATABASE_FILE, markRunning } from './db/backup.js';
import { isPostgresUrl } from './db/index.js';
import { parseTrustProxy } from './http/trustProxy.js';
import { startSimulator } from './simulator/index.js';

/** A setting the operator got wrong: said plainly, and the server does not start. */
function refuse(message: string): never {
  process.stderr.write(`启动失败：${message}\n`);
  process.exit(1);
}

/** An on/off setting (on, off, 1, 0, true, false). */
function onOff(name: string, fallback: 'on' | 'off'): boolean {
  const value = (process.env[name] || fallback).trim().toLowerCase();
  if (['on', '1', 'true', 'yes'].includes(value)) return true;
  if (['off', '0', 'false', 'no'].includes(value)) return false;
  return refuse(`${name} 应为 on 或 off，而不是“${value}”`);
}

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(process.env.DATA_DIR ?? './data');
// DATABASE_URL=postgres://…: PostgreSQL instead of the embedded SQLite file (issue #21)
const databaseUrl = process.env.DATABASE_URL || undefined;
const started = performance.now();
// MQTT_URL: devices (and the simulator) use this external broker; consoles still use /mqtt here.
const mqttUrl = process.env.MQTT_URL || undefined;
// Simulated devices sign in with their own credentials, never with the server's (from the URL).
const deviceBrokerUrl = mqttUrl ? splitCredentials(mqttUrl).url : `ws://127.0.0.1:${port}/mqtt`;

// CLUSTER_GROUP: one of several nodes on one PostgreSQL and one external broker (issue #21);
// NODE_ID names this node (its host name and process id by default).
const clusterGroup = process.env.CLUSTER_GROUP?.trim() || undefined;
if (clusterGroup) {
  if (!CLUSTER_GROUP.test(clusterGroup)) refuse('CLUSTER_GROUP 只能由字母、数字、- 和 _ 组成（至多 64 个）');
  if (!databaseUrl || !isPostgresUrl(databaseUrl))
    refuse('CLUSTER_GROUP 需要 PostgreSQL（DATABASE_URL=postgres://…）');
  if (!mqttUrl) refuse('CLUSTER_GROUP 需要外部 MQTT 代理（MQTT_URL）');
}
const nodeId =
  process.env.NODE_ID?.trim() ||
  `${hostname()
    .replace(/[^A-Za-z0-9_-]/g, '-')
    .slice(0, 40)}-${process.pid}`;
if (clusterGroup && !CLUSTER_GROUP.test(nodeId))
  refuse('NODE_ID 只能由字母、数字、- 和 _ 组成（至多 64 个）');

// SEED_DEMO=off: a real home. Its first start needs the administrator's password (ADMIN_PASSWORD,
// changed at the first sign-in); the institution's name and the account's are ORG_NAME and ADMIN_LOGIN.
const seedDemo = onOff('SEED_DEMO', 'on');
// (on PostgreSQL the server itself refuses a new database without them)
const newDatabase = !databaseUrl && !existsSync(join(dataDir, DATABASE_FILE));
const adminPassword = process.env.ADMIN_PASSWORD ?? '';
if (!seedDemo && newDatabase) {
  if (!adminPassword)
    refuse('SEED_DEMO=off 首次启动需要 ADMIN_PASSWORD（管理员的初始密码，首次登录后须修改）');
  const weak = passwordProblem(adminPassword);
  if (weak) refuse(`ADMIN_PASSWORD：${weak}`);
}

const app = await buildApp({
  dataDir,
  databaseFile: databaseUrl,
  // STATIC_DIR lets parallel test runs serve their own build; the product serves dist/.
  staticDir: resolve(process.env.STATIC_DIR ?? resolve(import.meta.dirname, '..', 'dist')),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  loginRatePerMinute: Number(process.env.LOGIN_RATE_PER_MINUTE ?? 30),
  mqttTcpPort: process.env.MQTT_TCP_PORT ? Number(process.env.MQTT_TCP_PORT) : undefined,
  mqttUrl,
  mqttUsername: process.env.MQTT_USERNAME || undefined,
  mqttPassword: process.env.MQTT_PASSWORD || undefined,
  cluster: clusterGroup ? { group: clusterGroup, nodeId } : undefined,
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  checkAnswers: process.env.CHECK_ANSWERS === '1',
  seedDemo,
  firstInstitution: {
    orgName: process.env.ORG_NAME?.trim() || '养老机构',
    admin: { loginName: process.env.ADMIN_LOGIN?.trim() || 'admin', password: adminPassword },
  },
});
const demo = app.services.setup === 'demo';
await app.listen({ port, host });
// a restore refuses this data folder while the server runs on it
const released = markRunning(dataDir);

// SIMULATOR=on|off (on for a demo, off for a real home); SIM_DEVICES limits the device count,
// SIM_RATE multiplies every rate.
const startSimulated = () =>
  startSimulator({
    brokerUrl: deviceBrokerUrl,
    dataDir,
    db: app.services.db,
    devices: Number(process.env.SIM_DEVICES ?? 0),
    rate: Number(process.env.SIM_RATE ?? 1),
    log: (message) => app.log.info(message),
  });
// With several nodes the simulated devices run on one of them, and move on when it stops.
const simulator = !onOff('SIMULATOR', demo ? 'on' : 'off')
  ? null
  : clusterGroup && databaseUrl
    ? onOneNodeAtATime(databaseUrl, 'eldercare simulator', startSimulated, app.log)
    : await startSimulated();

process.stdout.write(
  startBanner({
    ms: Math.round(performance.now() - started),
    host,
    port,
    databaseFile: databaseUrl ? redactUrl(databaseUrl) : join(dataDir, DATABASE_FILE),
    externalBroker: mqttUrl && redactUrl(mqttUrl),
    demo,
  }),
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    Promise.resolve(simulator?.stop())
      .then(() => app.close())
      .then(released)
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
