import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topic } from '../../domain/topics.js';
import { buildApp } from '../../server/app.js';
import { connectExternalBroker, type ExternalBridge } from '../../server/broker/external.js';
import { mosquittoAcl, mosquittoPasswordLine } from '../../server/broker/mosquitto.js';
import { SIMULATOR_DEVICES_FILE, type SimulatedDevice } from '../../server/db/seedRealtime.js';
import { call, signInAdmin } from '../support/serverHarness.js';

/**
 * MQTT_URL against Debian's Mosquitto, configured with docs/mosquitto/eldercare.conf and the ACL and
 * password file the platform generates: devices publish on Mosquitto, the server hears them, stores
 * alarms and publishes them on Mosquitto and on its own console broker.
 */
const MOSQUITTO = '/usr/sbin/mosquitto';
const SERVER_USER = 'eldercare-server';
const SERVER_PASSWORD = randomBytes(12).toString('hex');
/** Reads every organisation's topics (what another system subscribed to alarms would do). */
const OBSERVER = 'observer';
/** A gateway the operator gave too much: it may write every topic, so only the server's own check stands. */
const LOOSE_GATEWAY = 'loose-gateway';
const PASSWORD = 'test-password';

type App = Awaited<ReturnType<typeof buildApp>>;
let dataDir = '';
let brokerDir = '';
let brokerUrl = '';
let mosquitto: ChildProcess | undefined;
let app: App;
let consoleBase = '';
let devices: SimulatedDevice[] = [];
const clients: MqttClient[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function startMosquitto(port: number) {
  const child = spawn(MOSQUITTO, ['-c', join(brokerDir, 'mosquitto.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (d: Buffer) => {
    log += d.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${log}`);
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    if (open) return child;
    if (Date.now() > deadline) throw new Error(`mosquitto did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopMosquitto() {
  const child = mosquitto;
  mosquitto = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

async function onMosquitto(username: string, password: string, options: mqtt.IClientOptions = {}) {
  const client = await mqtt.connectAsync(brokerUrl, {
    username,
    password,
    reconnectPeriod: 0,
    connectTimeout: 4_000,
    ...options,
  });
  clients.push(client);
  return client;
}
const asDevice = (d: SimulatedDevice) =>
  onMosquitto(d.deviceCode, d.secret, { clientId: `test-${d.deviceCode}` });

const sos = (client: MqttClient, orgId: number, deviceId: number) =>
  client.publishAsync(
    Topic.device(orgId, deviceId, 'event'),
    JSON.stringify({ ts: Date.now(), event: 'sos' }),
    { qos: 1 },
  );

const alarmsOf = (deviceId: number) =>
  app.services.db.selectFrom('alarmRecord').selectAll().where('deviceId', '=', deviceId).execute();

const external = () => (app.services.bridge as unknown as { external: ExternalBridge }).external;

/** Collects the messages a client receives. */
function collect(client: MqttClient) {
  const messages: { topic: string; json: Record<string, unknown> }[] = [];
  client.on('message', (topic, payload) => {
    try {
      messages.push({ topic, json: JSON.parse(payload.toString()) });
    } catch {
      messages.push({ topic, json: {} });
    }
  });
  return messages;
}

beforeAll(async () => {
  if (!existsSync(MOSQUITTO))
    throw new Error(`${MOSQUITTO} is missing: apt-get install mosquitto (scripts/test.sh does it)`);
  dataDir = mkdtempSync(join(tmpdir(), 'eldercare-ext-'));
  brokerDir = mkdtempSync(join(tmpdir(), 'eldercare-mosquitto-'));

  // Seed the database first: the ACL and password file are made from its devices.
  const seeding = await buildApp({ dataDir, loginRatePerMinute: 1000 });
  const rows = await seeding.services.db
    .selectFrom('device')
    .select(['deviceCode', 'orgId', 'deviceId'])
    .execute();
  await seeding.close();
  devices = JSON.parse(readFileSync(join(dataDir, SIMULATOR_DEVICES_FILE), 'utf8')) as SimulatedDevice[];

  const acl = `${mosquittoAcl(rows, SERVER_USER, [OBSERVER])}\nuser ${LOOSE_GATEWAY}\ntopic write org/#\n`;
  writeFileSync(join(brokerDir, 'eldercare.acl'), acl);
  const passwd = [
    mosquittoPasswordLine(SERVER_USER, SERVER_PASSWORD),
    mosquittoPasswordLine(OBSERVER, PASSWORD),
    mosquittoPasswordLine(LOOSE_GATEWAY, PASSWORD),
    ...devices.map((d) => mosquittoPasswordLine(d.deviceCode, d.secret)),
  ];
  writeFileSync(join(brokerDir, 'eldercare.passwd'), `${passwd.join('\n')}\n`);
  const port = await freePort();
  const sample = readFileSync(resolve(import.meta.dirname, '../../docs/mosquitto/eldercare.conf'), 'utf8');
  const conf = sample
    .replace(/^listener 1883 127\.0\.0\.1$/m, `listener ${port} 127.0.0.1`)
    .replaceAll('/etc/mosquitto/', `${brokerDir}/`);
  expect(conf).toContain(`listener ${port}`);
  expect(conf).toContain(join(brokerDir, 'eldercare.acl'));
  // Run as ourselves (as root Mosquitto would switch to the "mosquitto" user, who cannot read the temp folder).
  writeFileSync(join(brokerDir, 'mosquitto.conf'), `${conf}\nuser ${userInfo().username}\nlog_dest stderr\n`);
  brokerUrl = `mqtt://127.0.0.1:${port}`;
  mosquitto = await startMosquitto(port);

  app = await buildApp({
    dataDir,
    loginRatePerMinute: 1000,
    mqttUrl: brokerUrl,
    mqttUsername: SERVER_USER,
    mqttPassword: SERVER_PASSWORD,
  });
  consoleBase = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  expect(external().connected()).toBe(true);
}, 60_000);

afterAll(async () => {
  for (const c of clients.splice(0)) await c.endAsync(true).catch(() => undefined);
  await app?.close();
  await stopMosquitto();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (brokerDir) rmSync(brokerDir, { recursive: true, force: true });
}, 30_000);

const orgDevices = (orgId: number, kind: SimulatedDevice['kind']) =>
  devices.filter((d) => d.orgId === orgId && d.kind === kind);

describe('MQTT_URL: an external Mosquitto', () => {
  it('turns an SOS published on Mosquitto into a stored alarm, published on Mosquitto and to consoles', async () => {
    const [watch] = orgDevices(1, 'watch');
    if (!watch) throw new Error('no watch');
    const observer = await onMosquitto(OBSERVER, PASSWORD, { protocolVersion: 5 });
    const seenOnMosquitto = collect(observer);
    await observer.subscribeAsync('org/+/alarm', { qos: 1 });

    // A console signs in on the server's own /mqtt with its token, as it always does.
    const admin = await signInAdmin(app);
    const consoleClient = await mqtt.connectAsync(`${consoleBase}/mqtt`, {
      username: 'console',
      password: admin.token,
      clientId: admin.mqttClientId,
      reconnectPeriod: 0,
    });
    clients.push(consoleClient);
    const seenByConsole = collect(consoleClient);
    await consoleClient.subscribeAsync([Topic.alarm(1), Topic.position(1, '+')], { qos: 1 });

    const device = await asDevice(watch);
    const position = { ts: Date.now(), buildingId: 1, floorNo: 1, lng: 120.13, lat: 30.26, battery: 80 };
    await device.publishAsync(Topic.position(1, watch.deviceId), JSON.stringify(position), { qos: 1 });
    await sos(device, 1, watch.deviceId);

    await expect.poll(() => alarmsOf(watch.deviceId), { timeout: 10_000 }).toHaveLength(1);
    const [row] = await alarmsOf(watch.deviceId);
    expect(row).toMatchObject({ orgId: 1, alarmType: 'sos', status: 0, count: 1 });

    await expect
      .poll(() => seenOnMosquitto.find((m) => m.json.deviceId === watch.deviceId), { timeout: 10_000 })
      .toMatchObject({
        topic: Topic.alarm(1),
        json: { recordId: row?.recordId, alarmType: 'sos', orgId: 1 },
      });
    await expect
      .poll(() => seenByConsole.find((m) => m.topic === Topic.alarm(1)), { timeout: 10_000 })
      .toMatchObject({ json: { recordId: row?.recordId, deviceId: watch.deviceId } });
    // Device positions reach consoles through the relay, as they would from the embedded broker.
    expect(seenByConsole.find((m) => m.topic === Topic.position(1, watch.deviceId))?.json).toMatchObject(
      position,
    );

    const list = await call(app, admin.token, 'GET', '/loms/web-lo/pnt/alarm/record?status=0');
    expect(list.body.result).toMatchObject({ total: 1 });
  });

  it("drops a message on another organisation's topic naming this organisation's device, and unknown devices", async () => {
    const [, victim, marker] = orgDevices(1, 'watch');
    if (!victim || !marker) throw new Error('not enough watches');
    const gateway = await onMosquitto(LOOSE_GATEWAY, PASSWORD);
    const before = external().counters.dropped;
    await sos(gateway, 2, victim.deviceId); // org 2's topic, org 1's device
    await sos(gateway, 1, 987_654); // no such device
    await sos(gateway, 1, marker.deviceId); // accepted: the gateway's rights are the operator's choice
    await expect.poll(() => alarmsOf(marker.deviceId), { timeout: 10_000 }).toHaveLength(1);
    await expect.poll(() => external().counters.dropped).toBe(before + 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await alarmsOf(victim.deviceId)).toEqual([]);
    const foreign = await app.services.db
      .selectFrom('alarmRecord')
      .select('recordId')
      .where('orgId', '=', 2)
      .execute();
    expect(foreign).toEqual([]);
  });

  it('the sample ACL keeps a device to its own topics; the embedded broker refuses devices', async () => {
    const [, , , device, other] = orgDevices(1, 'watch');
    if (!device || !other) throw new Error('not enough watches');
    const client = await asDevice(device);
    await sos(client, 1, other.deviceId); // Mosquitto drops it (ACL)
    await sos(client, 1, device.deviceId);
    await expect.poll(() => alarmsOf(device.deviceId), { timeout: 10_000 }).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await alarmsOf(other.deviceId)).toEqual([]);

    await expect(
      mqtt.connectAsync(`${consoleBase}/mqtt`, {
        username: device.deviceCode,
        password: device.secret,
        reconnectPeriod: 0,
        connectTimeout: 4_000,
      }),
    ).rejects.toThrow();
  });

  it('subscribes again after Mosquitto restarts, and when it only comes up after the server started', async () => {
    const [, , , , , watch] = orgDevices(1, 'watch');
    if (!watch) throw new Error('not enough watches');
    const port = Number(new URL(brokerUrl).port);
    await stopMosquitto();
    await expect.poll(() => external().connected(), { timeout: 5_000 }).toBe(false);

    // A second bridge starting while the broker is down.
    const late = connectExternalBroker(brokerUrl, {
      db: app.services.db,
      log: app.log,
      username: SERVER_USER,
      password: SERVER_PASSWORD,
      firstConnectTimeoutMs: 200,
      reconnectPeriodMs: 200,
    });
    const heard: string[] = [];
    late.onDeviceMessage((topic) => heard.push(topic));
    await late.start();
    expect(late.connected()).toBe(false);

    mosquitto = await startMosquitto(port);
    try {
      await expect.poll(() => external().connected(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => late.connected(), { timeout: 5_000 }).toBe(true);
      const device = await asDevice(watch);
      // Both subscribe right after connecting; publish until they hear.
      await expect
        .poll(
          async () => {
            await sos(device, 1, watch.deviceId);
            return (await alarmsOf(watch.deviceId)).length > 0 && heard.length > 0;
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(true);
      expect(heard[0]).toBe(Topic.device(1, watch.deviceId, 'event'));
      expect(await alarmsOf(watch.deviceId)).toHaveLength(1);
    } finally {
      await late.close();
    }
  }, 40_000);
});
