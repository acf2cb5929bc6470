import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import type { AlarmRecord } from '../../domain/alarms.js';
import { startNginx } from './nginx.js';

/**
 * Several server nodes as an operator runs them (issue #21), for the proof (tests/cluster/) and the
 * benchmark (tests/bench/cluster.ts): a database on a PostgreSQL server, Debian's Mosquitto, the nodes
 * (`server/main.ts` with CLUSTER_GROUP, the same DATA_DIR) and Debian's nginx with
 * docs/deploy/nginx-two-nodes.conf in front. Everything on loopback, under one temporary folder.
 */
const root = join(import.meta.dirname, '..', '..');
const MOSQUITTO = '/usr/sbin/mosquitto';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it answers something other than undefined or false. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as Exclude<T, false>;
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

export interface ClusterNode {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** CPU seconds the process has used (user + system), from /proc. */
  cpuSeconds: () => number;
}

export interface Cluster {
  nodes: ClusterNode[];
  /** nginx's port. */
  front: number;
  brokerPort: number;
  databaseUrl: string;
  /** A node more, on the same database, broker and data folder. */
  addNode(name: string, env?: Record<string, string>): Promise<ClusterNode>;
  stop(): Promise<void>;
}

/**
 * Starts a database `name` on the PostgreSQL server of `serverUrl`, Mosquitto, `nodes` nodes one after
 * the other (the first sets the database up) and nginx over the first two. `env` adds settings of
 * every node (SIMULATOR, SIM_DEVICES …).
 */
export async function startCluster(options: {
  serverUrl: string;
  name: string;
  nodes: number;
  env?: Record<string, string>;
  nginx?: boolean;
}): Promise<Cluster> {
  const work = mkdtempSync(join(tmpdir(), 'eldercare-cluster-'));
  const children: ChildProcess[] = [];
  const spawnLogged = (command: string, args: string[], env?: NodeJS.ProcessEnv) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
    let output = '';
    const append = (b: Buffer) => {
      output += b.toString();
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    children.push(child);
    return { child, output: () => output };
  };

  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${options.name} with (force)`);
  await admin.query(`create database ${options.name}`);
  await admin.end();
  const target = new URL(options.serverUrl);
  target.pathname = `/${options.name}`;
  const databaseUrl = target.toString();

  const brokerPort = await freePort();
  {
    const dir = mkdtempSync(join(work, 'mosquitto-'));
    writeFileSync(
      join(dir, 'mosquitto.conf'),
      // anonymous here: who may publish where is docs/mosquitto's ACL, tested in broker-external.test.ts
      `listener ${brokerPort} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 100000\nlog_dest stderr\nlog_type error\n`,
    );
    const { child, output } = spawnLogged(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')]);
    await until('mosquitto listening', async () => {
      if (child.exitCode !== null) throw new Error(`mosquitto exited: ${output()}`);
      return listening(brokerPort);
    });
  }

  const nodes: ClusterNode[] = [];
  const addNode = async (name: string, env: Record<string, string> = {}) => {
    const port = await freePort();
    const { child, output } = spawnLogged(process.execPath, ['dist-server/main.js'], {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: join(work, 'data'),
      DATABASE_URL: databaseUrl,
      MQTT_URL: `mqtt://127.0.0.1:${brokerPort}`,
      CLUSTER_GROUP: 'proof',
      NODE_ID: name,
      TRUST_PROXY: '127.0.0.1',
      STATIC_DIR: join(work, 'no-console'),
      LOG_LEVEL: 'info',
      LOGIN_RATE_PER_MINUTE: '1000',
      ...options.env,
      ...env,
    });
    await until(
      `node ${name} started`,
      () => {
        if (child.exitCode !== null) throw new Error(`node ${name} exited:\n${output()}`);
        return output().includes('智慧养老平台已启动');
      },
      120_000,
    );
    const cpuSeconds = () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString());
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    };
    const node = { name, port, child, output, cpuSeconds };
    nodes.push(node);
    return node;
  };
  for (let i = 0; i < options.nodes; i++) await addNode(String.fromCharCode(97 + i));

  let front = 0;
  if (options.nginx !== false && nodes.length >= 2) {
    front = await freePort();
    const [a, b] = nodes;
    const site = readFileSync(join(root, 'docs/deploy/nginx-two-nodes.conf'), 'utf8')
      .replace(/listen 80;/, `listen 127.0.0.1:${front};`)
      .replace(/server 127\.0\.0\.1:8080 /, `server 127.0.0.1:${a?.port} `)
      .replace(/server 127\.0\.0\.1:8081 /, `server 127.0.0.1:${b?.port} `);
    if (!site.includes(`server 127.0.0.1:${a?.port} `) || !site.includes(`server 127.0.0.1:${b?.port} `))
      throw new Error('docs/deploy/nginx-two-nodes.conf no longer names the nodes at 8080 and 8081');
    children.push(await startNginx(work, site, () => listening(front)));
  }

  return {
    nodes,
    front,
    brokerPort,
    databaseUrl,
    addNode,
    async stop() {
      for (const child of children.reverse()) {
        if (child.exitCode !== null || child.signalCode !== null) continue;
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, pause(10_000)]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      const end = new pg.Client({ connectionString: options.serverUrl });
      await end.connect();
      await end.query(`drop database if exists ${options.name} with (force)`);
      await end.end();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Signs the demo administrator in at `base` (http://host:port) and answers the token. */
export async function signInAt(base: string, loginName = 'admin', loginPassword = 'Admin@2026') {
  const login = await fetch(`${base}/passport/web-rbac/logins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName, loginPassword }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; result: { token: string } }>);
  if (login.code !== 0) throw new Error(`sign-in failed: ${login.msg}`);
  return login.result.token;
}

/** A console's push channel: it signs in with its token and reconnects when cut, as the browser's does. */
export class PushConsole {
  readonly alarms = new Map<number, AlarmRecord>();
  readonly seen: { type: string; recordId: number; deviceId: number; at: number }[] = [];
  /** Called with each alarm message as it arrives (benchmarks time them). */
  onAlarm: ((record: AlarmRecord, at: number) => void) | null = null;
  socket: WebSocket | null = null;
  authed = false;
  reconnects = 0;
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly token: string,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`ws://${this.host}/push`, { headers: { origin: `http://${this.host}` } });
      this.socket = socket;
      this.authed = false;
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: this.token })));
      socket.on('message', (raw) => {
        const at = performance.now();
        const message = JSON.parse(raw.toString()) as { type: string; data?: AlarmRecord };
        if (message.type === 'auth.ok') {
          this.authed = true;
          resolve();
        }
        if ((message.type === 'alarm.created' || message.type === 'alarm.updated') && message.data) {
          this.alarms.set(message.data.recordId, message.data);
          this.seen.push({
            type: message.type,
            recordId: message.data.recordId,
            deviceId: message.data.deviceId,
            at: Date.now(),
          });
          this.onAlarm?.(message.data, at);
        }
      });
      socket.on('close', () => {
        if (this.closed || this.socket !== socket) return;
        this.reconnects++;
        setTimeout(() => void this.open().then(resolve), 200);
      });
      socket.on('error', () => undefined);
    });
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}
