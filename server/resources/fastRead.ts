import type SQLite from 'better-sqlite3';
import type { RawBuilder } from 'kysely';
import { type Db, sqliteOf } from '../db/index.js';

/**
 * The list path's two costs that are not SQLite's: turning a wide row (the elder profile has ~50
 * columns) into a JS object column by column, and counting every matching row again for each page.
 * Rows are read as arrays and built by a compiled constructor (object literals get V8's fast
 * properties), and counts are kept until the table changes (a trigger bumps its version).
 */

type Row = Record<string, unknown>;

const builders = new Map<string, (values: unknown[]) => Row>();

function builderFor(columns: string[]): (values: unknown[]) => Row {
  const key = columns.join('\u0000');
  let build = builders.get(key);
  if (!build) {
    const body = `return {${columns.map((c, i) => `${JSON.stringify(c)}: v[${i}]`).join(', ')}};`;
    build = new Function('v', body) as (values: unknown[]) => Row;
    if (builders.size > 200) builders.clear();
    builders.set(key, build);
  }
  return build;
}

const connectionOf = (db: Db): SQLite.Database | null => {
  try {
    const connection = sqliteOf(db);
    // A write is under way on the one connection (Kysely holds it between its statements): reading
    // past Kysely's lock would see that write before it commits, so the caller waits its turn instead.
    return connection.inTransaction ? null : connection;
  } catch {
    // a transaction or another driver: the caller goes through Kysely
    return null;
  }
};

/** Runs a select on the file's connection: rows as objects, built fast. Null when `db` is not the plain connection. */
export function readRows(db: Db, query: RawBuilder<unknown>): Row[] | null {
  const connection = connectionOf(db);
  if (!connection) return null;
  const { sql, parameters } = query.compile(db);
  const statement = connection.prepare(sql);
  statement.raw(true);
  try {
    const build = builderFor(statement.columns().map((c) => c.name));
    return (statement.all(...(parameters as unknown[])) as unknown[][]).map(build);
  } finally {
    statement.raw(false);
  }
}

/** Triggers that bump a table's version on every insert, update and delete. */
export function versionTriggers(table: string): string[] {
  const bump = `update tableVersion set v = v + 1 where tbl = '${table}'`;
  return [
    'create table if not exists tableVersion (tbl text primary key, v integer not null)',
    `insert or ignore into tableVersion (tbl, v) values ('${table}', 0)`,
    ...(['insert', 'update', 'delete'] as const).map(
      (op) => `create trigger if not exists ${table}_v_${op} after ${op} on ${table} begin ${bump}; end`,
    ),
  ];
}

const counts = new WeakMap<SQLite.Database, Map<string, { v: number; total: number }>>();

/**
 * A count that depends on `table` alone, remembered until the table's version changes. Null when
 * `db` is not the plain connection (then the caller counts itself).
 */
export function cachedCount(db: Db, table: string, query: RawBuilder<unknown>): number | null {
  const connection = connectionOf(db);
  if (!connection) return null;
  const version = (
    connection.prepare('select v from tableVersion where tbl = ?').get(table) as { v: number } | undefined
  )?.v;
  if (typeof version !== 'number') return null;
  const { sql, parameters } = query.compile(db);
  const key = `${sql}\u0000${JSON.stringify(parameters)}`;
  let cache = counts.get(connection);
  if (!cache) {
    cache = new Map();
    counts.set(connection, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.v === version) return hit.total;
  const row = connection
    .prepare(sql)
    .raw(true)
    .get(...(parameters as unknown[])) as unknown[] | undefined;
  connection.prepare(sql).raw(false);
  const total = Number(row?.[0] ?? 0);
  if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
  cache.set(key, { v: version, total });
  return total;
}
