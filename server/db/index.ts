import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { BACKUPS_DIR } from './backup.js';
import { dumpBeforeMigrating } from './backupPostgres.js';
import { migrateToLatest, pendingMigrations } from './migrations.js';
import { PortableSqlPlugin, postgresPool, sqliteCompat } from './postgres.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

const connections = new WeakMap<Db, SQLite.Database>();

/**
 * The better-sqlite3 connection under a Kysely instance, for the few hot paths that must write a batch
 * in one synchronous transaction instead of an interactive one spread over many event-loop turns.
 */
export function sqliteOf(db: Db): SQLite.Database {
  const connection = connections.get(db);
  if (!connection) throw new Error('not a database opened by openDatabase');
  return connection;
}

/** The better-sqlite3 connection under a Kysely instance, or none (PostgreSQL, a transaction): no throw on the hot path. */
export const sqliteConnectionOf = (db: Db): SQLite.Database | undefined => connections.get(db);

/** Whether the address names a PostgreSQL database (DATABASE_URL) rather than a SQLite file. */
export const isPostgresUrl = (where: string) => /^postgres(ql)?:\/\//.test(where);

const postgres = new WeakSet<Db>();

/** The database under a Kysely instance: the embedded SQLite file, or PostgreSQL (issue #21). */
export const dialectOf = (db: Db): 'sqlite' | 'postgres' => (postgres.has(db) ? 'postgres' : 'sqlite');

/** The column names of a table; none when there is no such table. */
export async function tableColumns(db: Db, table: string): Promise<string[]> {
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Opens (creating when new) the SQLite file, or an in-memory database for ':memory:' — started from
 * `image` (a serialized database) when one is given; or the PostgreSQL database of a `postgres://`
 * address, migrated to the latest schema.
 */
export async function openDatabase(file: string, image?: Buffer, dataDir?: string): Promise<Db> {
  if (isPostgresUrl(file)) {
    if (image) throw new Error('a database image opens only in SQLite');
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: postgresPool(file) }),
      plugins: [new PortableSqlPlugin()],
      // DB_LOG_ERRORS=1: each refused statement on stderr, as PostgreSQL was given it
      log: (event) => {
        if (event.level === 'error' && process.env.DB_LOG_ERRORS === '1')
          process.stderr.write(`${String(event.error)}\n  ${event.query.sql}\n`);
      },
    });
    postgres.add(db);
    for (const statement of sqliteCompat) await sql.raw(statement).execute(db);
    // an upgrade keeps a dump of the database as it was, as it keeps the SQLite file
    const pending = dataDir ? await pendingMigrations(db as unknown as Kysely<unknown>) : [];
    if (dataDir && pending[0]) await dumpBeforeMigrating(file, dataDir, pending[0]);
    await migrateToLatest(db as unknown as Kysely<unknown>);
    return db;
  }
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  if (image && file !== ':memory:') throw new Error('a database image opens only in memory');
  const sqlite = image ? new SQLite(image) : new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  reusePreparedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  connections.set(db, sqlite);
  if (file !== ':memory:') await backupBeforeMigrating(db, sqlite, file);
  await migrateToLatest(db as unknown as Kysely<unknown>);
  return db;
}

/**
 * An upgrade keeps a copy of the database as it was before its first new migration, in
 * DATA_DIR/backups/before-<migration>-<time>.sqlite (SQLite's online backup).
 */
async function backupBeforeMigrating(db: Db, sqlite: SQLite.Database, file: string) {
  const pending = await pendingMigrations(db as unknown as Kysely<unknown>);
  if (pending.length === 0) return;
  const dir = join(dirname(file), BACKUPS_DIR);
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = join(dir, `before-${pending[0]}-${stamp}.sqlite`);
  if (!existsSync(target)) await sqlite.backup(target);
}

/**
 * Kysely prepares every query anew; preparing costs about as much as running a short query. The
 * same SQL text gets the same prepared statement back (Kysely never streams with iterate, so a
 * statement is never busy when it is handed out again). A schema change clears the cache.
 */
function reusePreparedStatements(sqlite: SQLite.Database, limit = 500) {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) return statement;
    statement = prepare(source);
    if (/^\s*(create|alter|drop)\b/i.test(source)) cache.clear();
    else {
      if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
