import { sql } from 'kysely';
import { z } from 'zod';
import { signAlarmType } from '../../../domain/alarms.js';
import { satisfies } from '../../../domain/authorityExpr.js';
import { localDateTime, today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { Authority } from '../../../domain/menus.js';
import { BaseDataAuthority } from '../../../domain/resources/baseData.js';
import { IN_HOUSE_STATUSES } from '../../../domain/resources/residence.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery, noResult } from '../../../server/http/schemas.js';
import type { ServerModule } from '../../../server/modules/types.js';
import { type Ctx, insertRow, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { raiseAlarmIn } from '../../../server/rules/alarms.js';
import { inElderDept } from '../../live/server/oldman.js';
import {
  CareHealthAuthority as A,
  addDays,
  biometricAnswer,
  decimalOf,
  filledKinds,
  mondayOf,
  CareHealthPaths as P,
  type SignKind,
  type SignReading,
  SignType,
  type SignValues,
  signAlarmText,
  signBatchAnswer,
  signBatchBody,
  signCode,
  signEditCode,
  signKindLabels,
  signKinds,
  signKindValues,
  signProblem,
  signSeriesAnswer,
  signSeriesQuery,
  sortBody,
  timeCycle,
  timeCycles,
  type WeekPlan,
  weekPlanAnswer,
  weekPlanQuery,
} from '../api/careHealth.js';
import { dishPlanEntryResource, dishPlanResource, dishResource, signResource } from '../resources/health.js';

/** The values each kind of reading keeps; the others are cleared. */
const kindValues: Record<number, string[]> = {
  [SignType.bloodPressure]: ['systolic', 'diastolic'],
  [SignType.bloodOxygen]: ['bloodOxygen'],
  [SignType.bloodSugar]: ['bloodSugar', 'glucoseTiming'],
  [SignType.heartRate]: ['heartRate'],
  [SignType.temperature]: ['temperature'],
  [SignType.weight]: ['weight'],
};
const allValues = Object.values(kindValues).flat();

/** A stored reading as the checks read it. */
const readingOf = (r: Row): SignReading => ({
  signType: Number(r.signType),
  systolic: r.systolic as number | null,
  diastolic: r.diastolic as number | null,
  bloodOxygen: r.bloodOxygen as number | null,
  bloodSugar: r.bloodSugar as string | null,
  heartRate: r.heartRate as number | null,
  temperature: r.temperature as string | null,
  weight: r.weight as string | null,
});

const kindOfType = (signType: unknown) => signKinds.find((k) => SignType[k] === Number(signType));
const signTitle = (signType: unknown) => dictLabel('signType', Number(signType)) || '体征';

/** Each kind of reading is its own screen with its own 录入 button: writing one needs that button's code. */
function mayWrite(user: SessionUser, signType: unknown) {
  const kind = kindOfType(signType);
  if (!kind || !satisfies(user.authority, signEditCode(kind)))
    throw new ApiFailure(Code.noAuthority, `无权录入${signTitle(signType)}`);
}

const signHooks: ResourceHooks = {
  /** Plausible values only (signProblem), of a resident, not in the future; flags what calls a nurse. */
  async prepare(ctx, row, existing) {
    const merged: Row = { ...existing };
    for (const [k, v] of Object.entries(row)) if (v !== undefined) merged[k] = v;
    if (existing) mayWrite(ctx.user, existing.signType);
    mayWrite(ctx.user, merged.signType);
    const kind = Number(merged.signType);
    for (const name of allValues) if (!kindValues[kind]?.includes(name)) row[name] = null;
    for (const name of ['bloodSugar', 'temperature', 'weight'])
      if (kindValues[kind]?.includes(name) && typeof merged[name] === 'string') {
        const v = decimalOf(merged[name] as string);
        if (v !== null) row[name] = merged[name] = v.toFixed(1);
      }
    const problem = signProblem(readingOf(merged));
    if (problem) throw new ApiFailure(Code.invalidInput, problem);
    if (String(merged.measureTime) > localDateTime(ctx.services.now() + 5 * 60_000))
      throw new ApiFailure(Code.invalidInput, '测量时间不能晚于现在');
    const elder = await ctx.db
      .selectFrom('oldman')
      .select(['oldmanStatus', 'oldmanName'])
      .where('oldmanId', '=', Number(merged.oldmanId))
      .where('orgId', '=', ctx.user.orgId)
      .executeTakeFirst();
    if (!elder) throw new ApiFailure(Code.invalidInput, '长者不存在');
    if (!existing && !IN_HOUSE_STATUSES.includes(elder.oldmanStatus))
      throw new ApiFailure(Code.invalidInput, `${elder.oldmanName}不在住，不能录入体征`);
    row.abnormal = signAlarmText(readingOf(merged)) ? 1 : 0;
    if (row.oldmanId !== undefined) await inElderDept(ctx, row);
  },
  beforeRemove(ctx, row) {
    mayWrite(ctx.user, row.signType);
  },
  /** The readings of the kinds whose lists the user may open. */
  listWhere(_query, user) {
    const types = signKinds.filter((k) => satisfies(user.authority, signCode(k))).map((k) => SignType[k]);
    return [types.length ? sql`t.signType in (${sql.join(types)})` : sql`0`];
  },
  /** A reading outside the alarm thresholds raises (or re-triggers) its elder's alarm of that kind. */
  async afterChange(ctx, change) {
    if (change.action === 'remove') return;
    for (const id of change.ids) {
      const found = await sql<Row>`select * from piOldmanSign where signId = ${id}`.execute(ctx.db);
      const sign = found.rows[0];
      const text = sign ? signAlarmText(readingOf(sign)) : null;
      if (sign && text) await raiseSignAlarm(ctx, sign, text);
    }
  },
};

async function raiseSignAlarm(ctx: Ctx, sign: Row, text: string) {
  const elder = await sql<{
    oldmanId: number;
    oldmanName: string;
    deptId: number;
    bedId: number | null;
    bedName: string | null;
    roomName: string | null;
    floorNo: number | null;
    buildingId: number | null;
  }>`select o.oldmanId, o.oldmanName, o.deptId, o.bedId, b.bedName, r.roomName, f.floorNo, f.buildingId
    from oldman o left join bed b on b.bedId = o.bedId left join room r on r.roomId = b.roomId
    left join floor f on f.floorId = r.floorId where o.oldmanId = ${Number(sign.oldmanId)}`.execute(ctx.db);
  const e = elder.rows[0];
  if (!e) return;
  const kind = signKinds.find((k) => SignType[k] === Number(sign.signType)) ?? 'bloodPressure';
  const { record, created } = await raiseAlarmIn(
    ctx.db,
    { ...e, orgId: ctx.user.orgId, deviceId: null, deviceCode: '', deviceName: '人工录入' },
    {
      source: 'mattress',
      alarmType: signAlarmType(kind),
      content: `${text}（${String(sign.measureTime).slice(0, 16)} 录入）`,
      at: ctx.services.now(),
    },
  );
  ctx.afterCommit(() => {
    ctx.services.hub.alarm(record, created);
    if (created) ctx.services.rules.onAlarmCreated?.(record);
  });
}

/**
 * Writes one reading per entered kind of `values` (录入体征, a measuring task's 完成) through the
 * readings' own checks (signHooks: authority of each kind, plausible values, in-house elder) and
 * alarms, in the caller's transaction: one refused kind refuses them all. `only` limits the kinds
 * taken (a task measures its own kind). Answers the new ids and how many are beyond the thresholds.
 */
export async function writeSigns(
  ctx: Ctx,
  reading: { oldmanId: number; measureTime: string; recorder?: string | null; remark?: string | null },
  values: SignValues,
  only?: SignKind,
): Promise<{ signIds: number[]; abnormal: number }> {
  const kinds = filledKinds(values).filter((k) => !only || k === only);
  if (!kinds.length)
    throw new ApiFailure(Code.invalidInput, only ? `请填写${signKindLabels[only]}` : '请至少填写一项体征');
  const signIds: number[] = [];
  let abnormal = 0;
  for (const kind of kinds) {
    const row: Row = {
      oldmanId: reading.oldmanId,
      signType: SignType[kind],
      measureTime: reading.measureTime.length === 16 ? `${reading.measureTime}:00` : reading.measureTime,
      recorder: reading.recorder ?? null,
      remark: reading.remark ?? null,
    };
    for (const name of signKindValues[kind]) row[name] = (values as Record<string, unknown>)[name] ?? null;
    const id = await insertRow(ctx, signResource, signHooks, row);
    await signHooks.afterChange?.(ctx, { action: 'create', ids: [id] });
    if (signAlarmText(readingOf(row))) abnormal += 1;
    signIds.push(id);
  }
  return { signIds, abnormal };
}

const dishHooks: ResourceHooks = {
  async beforeRemove(ctx, row) {
    const used = await sql`select 1 from piDishPlanNext where dishId = ${Number(row.dishId)} limit 1`.execute(
      ctx.db,
    );
    if (used.rows.length)
      throw new ApiFailure(Code.conflict, `菜品“${String(row.dishName)}”已排入食谱，请先从食谱中移除`);
  },
};

const planHooks: ResourceHooks = {
  prepare(_ctx, row) {
    if (typeof row.weekStart !== 'string') return;
    if (mondayOf(row.weekStart) !== row.weekStart)
      throw new ApiFailure(Code.invalidInput, '周开始日期须为星期一');
    row.weekEnd = addDays(row.weekStart, 6);
  },
  async beforeRemove(ctx, row) {
    await sql`delete from piDishPlanNext where planId = ${Number(row.planId)}`.execute(ctx.db);
  },
  listReads: ['piDishPlanNext'],
  async decorate(db, rows) {
    if (!rows.length) return;
    const counts = await sql<{ planId: number; n: number }>`select planId, count(*) as n from piDishPlanNext
      where planId in (${sql.join(rows.map((r) => Number(r.planId)))}) group by planId`.execute(db);
    const byPlan = new Map(counts.rows.map((c) => [c.planId, Number(c.n)]));
    for (const r of rows) r.entryCount = byPlan.get(Number(r.planId)) ?? 0;
  },
};

const entryHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    const merged: Row = { ...existing };
    for (const [k, v] of Object.entries(row)) if (v !== undefined) merged[k] = v;
    const dish = await sql<{ dishName: string; status: number | null }>`select dishName, status from piDish
      where dishId = ${Number(merged.dishId)} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
    const d = dish.rows[0];
    if (d && d.status === 0)
      throw new ApiFailure(Code.invalidInput, `菜品“${d.dishName}”已下架，不能排入食谱`);
    const clash = await sql`select 1 from piDishPlanNext where planId = ${Number(merged.planId)}
      and weekday = ${Number(merged.weekday)} and timeCycle = ${Number(merged.timeCycle)}
      and dishId = ${Number(merged.dishId)} and nextId != ${Number(existing?.nextId ?? -1)}`.execute(ctx.db);
    if (clash.rows.length)
      throw new ApiFailure(
        Code.conflict,
        `${dictLabel('weekday', Number(merged.weekday))}${dictLabel('mealTimeCycle', Number(merged.timeCycle))}已有“${d?.dishName ?? ''}”`,
      );
    if (!existing && (row.sort === undefined || row.sort === null)) {
      const max = await sql<{ m: number | null }>`select max(sort) as m from piDishPlanNext
        where planId = ${Number(merged.planId)}`.execute(ctx.db);
      row.sort = Number(max.rows[0]?.m ?? 0) + 1;
    }
  },
};

/** A week's menu: the plan of `planId`, or of the week `weekStart` falls in (this week by default). */
async function weekPlan(
  db: Db,
  orgId: number,
  q: { planId?: number; weekStart?: string },
): Promise<WeekPlan> {
  const plan = await sql<{
    planId: number;
    planName: string;
    weekStart: string;
  }>`select planId, planName, weekStart
    from piDishPlan where orgId = ${orgId} and ${
      q.planId ? sql`planId = ${q.planId}` : sql`weekStart = ${mondayOf(q.weekStart ?? today())}`
    }`.execute(db);
  const p = plan.rows[0];
  if (q.planId && !p) throw new ApiFailure(Code.notFound, '食谱不存在');
  const weekStart = p?.weekStart ?? mondayOf(q.weekStart ?? today());
  const entries = p
    ? (
        await sql<{
          nextId: number;
          weekday: number;
          timeCycle: number;
          dishId: number;
          dishName: string;
        }>`select e.nextId, e.weekday, e.timeCycle, e.dishId, d.dishName from piDishPlanNext e
          join piDish d on d.dishId = e.dishId where e.planId = ${p.planId} order by e.sort, e.nextId`.execute(
          db,
        )
      ).rows
    : [];
  return {
    planId: p?.planId ?? null,
    planName: p?.planName ?? null,
    weekStart,
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      date: addDays(weekStart, weekday - 1),
      cycles: timeCycles.map((c) => ({
        timeCycle: c.timeCycle,
        name: c.name,
        dishes: entries
          .filter((e) => e.weekday === weekday && e.timeCycle === c.timeCycle)
          .map((e) => ({ nextId: e.nextId, dishId: e.dishId, dishName: e.dishName })),
      })),
    })),
  };
}

/** Sets `sort` 1, 2, … in the given order, after proving every id is the organisation's. */
async function sortRows(ctx: Ctx, table: string, idField: string, ids: number[], label: string) {
  if (new Set(ids).size !== ids.length) throw new ApiFailure(Code.invalidInput, `${label}重复`);
  const owned = await sql<{ n: number }>`select count(*) as n from ${sql.id(table)}
    where orgId = ${ctx.user.orgId} and ${sql.id(idField)} in (${sql.join(ids)})`.execute(ctx.db);
  if (Number(owned.rows[0]?.n) !== ids.length) throw new ApiFailure(Code.invalidInput, `${label}不存在`);
  for (const [i, id] of ids.entries())
    await sql`update ${sql.id(table)} set sort = ${i + 1} where ${sql.id(idField)} = ${id}`.execute(ctx.db);
}

function careHealthRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.signSeries,
      auth: `${A.signs}|${Authority.iotHealth}`,
      summary: '长者体征录入曲线',
      params: idsOf('oldmanId'),
      query: signSeriesQuery,
      response: signSeriesAnswer,
      async handler(ctx) {
        const elder = await ctx.db
          .selectFrom('oldman')
          .select('deptId')
          .where('oldmanId', '=', ctx.params.oldmanId)
          .where('orgId', '=', ctx.user.orgId)
          .executeTakeFirst();
        if (!elder) throw new ApiFailure(Code.notFound, '长者不存在');
        ctx.requireDept(elder.deptId);
        const rows = await sql<Row>`select * from piOldmanSign where oldmanId = ${ctx.params.oldmanId}
          and measureTime >= ${ctx.query.start} and measureTime < ${addDays(ctx.query.end, 1)}
          order by measureTime`.execute(ctx.db);
        return {
          list: rows.rows.map((r) => {
            const type = Number(r.signType);
            const value =
              type === SignType.bloodOxygen
                ? (r.bloodOxygen as number)
                : type === SignType.heartRate
                  ? (r.heartRate as number)
                  : type === SignType.bloodSugar
                    ? decimalOf(r.bloodSugar as string)
                    : type === SignType.temperature
                      ? decimalOf(r.temperature as string)
                      : type === SignType.weight
                        ? decimalOf(r.weight as string)
                        : null;
            return {
              measureTime: String(r.measureTime),
              signType: type,
              systolic: (r.systolic as number | null) ?? null,
              diastolic: (r.diastolic as number | null) ?? null,
              value: value ?? null,
            };
          }),
        };
      },
    }),
    route({
      method: 'POST',
      url: P.signBatch,
      auth: A.signsEdit,
      summary: '录入体征（一位长者、一次测量的多项体征）',
      log: { type: 'ADD', name: '录入体征' },
      body: signBatchBody,
      response: signBatchAnswer,
      async handler(ctx) {
        const { oldmanId, measureTime, recorder, remark, ...values } = ctx.body;
        return writeSigns(ctx, { oldmanId, measureTime, recorder, remark }, values);
      },
    }),
    route({
      method: 'GET',
      url: P.biometric,
      auth: 'session',
      summary: '生物识别配置',
      query: noQuery,
      response: biometricAnswer,
      async handler() {
        // docs/decisions.md "Care: vital signs and meals": no biometric template is kept, so it is off.
        return {
          enabled: 0,
          methods: [
            { code: 'face', name: '人脸识别', enabled: 0 },
            { code: 'fingerprint', name: '指纹识别', enabled: 0 },
          ],
          note: '本平台不采集、不保存人脸和指纹等生物识别信息；护理执行与巡更以账号或IC卡确认',
        };
      },
    }),
    route({
      method: 'PUT',
      url: P.dishCategorySort,
      auth: BaseDataAuthority.dishEdit,
      log: { type: 'PUT', name: '菜品分类排序' },
      body: sortBody('categoryIds', '菜品分类'),
      response: noResult,
      async handler(ctx) {
        await sortRows(ctx, 'piDishCategory', 'categoryId', ctx.body.categoryIds as number[], '菜品分类');
        return null;
      },
    }),
    route({
      method: 'GET',
      url: P.weekPlan,
      auth: A.dishPlan,
      summary: '一周食谱',
      query: weekPlanQuery,
      response: weekPlanAnswer,
      handler: async (ctx) => weekPlan(ctx.db, ctx.user.orgId, ctx.query),
    }),
    route({
      method: 'GET',
      url: P.timeCycles,
      auth: 'session',
      summary: '餐次',
      query: noQuery,
      response: z.array(timeCycle),
      handler: async () => timeCycles.map((c) => ({ ...c })),
    }),
    route({
      method: 'PUT',
      url: P.entrySort,
      auth: A.dishPlanEdit,
      log: { type: 'PUT', name: '食谱菜品排序' },
      body: sortBody('nextIds', '食谱菜品'),
      response: noResult,
      async handler(ctx) {
        await sortRows(ctx, 'piDishPlanNext', 'nextId', ctx.body.nextIds as number[], '食谱菜品');
        return null;
      },
    }),
    route({
      method: 'POST',
      url: P.copyForward,
      auth: A.dishPlanEdit,
      log: { type: 'ADD', name: '复制食谱到下周' },
      params: idsOf('planId'),
      body: z.object({}),
      response: z.object({ planId: z.number().int(), weekStart: z.string() }),
      async handler(ctx) {
        const plan = await sql<{
          planName: string;
          weekStart: string;
          remark: string | null;
        }>`select planName,
          weekStart, remark from piDishPlan where planId = ${ctx.params.planId} and orgId = ${ctx.user.orgId}`.execute(
          ctx.db,
        );
        const p = plan.rows[0];
        if (!p) throw new ApiFailure(Code.notFound, '食谱不存在');
        const weekStart = addDays(p.weekStart, 7);
        const taken =
          await sql`select 1 from piDishPlan where orgId = ${ctx.user.orgId} and weekStart = ${weekStart}`.execute(
            ctx.db,
          );
        if (taken.rows.length) throw new ApiFailure(Code.conflict, `${weekStart}起的一周已有食谱`);
        const stamp = localDateTime(ctx.services.now());
        const planName = `${weekStart.slice(5).replace('-', '月')}日起一周食谱`;
        const inserted = await sql<{ planId: number }>`insert into piDishPlan
          (orgId, planName, weekStart, weekEnd, remark, createTime, updateTime, createBy)
          values (${ctx.user.orgId}, ${planName}, ${weekStart}, ${addDays(weekStart, 6)}, ${p.remark},
            ${stamp}, ${stamp}, ${ctx.user.userId}) returning planId`.execute(ctx.db);
        const planId = Number(inserted.rows[0]?.planId);
        await sql`insert into piDishPlanNext (orgId, planId, weekday, timeCycle, dishId, sort, createTime, updateTime, createBy)
          select e.orgId, ${planId}, e.weekday, e.timeCycle, e.dishId, e.sort, ${stamp}, ${stamp}, ${ctx.user.userId}
          from piDishPlanNext e join piDish d on d.dishId = e.dishId
          where e.planId = ${ctx.params.planId} and coalesce(d.status, 1) = 1`.execute(ctx.db);
        ctx.describe(`食谱：${p.planName} → ${planName}`);
        return { planId, weekStart };
      },
    }),
  ];
}

/** The server's part of the health screens of 护理计划. */
export const careHealthServer: ServerModule = {
  resources: {
    [signResource.name]: { hooks: signHooks },
    [dishResource.name]: { hooks: dishHooks },
    [dishPlanResource.name]: { hooks: planHooks },
    [dishPlanEntryResource.name]: { hooks: entryHooks },
  },
  routes: careHealthRoutes,
};
