/**
 * Several nodes (issue #21), on a throwaway PostgreSQL, Debian's Mosquitto and nginx
 * (tests/support/cluster.ts), simulator off:
 * - alarm latency: a watch presses SOS on Mosquitto → the alarm on a push console connected through
 *   nginx, one console on each node (so one of them is always on the node that did not handle it);
 *   idle and under background telemetry (target p99 ≤ 150 ms);
 * - ingest: vitals through Mosquitto's shared subscription to two nodes, then to one, on the same
 *   broker: messages a second, and each node's CPU per 1,000 messages, projected to 20,000 devices at 1 Hz.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { IotPaths } from '../../domain/api/iot.js';
import { Topic } from '../../domain/topics.js';
import {
  type Cluster,
  type ClusterNode,
  PushConsole,
  signInAt,
  startCluster,
  until,
} from '../support/cluster.js';
import { percentile } from './util.js';

const root = resolve(import.meta.dirname, '..', '..');
const PG_PORT = 15_470;
const PRESSES = 200;
const INGEST_MESSAGES = 100_000;
const BACKGROUND_RATE = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Status {
  rules: { accepted: number };
  pushClients: number;
}
const statusOf = async (node: ClusterNode, token: string) =>
  (
    (await fetch(`http://127.0.0.1:${node.port}${IotPaths.realtimeStatus}`, {
      headers: { authorization: token },
    }).then((r) => r.json())) as { result: Status }
  ).result;

const vitals = () =>
  Buffer.from(
    JSON.stringify({ ts: Date.now(), heartRate: 72, breathRate: 16, inBed: 1, movement: 1, urineWet: 0 }),
  );

async function publishers(brokerPort: number, count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`, { protocolVersion: 5, reconnectPeriod: 0 }),
    ),
  );
}

/** Telemetry at `rate` a second from the mattresses, until stopped. */
function background(clients: MqttClient[], mattresses: number[], rate: number) {
  const payload = vitals();
  let i = 0;
  const timer = setInterval(() => {
    for (let n = 0; n < rate / 20; n++, i++) {
      const deviceId = mattresses[i % mattresses.length] as number;
      clients[i % clients.length]?.publish(Topic.device(1, deviceId, 'vitals'), payload);
    }
  }, 50);
  return () => clearInterval(timer);
}

async function alarmLatency(
  cluster: Cluster,
  token: string,
  watches: number[],
  mattresses: number[],
  rate: number,
) {
  const [a, b] = cluster.nodes as [ClusterNode, ClusterNode];
  // one console on each node, through nginx (it alternates; more are opened until both have one)
  const consoles: PushConsole[] = [];
  for (let i = 0; i < 8; i++) {
    const c = new PushConsole(`127.0.0.1:${cluster.front}`, token);
    await c.open();
    consoles.push(c);
    if ((await statusOf(a, token)).pushClients > 0 && (await statusOf(b, token)).pushClients > 0) break;
  }
  const [device] = await publishers(cluster.brokerPort, 1);
  const loaders = rate ? await publishers(cluster.brokerPort, 10) : [];
  const stopBackground = rate ? background(loaders, mattresses, rate) : () => undefined;
  const samples: number[] = [];
  try {
    for (let i = 0; i < PRESSES; i++) {
      const deviceId = watches[i % watches.length] as number;
      const heard = consoles.map(
        (c) =>
          new Promise<number>((done) => {
            c.onAlarm = (record, at) => {
              if (record.deviceId === deviceId) done(at);
            };
          }),
      );
      const t0 = performance.now();
      device?.publish(Topic.device(1, deviceId, 'event'), JSON.stringify({ ts: Date.now(), event: 'sos' }), {
        qos: 1,
      });
      const times = await Promise.race([
        Promise.all(heard),
        sleep(5_000).then(() => {
          throw new Error(`press ${i}: not every console heard it within 5 s`);
        }),
      ]);
      samples.push(Math.max(...times) - t0);
      await sleep(20);
    }
  } finally {
    stopBackground();
    for (const c of consoles) c.close();
    await Promise.all([device, ...loaders].map((c) => c?.endAsync()));
  }
  return {
    consoles: consoles.length,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: Math.max(...samples),
  };
}

