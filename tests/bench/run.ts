/**
 * npm run bench: the figures the issues name, measured on this machine.
 * - JS (gzip) the browser loads to show the login page (target ≤ 130 KB, issue #43)
 * - cold start of `npm start` to first answer, with the build cached (target ≤ 1.5 s, issue #43)
 * - real time (realtime.ts): alarm latency under background telemetry, ingest rate
 * - map (map.ts): main-thread time per position batch, deck.gl vs maplibre setData; frame rate
 * - resources (resources.ts): elder list with 10,000 elders under load, against a bare Fastify route
 * - list (list.ts): ResourceList with 10,000 rows, first render and scrolling in headless Chromium
 * - billing (billing.ts): month-end bills for 1,000 residents; 10,000 random trades, then reconciliation
 * - dashboard (dashboard.ts): every dashboard call with 10,000 elders under 50 connections; first paint of the dashboard
 * - care (care.ts): a day's care tasks for 1,000 elders × 10 items; today's tasks of one floor under 50 connections
 * - inbox (inbox.ts): an announcement to 500 open consoles; the bell's unread count with 1,000 users
 * - patrol (patrol.ts): a month of patrol tasks for 50 plans
 * - stock (stock.ts): 10,000 goods over 1,000,000 movements: stock queries under 50 connections, 库存月报
 * - attendance (attendance.ts): a month's attendance statistics of 200 staff
 * - alarmStats (alarmStats.ts): 告警响应统计 of a month of 100,000 alarms (every dimension in one call), 交班报告
 * - restarts (restarts.ts): the server, then Mosquitto, killed 100 times under a live console; the counts
 * - postgres (postgres.ts): the elder list at 1,000 req/s and month-end bills, 10,000 residents, PostgreSQL beside SQLite
 * - cluster (cluster.ts): two nodes behind nginx on PostgreSQL and Mosquitto: alarm latency, ingest beside one node
 * `npm run bench -- startup realtime map` picks sections (all by default).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../support/chromium.js';
import { benchAlarmStats } from './alarmStats.js';
import { benchAttendance } from './attendance.js';
import { benchBilling } from './billing.js';
import { benchCare } from './care.js';
import { benchCluster } from './cluster.js';
import { benchDashboard } from './dashboard.js';
import { benchInbox } from './inbox.js';
import { benchList } from './list.js';
import { benchMap } from './map.js';
import { benchPatrol } from './patrol.js';
import { benchPostgres } from './postgres.js';
import { benchRealtime } from './realtime.js';
import { benchResources } from './resources.js';
import { benchRestarts } from './restarts.js';
import { benchStock } from './stock.js';
import { CHROMIUM_ARGS } from './util.js';

const root = resolve(import.meta.dirname, '..', '..');

function startServer(dataDir: string, port: number): { child: ChildProcess; ready: Promise<number> } {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const ready = (async () => {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/login.html`);
        if (res.ok) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
      if (performance.now() - t0 > 60_000) throw new Error('server did not start within 60 s');
    }
  })();
  return { child, ready };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

async function loginPageJs(port: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  let gzipBytes = 0;
  const urls: string[] = [];
  const files: string[] = [];
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const header = await res.headerValue('content-length');
    const encoding = res.headers()['content-encoding'] ?? 'identity';
    files.push(`${new URL(res.url()).pathname} (${encoding}, ${header ?? '?'} B)`);
    urls.push(res.url());
  });
  await page.goto(`http://127.0.0.1:${port}/login.html`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: '登录' }).waitFor();
  await browser.close();
  for (const url of urls) gzipBytes += await gzipSize(url);
  return { gzipKb: gzipBytes / 1024, files };
}

/** Bytes of the gzip answer for a URL, read raw (fetch would decompress it). */
function gzipSize(url: string): Promise<number> {
  return new Promise((resolveSize, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      if (res.headers['content-encoding'] !== 'gzip') reject(new Error(`${url} was not served gzipped`));
      let n = 0;
      res.on('data', (chunk: Buffer) => {
        n += chunk.length;
      });
      res.on('end', () => resolveSize(n));
    }).on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function startup(): Promise<string[]> {
  const seeded = mkdtempSync(join(tmpdir(), 'eldercare-bench-'));
  const port = 18_181;
  // First start seeds the database; the timed starts reuse it, as a second `npm start` would.
  const first = startServer(seeded, port);
  const seedMs = await first.ready;
  const js = await loginPageJs(port);
  await stop(first.child);

  const starts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'eldercare-bench-run-'));
    cpSync(seeded, dir, { recursive: true });
    const s = startServer(dir, port);
    starts.push(await s.ready);
    await stop(s.child);
    rmSync(dir, { recursive: true, force: true });
  }
  rmSync(seeded, { recursive: true, force: true });

  return [
    `login page JS (gzip): ${js.gzipKb.toFixed(1)} KB  (target ≤ 130 KB) ${js.gzipKb <= 130 ? '✓' : '✗'}`,
    ...js.files.map((f) => `  ${f}`),
    `first start with seeding: ${seedMs.toFixed(0)} ms`,
    `cold start to first answer, build cached: median ${median(starts).toFixed(0)} ms, runs ${starts.map((s) => s.toFixed(0)).join(' / ')} ms  (target ≤ 1500 ms) ${median(starts) <= 1500 ? '✓' : '✗'}`,
  ];
}

async function main() {
  if (!existsSync(join(root, 'dist', 'index.html')))
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const sections = {
    startup,
    realtime: benchRealtime,
    map: benchMap,
    resources: benchResources,
    billing: benchBilling,
    care: benchCare,
    dashboard: benchDashboard,
    inbox: benchInbox,
    patrol: benchPatrol,
    stock: benchStock,
    attendance: benchAttendance,
    alarmStats: benchAlarmStats,
    list: benchList,
    restarts: benchRestarts,
    cluster: benchCluster,
    postgres: benchPostgres,
  };
  const chosen = process.argv.slice(2).filter((a): a is keyof typeof sections => a in sections);
  const lines: string[] = [];
  for (const name of chosen.length ? chosen : (Object.keys(sections) as (keyof typeof sections)[])) {
    console.log(`… ${name}`);
    lines.push(`-- ${name}`, ...(await sections[name]()));
  }
  console.log('\n== 基准 (npm run bench) ==');
  for (const line of lines) console.log(line);
}

await main();
