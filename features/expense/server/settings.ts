import { sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery, noResult } from '../../../server/http/schemas.js';
import type { ResourceHooks } from '../../../server/resources/engine.js';
import { inElderDept } from '../../live/server/oldman.js';
import { ExpensePaths as P } from '../api.js';
import {
  ExpenseAuthority as A,
  allTradeWays,
  nameCheckAnswer,
  nameCheckQuery,
  projectSortBody,
  tradeWayRow,
  tradeWaysBody,
} from '../resources/cost.js';

const TRADE_WAY_KEY = 'cost.tradeWays';

/** The organisation's pay-way settings: every way with its enabled flag (all enabled until set). */
async function tradeWays(db: Db, orgId: number) {
  const stored = await db
    .selectFrom('configEntry')
    .select('value')
    .where('orgId', '=', orgId)
    .where('configKey', '=', TRADE_WAY_KEY)
    .executeTakeFirst();
  const disabled = new Set<number>(
    stored ? (JSON.parse(stored.value) as { disabled: number[] }).disabled : [],
  );
  return allTradeWays.map((w) => ({
    tradeWay: Number(w.value),
    tradeWayName: w.label,
    enabled: disabled.has(Number(w.value)) ? 0 : 1,
  }));
}

const defaultOn: ResourceHooks = {
  prepare(_ctx, row, existing) {
    if (!existing && (row.status === undefined || row.status === null)) row.status = 1;
  },
};

/** An elder's cost settings are kept in the elder's department. */
export const costSetHooks: ResourceHooks = { prepare: (ctx, row) => inElderDept(ctx, row) };

export const discountHooks: ResourceHooks = {
  prepare(ctx, row, existing) {
    defaultOn.prepare?.(ctx, row, existing);
    const start = (row.startDate ?? existing?.startDate) as string | null;
    const end = (row.endDate === undefined ? existing?.endDate : row.endDate) as string | null;
    if (start && end && end < start) throw new ApiFailure(Code.invalidInput, '失效日期不能早于生效日期');
    const type = Number(row.ruleType ?? existing?.ruleType);
    const threshold = Number(row.threshold ?? existing?.threshold);
    const benefit = Number(row.benefit ?? existing?.benefit);
    if (type === 2 && benefit > threshold)
      throw new ApiFailure(Code.invalidInput, '减免金额不能大于满减门槛');
  },
};

export const costProjectHooks: ResourceHooks = {
  ...defaultOn,
  async beforeRemove(ctx, row) {
    const used = await sql<{ n: number }>`select
        (select count(*) from costSet where projectId = ${Number(row.projectId)}) +
        (select count(*) from costProjectChild where projectId = ${Number(row.projectId)}) as n`.execute(
      ctx.db,
    );
    if (Number(used.rows[0]?.n ?? 0) > 0)
      throw new ApiFailure(
        Code.conflict,
        `收费项目“${String(row.projectName)}”已被费用设置或子项目使用，不能删除`,
      );
  },
};

export const categoryHooks: ResourceHooks = {
  async beforeRemove(ctx, row) {
    const used = await sql<{ n: number }>`select count(*) as n from costProject
      where projectCategoryId = ${Number(row.projectCategoryId)}`.execute(ctx.db);
    if (Number(used.rows[0]?.n ?? 0) > 0)
      throw new ApiFailure(
        Code.conflict,
        `收费类别“${String(row.projectCategoryName)}”下还有收费项目，不能删除`,
      );
  },
};

/** Whether a name is free (spec 001 §5: project-name uniqueness for projects and child projects). */
function nameCheck(url: string, table: string, column: string, idColumn: string, label: string) {
  return route({
    method: 'GET',
    url,
    auth: A.baseCharge,
    summary: `${label}是否可用`,
    query: nameCheckQuery(column, idColumn, label),
    response: nameCheckAnswer,
    async handler(ctx) {
      const q = ctx.query as Record<string, string | number | undefined>;
      const found = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table)} where orgId = ${ctx.user.orgId}
        and ${sql.ref(column)} = ${String(q[column])} and ${sql.ref(idColumn)} != ${Number(q[idColumn] ?? -1)}`.execute(
        ctx.db,
      );
      const taken = Number(found.rows[0]?.n ?? 0) > 0;
      return { available: !taken, message: taken ? `${label}“${String(q[column])}”已存在` : '' };
    },
  });
}

const tradeWayList = z.array(tradeWayRow);

export function costSettingRoutes(): AnyRoute[] {
  return [
    nameCheck(P.projectNameCheck, 'costProject', 'projectName', 'projectId', '项目名称'),
    nameCheck(
      P.projectChildNameCheck,
      'costProjectChild',
      'projectChildName',
      'projectChildId',
      '子项目名称',
    ),
    route({
      method: 'PUT',
      url: P.projectSort,
      auth: A.baseChargeEdit,
      log: { type: 'PUT', name: '收费项目排序' },
      body: projectSortBody,
      response: noResult,
      async handler(ctx) {
        const ids = ctx.body.projectIds;
        if (new Set(ids).size !== ids.length) throw new ApiFailure(Code.invalidInput, '项目重复');
        const owned = await sql<{
          n: number;
        }>`select count(*) as n from costProject where orgId = ${ctx.user.orgId}
          and projectId in (${sql.join(ids)})`.execute(ctx.db);
        if (Number(owned.rows[0]?.n) !== ids.length)
          throw new ApiFailure(Code.invalidInput, '收费项目不存在');
        for (const [i, projectId] of ids.entries())
          await sql`update costProject set sort = ${i + 1} where projectId = ${projectId}`.execute(ctx.db);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: P.tradeWays,
      auth: A.baseCharge,
      summary: '支付方式设置',
      query: noQuery,
      response: tradeWayList,
      handler: (ctx) => tradeWays(ctx.db, ctx.user.orgId),
    }),
    route({
      method: 'GET',
      url: P.tradeWaysShown,
      auth: 'session',
      summary: '启用的支付方式',
      query: noQuery,
      response: tradeWayList,
      async handler(ctx) {
        return (await tradeWays(ctx.db, ctx.user.orgId)).filter((w) => w.enabled === 1);
      },
    }),
    route({
      method: 'POST',
      url: P.tradeWays,
      auth: A.baseChargeEdit,
      log: { type: 'POST', name: '支付方式设置' },
      body: tradeWaysBody,
      response: tradeWayList,
      async handler(ctx) {
        const disabled = ctx.body.tradeWays.filter((w) => w.enabled === 0).map((w) => w.tradeWay);
        if (disabled.length === allTradeWays.length)
          throw new ApiFailure(Code.invalidInput, '至少启用一种支付方式');
        await ctx.db
          .insertInto('configEntry')
          .values({ orgId: ctx.user.orgId, configKey: TRADE_WAY_KEY, value: JSON.stringify({ disabled }) })
          .onConflict((oc) =>
            oc.columns(['orgId', 'configKey']).doUpdateSet({ value: JSON.stringify({ disabled }) }),
          )
          .execute();
        ctx.describe(
          `停用：${disabled.map((w) => dictLabel('batchPayWay', w) || dictLabel('scanPayWay', w)).join('、') || '无'}`,
        );
        return tradeWays(ctx.db, ctx.user.orgId);
      },
    }),
  ];
}
