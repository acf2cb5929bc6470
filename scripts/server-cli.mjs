// npm run backup / restore: the built command line (dist-server/cli.js, as in production) when it is
// at least as new as the server's sources; otherwise the sources through tsx (a development checkout).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newest } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist-server', 'cli.js');
const fresh =
  existsSync(built) &&
  (!existsSync(join(root, 'server')) || newest(join(root, 'server')) <= statSync(built).mtimeMs);
const args = fresh ? [built] : ['--import', 'tsx', join(root, 'server', 'cli.ts')];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
