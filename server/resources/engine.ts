import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { nowStamp, today } from '../../domain/clock.js';
import { Code } from '../../domain/codes.js';
import { dictLabel, staticDictionaries } from '../../domain/dictionaries.js';
import {
  bodySchema,
  columnLabel,
  type FieldDef,
  fenToYuan,
  fieldOf,
  listQuerySchema,
  pageSchema,
  type ResourceApi,
  type ResourceDef,
  refNameKey,
  rowSchema,
} from '../../domain/resource.js';
import type { SessionUser } from '../auth/tokens.js';
import { type Db, dialectOf, tableColumns } from '../db/index.js';
import { defaultDeptId, inReadDepts, readScopeKey } from '../http/deptScope.js';
import { issueMessage } from '../http/errors.js';
import { ApiFailure } from '../http/failure.js';
import { type AnyRoute, type RouteContext, route, SENT } from '../http/route.js';
import { idParams, noQuery } from '../http/schemas.js';
import { isRegion } from '../regions/data.js';
import { exportPeriod, sendTable } from './export.js';
import {
  cachedCount,
  keptIds,
  listAnswers,
  readRows,
  sendAnswer,
  tableVersions,
  versionTriggers,
} from './fastRead.js';
import { refTables } from './refs.js';

export type Row = Record<string, unknown>;
export interface ListRows {
  rows: Row[];
  total: number;
  sums?: Record<string, number>;
}
export type Ctx = RouteContext<unknown, unknown, unknown, SessionUser>;

/** What a module adds to the generic behaviour of its resource. */
export interface ResourceHooks {
  /** Derives fields and checks a row before it is inserted or updated; throw ApiFailure to refuse. */
  prepare?(ctx: Ctx, row: Row, existing: Row | null): Promise<void> | void;
  /**
   * After a create, update or delete, inside its transaction: work that must follow every change
   * (the rules engine reloads its rules once the change is committed: ctx.afterCommit).
   */
  afterChange?(
    ctx: Ctx,
    change: { action: 'create' | 'update' | 'remove'; ids: number[] },
  ): Promise<void> | void;
  /** Refuses or cleans up before a row is deleted (inside the same transaction). */
  beforeRemove?(ctx: Ctx, row: Row): Promise<void> | void;
  /** Adds display fields to rows of a list or a detail (ages, bed paths, …). */
  decorate?(db: Db, rows: Row[]): Promise<void> | void;
  /** Work before a list is read, in its own transaction (closing what has lapsed since). */
  beforeList?(ctx: Ctx): Promise<void> | void;
  /**
   * A list the module reads itself (rows computed from several tables, a ledger): the engine still
   * parses the query, pages, exports and answers. `page` is null for every row (export, pageHelper=0).
   */
  list?(
    ctx: Ctx,
    query: Record<string, unknown>,
    page: { limit: number; offset: number } | null,
  ): Promise<ListRows>;
  /** Extra list conditions from query parameters the definition does not describe. */
  listWhere?(query: Record<string, unknown>, user: SessionUser): RawBuilder<unknown>[];
  /**
   * The query parameters `list` or `listWhere` read that the definition's filters do not describe
   * (one elder's receipts): declared, so they are validated, documented and not dropped.
   */
  listParams?: z.ZodRawShape;
  /**
   * The tables decorate reads, when what it adds depends on them and the day alone: such lists are
   * answered from the kept answers until one of their tables changes. Without it a resource with
   * decorate is always read afresh, and so is one with listWhere.
   */
  listReads?: readonly string[];
}

const id = (name: string) => sql.id(name);
const col = (name: string) => sql.ref(`t.${name}`);

/** Parses outside input; the first problem becomes the 10001 answer with its Chinese message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ApiFailure(Code.invalidInput, issue ? issueMessage(issue) : '参数校验失败');
}

const numericDict = (f: FieldDef) =>
  f.type === 'dict' && !!f.dict && typeof staticDictionaries[f.dict][0]?.value === 'number';
const columnType = (f: FieldDef) =>
  f.type === 'int' || f.type === 'money' || f.type === 'bool' || f.type === 'ref' || numericDict(f)
    ? 'integer'
    : 'text';

/** The fields a table holds (computed ones are answered, never stored). */
const stored = (def: ResourceDef) => def.fields.filter((f) => !f.computed);

