// npm start: builds the console and the server when their sources are newer than dist/ and
// dist-server/, then starts the server.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuiltServer } from './builtServer.mjs';
import { olderThan } from './newest.mjs';

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
if (olderThan(root, built, sources)) {
  console.log('构建控制台…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The server compiled to dist-server/, rebuilt when its sources are newer (scripts/builtServer.mjs).
let builtServer;
try {
  builtServer = ensureBuiltServer();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// The server runs in this process (one Node start fewer: issue #43, cold start); it sets the home's
// wall clock (server/tz.ts) and handles Ctrl-C and kill itself.
await import(pathToFileURL(builtServer).href);
