import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AlarmRecord } from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import { Topic } from '../../domain/topics.js';
import { DemoAccounts } from '../../server/db/seed.js';

/**
 * The proof of issue #21 "Several nodes": PostgreSQL (TEST_DATABASE_URL, the test command's throwaway
 * server), Debian's Mosquitto and nginx with docs/deploy/nginx-two-nodes.conf, and two server nodes
 * started as an operator would (`server/main.ts` with CLUSTER_GROUP). Consoles are push websockets
 * through nginx, as the browser's; devices publish on Mosquitto as the watches do.
 */
const root = join(import.meta.dirname, '..', '..');
const MOSQUITTO = '/usr/sbin/mosquitto';
const NGINX = '/usr/sbin/nginx';
const work = mkdtempSync(join(tmpdir(), 'eldercare-cluster-'));
const children: ChildProcess[] = [];
let pgAdmin: pg.Client;
let databaseUrl = '';
const databaseName = `cluster_${process.pid}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await pause(50);
  }
}

const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });

function spawnLogged(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
  let output = '';
  child.stdout?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  children.push(child);
  return { child, output: () => output };
}

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
}

async function startNode(name: string, port: number, brokerPort: number): Promise<Node> {
  const { child, output } = spawnLogged(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    DATA_DIR: join(work, 'data'),
    DATABASE_URL: databaseUrl,
    MQTT_URL: `mqtt://127.0.0.1:${brokerPort}`,
    CLUSTER_GROUP: 'proof',
    NODE_ID: name,
    TRUST_PROXY: '127.0.0.1',
    STATIC_DIR: join(work, 'no-console'),
    // the simulator's first devices only: the watches the test presses are its own
    SIM_DEVICES: '30',
    LOG_LEVEL: 'info',
  });
  await until(
    `node ${name} started`,
    () => {
      if (child.exitCode !== null) throw new Error(`node ${name} exited:\n${output()}`);
      return output().includes('智慧养老平台已启动');
    },
    90_000,
  );
  return { name, port, child, output };
}

async function startMosquitto(port: number) {
  const dir = mkdtempSync(join(work, 'mosquitto-'));
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    // anonymous here: who may publish where is docs/mosquitto's ACL, tested in broker-external.test.ts
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stderr\nlog_type error\n`,
  );
  const { child, output } = spawnLogged(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')]);
  await until('mosquitto listening', async () => {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${output()}`);
    return listening(port);
  });
}

async function startNginx(listen: number, a: number, b: number) {
  const prefix = mkdtempSync(join(work, 'nginx-'));
  const site = readFileSync(join(root, 'docs/deploy/nginx-two-nodes.conf'), 'utf8')
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
    .replace(/server 127\.0\.0\.1:8080 /, `server 127.0.0.1:${a} `)
    .replace(/server 127\.0\.0\.1:8081 /, `server 127.0.0.1:${b} `);
  expect(site).toContain(`server 127.0.0.1:${a} `);
  expect(site).toContain(`server 127.0.0.1:${b} `);
  writeFileSync(join(prefix, 'eldercare.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `${t}_temp_path ${join(prefix, t)};`)
    .join(' ');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 256; }
http { access_log off; ${temp} include ${join(prefix, 'eldercare.conf')}; }
`,
  );
  const { child, output } = spawnLogged(NGINX, [
    '-p',
    prefix,
    '-c',
    join(prefix, 'nginx.conf'),
    '-g',
    'daemon off;',
  ]);
  await until('nginx listening', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output()}`);
    return listening(listen);
  });
}

