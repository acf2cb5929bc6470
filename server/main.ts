import { join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { startBanner } from './banner.js';
import { redactUrl, splitCredentials } from './broker/external.js';
import { parseTrustProxy } from './http/trustProxy.js';
import { startSimulator } from './simulator/index.js';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const started = performance.now();
// MQTT_URL: devices (and the simulator) use this external broker; consoles still use /mqtt here.
const mqttUrl = process.env.MQTT_URL || undefined;
// Simulated devices sign in with their own credentials, never with the server's (from the URL).
const deviceBrokerUrl = mqttUrl ? splitCredentials(mqttUrl).url : `ws://127.0.0.1:${port}/mqtt`;

const app = await buildApp({
  dataDir,
  // STATIC_DIR lets parallel test runs serve their own build; the product serves dist/.
  staticDir: resolve(process.env.STATIC_DIR ?? resolve(import.meta.dirname, '..', 'dist')),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  loginRatePerMinute: Number(process.env.LOGIN_RATE_PER_MINUTE ?? 30),
  mqttTcpPort: process.env.MQTT_TCP_PORT ? Number(process.env.MQTT_TCP_PORT) : undefined,
  mqttUrl,
  mqttUsername: process.env.MQTT_USERNAME || undefined,
  mqttPassword: process.env.MQTT_PASSWORD || undefined,
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  checkAnswers: process.env.CHECK_ANSWERS === '1',
});
await app.listen({ port, host });

// SIMULATOR=on|off (default on); SIM_DEVICES limits the device count, SIM_RATE multiplies every rate.
const simulator =
  (process.env.SIMULATOR ?? 'on') === 'off'
    ? null
    : await startSimulator({
        brokerUrl: deviceBrokerUrl,
        dataDir,
        db: app.services.db,
        devices: Number(process.env.SIM_DEVICES ?? 0),
        rate: Number(process.env.SIM_RATE ?? 1),
        log: (message) => app.log.info(message),
      });

process.stdout.write(
  startBanner({
    ms: Math.round(performance.now() - started),
    host,
    port,
    databaseFile: join(dataDir, 'eldercare.sqlite'),
    externalBroker: mqttUrl && redactUrl(mqttUrl),
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
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
