// npm start: builds the console and the server when their sources are newer than dist/ and
// dist-server/, then starts the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newest } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const sources = [
  'src',
  'features',
  'domain',
  'machines',
  'streams',
  'public',
  'index.html',
  'login.html',
  'error.html',
  'vite.config.ts',
  'package-lock.json',
];

const built = join(root, 'dist', 'index.html');
const stale =
  !existsSync(built) || Math.max(...sources.map((s) => newest(join(root, s)))) > statSync(built).mtimeMs;
if (stale) {
  console.log('构建控制台…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The server compiled to dist-server/ (scripts/build-server.ts, as `npm run build` leaves it) when its
// sources are newer: one file starts in half the time tsx takes to compile every module at each start
// (issue #43 point 4, cold start).
const serverSources = [
  'server',
  'domain',
  'features',
  'machines',
  'streams',
  'scripts/build-server.ts',
  'package-lock.json',
];
const builtServer = join(root, 'dist-server', 'main.js');
const serverStale =
  !existsSync(builtServer) ||
  Math.max(...serverSources.map((s) => newest(join(root, s)))) > statSync(builtServer).mtimeMs;
if (serverStale) {
  const result = spawnSync('npx', ['tsx', 'scripts/build-server.ts'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The home's wall clock (domain/clock.ts): China's time unless TZ says otherwise.
const server = spawn(process.execPath, [builtServer], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TZ: process.env.TZ || 'Asia/Shanghai' },
});
// Ctrl-C and kill reach the server, which shuts down cleanly; we leave when it has.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
