import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { z } from 'zod';

/** The database file in DATA_DIR; beside it the uploaded files (files/), secret.key and the rest. */
export const DATABASE_FILE = 'eldercare.sqlite';
/** Where the server keeps the database copies it takes itself (before a migration). */
export const BACKUPS_DIR = 'backups';
/** The running server's process id, in DATA_DIR while it runs: a restore waits for it to stop. */
export const PID_FILE = 'server.pid';
export const MANIFEST = 'manifest.json';

const manifest = z.object({
  format: z.literal(1),
  /** The database backed up: the SQLite file (the default of the first backups) or a PostgreSQL dump. */
  engine: z.enum(['sqlite', 'postgres']).default('sqlite'),
  createdAt: z.string(),
  /** The last migration the database had: a restore refuses a backup newer than the server. */
  migration: z.string().nullable(),
  /** Rows per table at the moment of the backup: the restore counts them again. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  /** What was copied beside the database (names relative to DATA_DIR). */
  entries: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifest>;

export class BackupError extends Error {}

/** What is copied as files: everything in DATA_DIR but the live database (backed up online) and backups. */
export const isCopied = (name: string) =>
  name !== BACKUPS_DIR &&
  name !== PID_FILE &&
  name !== DATABASE_FILE &&
  !name.startsWith(`${DATABASE_FILE}-`);

/** The process id of a server running on this data folder, if one is. */
export function runningServer(dataDir: string): number | null {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: it runs, as another user
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Marks a data folder as served by this process until `release` (server/main.ts). */
export function markRunning(dataDir: string): () => void {
  const file = join(dataDir, PID_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}

function tableCounts(sqlite: SQLite.Database): Record<string, number> {
  const names = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    names.map((name) => [name, sqlite.prepare(`select count(*) from "${name}"`).pluck().get() as number]),
  );
}

function lastMigration(sqlite: SQLite.Database): string | null {
  const exists = sqlite.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get();
  if (!exists) return null;
  return (sqlite.prepare('select max(name) from kysely_migration').pluck().get() as string | null) ?? null;
}

/**
 * Copies a data folder to `target` (new or empty) while the server may be running: the database by
 * SQLite's online backup (a consistent snapshot, writers are not stopped), then the uploaded files,
 * the secret key and the rest, and a manifest with every table's row count.
 */
export async function backupDataDir(
  dataDir: string,
  target: string,
  now = new Date(),
): Promise<BackupManifest> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new BackupError(`数据目录中没有数据库：${source}`);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new BackupError(`备份目录不是空的：${resolve(target)}`);
  mkdirSync(target, { recursive: true });
  const live = new SQLite(source, { fileMustExist: true });
  try {
    await live.backup(join(target, DATABASE_FILE));
  } finally {
    live.close();
  }
  const copy = new SQLite(join(target, DATABASE_FILE), { readonly: true });
  let tables: Record<string, number>;
  let migration: string | null;
  try {
    tables = tableCounts(copy);
    migration = lastMigration(copy);
  } finally {
    copy.close();
  }
  const entries = readdirSync(dataDir).filter(isCopied).sort();
  for (const name of entries) cpSync(join(dataDir, name), join(target, name), { recursive: true });
  const written: BackupManifest = {
    format: 1,
    engine: 'sqlite',
    createdAt: now.toISOString(),
    migration,
    tables,
    entries,
  };
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(written, null, 2)}\n`);
  return written;
}

export function readManifest(backup: string): BackupManifest {
  const file = join(backup, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`不是备份目录（缺少 ${MANIFEST}）：${resolve(backup)}`);
  const parsed = manifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new BackupError(`备份清单无法识别：${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** Proves a backup whole: SQLite's integrity check, every table's rows as counted, every entry present. */
export function verifyBackup(backup: string, known: readonly string[] = []): BackupManifest {
  const m = readManifest(backup);
  if (m.engine !== 'sqlite') throw new BackupError('这是 PostgreSQL 的备份：设置 DATABASE_URL 后再恢复');
  const file = join(backup, DATABASE_FILE);
  if (!existsSync(file)) throw new BackupError('备份中缺少数据库文件');
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`备份数据库已损坏：${String(integrity)}`);
    const counts = tableCounts(db);
    for (const [table, rows] of Object.entries(m.tables))
      if (counts[table] !== rows)
        throw new BackupError(`备份不完整：表 ${table} 应有 ${rows} 行，实有 ${counts[table] ?? 0} 行`);
  } finally {
    db.close();
  }
  for (const name of m.entries)
    if (!existsSync(join(backup, name))) throw new BackupError(`备份不完整：缺少 ${name}`);
  if (known.length > 0 && m.migration !== null && !known.includes(m.migration))
    throw new BackupError(`备份来自更新的版本（迁移 ${m.migration}），请用同一版本或更新的版本恢复`);
  return m;
}

/**
 * Restores a backup into a data folder (the server stopped). A folder that already holds a database
 * is refused unless `force`; then what it held is moved aside to DATA_DIR/backups/replaced-<time>,
 * never deleted.
 */
export function restoreDataDir(
  backup: string,
  dataDir: string,
  {
    force = false,
    known = [],
    now = new Date(),
  }: { force?: boolean; known?: readonly string[]; now?: Date } = {},
): BackupManifest {
  const m = verifyBackup(backup, known);
  const pid = runningServer(dataDir);
  if (pid !== null)
    throw new BackupError(
      `服务正在使用该数据目录（进程 ${pid}），请先停止服务再恢复（若服务已停止，删除 ${join(dataDir, PID_FILE)}）`,
    );
  mkdirSync(dataDir, { recursive: true });
  const present = readdirSync(dataDir).filter((n) => n !== BACKUPS_DIR);
  if (present.includes(DATABASE_FILE) && !force)
    throw new BackupError(
      `数据目录已有数据库：${resolve(dataDir, DATABASE_FILE)}；确认覆盖请加 --force（原数据将移到 ${BACKUPS_DIR}/）`,
    );
  if (present.length > 0) {
    const aside = join(dataDir, BACKUPS_DIR, `replaced-${now.toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(aside, { recursive: true });
    for (const name of present) renameSync(join(dataDir, name), join(aside, name));
  }
  cpSync(join(backup, DATABASE_FILE), join(dataDir, DATABASE_FILE));
  for (const name of m.entries) cpSync(join(backup, name), join(dataDir, name), { recursive: true });
  return m;
}

/** Removes a folder made by a failed backup (used by the command line, which made it). */
export function discardBackup(target: string): void {
  rmSync(target, { recursive: true, force: true });
}
