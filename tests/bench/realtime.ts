/**
 * Real-time figures against the real server (its own process, simulator off):
 * - end-to-end alarm latency, device publish → row in the console's DOM, with 10,000 telemetry
 *   messages a second in the background (issue #18: p99 ≤ 50 ms);
 * - ingest: telemetry messages a second through broker + rules engine, none lost, beside a bare
 *   Mosquitto relaying the same messages from the same publishers to one subscriber in its own
 *   process (issue #18: aim at ≥ 0.8 × Mosquitto).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { Topic } from '../../domain/topics.js';
import { SIMULATOR_DEVICES_FILE, type SimulatedDevice } from '../../server/db/seedRealtime.js';
import { CHROMIUM_PATH } from '../support/chromium.js';
import { CHROMIUM_ARGS, percentile, startBenchServer } from './util.js';

const root = resolve(import.meta.dirname, '..', '..');
const PORT = 18_182;
const TCP_PORT = 18_183;
const MOSQUITTO_PORT = 18_184;
/** Background telemetry during the latency run (issue #18). */
const BACKGROUND_RATE = 10_000;
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const connect = (d: SimulatedDevice, port = TCP_PORT) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    username: d.deviceCode,
    password: d.secret,
    clientId: d.deviceCode,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });

const vitals = () =>
  JSON.stringify({
    ts: Date.now(),
    heartRate: 60 + Math.floor(Math.random() * 20),
    breathRate: 14 + Math.floor(Math.random() * 4),
    inBed: 1,
    movement: Math.floor(Math.random() * 5),
    urineWet: 0,
  });

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { code: number; msg: string; result: T };
  if (json.code !== 0) throw new Error(`${url}: ${json.msg}`);
  return json.result;
}

/** Signs in through the real login page and opens the positioning alarm console. */
async function openConsole(page: Page) {
  await page.goto(`${base}/login.html`);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('Admin@2026');
  await page.getByRole('button', { name: '登录' }).click();
  const chooser = page.getByTestId('dept-chooser');
  await chooser.or(page.getByTestId('side-menu')).waitFor();
  if (await chooser.isVisible()) {
    await chooser.getByText('护理一部', { exact: true }).click();
    await page.getByRole('button', { name: '进入系统' }).click();
  }
  await page.getByTestId('side-menu').waitFor();
  await page.goto(`${base}/#/yunmuIot/locateAlarm`);
  await page.locator('[data-testid="health-light"][data-state="ok"]').waitFor();
  return page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token as string);
}

/** Background telemetry at `rate` messages a second from mattresses, paced every 10 ms. */
function background(clients: { client: MqttClient; device: SimulatedDevice }[], rate: number) {
  let sent = 0;
  const started = performance.now();
  const timer = setInterval(() => {
    // Owed by the clock, not by ticks: a late timer sends more, so the rate holds.
    const owed = Math.floor(((performance.now() - started) * rate) / 1000) - sent;
    for (let i = 0; i < owed; i++) {
      const { client, device } = clients[sent % clients.length] as (typeof clients)[number];
      client.publish(Topic.device(device.orgId, device.deviceId, 'vitals'), vitals());
      sent++;
    }
  }, 10);
  return {
    stop: () => clearInterval(timer),
    sent: () => sent,
  };
}

interface Status {
  rules: { accepted: number; rejected: number; alarms: number };
}

