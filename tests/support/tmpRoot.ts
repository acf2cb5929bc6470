import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * vitest's global setup: every temporary file of a run (seeded images, data directories, uploads)
 * goes under one directory of its own, removed when the run ends. A worker that vitest ends without
 * its `exit` handlers running left its seed directories behind (195 in /tmp after a day of runs).
 */
export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'eldercare-vitest-'));
  process.env.TMPDIR = root; // os.tmpdir() of the workers, forked after this
  return () => rmSync(root, { recursive: true, force: true });
}