/** A 'json' field's value goes to its column as JSON text and comes back parsed. */
const jsonFields = (def: ResourceDef) => stored(def).filter((f) => f.type === 'json');
function toColumns(def: ResourceDef, values: Row) {
  for (const f of jsonFields(def))
    if (values[f.name] !== undefined && values[f.name] !== null)
      values[f.name] = JSON.stringify(values[f.name]);
}
function fromColumns(def: ResourceDef, rows: Row[]) {
  const fields = jsonFields(def);
  if (fields.length)
    for (const row of rows)
      for (const f of fields)
        if (typeof row[f.name] === 'string') row[f.name] = JSON.parse(row[f.name] as string);
}

/**
 * Creates the table of each definition, adds the columns a definition gained since (never drops
 * or rewrites one) and the unique indexes it asks for. Runs after the numbered migrations, and
 * leaves the tables they own (`migratedTable`) as they made them; a derived definition has no table
 * of its own.
 */
/**
 * What syncResourceTables makes of the definitions, as a fingerprint kept in `instance`: a server
 * starting on a database already made for the same definitions skips the ~1,000 statements (a second
 * on PostgreSQL, where each is a round trip; every node of a cluster and every test app starts so).
 */
function tablesFingerprint(db: Db, defs: readonly ResourceDef[]): string {
  const shape = defs
    .filter((def) => !def.migratedTable && !def.derived)
    .map((def) => ({
      table: def.table,
      id: def.idField,
      dept: def.deptScoped ?? false,
      fields: stored(def).map((f) => [f.name, columnType(f)]),
      sorts: [def.defaultSort.field, ...(def.sortable ?? [])],
      indexes: def.indexes ?? [],
      unique: def.fields.filter((x) => x.unique).map((f) => f.name),
    }));
  return createHash('sha1')
    .update(
      JSON.stringify({
        version: 1,
        dialect: dialectOf(db),
        shape,
        triggers: versionTriggers('t', dialectOf(db)),
      }),
    )
    .digest('hex');
}

export async function syncResourceTables(db: Db, defs: readonly ResourceDef[]) {
  const fingerprint = tablesFingerprint(db, defs);
  const kept = await db
    .selectFrom('instance')
    .select('value')
    .where('key', '=', 'resourceTables')
    .executeTakeFirst();
  if (kept?.value === fingerprint) return;
  await makeResourceTables(db, defs);
  await db
    .insertInto('instance')
    .values({ key: 'resourceTables', value: fingerprint })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: fingerprint }))
    .execute();
}

async function makeResourceTables(db: Db, defs: readonly ResourceDef[]) {
  for (const def of defs) {
    if (def.migratedTable || def.derived) continue;
    const have = new Set(await tableColumns(db, def.table));
    if (!have.size) {
      const columns = [
        `${def.idField} integer primary key`,
        'orgId integer not null',
        ...(def.deptScoped && !fieldOf(def, 'deptId') ? ['deptId integer not null'] : []),
        ...stored(def).map((f) => `${f.name} ${columnType(f)}`),
        `createTime text not null default ''`,
        `updateTime text not null default ''`,
        'createBy integer',
      ];
      await sql.raw(`create table ${def.table} (${columns.join(', ')})`).execute(db);
    } else {
      const wanted = [
        ...stored(def).map((f) => [f.name, columnType(f)] as const),
        ['createTime', `text not null default ''`] as const,
        ['updateTime', `text not null default ''`] as const,
        ['createBy', 'integer'] as const,
      ];
      for (const [name, type] of wanted)
        if (!have.has(name)) await sql.raw(`alter table ${def.table} add column ${name} ${type}`).execute(db);
    }
    // Counts of a list are kept until the table changes; these triggers say when it did.
    for (const statement of versionTriggers(def.table, dialectOf(db))) await sql.raw(statement).execute(db);
    // Counting a list of the user's departments reads this index alone.
    if (def.deptScoped)
      await sql
        .raw(`create index if not exists ${def.table}_dept on ${def.table}(orgId, deptId)`)
        .execute(db);
    // Lists sort within the organisation: an index per sortable column makes a page a short index walk
    // (its rowid tie-break included) instead of sorting every row of the organisation. With the
    // department in the index, the walk checks the user's departments without reading a row, so a
    // deep page costs index entries, not table rows (the elder list: computed answers ~2x faster).
    for (const field of new Set([def.defaultSort.field, ...(def.sortable ?? [])])) {
      const scoped = def.deptScoped && field !== 'deptId';
      if (scoped) await sql.raw(`drop index if exists ${def.table}_o_${field}`).execute(db);
      await sql
        .raw(
          scoped
            ? `create index if not exists ${def.table}_od_${field} on ${def.table}(orgId, ${field}, deptId)`
            : `create index if not exists ${def.table}_o_${field} on ${def.table}(orgId, ${field})`,
        )
        .execute(db);
    }
    for (const columns of def.indexes ?? [])
      await sql
        .raw(
          `create index if not exists ${def.table}_i_${columns.join('_')} on ${def.table}(${columns.join(', ')})`,
        )
        .execute(db);
    for (const f of def.fields.filter((x) => x.unique))
      await sql
        .raw(`create unique index if not exists ${def.table}_${f.name}_uq on ${def.table}(orgId, ${f.name})`)
        .execute(db);
  }
}