async function alarmLatency(devices: SimulatedDevice[], samples: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const token = await openConsole(page);
  const names = new Map(
    (
      await api<{ deviceId: number; deviceName: string }[]>(token, 'GET', '/loms/web-lo/pnt/device/list/rt')
    ).map((d) => [d.deviceId, d.deviceName]),
  );
  // The page notes, at the mutation, when a row of each device first shows.
  await page.evaluate(() => {
    const w = window as unknown as { __seen: Record<string, number>; __watch: string[] };
    w.__seen = {};
    w.__watch = [];
    new MutationObserver(() => {
      const rows = document.querySelectorAll('[data-testid="live-alarms"] [data-testid="alarm-row"]');
      for (const name of w.__watch) {
        if (w.__seen[name]) continue;
        for (const row of rows) if (row.textContent?.includes(name)) w.__seen[name] = Date.now();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const mattresses = devices.filter((d) => d.kind === 'mattress' && d.orgId === 1).slice(0, 40);
  const load = await Promise.all(
    mattresses.map(async (device) => ({ device, client: await connect(device) })),
  );
  const watches = devices.filter((d) => (d.kind === 'watch' || d.kind === 'band') && d.orgId === 1);
  const senders = new Map<number, MqttClient>();
  const statusBefore = await api<Status>(token, 'GET', '/tdms/web-org/realtime/status');
  const bg = background(load, BACKGROUND_RATE);
  const started = Date.now();
  await sleep(1_000);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const device = watches[i % watches.length] as SimulatedDevice;
      const name = names.get(device.deviceId) ?? '';
      if (!name) continue;
      let client = senders.get(device.deviceId);
      if (!client) {
        client = await connect(device);
        senders.set(device.deviceId, client);
      }
      await page.evaluate((n) => {
        const w = window as unknown as { __seen: Record<string, number>; __watch: string[] };
        delete w.__seen[n];
        w.__watch = [n];
      }, name);
      const t0 = Date.now();
      await client.publishAsync(
        Topic.device(device.orgId, device.deviceId, 'event'),
        JSON.stringify({ ts: t0, event: 'sos' }),
        { qos: 1 },
      );
      const handle = await page.waitForFunction(
        (n) => (window as unknown as { __seen: Record<string, number> }).__seen[n],
        name,
        { timeout: 10_000, polling: 20 },
      );
      latencies.push(((await handle.jsonValue()) as number) - t0);
      // Close it, and wait until the console has let it go, so the next alarm is a new row.
      await api(token, 'POST', '/loms/web-lo/pnt/alarm/record/oneClickIgnore', {});
      await page
        .locator('[data-testid="live-alarms"] [data-testid="alarm-row"]')
        .filter({ hasText: name })
        .waitFor({ state: 'detached', timeout: 10_000 });
    }
  } finally {
    bg.stop();
  }
  const seconds = (Date.now() - started) / 1000;
  const sent = bg.sent();
  await sleep(1_000);
  const statusAfter = await api<Status>(token, 'GET', '/tdms/web-org/realtime/status');
  for (const c of [...load.map((l) => l.client), ...senders.values()]) await c.endAsync();
  await browser.close();
  return {
    latencies,
    backgroundRate: sent / seconds,
    backgroundAccepted: statusAfter.rules.accepted - statusBefore.rules.accepted - latencies.length,
    backgroundSent: sent,
    /** The console's session: it replaced the server's first one (one session per user). */
    token,
  };
}

/**
 * The publishing harness of both ingest runs: 50 mattresses send `total` vitals as fast as their
 * sockets take them, letting the socket drain now and then as a device's network stack would.
 * Resolves when the last is written; returns the start (performance.now and epoch ms).
 */
async function publishAll(devices: SimulatedDevice[], total: number, port: number) {
  const mattresses = devices.filter((d) => d.kind === 'mattress').slice(0, 50);
  const clients = await Promise.all(
    mattresses.map(async (device) => ({ device, client: await connect(device, port) })),
  );
  const perClient = Math.ceil(total / clients.length);
  // written once: making each message's JSON would make the harness, not the broker, the ceiling
  const payloads = Array.from({ length: 64 }, () => Buffer.from(vitals()));
  const t0 = performance.now();
  const epoch0 = Date.now();
  await Promise.all(
    clients.map(async ({ client, device }) => {
      const topic = Topic.device(device.orgId, device.deviceId, 'vitals');
      for (let i = 0; i < perClient; i++) {
        client.publish(topic, payloads[i % payloads.length] as Buffer);
        if (i % 200 === 199) await new Promise((r) => setImmediate(r));
      }
    }),
  );
  return {
    t0,
    epoch0,
    /** Seconds the publishers took to write every message: the harness's own ceiling. */
    written: (performance.now() - t0) / 1000,
    sent: perClient * clients.length,
    end: () => Promise.all(clients.map((c) => c.client.endAsync())),
  };
}

/** As many vitals as the devices can send; done when the rules engine has taken every one. */
async function ingest(token: string, devices: SimulatedDevice[], total: number) {
  const accepted = async () =>
    (await api<Status>(token, 'GET', '/tdms/web-org/realtime/status')).rules.accepted;
  const before = await accepted();
  const run = await publishAll(devices, total, TCP_PORT);
  const deadline = performance.now() + 120_000;
  let done = (await accepted()) - before;
  while (done < run.sent && performance.now() < deadline) {
    await sleep(20);
    done = (await accepted()) - before;
  }
  const seconds = (performance.now() - run.t0) / 1000;
  await run.end();
  return { sent: run.sent, taken: done, perSecond: done / seconds, seconds, written: run.written };
}

/**
 * The same publishers through a bare Mosquitto (Debian's, no authentication, no persistence) to one
 * QoS 0 subscriber of every organisation's topics in its own process: what a broker alone relays on
 * this machine, the yardstick for ours.
 */
async function bareMosquitto(devices: SimulatedDevice[], total: number) {
  const dir = mkdtempSync(join(tmpdir(), 'eldercare-bench-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${MOSQUITTO_PORT} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'log_type error',
      '',
    ].join('\n'),
  );
  const broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const counter = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/bench/mqttCount.ts', `mqtt://127.0.0.1:${MOSQUITTO_PORT}`, String(total)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const lines = (async function* () {
      let buffered = '';
      for await (const chunk of counter.stdout) {
        buffered += String(chunk);
        let nl = buffered.indexOf('\n');
        while (nl >= 0) {
          yield buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          nl = buffered.indexOf('\n');
        }
      }
    })();
    // the counter retries until the broker listens
    for (;;) {
      const { value, done } = await lines.next();
      if (done)
        throw new Error('the Mosquitto subscriber ended before subscribing (is mosquitto installed?)');
      if (value === 'ready') break;
    }
    const run = await publishAll(devices, total, MOSQUITTO_PORT);
    const { value } = await lines.next();
    await run.end();
    const [, received, last] = (value ?? '').split(' ').map(Number);
    if (received === undefined || last === undefined) throw new Error(`subscriber said ${value}`);
    const seconds = (last - run.epoch0) / 1000;
    return { sent: run.sent, taken: received, perSecond: received / seconds, seconds, written: run.written };
  } finally {
    counter.kill();
    broker.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchRealtime(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-bench-rt-'));
  // its own process, simulator off; devices also over TCP, as the harness publishes
  const server = await startBenchServer(dataDir, PORT, { MQTT_TCP_PORT: String(TCP_PORT) });
  const lines: string[] = [];
  try {
    const devices = JSON.parse(
      readFileSync(join(dataDir, SIMULATOR_DEVICES_FILE), 'utf8'),
    ) as SimulatedDevice[];
    const l = await alarmLatency(devices, 100);
    lines.push(
      `alarm latency, device publish → console row, ${l.latencies.length} alarms, background ${l.backgroundRate.toFixed(0)} msg/s ` +
        `(${l.backgroundAccepted}/${l.backgroundSent} taken): p50 ${percentile(l.latencies, 50)} ms, p99 ${percentile(l.latencies, 99)} ms, ` +
        `max ${Math.max(...l.latencies)} ms  (target p99 ≤ 50 ms)`,
    );
    // (the console's sign-in ended the first session of admin: one session per user, 4012)
    const n = await ingest(l.token, devices, 200_000);
    lines.push(
      `ingest, broker (MQTT over TCP, QoS 0) + rules engine: ${n.perSecond.toFixed(0)} msg/s, ${n.taken}/${n.sent} taken ` +
        `(${n.sent - n.taken} lost) in ${n.seconds.toFixed(1)} s, the publishers writing for ${n.written.toFixed(1)} s  (none lost)`,
    );
    const m = await bareMosquitto(devices, 200_000);
    lines.push(
      `ingest, bare Mosquitto relaying the same publishers to one subscriber: ${m.perSecond.toFixed(0)} msg/s, ` +
        `${m.taken}/${m.sent} relayed in ${m.seconds.toFixed(1)} s (publishers ${m.written.toFixed(1)} s); ours is ${(n.perSecond / m.perSecond).toFixed(2)} × Mosquitto  (aim ≥ 0.8 ×)`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}
