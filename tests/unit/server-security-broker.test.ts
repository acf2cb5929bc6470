import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIMULATOR_DEVICES_FILE, type SimulatedDevice } from '../../server/db/seedRealtime.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../support/serverHarness.js';

/**
 * Issue #20 items 1, 3 and 8: who may hold which MQTT client id on /mqtt, consoles whose session
 * ended are disconnected, and browsers from another origin are refused.
 */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness | null = null;
let url = '';
const warnings: string[] = [];

async function start(overrides: Parameters<typeof startTestApp>[0] = {}) {
  warnings.length = 0;
  h = await startTestApp({
    logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    ...overrides,
  });
  const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${base.replace('http', 'ws')}/mqtt`;
  return h;
}
afterEach(async () => {
  await h?.close();
  h = null;
});

const devicesOf = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, SIMULATOR_DEVICES_FILE), 'utf8')) as SimulatedDevice[];

const connect = (options: mqtt.IClientOptions) =>
  mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 4000, ...options });

/** Resolves 'acked' when a QoS 1 publish comes back acknowledged, 'closed' when the connection went. */
function roundTrip(client: MqttClient, topic: string): Promise<'acked' | 'closed'> {
  if (!client.connected) return Promise.resolve('closed');
  return Promise.race([
    client
      .publishAsync(topic, JSON.stringify({ ts: Date.now(), online: true }), { qos: 1 })
      .then(() => 'acked' as const),
    new Promise<'closed'>((resolve) => client.once('close', () => resolve('closed'))),
  ]);
}

const closedSignal = (client: MqttClient) => {
  const state = { closed: false };
  client.on('close', () => {
    state.closed = true;
  });
  return state;
};

describe('client ids bound to who signed in (item 1)', () => {
  // started before the test's own clock: a copied PostgreSQL database can take seconds on a busy machine
  let app: Harness;
  beforeEach(async () => {
    app = await start();
  });
  it("refuses and logs another institution's console taking a device's client id; the device stays on", async () => {
    const device = devicesOf(app.dataDir)[0];
    if (!device) throw new Error('no simulated device seeded');
    const deviceClient = await connect({
      username: device.deviceCode,
      password: device.secret,
      clientId: device.deviceCode,
    });
    const attacker = await signInOtherOrg(app.app);
    await expect(
      connect({ username: 'console', password: attacker.token, clientId: device.deviceCode }),
    ).rejects.toThrow(/identifier rejected/i);
    const status = `org/${device.orgId}/device/${device.deviceId}/status`;
    expect(await roundTrip(deviceClient, status)).toBe('acked');
    expect(warnings.join('\n')).toContain(device.deviceCode);
    expect(warnings.join('\n')).toMatch(/client id refused/);
    await deviceClient.endAsync();
  });

  it("refuses a device using another device's code as client id", async () => {
    const [first, second] = devicesOf(app.dataDir);
    if (!first || !second) throw new Error('two simulated devices expected');
    const victim = await connect({
      username: first.deviceCode,
      password: first.secret,
      clientId: first.deviceCode,
    });
    await expect(
      connect({ username: second.deviceCode, password: second.secret, clientId: first.deviceCode }),
    ).rejects.toThrow(/identifier rejected/i);
    await expect(
      connect({ username: second.deviceCode, password: second.secret, clientId: `${first.deviceCode}#x` }),
    ).rejects.toThrow(/identifier rejected/i);
    expect(await roundTrip(victim, `org/${first.orgId}/device/${first.deviceId}/status`)).toBe('acked');
    // The device itself may open a second connection under its code and '#<n>' (a tester beside the simulator).
    const second2 = await connect({
      username: first.deviceCode,
      password: first.secret,
      clientId: `${first.deviceCode}#t`,
    });
    expect(await roundTrip(victim, `org/${first.orgId}/device/${first.deviceId}/status`)).toBe('acked');
    await second2.endAsync();
    await victim.endAsync();
  });

  it('lets a console in only with the client id the server issued for its token (a tab suffix allowed)', async () => {
    const admin = await signInAdmin(app.app);
    expect(admin.mqttClientId).toMatch(/^console-[\w-]+$/);
    // The wall and the console share one token: each tab adds its own suffix.
    const tab1 = await connect({
      username: 'console',
      password: admin.token,
      clientId: `${admin.mqttClientId}-a1`,
    });
    const tab2 = await connect({
      username: 'console',
      password: admin.token,
      clientId: `${admin.mqttClientId}-b2`,
    });
    expect(tab1.connected && tab2.connected).toBe(true);
    const tab1State = closedSignal(tab1);

    const other = await signInOtherOrg(app.app);
    for (const clientId of [
      `${admin.mqttClientId}-a1`,
      admin.mqttClientId,
      'console-guessed',
      'mqttjs_1234',
    ]) {
      await expect(connect({ username: 'console', password: other.token, clientId })).rejects.toThrow(
        /identifier rejected/i,
      );
    }
    // The session's own tab survived every attempt: it still subscribes and hears its organisation.
    expect((await tab1.subscribeAsync('org/1/alarm'))[0]?.qos).toBe(0);
    expect(tab1State.closed).toBe(false);
    await tab1.endAsync();
    await tab2.endAsync();
  });
});