/** A console's push channel through nginx: it signs in with its token and reconnects when cut, as the browser's does. */
class Console {
  readonly alarms = new Map<number, AlarmRecord>();
  readonly seen: { type: string; recordId: number; at: number }[] = [];
  socket: WebSocket | null = null;
  authed = false;
  reconnects = 0;
  private closed = false;

  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`ws://${this.base}/push`, { headers: { origin: `http://${this.base}` } });
      this.socket = socket;
      this.authed = false;
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: this.token })));
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { type: string; data?: AlarmRecord };
        if (message.type === 'auth.ok') {
          this.authed = true;
          resolve();
        }
        if ((message.type === 'alarm.created' || message.type === 'alarm.updated') && message.data) {
          this.alarms.set(message.data.recordId, message.data);
          this.seen.push({ type: message.type, recordId: message.data.recordId, at: Date.now() });
        }
      });
      const again = () => {
        if (this.closed || this.socket !== socket) return;
        this.reconnects++;
        setTimeout(() => void this.open().then(resolve), 200);
      };
      socket.on('close', again);
      socket.on('error', () => undefined);
    });
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}

let nodeA: Node;
let nodeB: Node;
let front = 0;
let brokerPort = 0;
let token = '';
const consoles: Console[] = [];

/** The admin's request to one node directly (not through nginx). */
async function onNode<T>(node: Node, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { code: number; msg: string; result: T };
}

/** Watches of organisation 1 the simulator does not drive (it takes its first 30 devices). */
let watches: { deviceId: number; deviceCode: string }[] = [];

async function pressSos(deviceId: number) {
  const device = mqtt.connect(`mqtt://127.0.0.1:${brokerPort}`, { protocolVersion: 5, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    device.once('connect', () => resolve());
    device.once('error', reject);
  });
  await device.publishAsync(
    Topic.device(1, deviceId, 'event'),
    JSON.stringify({ ts: Date.now(), event: 'sos' }),
    {
      qos: 1,
    },
  );
  await device.endAsync();
}