const readScope = (def: ResourceDef, user: SessionUser): RawBuilder<unknown>[] =>
  def.deptScoped ? [inReadDepts(col('deptId'), user)] : [];

const refFields = (def: ResourceDef) =>
  def.fields.filter((f) => f.type === 'ref' && f.ref && refTables[f.ref]);

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The where-conditions of a list query: organisation, data departments, filters, keyword. */
function listConditions(
  def: ResourceDef,
  hooks: ResourceHooks,
  q: Record<string, unknown>,
  user: SessionUser,
) {
  const where: RawBuilder<unknown>[] = [sql`${col('orgId')} = ${user.orgId}`, ...readScope(def, user)];
  for (const filter of def.filters ?? []) {
    const param = filter.param ?? filter.field;
    const field = fieldOf(def, filter.field);
    if (filter.kind === 'range') {
      const start = q[`${param}Start`] as string | undefined;
      const end = q[`${param}End`] as string | undefined;
      if (start) where.push(sql`${col(filter.field)} >= ${start}`);
      if (end) where.push(sql`${col(filter.field)} < ${nextDay(end)}`);
      continue;
    }
    const value = q[param];
    if (value === undefined || value === null || value === '') continue;
    if (filter.kind === 'month') {
      const [y, m] = String(value).split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      where.push(sql`${col(filter.field)} >= ${`${value}-01`} and ${col(filter.field)} < ${`${next}-01`}`);
    } else if (filter.kind === 'like')
      where.push(sql`${col(filter.field)} like ${`%${escapeLike(String(value))}%`} escape '\\'`);
    else if (filter.kind === 'in') {
      const numeric = field ? columnType(field) === 'integer' : false;
      const values = String(value)
        .split(',')
        .map((v) => (numeric ? Number(v) : v));
      where.push(sql`${col(filter.field)} in (${sql.join(values)})`);
    } else where.push(sql`${col(filter.field)} = ${value as string | number}`);
  }
  const keyword = q.keyword as string | undefined;
  if (keyword && def.search?.length) {
    const pattern = `%${escapeLike(keyword)}%`;
    where.push(
      sql`(${sql.join(
        def.search.map((f) => sql`${col(f)} like ${pattern} escape '\\'`),
        sql` or `,
      )})`,
    );
  }
  where.push(...(hooks.listWhere?.(q, user) ?? []));
  return sql.join(where, sql` and `);
}

