import { sql } from 'kysely';
import { z } from 'zod';
import {
  elderByIdCard,
  familyRows,
  familySetBody,
  headSchema,
  idCardParams,
  modifyRecords,
  oldmanRow,
  oldmanSaved,
  OldmanPaths as P,
} from '../../../domain/api/oldman.js';
import { satisfies } from '../../../domain/authorityExpr.js';
import { nowStamp, today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { idCardFacts, idCardMessage } from '../../../domain/idCard.js';
import { bodySchema, fieldOf } from '../../../domain/resource.js';
import {
  familyResource,
  LiveAuthority,
  type OldmanSection,
  oldmanResource,
  oldmanSections,
  sectionFields,
} from '../../../domain/resources/oldman.js';
import { placesOfBeds } from '../../../server/db/bedPlaces.js';
import type { Db } from '../../../server/db/index.js';
import { elderDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery, noResult } from '../../../server/http/schemas.js';
import {
  type Ctx,
  displayValue,
  insertRow,
  loadRow,
  type ResourceHooks,
  type Row,
  updateRow,
} from '../../../server/resources/engine.js';
import { addLatestWeights } from '../../care/server/elderWeight.js';
import { noteElderLevel, requireLevelAuthority } from '../../care/server/levelHistory.js';

const def = oldmanResource;

/** Full location of each elder's bed: 1号楼2层201-1床. */
async function addBedPaths(db: Db, rows: Row[]) {
  const places = await placesOfBeds(
    db,
    rows.flatMap((r) => (typeof r.bedId === 'number' ? [r.bedId] : [])),
  );
  for (const row of rows) {
    const place = places.get(row.bedId as number);
    if (place) row.bedName = place.path;
  }
}

export const oldmanHooks: ResourceHooks = {
  /** Birth date and sex come from the ID card; a living elder keeps a living-age birth date. */
  prepare(ctx, row, existing) {
    // 护理等级 and 能力等级 are what bills charge: editing the profile alone does not change them
    requireLevelAuthority(ctx, row, existing);
    // New profiles wait for residence (3 待入住); these columns predate the definition and are NOT NULL.
    if (!existing) row.oldmanStatus = 3;
    for (const key of ['phone', 'nursingLevel'] as const) if (row[key] === null) row[key] = '';
    if (typeof row.oldmanIdcard === 'string') {
      const facts = idCardFacts(row.oldmanIdcard);
      if (!facts)
        throw new ApiFailure(Code.invalidInput, idCardMessage(row.oldmanIdcard) ?? '身份证号不正确');
      row.birthday = facts.birthday;
      row.sex = facts.sex;
    }
  },
  async beforeRemove(ctx, row) {
    const status = Number(row.oldmanStatus);
    if (status === 1 || status === 4)
      throw new ApiFailure(Code.conflict, `${String(row.oldmanName)}正在入住，请先办理退住再删除档案`);
    const device = await ctx.db
      .selectFrom('device')
      .select('deviceId')
      .where('oldmanId', '=', Number(row.oldmanId))
      .executeTakeFirst();
    if (device) throw new ApiFailure(Code.conflict, `${String(row.oldmanName)}仍绑定设备，请先解绑设备`);
    for (const table of ['oldmanFamily', 'oldmanModify', 'oldmanFile'] as const)
      await sql`delete from ${sql.id(table)} where oldmanId = ${Number(row.oldmanId)}`.execute(ctx.db);
  },
  listReads: ['bed', 'room', 'floor', 'building'],
  async decorate(db, rows) {
    await addBedPaths(db, rows);
    await addLatestWeights(db, rows);
    const day = today();
    for (const row of rows)
      if (typeof row.birthday === 'string' && row.birthday.length === 10) {
        const years = Number(day.slice(0, 4)) - Number(row.birthday.slice(0, 4));
        row.age = day.slice(5) < row.birthday.slice(5) ? years - 1 : years;
      }
  },
};

/** Records what a section edit changed, field by field, for the 修改记录 tab. */
async function recordChanges(ctx: Ctx, oldmanId: number, section: string, before: Row, after: Row) {
  const changes = Object.keys(after)
    .filter((k) => k !== def.idField && (before[k] ?? null) !== (after[k] ?? null))
    .map((k) => {
      const f = fieldOf(def, k);
      return {
        field: k,
        label: f?.label ?? k,
        before: displayValue(f, before, k),
        after: displayValue(f, after, k),
      };
    });
  if (!changes.length) return;
  await addModifyRecord(ctx, oldmanId, section, changes);
}

export interface ModifyChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * One row of the elder's 修改记录 tab: what changed (before → after), by whom, under which heading, and
 * where it came from when it did not come from the profile (采纳建议 names its assessment).
 */
export async function addModifyRecord(
  ctx: Ctx,
  oldmanId: number,
  section: string,
  changes: ModifyChange[],
  note = '',
) {
  await ctx.db
    .insertInto('oldmanModify')
    .values({
      oldmanId,
      section,
      changes: JSON.stringify(changes),
      userId: ctx.user.userId,
      userName: ctx.user.loginName,
      createTime: nowStamp(),
      note,
    })
    .execute();
}

const sectionTitle = (s: OldmanSection) => oldmanSections.find((x) => x.key === s)?.title ?? s;

function sectionRoutes(section: OldmanSection): AnyRoute[] {
  const only = sectionFields(section);
  const names = def.fields.filter((f) => f.section === section).map((f) => f.name);
  const body = bodySchema(def, 'update', only);
  const save = async (ctx: Ctx, row: Row) => {
    const existing = await loadRow(ctx, def, Number(row.oldmanId));
    await updateRow(ctx, def, oldmanHooks, existing, row);
    await recordChanges(ctx, Number(row.oldmanId), sectionTitle(section), existing, row);
    await noteElderLevel(ctx, Number(row.oldmanId), existing, row);
    return { oldmanId: Number(row.oldmanId) };
  };
  return [
    route({
      method: 'GET',
      url: P.section(section),
      auth: LiveAuthority.archives,
      summary: `长者${sectionTitle(section)}`,
      params: idParams,
      query: noQuery,
      response: oldmanRow,
      async handler(ctx) {
        const row = await loadRow(ctx, def, ctx.params.id, oldmanHooks);
        return Object.fromEntries(
          [def.idField, 'oldmanName', ...names, 'bedName', 'age']
            .filter((k) => k in row)
            .map((k) => [k, row[k]]),
        );
      },
    }),
    route({
      method: 'PUT',
      url: P.sectionSave(section),
      auth: LiveAuthority.archivesEdit,
      log: { type: 'UPDATE', name: `修改长者${sectionTitle(section)}` },
      body,
      response: oldmanSaved,
      handler: (ctx) => save(ctx, ctx.body as Row),
    }),
    // spec 001 §3 also reads PUT proFile/{oldmanId}/base (issue #39 point 3): the elder named in the path
    route({
      method: 'PUT',
      url: P.section(section),
      operation: `put${section.replace(/^./, (c) => c.toUpperCase())}ById`,
      auth: LiveAuthority.archivesEdit,
      log: { type: 'UPDATE', name: `修改长者${sectionTitle(section)}` },
      params: idParams,
      body: body.extend({ oldmanId: (body.shape.oldmanId ?? z.unknown()).optional() }),
      response: oldmanSaved,
      handler(ctx) {
        const given = (ctx.body as Row).oldmanId;
        if (given != null && Number(given) !== ctx.params.id)
          throw new ApiFailure(Code.invalidInput, '路径与请求中的长者不一致');
        return save(ctx, { ...(ctx.body as Row), oldmanId: ctx.params.id });
      },
    }),
  ];
}

export function oldmanRoutes(): AnyRoute[] {
  return [
    ...(['base', 'extra', 'health', 'live'] as const).flatMap(sectionRoutes),
    route({
      method: 'GET',
      url: P.whole,
      auth: LiveAuthority.archives,
      summary: '长者档案全部信息',
      params: idParams,
      query: noQuery,
      response: oldmanRow,
      handler: (ctx) => loadRow(ctx, def, ctx.params.id, oldmanHooks),
    }),
    route({
      method: 'GET',
      url: P.family,
      auth: LiveAuthority.archives,
      summary: '长者家属',
      params: idParams,
      query: noQuery,
      response: familyRows,
      async handler(ctx) {
        const oldman = await loadRow(ctx, def, ctx.params.id);
        return familyOf(ctx, Number(oldman.oldmanId));
      },
    }),
    // spec 001 §3 also reads PUT proFile/{oldmanId}/family (issue #39 point 3): the family set whole
    route({
      method: 'PUT',
      url: P.family,
      operation: 'putFamilyById',
      // any of the family screen's buttons lets the call in; the handler asks for each one it uses
      auth: `${LiveAuthority.familyAdd}|${LiveAuthority.familyEdit}|${LiveAuthority.familyDelete}`,
      log: { type: 'UPDATE', name: '修改长者家属' },
      params: idParams,
      body: familySetBody,
      response: familyRows,
      handler: (ctx) => saveFamily(ctx, ctx.params.id, ctx.body),
    }),
    route({
      method: 'GET',
      url: P.modifyRecord,
      auth: LiveAuthority.archives,
      summary: '档案修改记录',
      params: idParams,
      query: noQuery,
      response: modifyRecords,
      async handler(ctx) {
        const oldman = await loadRow(ctx, def, ctx.params.id);
        const rows = await ctx.db
          .selectFrom('oldmanModify')
          .selectAll()
          .where('oldmanId', '=', Number(oldman.oldmanId))
          .orderBy('modifyId', 'desc')
          .execute();
        return rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) as unknown }));
      },
    }),
    route({
      method: 'GET',
      url: P.byIdCard,
      auth: LiveAuthority.archives,
      summary: '按身份证号查长者',
      params: idCardParams,
      query: noQuery,
      response: elderByIdCard,
      async handler(ctx) {
        const row = await ctx.db
          .selectFrom('oldman')
          .select(['oldmanId', 'oldmanName', 'oldmanIdcard', 'oldmanStatus', 'deptId'])
          .where('orgId', '=', ctx.user.orgId)
          .where('oldmanIdcard', '=', ctx.params.idcard)
          .executeTakeFirst();
        // Like every elder read: only within the user's data departments (10301 otherwise).
        if (row) ctx.requireDept(row.deptId);
        return row ?? null;
      },
    }),
    route({
      method: 'PUT',
      url: P.head,
      auth: LiveAuthority.archivesEdit,
      log: { type: 'UPDATE', name: '修改长者头像' },
      params: idParams,
      body: headSchema,
      response: headSchema,
      async handler(ctx) {
        const { headImage } = ctx.body;
        const oldman = await loadRow(ctx, def, ctx.params.id);
        await ctx.db
          .updateTable('oldman')
          .set({ headImage })
          .where('oldmanId', '=', Number(oldman.oldmanId))
          .execute();
        ctx.describe(`长者头像：${String(oldman.oldmanName)}`);
        return { headImage };
      },
    }),
    route({
      method: 'DELETE',
      url: P.head,
      auth: LiveAuthority.archivesEdit,
      log: { type: 'UPDATE', name: '删除长者头像' },
      params: idParams,
      response: noResult,
      async handler(ctx) {
        const oldman = await loadRow(ctx, def, ctx.params.id);
        await ctx.db
          .updateTable('oldman')
          .set({ headImage: null })
          .where('oldmanId', '=', Number(oldman.oldmanId))
          .execute();
        ctx.describe(`长者头像：${String(oldman.oldmanName)}`);
        return null;
      },
    }),
  ];
}

