import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IotPaths } from '../../domain/api/iot.js';
import { Topic } from '../../domain/topics.js';
import { CHROMIUM_ARGS } from '../bench/util.js';
import { TEST_CHROMIUM_PATH } from '../support/chromium.js';
import { type Cluster, type ClusterNode, PushConsole, startCluster, until } from '../support/cluster.js';

/**
 * The proof of issue #21 "Several nodes": PostgreSQL (TEST_DATABASE_URL, the test command's throwaway
 * server), Debian's Mosquitto and nginx with docs/deploy/nginx-two-nodes.conf, and two server nodes
 * started as an operator would (tests/support/cluster.ts). Consoles are push websockets through nginx,
 * as the browser's; devices publish on Mosquitto as the watches do.
 */
let cluster: Cluster;
let nodeA: ClusterNode;
let nodeB: ClusterNode;
let db: pg.Client;
let token = '';
const consoles: PushConsole[] = [];
let browser: Browser;
let context: BrowserContext | undefined;
/** Real consoles in Chromium, through nginx: at least one on each node. */
const pages: Page[] = [];
const dist = join(import.meta.dirname, '..', '..', 'dist');

/**
 * A console through nginx on 告警中心, with both channels up (its health light green): the first signs
 * in; the others are more tabs of the same console (one user has one session: a second sign-in would
 * end the first with 4012), each with its own push and broker connections.
 */
async function openConsole(): Promise<Page> {
  context ??= await browser.newContext({ baseURL: `http://127.0.0.1:${cluster.front}` });
  const page = await context.newPage();
  if (pages.length === 0) {
    await page.goto('/login.html');
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('Admin@2026');
    await page.getByRole('button', { name: '登录' }).click();
    const chooser = page.getByTestId('dept-chooser');
    await chooser.or(page.getByTestId('side-menu')).first().waitFor();
    if (await chooser.isVisible()) {
      await chooser.getByText('全部部门', { exact: true }).click();
      await page.getByRole('button', { name: '进入系统' }).click();
    }
    await page.getByTestId('side-menu').waitFor();
    // the session the tests' own calls and push sockets use
    token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  }
  await page.goto('/#/yunmuIot/locateAlarm');
  await page.locator('[data-testid="health-light"][data-state="ok"]').waitFor({ timeout: 20_000 });
  return page;
}
const rowOn = (page: Page, recordId: number) =>
  page.locator(`[data-testid="alarm-row"][data-record-id="${recordId}"]`);

/** Watches of organisation 1 the simulator does not drive (it takes its first 30 devices). */
let watches: { deviceId: number; deviceCode: string }[] = [];

/** The admin's request to one node directly (not through nginx). */
async function onNode<T>(node: ClusterNode, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { code: number; msg: string; result: T };
}
const pushClients = async (node: ClusterNode) =>
  (await onNode<{ pushClients: number }>(node, 'GET', IotPaths.realtimeStatus)).result.pushClients;