/** `INGEST_MESSAGES` vitals as fast as 20 publishers write them; done when the nodes took every one. */
async function ingest(cluster: Cluster, token: string, nodes: ClusterNode[], mattresses: number[]) {
  const accepted = async () =>
    (await Promise.all(nodes.map((n) => statusOf(n, token)))).reduce((sum, s) => sum + s.rules.accepted, 0);
  const clients = await publishers(cluster.brokerPort, 20);
  const before = await accepted();
  const cpu0 = nodes.map((n) => n.cpuSeconds());
  const payload = vitals();
  const t0 = performance.now();
  const perClient = Math.ceil(INGEST_MESSAGES / clients.length);
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < perClient; i++) {
        const deviceId = mattresses[(c * perClient + i) % mattresses.length] as number;
        client.publish(Topic.device(1, deviceId, 'vitals'), payload, { qos: 1 });
        if (i % 200 === 199) await new Promise((r) => setImmediate(r));
      }
    }),
  );
  const sent = perClient * clients.length;
  let taken = 0;
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    taken = (await accepted()) - before;
    if (taken >= sent) break;
    await sleep(50);
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = nodes.map((n, i) => n.cpuSeconds() - (cpu0[i] ?? 0));
  await Promise.all(clients.map((c) => c.endAsync()));
  const perSecond = taken / seconds;
  // CPU seconds each node spent per 1,000 messages it handled (the shared subscription splits them)
  const cpuPerThousand = cpu.map((s) => (s / taken) * 1000 * nodes.length);
  return { sent, taken, seconds, perSecond, cpu, cpuPerThousand };
}

export async function benchCluster(): Promise<string[]> {
  const serverUrl = execFileSync(join('scripts', 'postgres-throwaway.sh'), ['start', String(PG_PORT)], {
    cwd: root,
  })
    .toString()
    .trim();
  let cluster: Cluster | null = null;
  const lines: string[] = [];
  try {
    cluster = await startCluster({
      serverUrl,
      name: 'bench_cluster',
      nodes: 2,
      env: { SIMULATOR: 'off', LOG_LEVEL: 'warn' },
    });
    const token = await signInAt(`http://127.0.0.1:${cluster.front}`);
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const ids = async (kind: string) =>
      (
        await db.query<{ deviceId: string }>(
          `select "deviceId" from device where "orgId" = 1 and kind = $1 order by "deviceId"`,
          [kind],
        )
      ).rows.map((r) => Number(r.deviceId));
    const watches = (await ids('watch')).slice(0, 50);
    const mattresses = await ids('mattress');
    await db.end();

    const idle = await alarmLatency(cluster, token, watches, mattresses, 0);
    lines.push(
      `alarm latency, device → console through nginx, two nodes (${PRESSES} presses, the later of a console on each node): ` +
        `p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms, max ${idle.max.toFixed(1)} ms  (target p99 ≤ 150 ms)`,
    );
    const loaded = await alarmLatency(cluster, token, watches, mattresses, BACKGROUND_RATE);
    lines.push(
      `  with ${BACKGROUND_RATE.toLocaleString('en')} vitals a second in the background: ` +
        `p50 ${loaded.p50.toFixed(1)} ms, p99 ${loaded.p99.toFixed(1)} ms, max ${loaded.max.toFixed(1)} ms`,
    );

    const [a, b] = cluster.nodes as [ClusterNode, ClusterNode];
    const two = await ingest(cluster, token, [a, b], mattresses);
    // node B leaves the group: the same broker, one node
    b.child.kill('SIGTERM');
    await until('node B stopped', () => b.child.exitCode !== null || b.child.signalCode !== null, 30_000);
    const one = await ingest(cluster, token, [a], mattresses);
    const describe = (name: string, r: typeof two) =>
      `${name}: ${r.taken.toLocaleString('en')} of ${r.sent.toLocaleString('en')} taken in ${r.seconds.toFixed(1)} s = ` +
      `${Math.round(r.perSecond).toLocaleString('en')} msg/s; CPU ${r.cpu.map((s) => `${s.toFixed(1)} s`).join(' + ')}` +
      ` = ${r.cpuPerThousand.map((s) => `${(s * 1000).toFixed(0)} ms`).join(' / ')} per node per 1,000 msg/s of its share`;
    lines.push(
      describe('ingest, two nodes (shared subscription)', two),
      describe('ingest, one node, same broker', one),
    );
    const perThousand = one.cpuPerThousand[0] ?? 0;
    lines.push(
      `  projection, 20,000 devices at 1 Hz: ${(perThousand * 20).toFixed(1)} CPU cores of server nodes in all ` +
        `(${(perThousand * 10).toFixed(1)} per node with two); this machine has 2 cores shared by the broker, ` +
        'PostgreSQL, nginx, the publishers and both nodes, so the two-node rate is not twice the one-node rate here',
    );
    return lines;
  } finally {
    await cluster?.stop().catch(() => undefined);
    execFileSync(join('scripts', 'postgres-throwaway.sh'), ['stop', String(PG_PORT)], { cwd: root });
  }
}