type FamilyMember = Row & { familyId?: number | undefined; oldmanId?: number | undefined };

/** The elder's family members, oldest first, as GET and PUT proFile/{id}/family answer them. */
const familyOf = (ctx: Ctx, oldmanId: number) =>
  ctx.db
    .selectFrom('oldmanFamily')
    .selectAll()
    .where('oldmanId', '=', oldmanId)
    .orderBy('familyId')
    .execute();

/**
 * Makes the elder's family members the given set, with the family screen's checks and authorities:
 * adding needs 新增, changing a member 编辑, leaving one out 删除 — each asked only when used, so a
 * client sending the list back with one member added needs 新增 alone.
 */
// the family fields come from the definition, so the parsed member is a Row with the two ids typed
async function saveFamily(ctx: Ctx, pathId: number, members: readonly FamilyMember[]) {
  const oldman = await loadRow(ctx, def, pathId);
  const oldmanId = Number(oldman.oldmanId);
  if (members.some((m) => m.oldmanId !== undefined && m.oldmanId !== oldmanId))
    throw new ApiFailure(Code.invalidInput, '路径与请求中的长者不一致');
  const before = new Map((await familyOf(ctx, oldmanId)).map((r) => [Number(r.familyId), r as Row]));
  const stranger = members.find((m) => m.familyId !== undefined && !before.has(m.familyId));
  // another elder's member (or another organisation's) is refused alike: nothing about it is told
  if (stranger) throw new ApiFailure(Code.invalidInput, `家属（编号${stranger.familyId}）不是该长者的家属`);
  const kept = new Set(members.map((m) => m.familyId));
  const removed = [...before.keys()].filter((id) => !kept.has(id));
  const added = members.filter((m) => m.familyId === undefined);
  const changed = members.filter((m) => {
    const row = m.familyId === undefined ? undefined : before.get(m.familyId);
    return row && Object.entries(m).some(([k, v]) => v !== undefined && v !== (row[k] ?? null));
  });
  const needed = [
    [added.length, LiveAuthority.familyAdd],
    [changed.length, LiveAuthority.familyEdit],
    [removed.length, LiveAuthority.familyDelete],
  ] as const;
  for (const [count, code] of needed)
    if (count && !satisfies(ctx.user.authority, code)) throw new ApiFailure(Code.noAuthority, '权限不足');
  if (removed.length) await ctx.db.deleteFrom('oldmanFamily').where('familyId', 'in', removed).execute();
  for (const m of changed)
    await updateRow(ctx, familyResource, familyHooks, before.get(m.familyId as number) as Row, {
      ...m,
      oldmanId,
    });
  for (const m of added) await insertRow(ctx, familyResource, familyHooks, { ...m, oldmanId });
  ctx.describe(`长者家属：${String(oldman.oldmanName)}`);
  return familyOf(ctx, oldmanId);
}

/**
 * Puts a row that names an elder (family member, visit) in that elder's department; the elder must
 * be of the user's organisation and data departments.
 */
export async function inElderDept(ctx: Ctx, row: Row, missing = '长者不存在') {
  if (row.oldmanId === undefined || row.oldmanId === null) return;
  row.deptId = await elderDept(ctx, Number(row.oldmanId), missing);
}

/** A family member belongs to the elder's department; changing the elder moves it with them. */
export const familyHooks: ResourceHooks = {
  prepare: (ctx, row) => inElderDept(ctx, row),
};
