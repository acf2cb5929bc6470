/**
 * Resource engine figures against the real server (its own process, simulator off):
 * - elder list GET /pims/web-pi/oldmans with 10,000 elders, 50 connections: p99 and req/s, and the
 *   ratio to a bare Fastify route serving a fixed page in the same run (what the framework around a cached
 *   answer costs; issue #43's goal for computed answers is measured against a bare route running the same
 *   query, in postgres.ts);
 * - the same list held at 1,000 req/s: p99 (target ≤ 50 ms).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { idCardCheckChar } from '../../domain/idCard.js';
import { ensureBuiltServer } from '../../scripts/builtServer.mjs';
import { startBare } from './util.js';

const root = resolve(import.meta.dirname, '..', '..');
const PORT = 18_190;
const BARE_PORT = 18_191;
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ELDERS = 10_000;

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill();
  throw new Error(`${url} did not answer`);
}

function startServer(dataDir: string) {
  const child = spawn(process.execPath, [ensureBuiltServer()], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '1000',
    },
    stdio: 'ignore',
  });
  return waitFor(`${base}/login.html`, child).then(() => child);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

/** Fills the organisation with elders up to ELDERS, in one transaction, like a big institution. */
export function addElders(file: string) {
  const db = new Database(file);
  const depts = db.prepare('select deptId from dept where orgId = 1').all() as { deptId: number }[];
  const have = (db.prepare('select count(*) as n from oldman where orgId = 1').get() as { n: number }).n;
  const insert = db.prepare(
    `insert into oldman (orgId, deptId, oldmanName, oldmanIdcard, sex, birthday, phone, oldmanStatus, nursingLevel, createTime, updateTime)
     values (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, '')`,
  );
  const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
  const given = ['秀英', '桂兰', '建国', '玉兰', '淑珍', '国华', '志强', '凤英', '德明', '丽华'];
  db.transaction(() => {
    for (let i = have; i < ELDERS; i++) {
      const year = 1925 + (i % 30);
      const birthday = `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      const first = `320102${birthday.replaceAll('-', '')}${String(i % 1000).padStart(3, '0')}`;
      // Sequence digits repeat every 1,000: the birth date varies with i, so each number is unique.
      const idcard = first + idCardCheckChar(first);
      const name = `${surnames[i % surnames.length]}${given[Math.floor(i / surnames.length) % given.length]}${i}`;
      insert.run(
        depts[i % depts.length]?.deptId,
        name,
        idcard,
        i % 2,
        birthday,
        '13800000000',
        [1, 4, 2, 3][i % 4],
        '半护理',
        '2026-01-01 08:00:00',
      );
    }
  })();
  db.close();
}

const summary = (r: autocannon.Result) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
});

function cannon(opts: autocannon.Options) {
  return autocannon({ duration: 8, ...opts });
}

export async function benchResources(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-bench-res-'));
  let server = await startServer(dataDir);
  await stop(server);
  addElders(join(dataDir, 'eldercare.sqlite'));
  server = await startServer(dataDir);
  let bare: Awaited<ReturnType<typeof startBare>> | null = null;
  try {
    const login = await fetch(`${base}/passport/web-rbac/logins/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: 'admin', loginPassword: 'Admin@2026' }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const url = `${base}/pims/web-pi/oldmans?pageNum=3&pageSize=20`;
    const headers = { authorization: token };
    const page = await (await fetch(url, { headers })).json();
    const total = (page as { result: { total: number } }).result.total;
    bare = await startBare(BARE_PORT, { BARE_BODY: JSON.stringify(page) });
    await cannon({ url, headers, connections: 10, duration: 2 }); // warm-up
    const list = summary(await cannon({ url, headers, connections: 50 }));
    const filtered = summary(
      await cannon({
        url: `${base}/pims/web-pi/oldmans?pageNum=1&pageSize=20&keyword=${encodeURIComponent('王秀')}&oldmanStatuses=1,4`,
        headers,
        connections: 50,
      }),
    );
    const yard = summary(await cannon({ url: `http://127.0.0.1:${BARE_PORT}/bare`, connections: 50 }));
    const held = summary(await cannon({ url, headers, connections: 50, overallRate: 1000 }));
    // The answers above come from the list answer cache after the first request. Here each request
    // asks a random page (anywhere in the list) of a random size from 10 to 50 (about 17,000
    // combinations, the cache keeps 1,000): mostly computed. Measured last: its garbage would
    // weigh on the runs after it.
    const randomPage = () => {
      const size = 10 + Math.floor(Math.random() * 41);
      return `/pims/web-pi/oldmans?pageNum=${1 + Math.floor(Math.random() * Math.ceil(total / size))}&pageSize=${size}`;
    };
    const computed = summary(
      await cannon({
        url,
        headers,
        connections: 50,
        requests: [{ setupRequest: (req) => ({ ...req, path: randomPage() }) }],
      }),
    );
    // The whole list as a file, as 导出 asks it (the server makes the file whole before sending it).
    const exported = async (format: 'csv' | 'xlsx') => {
      const started = performance.now();
      const res = await fetch(`${base}/pims/web-pi/oldmans?export=${format}`, { headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      return { ms: Math.round(performance.now() - started), bytes, rows: res.headers.get('x-export-rows') };
    };
    const csv = await exported('csv');
    const xlsx = await exported('xlsx');
    return [
      `export of the elder list: ${csv.rows} rows as CSV in ${csv.ms} ms (${(csv.bytes / 1e6).toFixed(1)} MB), ` +
        `as Excel in ${xlsx.ms} ms (${(xlsx.bytes / 1e6).toFixed(1)} MB)`,
      `elder list, ${total} elders, page 3 of 20, 50 connections: ${list.rps.toFixed(0)} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, errors ${list.errors}`,
      `  with keyword + status filter: ${filtered.rps.toFixed(0)} req/s, p99 ${filtered.p99} ms, errors ${filtered.errors}`,
      `  random page and size (answers mostly computed, not cached): ${computed.rps.toFixed(0)} req/s, p50 ${computed.p50} ms, p99 ${computed.p99} ms, errors ${computed.errors}`,
      `bare Fastify route, same page: ${yard.rps.toFixed(0)} req/s, p99 ${yard.p99} ms`,
      `ratio list / bare: ${(list.rps / yard.rps).toFixed(2)}, computed answers / bare fixed page: ${(computed.rps / yard.rps).toFixed(2)} (against the same query by hand: the postgres section)`,
      `held at 1,000 req/s: ${held.rps.toFixed(0)} req/s, p50 ${held.p50} ms, p99 ${held.p99} ms, errors ${held.errors}  (target p99 ≤ 50 ms)`,
    ];
  } finally {
    await bare?.stop();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
