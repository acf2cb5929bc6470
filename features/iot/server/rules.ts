import { sql } from 'kysely';
import type { z } from 'zod';
import {
  MattressRuleStatus,
  mattressCondition,
  mattressRuleInput,
  PntRuleStatus,
  pntCondition,
  pntRuleInput,
} from '../../../domain/alarmRules.js';
import {
  mattressAlarmTypeName,
  type PositionAlarmType,
  positionAlarmTypeName,
} from '../../../domain/alarms.js';
import { IotPaths } from '../../../domain/api/iot.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { timeWindowText, weekdaysText } from '../../../domain/schedule.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noResult } from '../../../server/http/schemas.js';
import { loadRow, parseInput, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import {
  mattressAlarmRuleResource,
  pntAlarmRuleResource,
  railResource,
  ruleStatusInput,
} from '../resources/rules.js';

/**
 * The rules engine's configuration served by the resource engine (features/iot/resources/rules.ts):
 * every committed change reloads the engine's rules, a rule is checked whole (defaults filled, its
 * fields together), and a rail in use by a rule stays.
 */

/** Every create, update and delete: the engine reads its rules afresh once the change is committed. */
const reloadRules: ResourceHooks['afterChange'] = (ctx) => {
  ctx.afterCommit(() => ctx.services.rules.reload());
};

/** An optional remark sent blank is stored empty (the column holds no null). */
const blankRemark = (row: Row) => {
  if (row.remark === null) row.remark = '';
};

/**
 * The stored rule with the change applied, checked whole by `schema`: what is empty takes the
 * schema's default, the fields are checked together, and the row to write becomes the whole rule.
 */
function checkWhole(schema: z.ZodType, row: Row, existing: Row | null) {
  const merged = Object.entries({ ...existing, ...row }).filter(([, v]) => v !== undefined && v !== null);
  Object.assign(row, parseInput(schema, Object.fromEntries(merged)));
}

export const mattressRuleHooks: ResourceHooks = {
  prepare(_ctx, row, existing) {
    checkWhole(mattressRuleInput, row, existing);
  },
  afterChange: reloadRules,
  decorate(_db, rows) {
    for (const r of rows) {
      const rule = r as Row & z.output<typeof mattressRuleInput>;
      r.alarmTypeName = mattressAlarmTypeName[String(r.alarmType)] ?? String(r.alarmType);
      r.condition = mattressCondition(rule);
      r.timeWindow = timeWindowText(rule.startTime, rule.endTime);
    }
  },
  listReads: [],
};

export const pntRuleHooks: ResourceHooks = {
  prepare(_ctx, row, existing) {
    checkWhole(pntRuleInput, row, existing);
  },
  afterChange: reloadRules,
  decorate(_db, rows) {
    for (const r of rows) {
      const rule = r as Row & z.output<typeof pntRuleInput> & { railName: string | null };
      r.alarmTypeName = positionAlarmTypeName[rule.alarmType as PositionAlarmType] ?? rule.alarmType;
      r.condition = pntCondition({ ...rule, railName: rule.railName ?? null });
      r.days = weekdaysText(rule.weekdays);
      r.timeWindow = timeWindowText(rule.startTime, rule.endTime);
    }
  },
  listReads: [],
};

export const railHooks: ResourceHooks = {
  prepare(_ctx, row) {
    blankRemark(row);
  },
  async beforeRemove(ctx, row) {
    const used = await ctx.db
      .selectFrom('pntAlarmRule')
      .select('ruleName')
      .where('orgId', '=', ctx.user.orgId)
      .where('railId', '=', Number(row.railId))
      .executeTakeFirst();
    if (used) throw new ApiFailure(Code.conflict, `围栏正被规则「${used.ruleName}」使用，不能删除`);
  },
  afterChange: reloadRules,
};

/** The on/off switch of one rule set: its own path, its own codes for on and off (spec 000 §3). */
function statusRoute(def: ResourceDef, url: string, codes: { on: number; off: number }): AnyRoute {
  return route({
    method: 'PUT',
    url,
    auth: def.authority.update ?? def.authority.view,
    summary: `${def.title}开关`,
    body: ruleStatusInput,
    response: noResult,
    log: { type: 'UPDATE', name: `${def.title}开关` },
    async handler(ctx) {
      const rule = await loadRow(ctx, def, ctx.body.ruleId);
      await sql`update ${sql.id(def.table)} set status = ${ctx.body.status}, updateTime = ${nowStamp()}
        where ${sql.id(def.idField)} = ${ctx.body.ruleId}`.execute(ctx.db);
      ctx.describe(`${ctx.body.status === codes.on ? '开启' : '关闭'}${def.title}：${String(rule.ruleName)}`);
      ctx.afterCommit(() => ctx.services.rules.reload());
      return null;
    },
  });
}

export const ruleStatusRoutes = (): AnyRoute[] => [
  statusRoute(mattressAlarmRuleResource, IotPaths.mattressRuleStatus, MattressRuleStatus),
  statusRoute(pntAlarmRuleResource, IotPaths.pntRuleStatus, PntRuleStatus),
];

/** The iot module's resources and their hooks (features/iot/server/index.ts). */
export const ruleResources = {
  [mattressAlarmRuleResource.name]: { hooks: mattressRuleHooks },
  [pntAlarmRuleResource.name]: { hooks: pntRuleHooks },
  [railResource.name]: { hooks: railHooks },
};