/** A text matched literally by `like … escape '\\'`. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function selectWithRefs(def: ResourceDef) {
  const refs = refFields(def);
  const columns = [
    sql`t.*`,
    ...refs.map((f) => {
      const ref = refTables[f.ref as string];
      return sql`${sql.ref(`r_${f.name}.${ref?.label}`)} as ${id(refNameKey(f.name))}`;
    }),
  ];
  const joins = refs.map((f) => {
    const ref = refTables[f.ref as string];
    if (!ref) return sql``;
    return sql`left join ${id(ref.table)} as ${id(`r_${f.name}`)} on ${sql.ref(`r_${f.name}.${ref.id}`)} = ${col(f.name)}`;
  });
  return { columns: sql.join(columns), joins: sql.join(joins, sql` `) };
}

/** Rows of a list query (all matching rows when limit is null). */
export async function listRows(
  db: Db,
  def: ResourceDef,
  hooks: ResourceHooks,
  q: Record<string, unknown>,
  user: SessionUser,
  limit: { limit: number; offset: number } | null,
  /** The table's version, read by the caller just before (PostgreSQL then does not read it again). */
  tableVersion?: number,
): Promise<ListRows> {
  const where = listConditions(def, hooks, q, user);
  const sortField = (q.sortField as string | undefined) ?? def.defaultSort.field;
  const order = sql.raw((q.sortOrder as string | undefined) ?? def.defaultSort.order);
  const { columns, joins } = selectWithRefs(def);
  const page = limit ? sql`limit ${limit.limit} offset ${limit.offset}` : sql``;
  // The tie-break runs the same way as the sort, so the (orgId, column) index with its rowid gives the order.
  const orderBy = sql`order by ${col(sortField)} ${order}, ${col(def.idField)} ${order}`;
  const matching = sql`select ${col(def.idField)} from ${id(def.table)} as t where ${where} ${orderBy}`;
  // A module's own conditions may read other tables: only lists of this table alone are kept.
  const ids = limit && !hooks.listWhere ? await keptIds(db, def.table, matching, tableVersion) : null;
  // Deferred join: the page's ids come first (kept, or from the narrow index walk), then only those rows are joined.
  const kept = limit && ids ? ids.slice(limit.offset, limit.offset + limit.limit) : null;
  const onPage = !kept
    ? sql`${col(def.idField)} in (${matching} ${page})`
    : dialectOf(db) === 'postgres'
      ? // an array parameter: PostgreSQL walks the primary key for it (0.1 ms for a page of 10,000 elders),
        // where the ids as a JSON set made it hash the whole table (6 ms: issue #43's PostgreSQL list)
        sql`${col(def.idField)} = any(${kept}::bigint[])`
      : sql`${col(def.idField)} in (select cast(value as integer) from json_each(${JSON.stringify(kept)}))`;
  const pageQuery = sql<Row>`select ${columns} from ${id(def.table)} as t ${joins}
    where ${onPage} ${orderBy}`;
  const rows = readRows(db, pageQuery) ?? (await pageQuery.execute(db)).rows;
  fromColumns(def, rows);
  const countQuery = sql<{
    total: number;
  }>`select count(*) as total from ${id(def.table)} as t where ${where}`;
  const cached = ids ? ids.length : hooks.listWhere ? null : cachedCount(db, def.table, countQuery);
  const total = cached ?? Number((await countQuery.execute(db)).rows[0]?.total ?? 0);
  await hooks.decorate?.(db, rows);
  if (!def.sums?.length) return { rows, total };
  const totals = await sql<Row>`select ${sql.join(
    def.sums.map((f) => sql`coalesce(sum(${col(f)}), 0) as ${id(f)}`),
  )} from ${id(def.table)} as t where ${where}`.execute(db);
  const sums = Object.fromEntries(def.sums.map((f) => [f, Number(totals.rows[0]?.[f] ?? 0)]));
  return { rows, total, sums };
}

/** One row of the user's organisation (and data department), or 10004. */
export async function loadRow(
  ctx: Ctx,
  def: ResourceDef,
  rowId: number,
  hooks: ResourceHooks = {},
): Promise<Row> {
  const { columns, joins } = selectWithRefs(def);
  const found = await sql<Row>`select ${columns} from ${id(def.table)} as t ${joins}
    where ${col(def.idField)} = ${rowId} and ${col('orgId')} = ${ctx.user.orgId}`.execute(ctx.db);
  const row = found.rows[0];
  if (!row) throw new ApiFailure(Code.notFound, `${def.title}不存在`);
  if (def.deptScoped) ctx.requireDept(Number(row.deptId));
  fromColumns(def, [row]);
  await hooks.decorate?.(ctx.db, [row]);
  return row;
}

/** A definition's row rule (ResourceDef.rowRules) refusing with its reason. */
function refuseByRule(rule: ((row: Row) => string | null) | undefined, row: Row) {
  const reason = rule?.(row) ?? null;
  if (reason !== null) throw new ApiFailure(Code.actionRefused, reason);
}

