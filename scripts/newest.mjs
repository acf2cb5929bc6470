// The newest modification time (ms) under a path, 0 when it does not exist: npm start rebuilds the
// console and npm run backup prefers the built server by it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** Whether `built` is missing or older than any of `sources` (paths under `root`): a build is due. */
export function olderThan(root, built, sources) {
  return (
    !existsSync(built) || Math.max(...sources.map((s) => newest(join(root, s)))) > statSync(built).mtimeMs
  );
}
