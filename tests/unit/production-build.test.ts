import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LoginPaths } from '../../domain/api/sessionPaths.js';
import { buildServer, runtimePackages } from '../../scripts/build-server.js';
import { startNginx as startNginxSite } from '../support/nginx.js';

/**
 * The production start (issue #21): the compiled server runs on plain Node — no tsx, nothing from
 * devDependencies — as a real home (SEED_DEMO=off), is backed up while it runs and stops cleanly.
 */
const root = join(import.meta.dirname, '..', '..');
// inside the checkout, so the built files find node_modules as dist-server/ does
const outdir = join(root, '.tmp', `dist-server-test-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-prod-'));
const run = promisify(execFile);
const _NGINX = '/usr/sbin/nginx';
let packages: string[] = [];

beforeAll(async () => {
  packages = runtimePackages(await buildServer(outdir));
}, 60_000);
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts the built server; answers when it has printed its banner (or fails with what it printed). */
function startBuilt(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [join(outdir, 'main.js')], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (b: Buffer) => {
    text += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    text += b.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 30 s:\n${text}`)), 30_000);
    child.stdout?.on('data', () => {
      if (text.includes('智慧养老平台已启动')) {
        clearTimeout(timer);
        resolve({ child, output: () => text });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${text}`));
    });
  });
}

describe('the production build', () => {
  it('imports only packages of dependencies at run time', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(packages).toContain('better-sqlite3');
    expect(packages.filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });

  it('refuses a real home without its administrator’s password, saying so', async () => {
    const failed = await run(process.execPath, [join(outdir, 'main.js')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: join(dataDir, 'none'), SEED_DEMO: 'off', PORT: '1' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('需要 ADMIN_PASSWORD') });
  });

  it('runs a real home on plain Node, is backed up while running, and stops cleanly', async () => {
    const port = await freePort();
    const live = join(dataDir, 'live');
    const { child, output } = await startBuilt({
      PORT: String(port),
      DATA_DIR: live,
      SEED_DEMO: 'off',
      ORG_NAME: '松鹤养老中心',
      ADMIN_PASSWORD: 'Songhe2026',
    });
    try {
      expect(output()).toContain('正式机构（SEED_DEMO=off）');
      const login = (loginName: string, loginPassword: string) =>
        fetch(`http://127.0.0.1:${port}/passport/web-rbac/logins/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ loginName, loginPassword }),
        }).then((r) => r.json() as Promise<{ code: number; result: { resetPassword: number } | null }>);
      expect(await login('admin', 'Songhe2026')).toMatchObject({ code: 0, result: { resetPassword: 1 } });
      expect((await login('huli01', 'Huli@2026')).code).not.toBe(0);

      const backup = join(dataDir, 'nightly');
      const cli = (...args: string[]) =>
        run(process.execPath, [join(outdir, 'cli.js'), ...args], {
          env: { PATH: process.env.PATH ?? '', DATA_DIR: live },
        });
      expect((await cli('backup', backup)).stdout).toMatch(/^已备份 /);
      // the running server's folder is not restored over
      const refused = await cli('restore', backup, '--force').catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('服务正在使用该数据目录') });
      const restored = join(dataDir, 'restored');
      const again = await run(process.execPath, [join(outdir, 'cli.js'), 'restore', backup], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: restored },
      });
      expect(again.stdout).toMatch(/^已从 .*恢复到 /);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(join(live, 'server.pid'))).toBe(false);
    }
  }, 60_000);

  it('serves consoles through docs/deploy/nginx.conf: pages, the forwarded address, the push websocket', async () => {
    const port = await freePort();
    const front = await freePort();
    const { child } = await startBuilt({
      PORT: String(port),
      DATA_DIR: join(dataDir, 'behind-nginx'),
      SEED_DEMO: 'off',
      ADMIN_PASSWORD: 'Songhe2026',
      TRUST_PROXY: '127.0.0.1',
      STATIC_DIR: staticPages(),
    });
    const nginx = await startNginx(front, port);
    try {
      const base = `http://127.0.0.1:${front}`;
      const page = await fetch(`${base}/login.html`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html lang="zh-CN">');
      const post = (url: string, body: unknown, token?: string, method = 'POST') =>
        fetch(`${base}${url}`, {
          method,
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': '203.0.113.7',
            ...(token ? { authorization: token } : {}),
          },
          body: JSON.stringify(body),
        }).then(
          (r) =>
            r.json() as Promise<{
              code: number;
              result: { token: string; userId: number; ipAddress: string };
            }>,
        );
      const first = await post(LOGIN, { loginName: 'admin', loginPassword: 'Songhe2026' });
      // nginx appends the address it saw; the server believes it (TRUST_PROXY) and records the user's
      expect(first.result.ipAddress).toBe('203.0.113.7');
      const changed = await post(
        LoginPaths.pwd,
        { userId: first.result.userId, userPassword: 'Songhe2027' },
        first.result.token,
        'PUT',
      );
      expect(changed.code).toBe(0);
      const { result } = await post(LOGIN, { loginName: 'admin', loginPassword: 'Songhe2027' });

      const socket = new WebSocket(`ws://127.0.0.1:${front}/push`, { headers: { origin: base } });
      const first2 = await new Promise<string>((resolve, reject) => {
        socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: result.token })));
        socket.on('message', (data) => resolve(data.toString()));
        socket.on('close', (code, why) => reject(new Error(`closed ${code} ${why.toString()}`)));
        socket.on('error', reject);
      });
      expect(JSON.parse(first2)).toMatchObject({ type: 'auth.ok' });
      socket.close();
    } finally {
      nginx.kill('SIGQUIT');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});

const LOGIN = LoginPaths.login;

/** A console of two pages to serve (the test does not depend on a build of the real one). */
function staticPages(): string {
  const dir = mkdtempSync(join(dataDir, 'pages-'));
  for (const page of ['index.html', 'login.html'])
    writeFileSync(join(dir, page), `<!doctype html>\n<html lang="zh-CN"><body>${page}</body></html>\n`);
  return dir;
}

/**
 * nginx from Debian with docs/deploy/nginx.conf as it is written, but for its two addresses (the
 * port it listens on, the server's), under a throwaway prefix.
 */
async function startNginx(listen: number, server: number): Promise<ChildProcess> {
  const site = readFileSync(join(root, 'docs/deploy/nginx.conf'), 'utf8')
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
    .replace(/server 127\.0\.0\.1:8080;/, `server 127.0.0.1:${server};`);
  expect(site).toContain(`listen 127.0.0.1:${listen};`);
  expect(site).toContain(`server 127.0.0.1:${server};`);
  return startNginxSite(dataDir, site, () =>
    fetch(`http://127.0.0.1:${listen}/login.html`).then(
      (r) => r.ok,
      () => false,
    ),
  );
}
