import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One file of a zip: its name inside (UTF-8, may be Chinese), its time, and its bytes as a stream. */
export interface ZipEntry {
  name: string;
  /** The home's wall-clock time 'YYYY-MM-DD HH:mm:ss' (zip times carry no zone). */
  modified: string;
  open(): AsyncIterable<Uint8Array>;
}

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** Bit 3: sizes and CRC follow the data (a data descriptor); bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const VERSION = 20;
/** Made by: Unix (3), spec 6.3 (the UTF-8 flag): Info-ZIP reads names of a DOS-made (0) entry as CP437. */
const MADE_BY = (3 << 8) | 63;
/** A regular file, rw-r--r-- (Unix mode in the upper half), so extracted photos are readable. */
const FILE_MODE = (0o100644 << 16) >>> 0;
const STORE = 0;
/** Without Zip64 offsets and sizes are 32-bit and the count 16-bit. */
const MAX_OFFSET = 0xffffffff;
const MAX_ENTRIES = 0xffff;

/** MS-DOS time and date of a wall-clock stamp (2-second precision, years 1980…2107). */
function dosStamp(modified: string): { time: number; date: number } {
  const [y = 1980, mo = 1, d = 1, h = 0, mi = 0, s = 0] = (modified.match(/\d+/g) ?? []).map(Number);
  const year = Math.min(Math.max(y, 1980), 2107);
  return {
    time: (h << 11) | (mi << 5) | Math.floor(s / 2),
    date: ((year - 1980) << 9) | (mo << 5) | d,
  };
}

/**
 * A zip archive written entry by entry (stored, not compressed: photos are compressed already).
 * Each entry's bytes pass straight through once: the CRC and size are counted on the way and
 * written after the data in a data descriptor, so nothing but the small central directory is
 * kept; the archive is pulled as the reader reads it (back-pressure of Readable.from).
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}

async function* zipChunks(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for await (const entry of entries) {
    if (central.length >= MAX_ENTRIES) throw new Error('zip: too many entries');
    const name = Buffer.from(entry.name, 'utf8');
    const { time, date } = dosStamp(entry.modified);
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(STORE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14…25) stay 0: the data descriptor carries them
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    yield local;
    let crc = 0;
    let size = 0;
    for await (const chunk of entry.open()) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    }
    if (offset + local.length + size + 16 > MAX_OFFSET) throw new Error('zip: archive larger than 4 GB');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    const record = Buffer.alloc(46 + name.length);
    record.writeUInt32LE(CENTRAL, 0);
    record.writeUInt16LE(MADE_BY, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(STORE, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(size, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal attributes (30…37) stay 0
    record.writeUInt32LE(FILE_MODE, 38);
    record.writeUInt32LE(offset, 42);
    name.copy(record, 46);
    central.push(record);
    offset += local.length + size + descriptor.length;
  }
  const directory = Buffer.concat(central);
  yield directory;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield end;
}

/** A name unique within the archive: 'a.png', 'a(2).png', … and no path separators. */
export function zipNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    const clean = raw.replace(/[\\/:*?"<>|]/g, '_').replace(/^\.+/, '_') || '照片';
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${stem}(${n})${ext}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** The exact length of the archive of these entries (names as written): a download can show progress. */
export const zipSize = (entries: readonly { name: string; size: number }[]): number =>
  entries.reduce((sum, e) => sum + 2 * Buffer.byteLength(e.name, 'utf8') + 30 + 16 + 46 + e.size, 22);
