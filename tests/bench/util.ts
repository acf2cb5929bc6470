import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureBuiltServer } from '../../scripts/builtServer.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The p-th percentile (nearest rank) of a sample. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * The server as production starts it (dist-server/, its own process, no simulator) over a prepared data
 * directory, signed in as the administrator: `stop` ends it (SIGINT, waiting for its exit).
 * `BENCH_PROF=1` writes a CPU profile to .tmp/prof; `SLOWQ=1` shows its output. `env` adds settings
 * (the real-time bench's MQTT_TCP_PORT).
 */
export async function startBenchServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const root = resolve(import.meta.dirname, '..', '..');
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=.tmp/prof'] : []), ensureBuiltServer()],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '1000',
        ...env,
      },
      stdio: process.env.SLOWQ ? 'inherit' : 'ignore',
    },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((res) => child.once('exit', res));
    child.kill('SIGINT');
    await exited;
  };
  try {
    await answering(`${base}/login.html`);
    const login = await fetch(`${base}/passport/web-rbac/logins/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: 'admin', loginPassword: 'Admin@2026' }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    return { base, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function answering(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

/**
 * The bare Fastify yardstick (bareFastify.ts) in its own process on `port`: `env` gives BARE_BODY (the
 * fixed page) and/or BARE_DB (the database its /bare/oldmans reads). `stop` ends it.
 */
export async function startBare(port: number, env: Record<string, string>) {
  const root = resolve(import.meta.dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bareFastify.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((res) => child.once('exit', res));
    child.kill('SIGINT');
    await exited;
  };
  try {
    await answering(`http://127.0.0.1:${port}/bare`);
    return { base: `http://127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A figure's goal as the bench prints it beside the figure: "(target ≤ 150 ms) ✓". */
export const atMost = (value: number, max: number, unit = 'ms') =>
  `(target ≤ ${max} ${unit}) ${value <= max ? '✓' : '✗'}`;
