import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { satisfies } from '../../../domain/authorityExpr.js';
import { localDateTime, localDay } from '../../../domain/clock.js';
import type { PatrolMissedRemind } from '../../../domain/reminders.js';
import { PatrolAuthority, PatrolTaskStatus } from '../../../domain/statuses/patrol.js';
import { patrolTaskWorkflow } from '../../../machines/patrolTaskMachine.js';
import { advance } from '../../../machines/workflow.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import { onOneNode } from '../../../server/cluster/exclusive.js';
import type { Db } from '../../../server/db/index.js';
import { minuteJob } from '../../../server/minuteJob.js';
import type { Services } from '../../../server/services.js';

/** Plan types (dictionary planType): 0 日, 1 周 (cycleDays 1–7, 1 = Monday), 2 月 (1–31), 3 自定义. */
export const PlanType = { day: 0, week: 1, month: 2, custom: 3 } as const;
/** Plan status (dictionary planStatus): 0 启用, 1 停用. */
const ENABLED = 0;

/** The one index that makes generation idempotent: one task per plan and day. */
export async function ensurePatrolIndexes(db: Db) {
  await sql`create unique index if not exists patrolTask_plan_day_uq on patrolTask(planPkId, taskDate)`.execute(
    db,
  );
  await sql`create unique index if not exists patrolTaskPoint_uq on patrolTaskPoint(taskId, pointPkId)`.execute(
    db,
  );
  await sql`create index if not exists patrolTask_open on patrolTask(taskStatus, taskDate)`.execute(db);
}