describe('console connections end with their session (item 3)', () => {
  // started before the test's own clock: a copied PostgreSQL database can take seconds on a busy machine
  let app: Harness;
  beforeEach(async () => {
    app = await start({ sessionSweepMs: 50 });
  });
  it('disconnects on logout, on a sign-in elsewhere (4012), on expiry and when the departments change', async () => {
    const open = async (session: { token: string; mqttClientId: string }) => {
      const client = await connect({
        username: 'console',
        password: session.token,
        clientId: `${session.mqttClientId}-t`,
      });
      return { client, state: closedSignal(client) };
    };

    const loggedOut = await signInAdmin(app.app);
    const c1 = await open(loggedOut);
    await call(app.app, loggedOut.token, 'GET', '/passport/web-rbac/logins/loginOut');
    await expect.poll(() => c1.state.closed, { timeout: 3000 }).toBe(true);
    // The ended token does not get back in.
    await expect(open(loggedOut)).rejects.toThrow();

    const first = await signInAdmin(app.app);
    const c2 = await open(first);
    await signInAdmin(app.app);
    await expect.poll(() => c2.state.closed, { timeout: 3000 }).toBe(true);

    const idle = await signInOtherOrg(app.app);
    const c3 = await open(idle);
    app.clock.now += 3 * 60 * 60 * 1000;
    await expect.poll(() => c3.state.closed, { timeout: 3000 }).toBe(true);
    app.clock.now = Date.now();

    const admin = await signInAdmin(app.app);
    const nurse = await signInNurse(app.app);
    const c4 = await open(nurse);
    const { body: nurseRecord } = await call(
      app.app,
      admin.token,
      'GET',
      `/passport/web-rbac/users/${nurse.userId}`,
    );
    const record = nurseRecord.result as { dataDeptIds: number[]; roleIds: number[] };
    const changed = await call(app.app, admin.token, 'PUT', `/passport/web-rbac/users/${nurse.userId}`, {
      dataDeptIds: [...record.dataDeptIds, 1, 2, 3].filter((d, i, all) => all.indexOf(d) === i),
    });
    expect(changed.body.code).toBe(0);
    await expect.poll(() => c4.state.closed, { timeout: 3000 }).toBe(true);
  });

  it('keeps a console whose session is alive while the sweep ends another', async () => {
    const admin = await signInAdmin(app.app);
    const alive = await connect({
      username: 'console',
      password: admin.token,
      clientId: `${admin.mqttClientId}-k`,
    });
    const aliveState = closedSignal(alive);
    const other = await signInOtherOrg(app.app);
    const ending = await connect({
      username: 'console',
      password: other.token,
      clientId: `${other.mqttClientId}-e`,
    });
    const endingState = closedSignal(ending);
    await call(app.app, other.token, 'GET', '/passport/web-rbac/logins/loginOut');
    // The sweep that closed the ended session checked the live one too.
    await expect.poll(() => endingState.closed, { timeout: 3000 }).toBe(true);
    expect(aliveState.closed).toBe(false);
    expect((await alive.subscribeAsync('org/1/alarm'))[0]?.qos).toBe(0);
    await alive.endAsync();
  });
});

describe('websocket origin (item 8)', () => {
  // started before the test's own clock: a copied PostgreSQL database can take seconds on a busy machine
  let app: Harness;
  beforeEach(async () => {
    app = await start();
  });
  it('refuses a browser from another origin and accepts the same origin', async () => {
    const admin = await signInAdmin(app.app);
    const options = { username: 'console', password: admin.token, clientId: `${admin.mqttClientId}-o` };
    const foreign = mqtt.connect(url, {
      ...options,
      reconnectPeriod: 0,
      wsOptions: { origin: 'http://evil.example' },
    });
    const outcome = await new Promise<string>((resolve) => {
      foreign.once('connect', () => resolve('connected'));
      foreign.once('close', () => resolve('closed'));
    });
    expect(outcome).toBe('closed');
    foreign.end(true);
    const host = new URL(url).host;
    const same = await connect({ ...options, wsOptions: { origin: `http://${host}` } });
    expect(same.connected).toBe(true);
    await same.endAsync();
  });
});