const openSos = async (deviceId: number) =>
  (
    await pgAdmin.query<{ recordId: number; count: number; ackTime: number | null }>(
      `select "recordId", "count", "ackTime" from "alarmRecord" where "deviceId" = $1 and "alarmType" = 'sos'`,
      [deviceId],
    )
  ).rows;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the test command starts a throwaway PostgreSQL');
  pgAdmin = new pg.Client({ connectionString: url });
  await pgAdmin.connect();
  await pgAdmin.query(`drop database if exists ${databaseName}`);
  await pgAdmin.query(`create database ${databaseName}`);
  const target = new URL(url);
  target.pathname = `/${databaseName}`;
  databaseUrl = target.toString();
  await pgAdmin.end();
  pgAdmin = new pg.Client({ connectionString: databaseUrl });

  brokerPort = await freePort();
  await startMosquitto(brokerPort);
  const [a, b] = [await freePort(), await freePort()];
  // The first node sets the database up; the second joins it (docs/decisions.md "Several nodes").
  nodeA = await startNode('a', a, brokerPort);
  nodeB = await startNode('b', b, brokerPort);
  front = await freePort();
  await startNginx(front, a, b);
  await pgAdmin.connect();
  watches = (
    await pgAdmin.query<{ deviceId: number; deviceCode: string }>(
      `select "deviceId", "deviceCode" from device where "orgId" = 1 and kind = 'watch' and "deviceId" > 30
         and "oldmanId" is not null order by "deviceId" limit 3`,
    )
  ).rows;
  expect(watches).toHaveLength(3);

  const login = await fetch(`http://127.0.0.1:${front}/passport/web-rbac/logins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      loginName: DemoAccounts.admin.loginName,
      loginPassword: DemoAccounts.admin.password,
    }),
  }).then((r) => r.json() as Promise<{ code: number; result: { token: string } }>);
  expect(login.code).toBe(0);
  token = login.result.token;
}, 240_000);

afterAll(async () => {
  for (const c of consoles) c.close();
  await pgAdmin?.end().catch(() => undefined);
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, pause(10_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('two server nodes behind nginx on PostgreSQL and Mosquitto', () => {
  it('shows an alarm handled on node A on a console connected through node B within 2 s', async () => {
    // Consoles connect through nginx, which spreads them over both nodes.
    for (let i = 0; i < 4; i++) {
      const c = new Console(`127.0.0.1:${front}`, token);
      consoles.push(c);
      await c.open();
    }
    const pushClients = async (node: Node) =>
      (await onNode<{ pushClients: number }>(node, 'GET', IotPaths.realtimeStatus)).result.pushClients;
    expect(await pushClients(nodeA)).toBeGreaterThan(0);
    expect(await pushClients(nodeB)).toBeGreaterThan(0);

    // The watch presses SOS on Mosquitto; one node's rules engine raises it, every console hears it.
    const [watch] = watches;
    if (!watch) throw new Error('no watch');
    await pressSos(watch.deviceId);
    const [record] = await until('the SOS stored', async () => {
      const rows = await openSos(watch.deviceId);
      return rows.length ? rows : undefined;
    });
    if (!record) throw new Error('no record');
    await until('every console shows it', () =>
      consoles.every((c) => c.alarms.get(Number(record.recordId))?.status === 0) ? true : undefined,
    );

    // Acknowledged on node A: every console, those on node B too, shows who did within 2 s.
    const sent = Date.now();
    const ack = await onNode<unknown>(nodeA, 'POST', IotPaths.alarmAck, {
      recordId: Number(record.recordId),
    });
    expect(ack.code).toBe(0);
    await until(
      'every console shows it acknowledged',
      () => (consoles.every((c) => c.alarms.get(Number(record.recordId))?.ackTime) ? true : undefined),
      2_000,
    );
    const latest = Math.max(
      ...consoles.map((c) => c.seen.filter((s) => s.recordId === Number(record.recordId)).at(-1)?.at ?? 0),
    );
    expect(latest - sent).toBeLessThanOrEqual(2_000);
  });

  it('loses and doubles nothing when node A is killed while the simulator runs', async () => {
    // the simulator runs on one node: the first that took its lock, node A
    expect(nodeA.output()).toContain('eldercare simulator: runs on this node');
    expect(nodeB.output()).not.toContain('eldercare simulator: runs on this node');
    const onA = (await onNode<{ pushClients: number }>(nodeA, 'GET', IotPaths.realtimeStatus)).result
      .pushClients;
    expect(onA).toBeGreaterThan(0);

    nodeA.child.kill('SIGKILL');
    await until('node A gone', () => (nodeA.child.signalCode ? true : undefined));

    // Its consoles reconnect through nginx, to node B.
    await until('every console signed in again on node B', async () =>
      (await onNode<{ pushClients: number }>(nodeB, 'GET', IotPaths.realtimeStatus)).result.pushClients ===
        consoles.length && consoles.every((c) => c.authed)
        ? true
        : undefined,
    );
    expect(consoles.some((c) => c.reconnects > 0)).toBe(true);

    // Two more watches press SOS: node B alone hears the devices now.
    const [, second, third] = watches;
    if (!second || !third) throw new Error('no watches');
    await pressSos(second.deviceId);
    await pressSos(third.deviceId);
    for (const watch of [second, third]) {
      const [record] = await until(`the SOS of ${watch.deviceCode} stored`, async () => {
        const rows = await openSos(watch.deviceId);
        return rows.length ? rows : undefined;
      });
      if (!record) throw new Error('no record');
      await until(`every console shows the SOS of ${watch.deviceCode}`, () =>
        consoles.every((c) => c.alarms.has(Number(record.recordId))) ? true : undefined,
      );
    }

    // The simulated devices carry on from node B.
    await until('the simulator moved to node B', () =>
      nodeB.output().includes('eldercare simulator: runs on this node') ? true : undefined,
    );

    // Nothing doubled: one record per press, each counted once; the acknowledgement made on A stays.
    const [first] = watches;
    if (!first) throw new Error('no watch');
    const firstRows = await openSos(first.deviceId);
    expect(firstRows).toHaveLength(1);
    expect(firstRows[0]?.ackTime).not.toBeNull();
    for (const watch of [second, third]) {
      const rows = await openSos(watch.deviceId);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]?.count)).toBe(1);
    }
    // and each console got each alarm's creation exactly once
    for (const c of consoles)
      for (const watch of watches) {
        const [row] = await openSos(watch.deviceId);
        expect(
          c.seen.filter((s) => s.type === 'alarm.created' && s.recordId === Number(row?.recordId)),
        ).toHaveLength(1);
      }
  }, 90_000);
});