/** Every ref names a row of the organisation, every region code exists, unique fields are free. */
async function checkRow(ctx: Ctx, def: ResourceDef, row: Row, selfId: number | null) {
  for (const f of def.fields) {
    const value = row[f.name];
    if (value === undefined || value === null) continue;
    if (f.type === 'ref' && f.ref) {
      const ref = refTables[f.ref];
      if (!ref) continue;
      const owned = await ref.owned(Number(value), ctx.user.orgId).execute(ctx.db);
      if (!owned.rows.length) throw new ApiFailure(Code.invalidInput, `${f.label}不存在`);
    }
    if (f.type === 'region' && !isRegion(String(value)))
      throw new ApiFailure(Code.invalidInput, `${f.label}不存在`);
    if (f.unique) {
      const clash = await sql<Row>`select 1 from ${id(def.table)} where orgId = ${ctx.user.orgId}
        and ${id(f.name)} = ${value as string | number} and ${id(def.idField)} != ${selfId ?? -1}`.execute(
        ctx.db,
      );
      if (clash.rows.length) throw new ApiFailure(Code.conflict, `${f.label}“${String(value)}”已存在`);
    }
  }
}

/** Inserts a checked row (the module's hooks already ran); returns its id. */
export async function insertRow(
  ctx: Ctx,
  def: ResourceDef,
  hooks: ResourceHooks,
  input: Row,
): Promise<number> {
  const row: Row = { ...input };
  if (def.deptScoped) {
    const deptId = Number(row.deptId ?? defaultDeptId(ctx.user));
    ctx.requireDept(deptId);
    row.deptId = deptId;
  }
  await hooks.prepare?.(ctx, row, null);
  await checkRow(ctx, def, row, null);
  const stamp = nowStamp();
  const values: Row = {
    ...row,
    orgId: ctx.user.orgId,
    createTime: stamp,
    updateTime: stamp,
    createBy: ctx.user.userId,
  };
  toColumns(def, values);
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  const inserted = await sql<Row>`insert into ${id(def.table)} (${sql.join(keys.map(id))})
    values (${sql.join(keys.map((k) => values[k] as string | number | null))}) returning ${id(def.idField)}`.execute(
    ctx.db,
  );
  const newId = Number(inserted.rows[0]?.[def.idField]);
  ctx.describe(`${def.title}：${String(row[def.nameField] ?? newId)}`);
  return newId;
}

/** Updates the given fields of an existing row after the same checks as an insert. */
export async function updateRow(ctx: Ctx, def: ResourceDef, hooks: ResourceHooks, existing: Row, input: Row) {
  const row: Row = { ...input };
  delete row[def.idField];
  if (def.deptScoped && row.deptId !== undefined && row.deptId !== null) ctx.requireDept(Number(row.deptId));
  else delete row.deptId;
  await hooks.prepare?.(ctx, row, existing);
  await checkRow(ctx, def, row, Number(existing[def.idField]));
  const values: Row = { ...row, updateTime: nowStamp() };
  toColumns(def, values);
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  await sql`update ${id(def.table)} set ${sql.join(keys.map((k) => sql`${id(k)} = ${values[k] as string | number | null}`))}
    where ${id(def.idField)} = ${Number(existing[def.idField])}`.execute(ctx.db);
  ctx.describe(`${def.title}：${String(row[def.nameField] ?? existing[def.nameField] ?? '')}`);
}

const pathId = (url: string) => (url.includes(':ids') ? 'ids' : 'id');
const IDS = /^\d{1,12}(,\d{1,12}){0,499}$/;

/** Display text of a value for exports: dictionary labels, ref names, yuan for fen. */
export function displayValue(f: FieldDef | undefined, row: Row, key: string): string {
  const value = f?.type === 'ref' ? row[refNameKey(key)] : row[key];
  if (value === null || value === undefined) return '';
  if (f?.type === 'dict' && f.dict) return dictLabel(f.dict, value as string | number) || String(value);
  if (f?.type === 'money') return fenToYuan(Number(value));
  if (f?.type === 'bool') return Number(value) === 1 ? '是' : '否';
  if (f?.type === 'json') return JSON.stringify(value);
  return String(value);
}

/** Every table a list of the definition reads, or null when its answer may depend on more. */
function listReads(def: ResourceDef, hooks: ResourceHooks): string[] | null {
  if (hooks.listWhere || ((hooks.decorate || hooks.list) && !hooks.listReads)) return null;
  const tables = [def.table, ...refFields(def).map((f) => refTables[f.ref as string]?.table as string)];
  return [...new Set([...tables, ...(hooks.listReads ?? [])])].sort();
}

