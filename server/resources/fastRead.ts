import { gzipSync } from 'node:zlib';
import type SQLite from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { type Db, dialectOf, sqliteConnectionOf } from '../db/index.js';

/**
 * The list path's costs: turning a wide row (the elder profile has ~50 columns) into a JS object
 * column by column, counting every matching row again for each page, and walking the index past
 * every row before the page. Rows are read as arrays and built by a compiled constructor (object
 * literals get V8's fast properties); a list's ordered ids and its count are kept until the table
 * changes (a trigger bumps its version).
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
  // none under a transaction or on PostgreSQL: the caller goes through Kysely (asked without a throw:
  // an Error per request cost PostgreSQL's list path 1 % of its time)
  const connection = sqliteConnectionOf(db);
  // A write is under way on the one connection (Kysely holds it between its statements): reading
  // past Kysely's lock would see that write before it commits, so the caller waits its turn instead.
  return connection && !connection.inTransaction ? connection : null;
};

/** Runs a select on the file's connection: rows as objects, built fast. Null when `db` is not the plain connection. */
export function readRows(db: Db, query: RawBuilder<unknown>): Row[] | null {
  const connection = connectionOf(db);
  if (!connection) return null;
  const { sql, parameters } = query.compile(db);
  // prepared once per SQL text (see reusePreparedStatements in server/db)
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
export function versionTriggers(table: string, dialect: 'sqlite' | 'postgres' = 'sqlite'): string[] {
  const bump = `update tableVersion set v = v + 1 where tbl = '${table}'`;
  const versions = [
    'create table if not exists tableVersion (tbl text primary key, v integer not null)',
    `insert or ignore into tableVersion (tbl, v) values ('${table}', 0)`,
  ];
  if (dialect === 'postgres')
    return [
      ...versions,
      // one statement-level trigger for the three kinds of write; the function takes the table's name
      `create or replace function bump_table_version() returns trigger language plpgsql as $$
        begin update tableVersion set v = v + 1 where tbl = tg_argv[0]; return null; end $$`,
      `create or replace trigger ${table}_v after insert or update or delete on ${table}
        for each statement execute function bump_table_version('${table}')`,
    ];
  return [
    ...versions,
    ...(['insert', 'update', 'delete'] as const).map(
      (op) => `create trigger if not exists ${table}_v_${op} after ${op} on ${table} begin ${bump}; end`,
    ),
  ];
}

/** At most this many ids in all are kept by one connection (or pool): ~16 MB. */
export const KEPT_IDS_MAX = 2_000_000;

/**
 * Answers that depend on one table alone, each with the table's version it was read at: at most 500,
 * and at most KEPT_IDS_MAX in weight together (a count weighs 1, a list of ids its length); the
 * oldest go first, and one list over a quarter of that is not kept at all.
 */
class KeptAnswers {
  private readonly entries = new Map<string, { v: number; value: unknown; weight: number }>();
  private weight = 0;

  get(key: string, version: number): { value: unknown } | undefined {
    const hit = this.entries.get(key);
    return hit && hit.v === version ? hit : undefined;
  }

  set(key: string, version: number, value: unknown, weight: number) {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.weight -= old.weight;
    }
    if (weight > KEPT_IDS_MAX / 4) return;
    this.entries.set(key, { v: version, value, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= 500 && this.weight <= KEPT_IDS_MAX) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }
}

const kept = new WeakMap<object, KeptAnswers>();
const keptBy = (owner: object) => {
  let answers = kept.get(owner);
  if (!answers) {
    answers = new KeptAnswers();
    kept.set(owner, answers);
  }
  return answers;
};
const weightOf = (value: unknown) => (Array.isArray(value) ? value.length : 1);

/**
 * The answer of `read` to `query` (whose rows depend on `table` alone), remembered until the
 * table's version changes. Null when `db` is not the plain connection (then the caller reads itself).
 */
function keptFor<T>(
  db: Db,
  table: string,
  query: RawBuilder<unknown>,
  read: (statement: SQLite.Statement, parameters: unknown[]) => T,
): T | null {
  const connection = connectionOf(db);
  if (!connection) return null;
  const version = (
    connection.prepare('select v from tableVersion where tbl = ?').get(table) as { v: number } | undefined
  )?.v;
  if (typeof version !== 'number') return null;
  const { sql, parameters } = query.compile(db);
  const key = `${sql}\u0000${JSON.stringify(parameters)}`;
  const answers = keptBy(connection);
  const hit = answers.get(key, version);
  if (hit) return hit.value as T;
  const value = read(connection.prepare(sql), parameters as unknown[]);
  answers.set(key, version, value, weightOf(value));
  return value;
}

/**
 * A count that depends on `table` alone, remembered until the table's version changes. Null when
 * `db` is not the plain connection (then the caller counts itself).
 */
export function cachedCount(db: Db, table: string, query: RawBuilder<unknown>): number | null {
  return keptFor(db, table, query, (statement, parameters) => {
    try {
      return Number((statement.raw(true).get(...parameters) as unknown[] | undefined)?.[0] ?? 0);
    } finally {
      statement.raw(false);
    }
  });
}

/**
 * The ids `query` selects (one column, in its order), for a list that depends on `table` alone,
 * remembered until the table's version changes: a page is then a slice of them, not a walk of the
 * index past every row before it (page 500 of 10,000 elders cost 0.6 ms of SQLite per request, and
 * a count of them all on PostgreSQL), and the count is their number. Null inside a transaction.
 */
export async function keptIds(
  db: Db,
  table: string,
  query: RawBuilder<unknown>,
  /** On PostgreSQL, the table's version as the caller read it before (else it is read here). */
  knownVersion?: number,
): Promise<readonly number[] | null> {
  if (dialectOf(db) !== 'postgres')
    return keptFor(db, table, query, (statement, parameters) => {
      // the statement is shared (prepared once per text): its mode goes back as it was
      try {
        return Object.freeze(statement.pluck(true).all(...parameters) as number[]);
      } finally {
        statement.pluck(false);
      }
    });
  if (db.isTransaction) return null;
  // The version is read before the ids: ids newer than their version are read again, never stale.
  const version = knownVersion ?? (await postgresVersions(db, [table]))?.[0];
  if (version === undefined) return null;
  const { sql: text, parameters } = query.compile(db);
  const key = `${text}\u0000${JSON.stringify(parameters)}`;
  const answers = keptBy(db);
  const hit = answers.get(key, version);
  if (hit) return hit.value as readonly number[];
  const { rows } = await query.execute(db);
  const ids = Object.freeze(rows.map((r) => Number(Object.values(r as object)[0])));
  answers.set(key, version, ids, ids.length);
  return ids;
}

const ensured = new WeakMap<SQLite.Database, Set<string>>();
const versionStatements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * The current versions of `tables` (each bumped by a trigger on every write), creating the
 * triggers of a table the first time. Null inside a write transaction or a transaction. On SQLite a
 * synchronous read of the file's connection; on PostgreSQL one query, so that an answer kept by one
 * server node is not sent after another node changed what it read.
 */
export async function tableVersions(db: Db, tables: readonly string[]): Promise<number[] | null> {
  if (dialectOf(db) === 'postgres') return db.isTransaction ? null : postgresVersions(db, tables);
  const connection = connectionOf(db);
  if (!connection) return null;
  let done = ensured.get(connection);
  if (!done) {
    done = new Set();
    ensured.set(connection, done);
  }
  for (const table of tables)
    if (!done.has(table)) {
      for (const statement of versionTriggers(table)) connection.exec(statement);
      done.add(table);
    }
  let statements = versionStatements.get(connection);
  if (!statements) {
    statements = new Map();
    versionStatements.set(connection, statements);
  }
  const key = tables.join(',');
  let statement = statements.get(key);
  if (!statement) {
    statement = connection
      .prepare(`select v from tableVersion where tbl in (${tables.map(() => '?').join(',')}) order by tbl`)
      .pluck(true);
    statements.set(key, statement);
  }
  const versions = statement.all(...[...tables].sort()) as number[];
  return versions.length === tables.length ? versions : null;
}

const postgresEnsured = new WeakMap<Db, Set<string>>();

async function postgresVersions(db: Db, tables: readonly string[]): Promise<number[] | null> {
  let done = postgresEnsured.get(db);
  if (!done) {
    done = new Set();
    postgresEnsured.set(db, done);
  }
  for (const table of tables)
    if (!done.has(table)) {
      try {
        for (const statement of versionTriggers(table, 'postgres')) await sql.raw(statement).execute(db);
      } catch {
        // another node creating the same trigger at this moment: the next read tries again
        return null;
      }
      done.add(table);
    }
  const sorted = [...tables].sort();
  // (collate "C": in the order JavaScript sorts the names, which the callers index the versions by)
  const { rows } = await sql<{
    v: number;
  }>`select v from tableVersion where tbl in (${sql.join(sorted)}) order by tbl collate "C"`.execute(db);
  return rows.length === tables.length ? rows.map((r) => Number(r.v)) : null;
}

/**
 * On PostgreSQL, the versions of `tables` (as tableVersions answers them) as a column another
 * statement selects: the session's read of a list request carries them, one round trip fewer for
 * every page (issue #43). Null elsewhere, and until this node has made the tables' triggers.
 */
export function versionsColumn(db: Db, tables: readonly string[]): RawBuilder<unknown> | null {
  if (dialectOf(db) !== 'postgres' || db.isTransaction) return null;
  const done = postgresEnsured.get(db);
  if (!done || !tables.every((t) => done.has(t))) return null;
  return sql`(select array_agg(v order by tbl collate "C") from tableVersion where tbl in (${sql.join([...tables].sort())}))`;
}

/** The versions a versionsColumn read, or null when some table had none. */
export function versionsOf(value: unknown, tables: readonly string[]): number[] | null {
  return Array.isArray(value) && value.length === tables.length ? value.map(Number) : null;
}

/**
 * What kept answers belong to: SQLite's connection outside a write, PostgreSQL's pool outside a
 * transaction (null: nothing is kept or sent from the cache).
 */
const keeperOf = (db: Db): object | null =>
  dialectOf(db) === 'postgres' ? (db.isTransaction ? null : db) : connectionOf(db);

interface KeptAnswer {
  versions: number[];
  body: string;
  /** The body as sent: UTF-8 bytes, and gzip-compressed once for the clients that accept it. */
  bytes?: Buffer;
  gzip?: Buffer;
}
type Kept = { entries: Map<string, KeptAnswer>; chars: number };
const responses = new WeakMap<object, Kept>();
/** A page of a list is at most this big to be kept (an unpaged export-sized list is not). */
const MAX_KEPT_BODY = 256 * 1024;
/** All kept answers together, in characters (V8 keeps Chinese text at two bytes each): a busy cache stays light for the GC. */
const MAX_KEPT_CHARS = 8 * 1024 * 1024;
const MAX_KEPT_ANSWERS = 1000;

/**
 * Answers of list reads kept until one of the tables they read changes: a control room's consoles
 * and a ward's nurses read the same pages over and over. The key names everything else an answer
 * depends on (organisation, the departments it reads — server/http/deptScope.ts —, the URL with its query, the day). The least recently
 * read answers go first when there are too many or they are too big together.
 */
export const listAnswers = {
  get(db: Db, key: string, versions: readonly number[]): string | null {
    const keeper = keeperOf(db);
    const kept = keeper ? responses.get(keeper) : undefined;
    const hit = kept?.entries.get(key);
    if (!kept || !hit || hit.versions.length !== versions.length) return null;
    if (!hit.versions.every((v, i) => v === versions[i])) return null;
    kept.entries.delete(key);
    kept.entries.set(key, hit);
    return hit.body;
  },
  set(db: Db, key: string, versions: number[], body: string) {
    const keeper = keeperOf(db);
    if (!keeper || body.length > MAX_KEPT_BODY) return;
    let kept = responses.get(keeper);
    if (!kept) {
      kept = { entries: new Map(), chars: 0 };
      responses.set(keeper, kept);
    }
    const forget = (k: string) => {
      const old = kept.entries.get(k);
      if (!old) return;
      kept.chars -= old.body.length;
      kept.entries.delete(k);
    };
    forget(key);
    while (
      kept.entries.size &&
      (kept.entries.size >= MAX_KEPT_ANSWERS || kept.chars + body.length > MAX_KEPT_CHARS)
    )
      forget(kept.entries.keys().next().value as string);
    kept.entries.set(key, { versions, body });
    kept.chars += body.length;
  },
};

/** Below this many bytes an answer is sent as it is: compressing would not pay. */
const GZIP_FROM_BYTES = 2048;

/**
 * Sends a JSON answer, from the kept answer `key` when it holds this body: its bytes are encoded,
 * and compressed for a client that accepts gzip (every browser), once — a floor's nurses and a
 * control room ask for the same big list over and over, and a 170 KB list is 10 KB in gzip.
 */
export function sendAnswer(db: Db, key: string, request: FastifyRequest, reply: FastifyReply, body: string) {
  const keeper = keeperOf(db);
  const found = keeper ? responses.get(keeper)?.entries.get(key) : undefined;
  const entry: KeptAnswer = found && found.body === body ? found : { versions: [], body };
  entry.bytes ??= Buffer.from(body, 'utf8');
  reply.type('application/json; charset=utf-8');
  if (entry.bytes.length < GZIP_FROM_BYTES) return reply.send(entry.bytes);
  reply.header('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(entry.bytes);
  entry.gzip ??= gzipSync(entry.bytes, { level: 6 });
  return reply.header('content-encoding', 'gzip').send(entry.gzip);
}

const prepared = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * One row of a fixed statement, prepared once per connection: for the reads every request makes
 * (its session). Undefined when there is no such row; null when `db` is not the plain connection.
 */
export function fastGet(db: Db, text: string, parameters: readonly unknown[]): Row | undefined | null {
  const connection = connectionOf(db);
  if (!connection) return null;
  let statements = prepared.get(connection);
  if (!statements) {
    statements = new Map();
    prepared.set(connection, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = connection.prepare(text);
    statements.set(text, statement);
  }
  return statement.get(...parameters) as Row | undefined;
}
