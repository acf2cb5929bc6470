import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { BACKUPS_DIR, BackupError, type BackupManifest, isCopied, MANIFEST, readManifest } from './backup.js';
import { pgDriver } from './postgres.js';

/** The dump of a PostgreSQL database in a backup folder (pg_dump's custom format). */
export const DUMP_FILE = 'eldercare.pgdump';

const run = promisify(execFile);

/**
 * A PostgreSQL client program (pg_dump, pg_restore) at least as new as the server: Debian keeps each
 * version's in /usr/lib/postgresql/<version>/bin; PG_BIN names another folder.
 */
function program(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(root, versions[0], 'bin', name) : name;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new (pgDriver().Client)({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Rows of every table of the public schema, as one transaction sees them. */
async function tableCounts(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const { rows: n } = await client.query<{ n: string }>(
      `select count(*) as n from "${name.replaceAll('"', '""')}"`,
    );
    counts[name] = Number(n[0]?.n ?? 0);
  }
  return counts;
}

async function lastMigration(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ name: string | null }>(
    `select case when to_regclass('public.kysely_migration') is null then null
       else (select max(name) from kysely_migration) end as name`,
  );
  return rows[0]?.name ?? null;
}

/** pg_dump of the database at `url` into `file`, in the snapshot `snapshot` when given. */
async function dump(url: string, file: string, snapshot?: string) {
  try {
    await run(program('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(snapshot ? [`--snapshot=${snapshot}`] : []),
      `--file=${file}`,
      `--dbname=${url}`,
    ]);
  } catch (error) {
    throw new BackupError(`pg_dump 失败：${(error as { stderr?: string }).stderr?.trim() || String(error)}`);
  }
}

/**
 * Backs up a PostgreSQL database and DATA_DIR's files while the servers run: one transaction exports
 * its snapshot, counts every table in it and holds it while pg_dump dumps that very snapshot, so the
 * manifest's counts are the dump's. Then the uploaded files, the secret key and the rest, as on SQLite.
 */
export async function backupPostgres(
  url: string,
  dataDir: string,
  target: string,
  now = new Date(),
): Promise<BackupManifest> {
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new BackupError(`备份目录不是空的：${resolve(target)}`);
  mkdirSync(target, { recursive: true });
  const { tables, migration } = await withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const counted = { tables: await tableCounts(client), migration: await lastMigration(client) };
      await dump(url, join(target, DUMP_FILE), rows[0]?.id);
      return counted;
    } finally {
      await client.query('rollback');
    }
  });
  const entries = existsSync(dataDir) ? readdirSync(dataDir).filter(isCopied).sort() : [];
  for (const name of entries) cpSync(join(dataDir, name), join(target, name), { recursive: true });
  const written: BackupManifest = {
    format: 1,
    engine: 'postgres',
    createdAt: now.toISOString(),
    migration,
    tables,
    entries,
  };
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(written, null, 2)}\n`);
  return written;
}

/** Tables in the public schema of the database at `url`. */
const tablesIn = (client: pg.Client) =>
  client
    .query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
    .then((r) => Number(r.rows[0]?.n ?? 0));

/**
 * Restores a PostgreSQL backup into the database at `url` (the servers stopped) and its files into
 * DATA_DIR. A database that already has tables is refused unless `force`; then it is first dumped to
 * DATA_DIR/backups/replaced-<time>/ (never lost) and emptied. Every table's rows are counted against
 * the manifest afterwards.
 */
export async function restorePostgres(
  backup: string,
  url: string,
  dataDir: string,
  {
    force = false,
    known = [],
    now = new Date(),
  }: { force?: boolean; known?: readonly string[]; now?: Date } = {},
): Promise<BackupManifest> {
  const m = readManifest(backup);
  if (m.engine !== 'postgres')
    throw new BackupError('这是 SQLite 的备份：恢复到 PostgreSQL 请先在 SQLite 上运行后迁移数据');
  if (!existsSync(join(backup, DUMP_FILE))) throw new BackupError('备份中缺少数据库转储文件');
  for (const name of m.entries)
    if (!existsSync(join(backup, name))) throw new BackupError(`备份不完整：缺少 ${name}`);
  if (known.length > 0 && m.migration !== null && !known.includes(m.migration))
    throw new BackupError(`备份来自更新的版本（迁移 ${m.migration}），请用同一版本或更新的版本恢复`);
  const aside = join(dataDir, BACKUPS_DIR, `replaced-${now.toISOString().replace(/[:.]/g, '-')}`);
  await withClient(url, async (client) => {
    if ((await tablesIn(client)) > 0) {
      if (!force)
        throw new BackupError('目标数据库已有数据；确认覆盖请加 --force（原数据先转储到 DATA_DIR/backups/）');
      mkdirSync(aside, { recursive: true });
      await dump(url, join(aside, DUMP_FILE));
      await client.query('drop schema public cascade');
      await client.query('create schema public');
    }
  });
  try {
    await run(program('pg_restore'), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${url}`,
      join(backup, DUMP_FILE),
    ]);
  } catch (error) {
    throw new BackupError(
      `pg_restore 失败：${(error as { stderr?: string }).stderr?.trim() || String(error)}`,
    );
  }
  const counts = await withClient(url, tableCounts);
  for (const [table, rows] of Object.entries(m.tables))
    if (counts[table] !== rows)
      throw new BackupError(`恢复不完整：表 ${table} 应有 ${rows} 行，实有 ${counts[table] ?? 0} 行`);
  mkdirSync(dataDir, { recursive: true });
  const present = readdirSync(dataDir).filter((n) => n !== BACKUPS_DIR && m.entries.includes(n));
  if (present.length > 0) {
    mkdirSync(aside, { recursive: true });
    for (const name of present) renameSync(join(dataDir, name), join(aside, name));
  }
  for (const name of m.entries) cpSync(join(backup, name), join(dataDir, name), { recursive: true });
  return m;
}

/**
 * Before a PostgreSQL database gets its first new migration, a dump of it in
 * DATA_DIR/backups/before-<migration>-<time>.pgdump (as the SQLite file is copied).
 */
export async function dumpBeforeMigrating(url: string, dataDir: string, migration: string) {
  const dir = join(dataDir, BACKUPS_DIR);
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await dump(url, join(dir, `before-${migration}-${stamp}.pgdump`));
}
