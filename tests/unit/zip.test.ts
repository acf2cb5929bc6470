import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { type ZipEntry, zipNames, zipStream } from '../../server/zip.js';

const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function* chunksOf(bytes: Buffer, size = 64 * 1024) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** What Python's zipfile (an independent reader) finds in the archive: names, sizes, hashes, CRC check. */
function readWithPython(path: string) {
  const script = `
import sys, zipfile, hashlib, json
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
print(json.dumps({"bad": bad, "entries": [
  {"name": i.filename, "utf8": bool(i.flag_bits & 0x800), "size": i.file_size,
   "sha": hashlib.sha256(z.read(i.filename)).hexdigest(), "date": list(i.date_time)} for i in z.infolist()]}))
`;
  const out = spawnSync('python3', ['-c', script, path], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout) as {
    bad: string | null;
    entries: { name: string; utf8: boolean; size: number; sha: string; date: number[] }[];
  };
}

describe('zip writer (server/zip.ts)', () => {
  it('writes an archive an independent reader accepts, Chinese names and CRCs included', async () => {
    const files = [
      { name: '重阳节活动合影.png', bytes: randomBytes(300_000) },
      { name: '空文件.txt', bytes: Buffer.alloc(0) },
      { name: 'garden-walk.jpg', bytes: randomBytes(1_500_001) },
    ];
    const entries: ZipEntry[] = files.map((f) => ({
      name: f.name,
      modified: '2026-10-29 09:30:14',
      open: () => chunksOf(f.bytes),
    }));
    const path = join(dir, 'three.zip');
    await pipeline(zipStream(entries), createWriteStream(path));
    const read = readWithPython(path);
    expect(read.bad).toBeNull();
    expect(read.entries.map((e) => e.name)).toEqual(files.map((f) => f.name));
    expect(read.entries.every((e) => e.utf8)).toBe(true);
    expect(read.entries.map((e) => e.size)).toEqual(files.map((f) => f.bytes.length));
    expect(read.entries.map((e) => e.sha)).toEqual(files.map((f) => sha(f.bytes)));
    expect(read.entries[0]?.date).toEqual([2026, 10, 29, 9, 30, 14]);
    // unzip (Info-ZIP), a second reader, tests the same archive
    const env = { ...process.env, LC_ALL: 'C.utf8' };
    const unzip = spawnSync('unzip', ['-t', path], { encoding: 'utf8', env });
    expect(unzip.status).toBe(0);
    expect(unzip.stdout).toContain('No errors detected');
    // Info-ZIP reads the names as UTF-8 too (an entry made on "DOS" would be read as CP437)
    const listing = spawnSync('unzip', ['-l', path], { encoding: 'utf8', env });
    expect(listing.stdout).toContain('重阳节活动合影.png');
    expect(listing.stdout).toContain('空文件.txt');
  });

  it('an empty archive is still a valid zip', async () => {
    const path = join(dir, 'empty.zip');
    await pipeline(zipStream([]), createWriteStream(path));
    expect(readWithPython(path)).toEqual({ bad: null, entries: [] });
  });

  it('streams 50 files of 2 MB without reading ahead of its reader (never the whole album in memory)', async () => {
    const FILES = 50;
    const FILE_BYTES = 2 * 1024 * 1024;
    const CHUNK = 64 * 1024;
    let pulled = 0;
    let received = 0;
    let furthestAhead = 0;
    const entries = function* (): Generator<ZipEntry> {
      for (let i = 0; i < FILES; i++)
        yield {
          name: `照片${i}.jpg`,
          modified: '2026-11-01 08:00:00',
          async *open() {
            for (let sent = 0; sent < FILE_BYTES; sent += CHUNK) {
              pulled += CHUNK;
              furthestAhead = Math.max(furthestAhead, pulled - received);
              yield Buffer.alloc(CHUNK, i);
            }
          },
        };
    };
    // A slow reader: each chunk is taken on the next turn of the event loop.
    const reader = new Writable({
      highWaterMark: CHUNK,
      write(chunk: Buffer, _enc, done) {
        received += chunk.length;
        setImmediate(done);
      },
    });
    await pipeline(zipStream(entries()), reader);
    expect(pulled).toBe(FILES * FILE_BYTES);
    expect(received).toBeGreaterThan(FILES * FILE_BYTES);
    // what was read from the files but not yet taken by the reader: a few chunks, not 100 MB
    expect(furthestAhead).toBeLessThan(1024 * 1024);
  });

  it('names entries uniquely and without path separators', () => {
    expect(zipNames(['a.png', 'A.png', 'a.png', '../x/y.jpg', ''])).toEqual([
      'a.png',
      'A(2).png',
      'a(3).png',
      '__x_y.jpg',
      '照片',
    ]);
  });
});
