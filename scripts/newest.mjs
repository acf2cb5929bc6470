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
