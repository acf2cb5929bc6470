/**
 * PostgreSQL beside SQLite (issue #21), in one run on the same machine, each server its own process
 * (simulator off) with 10,000 residents (在住, care levels in turn) added to the demo institution:
 * - the elder list GET /pims/web-pi/oldmans held at 1,000 req/s in open loop (target p99 ≤ 50 ms on
 *   both): one page, then a random page and size for each request (answers computed); and the
 *   capacity with random pages at 50 connections;
 * - month-end bills for the month (POST …/cost/payBack/addBill; target ≤ 5 s on both).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { idCardCheckChar } from '../../domain/idCard.js';
import { COST } from '../../features/expense/api.js';
import { openLoad } from './openLoad.js';
import { startBare, startBenchServer } from './util.js';

const root = resolve(import.meta.dirname, '..', '..');
const PORT = 18_195;
const PG_PORT = 15_471;
const BARE_PORT = 18_196;
const RESIDENTS = 10_000;
const COLUMNS = [
  'orgId',
  'deptId',
  'oldmanName',
  'oldmanIdcard',
  'sex',
  'birthday',
  'phone',
  'oldmanStatus',
  'nursingLevel',
  'checkInDate',
  'createTime',
  'updateTime',
] as const;

/** The residents added, as rows in COLUMNS order (departments of organisation 1 in turn). */
function residents(depts: number[]): unknown[][] {
  const levels = ['自理', '半护理', '全护理', '特级护理'];
  const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
  return Array.from({ length: RESIDENTS }, (_, i) => {
    const birthday = `${1925 + (i % 30)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    const first = `320102${birthday.replaceAll('-', '')}${String(i % 1000).padStart(3, '0')}`;
    return [
      1,
      depts[i % depts.length],
      `${surnames[i % surnames.length]}长者${i}`,
      first + idCardCheckChar(first),
      i % 2,
      birthday,
      '13800000000',
      1,
      levels[i % 4],
      '2025-01-01',
      '2026-01-01 08:00:00',
      '',
    ];
  });
}

function addToSqlite(file: string) {
  const db = new Database(file);
  const depts = (db.prepare('select deptId from dept where orgId = 1').all() as { deptId: number }[]).map(
    (d) => d.deptId,
  );
  const insert = db.prepare(
    `insert into oldman (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
  );
  db.transaction(() => {
    for (const row of residents(depts)) insert.run(...row);
  })();
  db.close();
}

export async function addToPostgres(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const depts = (await db.query<{ deptId: string }>('select "deptId" from dept where "orgId" = 1')).rows.map(
    (d) => Number(d.deptId),
  );
  const rows = residents(depts);
  await db.query('begin');
  for (let at = 0; at < rows.length; at += 1000) {
    const batch = rows.slice(at, at + 1000);
    const values = batch.map(
      (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`,
    );
    await db.query(
      `insert into oldman (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${values.join(', ')}`,
      batch.flat(),
    );
  }
  await db.query('commit');
  await db.end();
}

const summary = (r: autocannon.Result) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
});

/** The random-page capacity of each database measured, in order (SQLite, then PostgreSQL). */
const capacities: number[] = [];

/**
 * `bareDb`: the database as the bare yardstick opens it (the SQLite file, or the postgres:// address), whose
 * /bare/oldmans answers the same random pages with the same query by hand (bareFastify.ts).
 */
async function measure(name: string, dataDir: string, env: Record<string, string>, bareDb: string) {
  const server = await startBenchServer(dataDir, PORT, env);
  try {
    const headers = { authorization: server.token };
    const onePage = '/pims/web-pi/oldmans?pageNum=3&pageSize=20';
    const url = `${server.base}${onePage}`;
    const page = (await (await fetch(url, { headers })).json()) as { result: { total: number } };
    const total = page.result.total;
    await autocannon({ url, headers, connections: 10, duration: 2 }); // warm-up
    const randomPage = () => {
      const size = 10 + Math.floor(Math.random() * 41);
      return `/pims/web-pi/oldmans?pageNum=${1 + Math.floor(Math.random() * Math.ceil(total / size))}&pageSize=${size}`;
    };
    // Open loop (openLoad.ts): autocannon's rate mode fires all its connections at the start of
    // every second, which measures its own bursts. One page, as a room of clerks opening the list
    // asks it; then every request a page and size of its own, each answer computed.
    const load = { base: server.base, headers, rate: 1000, durationS: 8, connections: 50 };
    const held = await openLoad({ ...load, path: () => onePage });
    const heldRandom = await openLoad({ ...load, path: randomPage });
    const computed = summary(
      await autocannon({
        url,
        headers,
        connections: 50,
        duration: 8,
        requests: [{ setupRequest: (req) => ({ ...req, path: randomPage() }) }],
      }),
    );
    // The same random pages from a bare Fastify route running the same query by hand, on the same
    // database (issue #43: ours ≥ 0.5 × it). Our server is idle meanwhile.
    const bare = await startBare(BARE_PORT, { BARE_DB: bareDb });
    let yard: ReturnType<typeof summary>;
    try {
      const bareUrl = `${bare.base}/bare/oldmans?pageNum=3&pageSize=20`;
      await autocannon({ url: bareUrl, connections: 10, duration: 2 }); // warm-up
      yard = summary(
        await autocannon({
          url: bareUrl,
          connections: 50,
          duration: 8,
          requests: [
            { setupRequest: (req) => ({ ...req, path: randomPage().replace('/pims/web-pi', '/bare') }) },
          ],
        }),
      );
    } finally {
      await bare.stop();
    }
    const t0 = performance.now();
    const made = (await (
      await fetch(`${server.base}${COST}/payBack/addBill`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ billMonth: '2026-10' }),
      })
    ).json()) as { code: number; msg: string; result: { created: number } };
    const billSeconds = (performance.now() - t0) / 1000;
    capacities.push(computed.rps);
    if (made.code !== 0) throw new Error(`${name} addBill: ${made.msg}`);
    return [
      `${name}: elder list of ${total.toLocaleString('en')} at 1,000 req/s (open loop, target p99 ≤ 50 ms):`,
      `  one page: ${held.rate} req/s answered, p50 ${held.p50} ms, p99 ${held.p99} ms, max ${held.max} ms, errors ${held.errors}`,
      `  a random page and size each: ${heldRandom.rate} req/s answered, p50 ${heldRandom.p50} ms, p99 ${heldRandom.p99} ms, max ${heldRandom.max} ms, errors ${heldRandom.errors}`,
      `  capacity, random pages at 50 connections (closed loop): ${computed.rps.toFixed(0)} req/s, p50 ${computed.p50} ms, p99 ${computed.p99} ms, errors ${computed.errors}`,
      `  bare Fastify + the same query by hand, same pages: ${yard.rps.toFixed(0)} req/s, p99 ${yard.p99} ms, errors ${yard.errors}; ours / bare ${(computed.rps / yard.rps).toFixed(2)}  (target ≥ 0.5) ${computed.rps / yard.rps >= 0.5 ? '✓' : '✗'}`,
      `  month-end bills 2026-10: ${made.result.created.toLocaleString('en')} bills in ${billSeconds.toFixed(2)} s  (target ≤ 5 s)`,
    ];
  } finally {
    await server.stop();
  }
}

export async function benchPostgres(): Promise<string[]> {
  const lines: string[] = [];
  capacities.length = 0;
  const sqliteDir = mkdtempSync(join(tmpdir(), 'eldercare-bench-sqlite-'));
  const pgDir = mkdtempSync(join(tmpdir(), 'eldercare-bench-pg-'));
  const script = join(root, 'scripts', 'postgres-throwaway.sh');
  const serverUrl = execFileSync(script, ['start', String(PG_PORT)])
    .toString()
    .trim();
  try {
    // SQLite: the first start seeds the file, the residents go in between two starts
    await (await startBenchServer(sqliteDir, PORT)).stop();
    addToSqlite(join(sqliteDir, 'eldercare.sqlite'));
    lines.push(...(await measure('SQLite', sqliteDir, {}, join(sqliteDir, 'eldercare.sqlite'))));

    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('create database bench_pg');
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = '/bench_pg';
    const env = { DATABASE_URL: url.toString() };
    await (await startBenchServer(pgDir, PORT, env)).stop();
    await addToPostgres(url.toString());
    lines.push(...(await measure('PostgreSQL', pgDir, env, url.toString())));
    const [sqlite, postgres] = capacities;
    if (sqlite && postgres)
      lines.push(
        `PostgreSQL / SQLite capacity, random pages: ${(postgres / sqlite).toFixed(2)}  (target ≥ 0.7) ${postgres / sqlite >= 0.7 ? '✓' : '✗'}`,
      );
    return lines;
  } finally {
    execFileSync(script, ['stop', String(PG_PORT)]);
    rmSync(sqliteDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }
}
