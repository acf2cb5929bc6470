import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { idCardFacts, idCardMessage } from '../../../domain/idCard.js';
import { HomecareAuthority as A } from '../../../domain/statuses/homecare.js';
import type { Db } from '../../../server/db/index.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import {
  type Ctx,
  loadRow,
  type ResourceHooks,
  type Row,
  updateRow,
} from '../../../server/resources/engine.js';
import {
  carerQuery,
  carers,
  elderExtend,
  elderSaved,
  extendBody,
  extendFields,
  HOMECARE_LOG_PATHS,
  HomecarePaths,
  noAccountElders,
  oldmanIdQuery,
  operateLogPage,
  operateLogQuery,
  shelved,
  shelvesBody,
} from '../api.js';
import { homeOldmanResource, serveProjectTypeResource } from '../resources/elders.js';
import { defaultOrgConfig, type OrgConfig, orgConfigSchema, ServeOrderPaths } from '../resources/orders.js';
import { staffOf } from './carers.js';

/** A home elder of the organisation, in one of the user's data departments, or a Chinese refusal. */
export async function homeElder(ctx: Ctx, oldmanId: number, missing = '长者不存在') {
  const found = await sql<Row>`select * from homeOldman where oldmanId = ${oldmanId}
    and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const elder = found.rows[0];
  if (!elder) throw new ApiFailure(Code.invalidInput, missing);
  ctx.requireDept(Number(elder.deptId));
  return elder;
}

/** A record of a home elder takes the elder's department (family, orders, rules, accounts). */
export async function inHomeElderDept(ctx: Ctx, row: Row) {
  if (row.oldmanId === undefined || row.oldmanId === null) return;
  row.deptId = Number((await homeElder(ctx, Number(row.oldmanId))).deptId);
}

export const homeOldmanHooks: ResourceHooks = {
  prepare(_ctx, row) {
    if (typeof row.oldmanIdcard === 'string') {
      const facts = idCardFacts(row.oldmanIdcard);
      if (!facts)
        throw new ApiFailure(Code.invalidInput, idCardMessage(row.oldmanIdcard) ?? '身份证号不正确');
      row.birthday = facts.birthday;
      row.sex = facts.sex;
    }
  },
  async beforeRemove(ctx, row) {
    const id = Number(row.oldmanId);
    const used = await sql<{ n: number }>`select
      (select count(*) from serveOrder where oldmanId = ${id}) +
      (select count(*) from homeCostAccount where oldmanId = ${id}) as n`.execute(ctx.db);
    if (Number(used.rows[0]?.n ?? 0) > 0)
      throw new ApiFailure(Code.conflict, `${String(row.oldmanName)}已有服务工单或账户，不能删除`);
    const documents = await sql`select 1 from homeTemplateData where oldmanId = ${id} limit 1`.execute(
      ctx.db,
    );
    if (documents.rows.length)
      throw new ApiFailure(Code.conflict, `${String(row.oldmanName)}已有居家文书，请先删除文书`);
    await sql`delete from homeFamily where oldmanId = ${id}`.execute(ctx.db);
    await sql`delete from serveOrderGenRule where oldmanId = ${id}`.execute(ctx.db);
  },
};

export const homeFamilyHooks: ResourceHooks = { prepare: (ctx, row) => inHomeElderDept(ctx, row) };

export const serveProjectHooks: ResourceHooks = {
  prepare(_ctx, row, existing) {
    if (!existing && (row.onShelf === undefined || row.onShelf === null)) row.onShelf = 1;
  },
  async beforeRemove(ctx, row) {
    const used =
      await sql`select 1 from serveOrder where projectId = ${Number(row.projectId)} limit 1`.execute(ctx.db);
    if (used.rows.length)
      throw new ApiFailure(Code.conflict, `${String(row.projectName)}已有服务工单，请下架而不是删除`);
  },
};

export const projectTypeHooks: ResourceHooks = {
  async beforeRemove(ctx, row) {
    const used = await sql`select 1 from serveProject where typeId = ${Number(row.id)} limit 1`.execute(
      ctx.db,
    );
    if (used.rows.length) throw new ApiFailure(Code.conflict, `${String(row.name)}下还有服务项目，不能删除`);
  },
};

export const areaHooks: ResourceHooks = {
  async beforeRemove(ctx, row) {
    const used = await sql`select 1 from homeOldman where areaId = ${Number(row.areaId)} limit 1`.execute(
      ctx.db,
    );
    if (used.rows.length) throw new ApiFailure(Code.conflict, `${String(row.areaName)}还有长者，不能删除`);
  },
};

const ORG_CONFIG_KEY = 'homecareOrgConfig';

export async function readOrgConfig(db: Db, orgId: number): Promise<OrgConfig> {
  const row = await db
    .selectFrom('configEntry')
    .select('value')
    .where('orgId', '=', orgId)
    .where('configKey', '=', ORG_CONFIG_KEY)
    .executeTakeFirst();
  return row ? { ...defaultOrgConfig, ...(JSON.parse(row.value) as Partial<OrgConfig>) } : defaultOrgConfig;
}

/** Home elders (oldmanBase), areas, families, project types and projects, carers, settings. */
export function homecareElderRoutes(): AnyRoute[] {
  return [
    // Static paths before the engine's `/:id` ones (Fastify prefers static segments anyway).
    route({
      method: 'GET',
      url: HomecarePaths.noAccount,
      auth: A.account,
      summary: '未开户的居家长者',
      query: noQuery,
      response: noAccountElders,
      async handler(ctx) {
        const rows = await sql<Row>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.phone, o.deptId
          from homeOldman o where o.orgId = ${ctx.user.orgId} and ${inReadDepts('o.deptId', ctx.user)}
          and not exists (select 1 from homeCostAccount a where a.oldmanId = o.oldmanId)
          order by o.oldmanId`.execute(ctx.db);
        return { list: rows.rows, total: rows.rows.length, pageNum: 1, pageSize: rows.rows.length };
      },
    }),
    route({
      method: 'GET',
      url: HomecarePaths.extend,
      auth: A.archives,
      summary: '居家长者扩展信息',
      query: oldmanIdQuery,
      response: elderExtend,
      async handler(ctx) {
        const row = await loadRow(ctx, homeOldmanResource, ctx.query.oldmanId);
        return Object.fromEntries(
          ['oldmanId', 'oldmanName', ...extendFields].map((k) => [k, row[k] ?? null]),
        );
      },
    }),
    route({
      method: 'PUT',
      url: HomecarePaths.extend,
      auth: A.archivesEdit,
      body: extendBody,
      response: elderSaved,
      log: { type: 'UPDATE', name: '修改居家长者健康与居家情况' },
      async handler(ctx) {
        const body = ctx.body as Row;
        const existing = await loadRow(ctx, homeOldmanResource, Number(body.oldmanId));
        await updateRow(ctx, homeOldmanResource, homeOldmanHooks, existing, body);
        return { oldmanId: Number(body.oldmanId) };
      },
    }),
    route({
      method: 'PUT',
      url: HomecarePaths.shelves,
      auth: A.itemsEdit,
      params: idsOf('type'),
      body: shelvesBody,
      response: shelved,
      log: { type: 'UPDATE', name: '服务项目上下架' },
      async handler(ctx) {
        const typeId = ctx.params.type;
        const { onShelf } = ctx.body;
        const type = await loadRow(ctx, serveProjectTypeResource, typeId);
        const done = await sql`update serveProject set onShelf = ${onShelf} where orgId = ${ctx.user.orgId}
          and typeId = ${typeId}`.execute(ctx.db);
        ctx.describe(`${String(type.name)}：全部${onShelf ? '上架' : '下架'}`);
        return { updated: Number(done.numAffectedRows ?? 0) };
      },
    }),
    route({
      method: 'GET',
      url: ServeOrderPaths.nursingWorkers,
      auth: A.order,
      summary: '护理员列表',
      query: carerQuery,
      response: carers,
      async handler(ctx) {
        // Spec 000 §3 dropdown "nursing worker nursingId/realName": the organisation's active staff;
        // with carer=1 only those who serve home-care orders (the 派单 dialog, lookup homeCarer).
        const list = await staffOf(ctx.db, ctx.user.orgId, ctx.query.carer === 1);
        return { list, total: list.length, pageNum: 1, pageSize: list.length };
      },
    }),
    route({
      method: 'GET',
      url: ServeOrderPaths.orgConfig,
      auth: A.orderSet,
      summary: '工单设置',
      query: noQuery,
      response: orgConfigSchema,
      handler: (ctx) => readOrgConfig(ctx.db, ctx.user.orgId),
    }),
    route({
      method: 'PUT',
      url: ServeOrderPaths.orgConfig,
      auth: A.orderSetSave,
      body: orgConfigSchema,
      response: orgConfigSchema,
      log: { type: 'UPDATE', name: '保存居家工单设置' },
      async handler(ctx) {
        const value = ctx.body;
        const text = JSON.stringify(value);
        await ctx.db
          .insertInto('configEntry')
          .values({ orgId: ctx.user.orgId, configKey: ORG_CONFIG_KEY, value: text })
          .onConflict((oc) => oc.columns(['orgId', 'configKey']).doUpdateSet({ value: text }))
          .execute();
        return value;
      },
    }),
    route({
      method: 'GET',
      url: ServeOrderPaths.operateLog,
      auth: A.group,
      summary: '居家操作日志',
      query: operateLogQuery,
      response: operateLogPage,
      async handler(ctx) {
        // The operation log of the home-care calls only (the system log shows everything).
        const where = sql`orgId = ${ctx.user.orgId} and path like ${HOMECARE_LOG_PATHS}`;
        const { pageNum, pageSize } = ctx.query;
        const list =
          await sql<Row>`select logId, userName, operationType, operationName, method, path, createTime
          from operationLog where ${where} order by logId desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`.execute(
            ctx.db,
          );
        const total = await sql<{ n: number }>`select count(*) as n from operationLog where ${where}`.execute(
          ctx.db,
        );
        return { list: list.rows, total: Number(total.rows[0]?.n ?? 0), pageNum, pageSize };
      },
    }),
  ];
}