async function pressSos(deviceId: number) {
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${cluster.brokerPort}`, {
    protocolVersion: 5,
    reconnectPeriod: 0,
  });
  await device.publishAsync(
    Topic.device(1, deviceId, 'event'),
    JSON.stringify({ ts: Date.now(), event: 'sos' }),
    { qos: 1 },
  );
  await device.endAsync();
}

const sosRecords = async (deviceId: number) =>
  (
    await db.query<{ recordId: number; count: number; ackTime: number | null }>(
      `select "recordId", "count", "ackTime" from "alarmRecord" where "deviceId" = $1 and "alarmType" = 'sos'`,
      [deviceId],
    )
  ).rows.map((r) => ({ ...r, recordId: Number(r.recordId), count: Number(r.count) }));
const storedOnce = (deviceId: number) =>
  until(`the SOS of device ${deviceId} stored`, async () => (await sosRecords(deviceId))[0]);

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error('TEST_DATABASE_URL is not set: the test command starts a throwaway PostgreSQL');
  // the simulator's first devices only: the watches the test presses are its own
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('dist/ is not built: the test command builds it first');
  cluster = await startCluster({
    serverUrl,
    name: `cluster_${process.pid}`,
    nodes: 2,
    env: { SIM_DEVICES: '30', STATIC_DIR: dist },
  });
  [nodeA, nodeB] = cluster.nodes as [ClusterNode, ClusterNode];
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  watches = (
    await db.query<{ deviceId: number; deviceCode: string }>(
      `select "deviceId", "deviceCode" from device where "orgId" = 1 and kind = 'watch' and "deviceId" > 30
         and "oldmanId" is not null order by "deviceId" limit 3`,
    )
  ).rows.map((r) => ({ ...r, deviceId: Number(r.deviceId) }));
  expect(watches).toHaveLength(3);
  browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const c of consoles) c.close();
  await db?.end().catch(() => undefined);
  await cluster?.stop();
}, 60_000);

describe('two server nodes behind nginx on PostgreSQL and Mosquitto', () => {
  it('shows an alarm handled on node A on a console connected through node B within 2 s', async () => {
    // Two consoles in Chromium through nginx (which node each lands on is nginx's turn; the push
    // websockets below are on both: opened one after the other, nginx alternates them).
    while (pages.length < 2) pages.push(await openConsole());
    // and push websockets as consoles, for the counts below
    for (let i = 0; i < 4; i++) {
      const c = new PushConsole(`127.0.0.1:${cluster.front}`, token);
      consoles.push(c);
      await c.open();
    }
    expect(await pushClients(nodeA)).toBeGreaterThan(0);
    expect(await pushClients(nodeB)).toBeGreaterThan(0);

    // The watch presses SOS on Mosquitto; one node's rules engine raises it, every console shows it.
    const [watch] = watches;
    if (!watch) throw new Error('no watch');
    await pressSos(watch.deviceId);
    const record = await storedOnce(watch.deviceId);
    for (const page of pages) await rowOn(page, record.recordId).waitFor({ timeout: 5_000 });
    for (const page of pages) expect(await rowOn(page, record.recordId).textContent()).toContain('未确认');
    await until('every console shows it', () =>
      consoles.every((c) => c.alarms.get(record.recordId)?.status === 0),
    );

    // Acknowledged on node A: every console, those on node B too, shows who did within 2 s.
    const sent = Date.now();
    const ack = await onNode<unknown>(nodeA, 'POST', IotPaths.alarmAck, { recordId: record.recordId });
    expect(ack.code).toBe(0);
    await until(
      'every console shows it acknowledged',
      async () =>
        consoles.every((c) => c.alarms.get(record.recordId)?.ackTime) &&
        (await Promise.all(pages.map((p) => rowOn(p, record.recordId).textContent()))).every(
          (text) => !text?.includes('未确认'),
        ),
      2_000,
    );
    expect(Date.now() - sent).toBeLessThanOrEqual(2_000);
  }, 120_000);

  it('loses and doubles nothing when node A is killed while the simulator runs', async () => {
    // the simulator runs on one node: the first that took its lock, node A
    expect(nodeA.output()).toContain('eldercare simulator: runs on this node');
    expect(nodeB.output()).not.toContain('eldercare simulator: runs on this node');
    expect(await pushClients(nodeA)).toBeGreaterThan(0);

    nodeA.child.kill('SIGKILL');
    await until('node A gone', () => nodeA.child.signalCode !== null);

    // Its consoles reconnect through nginx, to node B: the push websockets at once, those in Chromium by
    // themselves (spec 000 §9 reconnects 30 s after an error; their broker channel, every 4 s). Every
    // console is on node B before the next presses, so that each can be asked to hear each alarm once
    // (one that was still on its dead socket would miss it, as a console does until its reconnect).
    await until(
      'every console signed in again on node B',
      async () =>
        consoles.every((c) => c.authed) && (await pushClients(nodeB)) === consoles.length + pages.length,
      45_000,
    );
    expect(consoles.some((c) => c.reconnects > 0)).toBe(true);

    // Two more watches press SOS: node B alone hears the devices now.
    const [first, second, third] = watches;
    if (!first || !second || !third) throw new Error('no watches');
    await pressSos(second.deviceId);
    await pressSos(third.deviceId);
    for (const watch of [second, third]) {
      const record = await storedOnce(watch.deviceId);
      await until(`every console shows the SOS of ${watch.deviceCode}`, () =>
        consoles.every((c) => c.alarms.has(record.recordId)),
      );
      for (const page of pages) await rowOn(page, record.recordId).waitFor({ timeout: 10_000 });
    }

    // The simulated devices carry on from node B.
    await until('the simulator moved to node B', () =>
      nodeB.output().includes('eldercare simulator: runs on this node'),
    );

    // Nothing doubled: one record per press, each counted once; the acknowledgement made on A stays.
    const firstRows = await sosRecords(first.deviceId);
    expect(firstRows).toHaveLength(1);
    expect(firstRows[0]?.ackTime).not.toBeNull();
    for (const watch of [second, third])
      expect(await sosRecords(watch.deviceId)).toMatchObject([{ count: 1 }]);
    // and each console was told of each alarm's creation exactly once
    for (const watch of watches) {
      const [row] = await sosRecords(watch.deviceId);
      for (const c of consoles)
        expect(c.seen.filter((s) => s.type === 'alarm.created' && s.recordId === row?.recordId)).toHaveLength(
          1,
        );
    }
  }, 150_000);
});

describe('a node started wrongly', () => {
  it('refuses CLUSTER_GROUP without PostgreSQL, saying so', async () => {
    const { execFile } = await import('node:child_process');
    const failed = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ['dist-server/main.js'],
        {
          env: {
            PATH: process.env.PATH ?? '',
            CLUSTER_GROUP: 'proof',
            MQTT_URL: 'mqtt://127.0.0.1:1',
            PORT: '1',
          },
        },
        (error, _stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
      ),
    );
    expect(failed).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('CLUSTER_GROUP 需要 PostgreSQL'),
    });
  });
});