/** The generic actions of a definition, one per path of its `api`. */
export type CrudAction = keyof ResourceApi;

/**
 * The CRUD routes of a definition on the paths it names: list (paged, filtered, sorted, exported),
 * detail, create, update and (batch) delete, each with its authority, data-department scope and
 * operation-log row. A module writes the `handwritten` actions itself (a create that starts a
 * workflow); the definition still names their paths for the console.
 */
export function resourceRoutes(
  def: ResourceDef,
  hooks: ResourceHooks = {},
  handwritten: readonly CrudAction[] = [],
): AnyRoute[] {
  const routes: AnyRoute[] = [];
  const { authority } = def;
  const api: ResourceApi = Object.fromEntries(
    Object.entries(def.api).filter(([action]) => !handwritten.includes(action as CrudAction)),
  );
  // The schemas a descriptor gives are built at the first call that needs them (z.lazy keeps the one
  // built): some 150 resources' bodies, queries and rows took a quarter of a second of each start
  // (issue #43, cold start); the registry's tests build every one of them.
  const querySchema = z.lazy(() =>
    listQuerySchema(def).extend({
      ...hooks.listParams,
      export: z.enum(['xlsx', 'csv'], { error: '导出格式只能是xlsx或csv' }).optional(),
    }),
  );
  const rowAnswer = z.lazy(() => rowSchema(def));
  const saved = z.object({ [def.idField]: z.number().int() });
  const reads = listReads(def, hooks);
  if (api.list)
    routes.push(
      route({
        method: 'GET',
        url: api.list,
        operation: `${def.name}List`,
        auth: authority.view,
        ...(reads ? { reads } : {}),
        summary: `${def.title}列表`,
        query: querySchema,
        response: pageSchema(rowAnswer),
        async handler(ctx) {
          const q = ctx.query as Record<string, unknown>;
          const format = q.export;
          if (hooks.beforeList) {
            const { beforeList } = hooks;
            await ctx.services.db.transaction().execute(async (trx) => beforeList({ ...ctx, db: trx }));
          }
          const read = (page: { limit: number; offset: number } | null, tableVersion?: number) =>
            hooks.list
              ? hooks.list(ctx, q, page)
              : listRows(ctx.db, def, hooks, q, ctx.user, page, tableVersion);
          if (format === 'csv' || format === 'xlsx') {
            const { rows, sums } = await read({ limit: 50_000, offset: 0 });
            const header = def.columns.map((c) => columnLabel(def, c));
            const body = rows.map((r) => def.columns.map((c) => displayValue(fieldOf(def, c), r, c)));
            // the list's 合计 row, last: the sums under their columns
            const total =
              sums && rows.length
                ? [
                    def.columns.map((c, i) =>
                      c in sums ? displayValue(fieldOf(def, c), sums, c) : i ? '' : '合计',
                    ),
                  ]
                : [];
            await sendTable(
              ctx.reply,
              format,
              def.title,
              [header, ...body, ...total],
              body.length,
              exportPeriod(def.filters, q),
            );
            return SENT;
          }
          // An answer kept since none of the tables it read changed is sent as it was.
          const versions = reads ? (ctx.tableVersions ?? (await tableVersions(ctx.db, reads))) : null;
          const key = versions ? `${ctx.user.orgId}|${readScopeKey(ctx.user)}|${today()}|${ctx.req.url}` : '';
          const kept = versions ? listAnswers.get(ctx.db, key, versions) : null;
          if (kept !== null) {
            sendAnswer(ctx.db, key, ctx.req, ctx.reply, kept);
            return SENT;
          }
          const all = q.pageHelper === 0;
          const pageNum = q.pageNum as number;
          const pageSize = q.pageSize as number;
          // the versions come in the order of `reads` (sorted by name)
          const tableVersion = versions?.[reads?.indexOf(def.table) ?? -1];
          const { rows, total, sums } = await read(
            all ? null : { limit: pageSize, offset: (pageNum - 1) * pageSize },
            tableVersion,
          );
          const result = {
            list: rows,
            total,
            pageNum: all ? 1 : pageNum,
            pageSize: all ? total : pageSize,
            ...(sums ? { sums } : {}),
          };
          if (!versions) return result;
          const body = JSON.stringify({ code: Code.ok, msg: '成功', result });
          listAnswers.set(ctx.db, key, versions, body);
          sendAnswer(ctx.db, key, ctx.req, ctx.reply, body);
          return SENT;
        },
      }),
    );
  if (api.get)
    routes.push(
      route({
        method: 'GET',
        url: api.get,
        operation: `${def.name}Get`,
        auth: authority.view,
        summary: `${def.title}详情`,
        params: idParams,
        query: noQuery,
        response: rowAnswer,
        async handler(ctx) {
          return loadRow(ctx, def, ctx.params.id, hooks);
        },
      }),
    );
  if (api.create && authority.create) {
    const schema = z.lazy(() => bodySchema(def, 'create'));
    routes.push(
      route({
        method: 'POST',
        url: api.create,
        operation: `${def.name}Create`,
        auth: authority.create,
        log: { type: 'ADD', name: `新增${def.title}` },
        body: schema,
        response: saved,
        async handler(ctx) {
          const newId = await insertRow(ctx, def, hooks, ctx.body as Row);
          await hooks.afterChange?.(ctx, { action: 'create', ids: [newId] });
          return { [def.idField]: newId };
        },
      }),
    );
  }
  // the spec's update, and where its wording also reads as PUT …/:id, that too (api.updateAt)
  const updates = [
    { url: api.update, operation: `${def.name}Update` },
    { url: api.updateAt, operation: `${def.name}UpdateById` },
  ].filter((u): u is { url: string; operation: string } => Boolean(u.url));
  const updateAuthority = authority.update;
  for (const update of updateAuthority ? updates : []) {
    // PUT …/:id names the record in the path; otherwise the body carries its id.
    const inPath = update.url.includes(':id');
    const schema = z.lazy(() => {
      const whole = bodySchema(def, 'update');
      return inPath
        ? whole.extend({ [def.idField]: whole.shape[def.idField]?.optional() ?? z.unknown() })
        : whole;
    });
    routes.push(
      route({
        method: 'PUT',
        url: update.url,
        operation: update.operation,
        auth: updateAuthority as string,
        log: { type: 'UPDATE', name: `修改${def.title}` },
        body: schema,
        ...(inPath ? { params: idParams } : {}),
        response: saved,
        async handler(ctx) {
          const body = { ...(ctx.body as Row) };
          if (inPath) body[def.idField] = (ctx.params as { id: number }).id;
          const rule = def.rowRules?.edit;
          // a row rule reads the row as the list shows it: decorated
          const existing = await loadRow(ctx, def, Number(body[def.idField]), rule ? hooks : {});
          refuseByRule(rule, existing);
          await updateRow(ctx, def, hooks, existing, body);
          await hooks.afterChange?.(ctx, { action: 'update', ids: [Number(body[def.idField])] });
          return { [def.idField]: Number(body[def.idField]) };
        },
      }),
    );
  }
  if (api.remove && authority.remove) {
    const key = pathId(api.remove);
    routes.push(
      route({
        method: 'DELETE',
        url: api.remove,
        operation: `${def.name}Remove`,
        auth: authority.remove,
        log: { type: 'DELETE', name: `删除${def.title}` },
        params: z.object({ [key]: z.string().regex(IDS, '编号无效') }),
        response: z.object({ deleted: z.number().int() }),
        async handler(ctx) {
          const raw = String((ctx.params as Record<string, string>)[key]);
          const ids = [...new Set(raw.split(',').map(Number))];
          const names: string[] = [];
          const rule = def.rowRules?.remove;
          for (const rowId of ids) {
            const row = await loadRow(ctx, def, rowId, rule ? hooks : {});
            refuseByRule(rule, row);
            await hooks.beforeRemove?.(ctx, row);
            await sql`delete from ${id(def.table)} where ${id(def.idField)} = ${rowId}`.execute(ctx.db);
            names.push(String(row[def.nameField] ?? rowId));
          }
          ctx.describe(`${def.title}：${names.join('、')}`);
          await hooks.afterChange?.(ctx, { action: 'remove', ids });
          return { deleted: ids.length };
        },
      }),
    );
  }
  return routes;
}

export function idParam(params: unknown, key: string): number {
  const raw = String((params as Row | null)?.[key] ?? '');
  if (!/^\d{1,12}$/.test(raw)) throw new ApiFailure(Code.invalidInput, '编号无效');
  return Number(raw);
}
