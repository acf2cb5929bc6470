import { type RawBuilder, sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { CLOCK } from '../../../domain/resources/patrolBase.js';
import type { Db } from '../../../server/db/index.js';
import { elderDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx, ResourceHooks, Row } from '../../../server/resources/engine.js';
import { refuseShiftInUse } from '../../administration/server/attendance.js';

const refuse = (msg: string): never => {
  throw new ApiFailure(Code.invalidInput, msg);
};

async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

function clock(value: unknown, label: string): number {
  const text = String(value ?? '');
  if (!CLOCK.test(text)) refuse(`${label}格式应为HH:mm`);
  const [h, m] = text.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const pointIdsOf = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .map(Number);

/** 巡更点: one still on a route stays. */
export const patrolPointHooks: ResourceHooks = {
  async beforeRemove(ctx: Ctx, row: Row) {
    const lines = await rows<{ lineName: string; pointPkIds: string }>(
      ctx.db,
      sql<{
        lineName: string;
        pointPkIds: string;
      }>`select lineName, pointPkIds from patrolLine where orgId = ${ctx.user.orgId}`,
    );
    const using = lines.find((l) => pointIdsOf(l.pointPkIds).includes(Number(row.pointPkId)));
    if (using)
      throw new ApiFailure(
        Code.conflict,
        `巡更点“${String(row.pointName)}”在路线“${using.lineName}”中，不能删除`,
      );
  },
};

/** 巡更路线: its points are the organisation's, each once, in walking order. */
export const patrolLineHooks: ResourceHooks = {
  async prepare(ctx: Ctx, row: Row) {
    if (row.pointPkIds === undefined) return;
    const text = String(row.pointPkIds ?? '').replace(/\s/g, '');
    if (!/^\d{1,12}(,\d{1,12})*$/.test(text)) refuse('巡更点应为编号，用逗号分隔');
    const ids = pointIdsOf(text);
    if (new Set(ids).size !== ids.length) refuse('同一巡更点在路线中只能出现一次');
    const found = await rows<{ n: number }>(
      ctx.db,
      sql<{ n: number }>`select count(*) as n from patrolPoint where orgId = ${ctx.user.orgId}
        and pointPkId in (${sql.join(ids)})`,
    );
    if (Number(found[0]?.n) !== ids.length) refuse('巡更点不存在');
    row.pointPkIds = text;
    row.pointCount = ids.length;
  },
  async beforeRemove(ctx: Ctx, row: Row) {
    const [plan] = await rows<{ planName: string }>(
      ctx.db,
      sql<{
        planName: string;
      }>`select planName from patrolPlan where linePkId = ${Number(row.linePkId)} limit 1`,
    );
    if (plan)
      throw new ApiFailure(
        Code.conflict,
        `巡更路线“${String(row.lineName)}”被计划“${plan.planName}”使用，不能删除`,
      );
  },
};

/** Day lists a plan type allows: week days 1–7, month days 1–31, none for a daily plan. */
const CYCLE_MAX: Record<number, number> = { 1: 7, 2: 31 };

/** 巡更计划: times are clock times, the dates run forward, the days fit the plan type. */
export const patrolPlanHooks: ResourceHooks = {
  prepare(_ctx: Ctx, row: Row, existing: Row | null) {
    const merged = { ...existing, ...row };
    clock(merged.startTime, '开始时间');
    clock(merged.endTime, '结束时间');
    if (merged.endDate && merged.startDate && String(merged.endDate) < String(merged.startDate))
      refuse('截止日期不能早于生效日期');
    const max = CYCLE_MAX[Number(merged.planType)];
    const days = merged.cycleDays ? String(merged.cycleDays).replace(/\s/g, '') : '';
    if (max) {
      if (!/^\d{1,2}(,\d{1,2})*$/.test(days)) refuse(`请填写执行日（1-${max}，逗号分隔）`);
      if (days.split(',').some((d) => Number(d) < 1 || Number(d) > max)) refuse(`执行日应在1-${max}之间`);
      row.cycleDays = days;
    } else if (row.cycleDays !== undefined) row.cycleDays = null;
  },
};

/** 班次: the work period and length come from the two clock times (an earlier end is the next day). */
export const shiftHooks: ResourceHooks = {
  async prepare(ctx: Ctx, row: Row, existing: Row | null) {
    const merged = { ...existing, ...row };
    const start = clock(merged.startTime, '上班时间');
    const end = clock(merged.endTime, '下班时间');
    if (start === end) refuse('下班时间不能与上班时间相同');
    const nextDay = end < start;
    row.workMinutes = nextDay ? end + 1440 - start : end - start;
    row.workPeriod = `${String(merged.startTime)}-${nextDay ? '次日' : ''}${String(merged.endTime)}`;
    // issue #15: a shift an attendance group schedules keeps its mode and stays enabled
    if (existing && Number(merged.status) === 1 && Number(existing.status) !== 1)
      await refuseShiftInUse(ctx.db, ctx.user.orgId, Number(existing.shiftPkId), '停用');
    if (existing && Number(merged.scheduleMode) !== Number(existing.scheduleMode))
      await refuseShiftInUse(ctx.db, ctx.user.orgId, Number(existing.shiftPkId), '修改排班方式');
  },
  async beforeRemove(ctx: Ctx, row: Row) {
    await refuseShiftInUse(ctx.db, ctx.user.orgId, Number(row.shiftPkId), '删除');
  },
};

/** 评估等级: the score band runs forward. */
export const finalGradeHooks: ResourceHooks = {
  prepare(_ctx: Ctx, row: Row, existing: Row | null) {
    const merged = { ...existing, ...row };
    if (
      merged.scoreMin != null &&
      merged.scoreMax != null &&
      Number(merged.scoreMin) > Number(merged.scoreMax)
    )
      refuse('最低分不能大于最高分');
  },
};

/** 评估员: shows the person's name rather than the login name. */
export const assessUserHooks: ResourceHooks = {
  async decorate(db: Db, list: Row[]) {
    if (!list.length) return;
    const names = await rows<{ userId: number; empName: string }>(
      db,
      sql<{
        userId: number;
        empName: string;
      }>`select u.userId, e.empName from users u join emp e on e.empId = u.empId
        where u.userId in (${sql.join(list.map((r) => Number(r.userId)))})`,
    );
    const byId = new Map(names.map((n) => [n.userId, n.empName]));
    for (const r of list) r.userName = byId.get(Number(r.userId)) ?? r.userName;
  },
};

/** 责任护理员: the row takes the elder's department; one row per elder and carer. */
export const oldmanNursingHooks: ResourceHooks = {
  async prepare(ctx: Ctx, row: Row, existing: Row | null) {
    const oldmanId = Number(row.oldmanId ?? existing?.oldmanId);
    const nursingId = Number(row.nursingId ?? existing?.nursingId);
    row.deptId = await elderDept(ctx, oldmanId);
    const [twin] = await rows(
      ctx.db,
      sql`select 1 from oldmanNursing where oldmanId = ${oldmanId} and nursingId = ${nursingId}
        and id != ${Number(existing?.id ?? -1)}`,
    );
    if (twin) throw new ApiFailure(Code.conflict, '该护理员已是这位长者的责任护理员');
  },
};