interface PlanRow {
  planPkId: number;
  orgId: number;
  planName: string;
  linePkId: number;
  nursingId: number;
  planType: number;
  cycleDays: string | null;
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string | null;
  pointPkIds: string;
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Whether a plan walks on a day: inside its dates, and on one of its week or month days. */
export function plannedOn(
  plan: Pick<PlanRow, 'planType' | 'cycleDays' | 'startDate' | 'endDate'>,
  day: string,
) {
  if (day < plan.startDate || (plan.endDate && day > plan.endDate)) return false;
  const days = String(plan.cycleDays ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
  const date = new Date(`${day}T00:00:00Z`);
  if (plan.planType === PlanType.week) return days.includes(date.getUTCDay() || 7);
  if (plan.planType === PlanType.month) return days.includes(date.getUTCDate());
  // 日 and 自定义 (its own date range): every day
  return true;
}

const ROWS_PER_INSERT = 400;

/**
 * Makes the tasks of the days from..to (inclusive) of the enabled plans (all organisations, or one):
 * one task per plan and day with one row per point of its line, none twice (the unique index and
 * `on conflict do nothing`). Runs in the caller's transaction; answers the number of tasks made.
 */
export async function generatePatrolTasks(db: Db, from: string, to: string, scope: { orgId?: number } = {}) {
  const byOrg = scope.orgId === undefined ? sql`` : sql`and p.orgId = ${scope.orgId}`;
  const plans =
    await sql<PlanRow>`select p.planPkId, p.orgId, p.planName, p.linePkId, p.nursingId, p.planType,
      p.cycleDays, p.startTime, p.endTime, p.startDate, p.endDate, l.pointPkIds
    from patrolPlan p join patrolLine l on l.linePkId = p.linePkId
    where p.planStatus = ${ENABLED} and p.startDate <= ${to}
      and (p.endDate is null or p.endDate = '' or p.endDate >= ${from}) ${byOrg}`.execute(db);
  const stamp = localDateTime(Date.now());
  const rows: (string | number)[][] = [];
  const pointsOf = new Map<number, number[]>();
  for (const plan of plans.rows) {
    const ids = String(plan.pointPkIds).split(',').filter(Boolean).map(Number);
    pointsOf.set(plan.planPkId, ids);
    for (let day = from; day <= to; day = addDays(day, 1))
      if (plannedOn({ ...plan, planType: Number(plan.planType) }, day))
        rows.push([
          plan.orgId,
          plan.planPkId,
          plan.planName,
          plan.linePkId,
          plan.nursingId,
          day,
          plan.startTime,
          plan.endTime,
          ids.length,
          0,
          0,
          PatrolTaskStatus.scheduled,
          stamp,
          stamp,
        ]);
  }
  const made: { taskId: number; orgId: number; planPkId: number }[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const done = await sql<{ taskId: number; orgId: number; planPkId: number }>`insert into patrolTask
      (orgId, planPkId, planName, linePkId, nursingId, taskDate, startTime, endTime, pointCount, doneCount,
        abnormalCount, taskStatus, createTime, updateTime)
      values ${sql.join(chunk.map((r) => sql`(${sql.join(r)})`))}
      on conflict (planPkId, taskDate) do nothing returning taskId, orgId, planPkId`.execute(db);
    made.push(...done.rows);
  }
  const points: (string | number)[][] = [];
  for (const t of made)
    (pointsOf.get(t.planPkId) ?? []).forEach((pointPkId, k) => {
      points.push([t.orgId, t.taskId, pointPkId, k + 1, 0, stamp, stamp]);
    });
  for (let i = 0; i < points.length; i += ROWS_PER_INSERT) {
    const chunk = points.slice(i, i + ROWS_PER_INSERT);
    await sql`insert into patrolTaskPoint (orgId, taskId, pointPkId, sort, patrolStatus, createTime, updateTime)
      values ${sql.join(chunk.map((r) => sql`(${sql.join(r)})`))}
      on conflict (taskId, pointPkId) do nothing`.execute(db);
  }
  return made.length;
}

/** A task's end, 'YYYY-MM-DD HH:mm': an end time not after its start is the next day's. */
export const taskEnd = (t: { taskDate: string; startTime: string; endTime: string }) =>
  `${t.endTime <= t.startTime ? addDays(t.taskDate, 1) : t.taskDate} ${t.endTime}`;

/**
 * 漏巡: every task still 待巡查 or 巡查中 whose end has passed (patrolTaskMachine `patrol.miss`, a
 * conditional update on the old status). Answers the number marked.
 */
export async function markMissedTasks(db: Db, nowMs: number, scope: { orgId?: number } = {}) {
  const now = localDateTime(nowMs).slice(0, 16);
  const byOrg = scope.orgId === undefined ? sql`` : sql`and orgId = ${scope.orgId}`;
  const open = await sql<{
    taskId: number;
    taskDate: string;
    startTime: string;
    endTime: string;
    taskStatus: number;
    taskResult: number | null;
  }>`select taskId, taskDate, startTime, endTime, taskStatus, taskResult from patrolTask
    where taskStatus in (${PatrolTaskStatus.scheduled}, ${PatrolTaskStatus.inProgress})
      and taskDate <= ${now.slice(0, 10)} ${byOrg}`.execute(db);
  let missed = 0;
  for (const t of open.rows) {
    if (taskEnd(t) > now) continue;
    const next = advance(patrolTaskWorkflow, t, { type: 'patrol.miss' }, '标记漏巡');
    if (!next.ok) continue;
    const done = await sql`update patrolTask set taskStatus = ${Number(next.fields.taskStatus)},
        updateTime = ${localDateTime(nowMs)} where taskId = ${t.taskId} and taskStatus = ${t.taskStatus}`.execute(
      db,
    );
    missed += Number(done.numAffectedRows ?? 0);
  }
  return missed;
}

/**
 * The patrol job (ensurePatrolIndexes first): at start and at each local day boundary it makes the
 * day's tasks of every enabled plan (once: the unique index); every minute it marks the tasks whose
 * end passed as 漏巡. Each pass is one transaction.
 */
export function startPatrolTaskJob(services: Pick<Services, 'db' | 'now'>, log: FastifyBaseLogger) {
  let day = '';
  const pass = async () => {
    const now = services.now();
    const today = localDay(now);
    await services.db.transaction().execute(async (trx) => {
      if (today !== day) {
        await generatePatrolTasks(trx, today, today);
        day = today;
      }
      await markMissedTasks(trx, now);
    });
  };
  return minuteJob('patrol task job', log, () =>
    onOneNode(services.db, 'patrol task job', pass).then(() => undefined),
  );
}

/** The workbench's entries: tasks missed yesterday or today, for who may see 巡更管理. */
export async function patrolMissedReminds(
  db: Db,
  user: SessionUser,
  nowMs: number,
): Promise<PatrolMissedRemind[]> {
  if (!satisfies(user.authority, PatrolAuthority.manage)) return [];
  const today = localDay(nowMs);
  const rows = await sql<{
    taskId: number;
    planName: string;
    taskDate: string;
    startTime: string;
    endTime: string;
    nursingName: string | null;
  }>`select t.taskId, t.planName, t.taskDate, t.startTime, t.endTime, e.empName as nursingName
    from patrolTask t left join emp e on e.empId = t.nursingId
    where t.orgId = ${user.orgId} and t.taskStatus = ${PatrolTaskStatus.missed}
      and t.taskDate >= ${addDays(today, -1)} and t.taskDate <= ${today}
    order by t.taskDate desc, t.endTime desc, t.taskId`.execute(db);
  return rows.rows.map((r) => ({
    remindType: 'patrolMissed',
    remindKey: `patrolMissed:${r.taskId}`,
    title: `巡更漏巡：${r.planName}（${r.taskDate} ${r.startTime}-${r.endTime}）`,
    content: `${r.nursingName ?? '巡更人'}未在结束时间前完成巡更`,
    taskId: r.taskId,
    planName: r.planName,
    taskDate: r.taskDate,
    nursingName: r.nursingName,
  }));
}
