import { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { floorPlanGeoJson } from '../../../domain/floorPlan.js';
import {
  alarmSettingInput,
  callSetBaseInput,
  callVoiceInput,
  mattressRuleInput,
  pntRuleInput,
  railInput,
} from '../../../domain/iot.js';
import { Authority } from '../../../domain/menus.js';
import { pageQuery } from '../../../domain/settings.js';
import { readConfig, writeConfig } from '../../config.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { paged } from '../paging.js';

const MATTRESS_RULES = '/pims/web-pi/device/mattress/alarmRules';
const PNT = '/loms/web-lo/pnt';
const ruleIdParams = z.object({ ruleId: z.coerce.number().int().positive() });
const now = nowStamp;

/** Alarm rules, rails, call settings and positioning configuration. Rule changes reload the rules engine. */
export function iotSettingRoutes(): AnyRoute[] {
  return [
    // Mattress alarm rules (status 0 on, 1 off).
    route({
      method: 'GET',
      url: MATTRESS_RULES,
      auth: Authority.iotAlarmRules,
      query: pageQuery.extend({ alarmType: z.coerce.number().int().optional() }),
      handler({ db, user, query }) {
        let q = db.selectFrom('mattressAlarmRule').selectAll().where('orgId', '=', user.orgId);
        if (query.alarmType) q = q.where('alarmType', '=', query.alarmType);
        return paged(q.orderBy('alarmType').orderBy('ruleId'), query);
      },
    }),
    route({
      method: 'GET',
      url: `${MATTRESS_RULES}/:ruleId`,
      auth: Authority.iotAlarmRules,
      params: ruleIdParams,
      async handler({ db, user, params }) {
        const row = await db
          .selectFrom('mattressAlarmRule')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .where('ruleId', '=', params.ruleId)
          .executeTakeFirst();
        if (!row) throw new ApiFailure(Code.notFound, '规则不存在');
        return row;
      },
    }),
    route({
      method: 'POST',
      url: MATTRESS_RULES,
      auth: Authority.iotAlarmRulesEdit,
      body: mattressRuleInput,
      log: { type: 'ADD', name: '新增床垫告警规则' },
      async handler({ db, user, body, services, afterCommit, describe }) {
        const { ruleId } = await db
          .insertInto('mattressAlarmRule')
          .values({ ...body, orgId: user.orgId, status: 0, updateTime: now() })
          .returning('ruleId')
          .executeTakeFirstOrThrow();
        describe(`新增床垫告警规则：${body.ruleName}`);
        afterCommit(() => services.rules.reload());
        return { ruleId };
      },
    }),
    route({
      method: 'PUT',
      url: MATTRESS_RULES,
      auth: Authority.iotAlarmRulesEdit,
      body: mattressRuleInput.and(z.object({ ruleId: z.coerce.number().int().positive() })),
      log: { type: 'UPDATE', name: '编辑床垫告警规则' },
      async handler({ db, user, body, services, afterCommit, describe }) {
        const { ruleId, ...rule } = body;
        const result = await db
          .updateTable('mattressAlarmRule')
          .set({ ...rule, updateTime: now() })
          .where('orgId', '=', user.orgId)
          .where('ruleId', '=', ruleId)
          .executeTakeFirst();
        if (!result.numUpdatedRows) throw new ApiFailure(Code.notFound, '规则不存在');
        describe(`编辑床垫告警规则：${rule.ruleName}`);
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),
    route({
      method: 'PUT',
      url: `${MATTRESS_RULES}/ruleStatus`,
      auth: Authority.iotAlarmRulesEdit,
      body: z.object({
        ruleId: z.coerce.number().int().positive(),
        status: z.coerce.number().int().min(0).max(1),
      }),
      log: { type: 'UPDATE', name: '床垫告警规则开关' },
      async handler({ db, user, body, services, afterCommit, describe }) {
        const result = await db
          .updateTable('mattressAlarmRule')
          .set({ status: body.status, updateTime: now() })
          .where('orgId', '=', user.orgId)
          .where('ruleId', '=', body.ruleId)
          .executeTakeFirst();
        if (!result.numUpdatedRows) throw new ApiFailure(Code.notFound, '规则不存在');
        describe(`${body.status === 0 ? '开启' : '关闭'}床垫告警规则 ${body.ruleId}`);
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: `${MATTRESS_RULES}/:ruleId`,
      auth: Authority.iotAlarmRulesEdit,
      params: ruleIdParams,
      log: { type: 'DELETE', name: '删除床垫告警规则' },
      async handler({ db, user, params, services, afterCommit }) {
        const result = await db
          .deleteFrom('mattressAlarmRule')
          .where('orgId', '=', user.orgId)
          .where('ruleId', '=', params.ruleId)
          .executeTakeFirst();
        if (!result.numDeletedRows) throw new ApiFailure(Code.notFound, '规则不存在');
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),

    // Positioning alarm rules (rule status 0 off, 1 on).
    route({
      method: 'GET',
      url: `${PNT}/alarm/rule`,
      auth: Authority.iotLocateAlarmRule,
      query: pageQuery.extend({ alarmType: z.string().max(32).optional() }),
      handler({ db, user, query }) {
        let q = db
          .selectFrom('pntAlarmRule')
          .leftJoin('rail', 'rail.railId', 'pntAlarmRule.railId')
          .selectAll('pntAlarmRule')
          .select('rail.railName')
          .where('pntAlarmRule.orgId', '=', user.orgId);
        if (query.alarmType) q = q.where('pntAlarmRule.alarmType', '=', query.alarmType);
        return paged(q.orderBy('pntAlarmRule.ruleId'), query);
      },
    }),
    route({
      method: 'GET',
      url: `${PNT}/alarm/rule/:ruleId`,
      auth: Authority.iotLocateAlarmRule,
      params: ruleIdParams,
      async handler({ db, user, params }) {
        const row = await db
          .selectFrom('pntAlarmRule')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .where('ruleId', '=', params.ruleId)
          .executeTakeFirst();
        if (!row) throw new ApiFailure(Code.notFound, '规则不存在');
        return row;
      },
    }),
    route({
      method: 'POST',
      url: `${PNT}/alarm/rule`,
      auth: Authority.iotLocateAlarmRuleEdit,
      body: pntRuleInput,
      log: { type: 'ADD', name: '新增定位告警规则' },
      async handler({ db, user, body, services, afterCommit, describe }) {
        if (body.railId !== null) await ownRail(db, user.orgId, body.railId);
        const { ruleId } = await db
          .insertInto('pntAlarmRule')
          .values({ ...body, orgId: user.orgId, status: 1, updateTime: now() })
          .returning('ruleId')
          .executeTakeFirstOrThrow();
        describe(`新增定位告警规则：${body.ruleName}`);
        afterCommit(() => services.rules.reload());
        return { ruleId };
      },
    }),
    route({
      method: 'PUT',
      url: `${PNT}/alarm/rule`,
      auth: Authority.iotLocateAlarmRuleEdit,
      body: pntRuleInput.and(z.object({ ruleId: z.coerce.number().int().positive() })),
      log: { type: 'UPDATE', name: '编辑定位告警规则' },
      async handler({ db, user, body, services, afterCommit, describe }) {
        const { ruleId, ...rule } = body;
        if (rule.railId !== null) await ownRail(db, user.orgId, rule.railId);
        const result = await db
          .updateTable('pntAlarmRule')
          .set({ ...rule, updateTime: now() })
          .where('orgId', '=', user.orgId)
          .where('ruleId', '=', ruleId)
          .executeTakeFirst();
        if (!result.numUpdatedRows) throw new ApiFailure(Code.notFound, '规则不存在');
        describe(`编辑定位告警规则：${rule.ruleName}`);
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),
    route({
      method: 'PUT',
      url: `${PNT}/alarm/rule/status`,
      auth: Authority.iotLocateAlarmRuleEdit,
      body: z.object({
        ruleId: z.coerce.number().int().positive(),
        status: z.coerce.number().int().min(0).max(1),
      }),
      log: { type: 'UPDATE', name: '定位告警规则开关' },
      async handler({ db, user, body, services, afterCommit }) {
        const result = await db
          .updateTable('pntAlarmRule')
          .set({ status: body.status, updateTime: now() })
          .where('orgId', '=', user.orgId)
          .where('ruleId', '=', body.ruleId)
          .executeTakeFirst();
        if (!result.numUpdatedRows) throw new ApiFailure(Code.notFound, '规则不存在');
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: `${PNT}/alarm/rule/:ruleId`,
      auth: Authority.iotLocateAlarmRuleEdit,
      params: ruleIdParams,
      log: { type: 'DELETE', name: '删除定位告警规则' },
      async handler({ db, user, params, services, afterCommit }) {
        const result = await db
          .deleteFrom('pntAlarmRule')
          .where('orgId', '=', user.orgId)
          .where('ruleId', '=', params.ruleId)
          .executeTakeFirst();
        if (!result.numDeletedRows) throw new ApiFailure(Code.notFound, '规则不存在');
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),

    // Rails (fences): polygons on a floor.
    route({
      method: 'GET',
      url: `${PNT}/rail/list`,
      auth: `${Authority.iotFence}|${Authority.iotPosition}|${Authority.iotLocateAlarmRule}`,
      query: z.object({
        buildingId: z.coerce.number().int().optional(),
        floorNo: z.coerce.number().int().optional(),
      }),
      async handler({ db, user, query }) {
        let q = db.selectFrom('rail').selectAll().where('orgId', '=', user.orgId);
        if (query.buildingId !== undefined) q = q.where('buildingId', '=', query.buildingId);
        if (query.floorNo !== undefined) q = q.where('floorNo', '=', query.floorNo);
        const rows = await q.orderBy('railId').execute();
        return rows.map((r) => ({ ...r, polygon: JSON.parse(r.polygon) as [number, number][] }));
      },
    }),
    route({
      method: 'POST',
      url: `${PNT}/rail`,
      auth: Authority.iotFenceEdit,
      body: railInput,
      log: { type: 'ADD', name: '新增围栏' },
      async handler({ db, user, body, services, afterCommit, describe }) {
        await ownBuilding(db, user.orgId, body.buildingId);
        const { railId } = await db
          .insertInto('rail')
          .values({ ...body, polygon: JSON.stringify(body.polygon), orgId: user.orgId, updateTime: now() })
          .returning('railId')
          .executeTakeFirstOrThrow();
        describe(`新增围栏：${body.railName}`);
        afterCommit(() => services.rules.reload());
        return { railId };
      },
    }),
    route({
      method: 'PUT',
      url: `${PNT}/rail`,
      auth: Authority.iotFenceEdit,
      body: railInput.extend({ railId: z.coerce.number().int().positive() }),
      log: { type: 'UPDATE', name: '编辑围栏' },
      async handler({ db, user, body, services, afterCommit, describe }) {
        await ownBuilding(db, user.orgId, body.buildingId);
        const { railId, ...rail } = body;
        const result = await db
          .updateTable('rail')
          .set({ ...rail, polygon: JSON.stringify(rail.polygon), updateTime: now() })
          .where('orgId', '=', user.orgId)
          .where('railId', '=', railId)
          .executeTakeFirst();
        if (!result.numUpdatedRows) throw new ApiFailure(Code.notFound, '围栏不存在');
        describe(`编辑围栏：${rail.railName}`);
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: `${PNT}/rail/:railId`,
      auth: Authority.iotFenceEdit,
      params: z.object({ railId: z.coerce.number().int().positive() }),
      log: { type: 'DELETE', name: '删除围栏' },
      async handler({ db, user, params, services, afterCommit }) {
        const used = await db
          .selectFrom('pntAlarmRule')
          .select('ruleName')
          .where('orgId', '=', user.orgId)
          .where('railId', '=', params.railId)
          .executeTakeFirst();
        if (used) throw new ApiFailure(Code.conflict, `围栏正被规则「${used.ruleName}」使用，不能删除`);
        const result = await db
          .deleteFrom('rail')
          .where('orgId', '=', user.orgId)
          .where('railId', '=', params.railId)
          .executeTakeFirst();
        if (!result.numDeletedRows) throw new ApiFailure(Code.notFound, '围栏不存在');
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),

    // Positioning configuration, map and buildings.
    route({
      method: 'GET',
      url: `${PNT}/config/:orgId/isEnable`,
      auth: 'session',
      params: z.object({ orgId: z.coerce.number().int().positive() }),
      async handler({ db, user, params }) {
        if (params.orgId !== user.orgId) throw new ApiFailure(Code.noAuthority);
        return (await readConfig(db, user.orgId, 'pntConfig')).isEnable === 1;
      },
    }),
    route({
      method: 'GET',
      url: `${PNT}/config/:orgId`,
      auth: 'session',
      params: z.object({ orgId: z.coerce.number().int().positive() }),
      async handler({ db, user, params }) {
        if (params.orgId !== user.orgId) throw new ApiFailure(Code.noAuthority);
        return readConfig(db, user.orgId, 'pntConfig');
      },
    }),
    route({
      method: 'GET',
      url: `${PNT}/building`,
      // Also the building dropdown of every screen (spec 000 §3 dropdown data sets).
      auth: 'session',
      async handler({ db, user }) {
        const buildings = await db
          .selectFrom('building')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .orderBy('buildingId')
          .execute();
        const floors = await db
          .selectFrom('floor')
          .select(['floorId', 'buildingId', 'floorName', 'floorNo'])
          .where('buildingId', 'in', buildings.length ? buildings.map((b) => b.buildingId) : [-1])
          .orderBy('floorNo')
          .execute();
        return buildings.map((b) => ({ ...b, floors: floors.filter((f) => f.buildingId === b.buildingId) }));
      },
    }),
    route({
      method: 'GET',
      url: `${PNT}/map/:buildingId/isHas`,
      auth: Authority.iotPosition,
      params: z.object({ buildingId: z.coerce.number().int().positive() }),
      async handler({ db, user, params }) {
        const room = await db
          .selectFrom('room')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .innerJoin('building', 'building.buildingId', 'floor.buildingId')
          .select('room.roomId')
          .where('building.orgId', '=', user.orgId)
          .where('building.buildingId', '=', params.buildingId)
          .where('room.planSlot', 'is not', null)
          .executeTakeFirst();
        return room !== undefined;
      },
    }),
    route({
      method: 'GET',
      url: `${PNT}/map/one`,
      auth: Authority.iotPosition,
      query: z.object({ buildingId: z.coerce.number().int().positive(), floorNo: z.coerce.number().int() }),
      async handler({ db, user, query }) {
        const building = await ownBuilding(db, user.orgId, query.buildingId);
        const rooms = await db
          .selectFrom('room')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .select(['room.roomId', 'room.roomName', 'room.planSlot'])
          .where('floor.buildingId', '=', building.buildingId)
          .where('floor.floorNo', '=', query.floorNo)
          .execute();
        return floorPlanGeoJson(building, rooms);
      },
    }),
    route({
      method: 'GET',
      url: `${PNT}/device/user/building`,
      auth: Authority.iotPosition,
      async handler({ db, user }) {
        const row = await db
          .selectFrom('userBuilding')
          .select('buildingId')
          .where('userId', '=', user.userId)
          .executeTakeFirst();
        return row?.buildingId ?? null;
      },
    }),
    route({
      method: 'POST',
      url: `${PNT}/device/user/building`,
      auth: Authority.iotPosition,
      body: z.object({ buildingId: z.coerce.number().int().positive() }),
      log: false,
      async handler({ db, user, body }) {
        await ownBuilding(db, user.orgId, body.buildingId);
        await db
          .insertInto('userBuilding')
          .values({ userId: user.userId, buildingId: body.buildingId })
          .onConflict((oc) => oc.column('userId').doUpdateSet({ buildingId: body.buildingId }))
          .execute();
        return null;
      },
    }),

    // Call and alarm settings.
    ...configPair('/tdms/web-org/callSetBase', 'callSetBase', callSetBaseInput, '呼叫基础设置'),
    ...configPair('/tdms/web-org/callVoice', 'callVoice', callVoiceInput, '呼叫语音设置'),
    ...configPair('/loms/web-lo/pnt/alarm/setting', 'alarmSetting', alarmSettingInput, '告警设置'),
  ];
}

function configPair<K extends 'callSetBase' | 'callVoice' | 'alarmSetting'>(
  url: string,
  key: K,
  schema: z.ZodType<import('../../../domain/configEntries.js').ConfigEntries[K]>,
  name: string,
): AnyRoute[] {
  const auth = key === 'alarmSetting' ? Authority.iotAlarmSetting : Authority.iotCallSetting;
  return [
    route({ method: 'GET', url, auth, handler: ({ db, user }) => readConfig(db, user.orgId, key) }),
    route({
      method: 'PUT',
      url,
      auth,
      body: schema,
      log: { type: 'UPDATE', name },
      async handler({ db, user, body }) {
        await writeConfig(db, user.orgId, key, body);
        return null;
      },
    }),
  ];
}

async function ownBuilding(db: import('../../db/index.js').Db, orgId: number, buildingId: number) {
  const row = await db
    .selectFrom('building')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('buildingId', '=', buildingId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.notFound, '楼栋不存在');
  return row;
}

async function ownRail(db: import('../../db/index.js').Db, orgId: number, railId: number) {
  const row = await db
    .selectFrom('rail')
    .select('railId')
    .where('orgId', '=', orgId)
    .where('railId', '=', railId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.notFound, '围栏不存在');
}
