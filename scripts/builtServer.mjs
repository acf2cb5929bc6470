// The server compiled to dist-server/ (scripts/build-server.ts), built again when its sources are
// newer. npm start runs it, and so do the end-to-end and cluster tests: the server they drive is the
// one production runs, and one bundled file starts in half the time tsx takes to compile every
// module at each start (issue #43: cold start, and a test run that restarts servers ~30 times).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { olderThan } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const sources = [
  'server',
  'domain',
  'features',
  'machines',
  'streams',
  'scripts/build-server.ts',
  'package-lock.json',
];

/** dist-server/main.js, built first when missing or older than a source. */
export function ensureBuiltServer() {
  const main = join(root, 'dist-server', 'main.js');
  if (olderThan(root, main, sources)) {
    const result = spawnSync('npx', ['tsx', 'scripts/build-server.ts'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('构建服务端失败 (scripts/build-server.ts)');
  }
  return main;
}
