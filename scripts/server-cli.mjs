// npm run backup / restore: the built command line (dist-server/cli.js, as in production) when it is
// at least as new as the server's sources; otherwise the sources through tsx (a development checkout).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { olderThan } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist-server', 'cli.js');
const fresh = !olderThan(root, built, ['server']);
const args = fresh ? [built] : ['--import', 'tsx', join(root, 'server', 'cli.ts')];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
