import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { localDateTime, localDay } from '../../../domain/clock.js';
import type { CareTasksPush } from '../../../domain/push.js';
import { OutStatus } from '../../../domain/resources/outing.js';
import { IN_HOUSE_STATUSES } from '../../../domain/resources/residence.js';
import { CareAuthority, PlanStatus, TaskStatus } from '../../../domain/statuses/care.js';
import { onOneNode } from '../../../server/cluster/exclusive.js';
import type { Db } from '../../../server/db/index.js';
import { minuteJob } from '../../../server/minuteJob.js';
import type { PushHub } from '../../../server/push/hub.js';
import type { Services } from '../../../server/services.js';
import { slotsOn, TASK_OVERDUE_MINUTES } from '../api/care.js';

/**
 * The execution groups' plans (a link table no screen edits), the one index that makes task
 * generation idempotent, and the ones today's lists read.
 */
export async function ensureTaskIndexes(db: Db) {
  await sql`create table if not exists executionPlan (id integer primary key, orgId integer not null,
    executionId integer not null, nursingPlanId integer not null, createTime text not null default '',
    updateTime text not null default '', createBy integer, unique (executionId, nursingPlanId))`.execute(db);
  // One open or finished task per item, day and time; cancelled ones stay beside the task that
  // replaced them when a suspended plan is resumed the same day (reopenSuspendedTasks).
  await sql`drop index if exists nursingTask_slot_uq`.execute(db);
  await sql`create unique index if not exists nursingTask_slot_live_uq
    on nursingTask(itemId, taskDate, slot) where taskStatus <> ${sql.lit(TaskStatus.cancelled)}`.execute(db);
  await sql`create index if not exists nursingTask_slot on nursingTask(itemId, taskDate, slot)`.execute(db);
  await sql`create index if not exists nursingTask_day on nursingTask(orgId, taskDate, deptId, taskStatus)`.execute(
    db,
  );
  await sql`create index if not exists nursingTask_plan on nursingTask(planId, taskStatus, taskDate)`.execute(
    db,
  );
  await sql`create index if not exists nursingPlanItem_plan on nursingPlanItem(planId)`.execute(db);
}

interface ItemRow {
  itemId: number;
  planId: number;
  projectId: number;
  frequencyType: number;
  times: string | null;
  weekdays: string | null;
  orgId: number;
  deptId: number;
  oldmanId: number;
  outNow: number;
}

const ROWS_PER_INSERT = 400;

/**
 * Makes the tasks of `day` for the active plans (all of the organisations, or the given plans):
 * one task per item and time, none twice (the unique index and `on conflict do nothing`), none for
 * an elder who has left; an elder out on an outing gets the day's tasks already cancelled. Runs in
 * the caller's transaction; answers the number of tasks made and the departments they are in.
 */
export async function generateTasks(
  db: Db,
  day: string,
  scope: { planIds?: readonly number[]; orgId?: number } = {},
): Promise<{ created: number; depts: Map<string, number> }> {
  const byPlan = scope.planIds?.length
    ? sql`and p.planId in (${sql.join(scope.planIds.map((id) => sql`${id}`))})`
    : sql``;
  const byOrg = scope.orgId === undefined ? sql`` : sql`and p.orgId = ${scope.orgId}`;
  const items = await sql<ItemRow>`select i.itemId, i.planId, i.projectId, i.frequencyType, i.times,
      i.weekdays, p.orgId, p.deptId, p.oldmanId,
      exists (select 1 from oldmanOut o where o.oldmanId = p.oldmanId and o.outStatus = ${OutStatus.out}) as outNow
    from nursingPlanItem i
    join nursingPlan p on p.planId = i.planId
    join oldman m on m.oldmanId = p.oldmanId
    where p.planStatus = ${PlanStatus.active} and p.startDate <= ${day}
      and (p.endDate is null or p.endDate = '' or p.endDate >= ${day})
      and m.oldmanStatus in (${sql.join(IN_HOUSE_STATUSES)}) ${byPlan} ${byOrg}`.execute(db);
  const stamp = localDateTime(Date.now());
  const rows: (string | number | null)[][] = [];
  for (const item of items.rows)
    for (const slot of slotsOn(item, day))
      rows.push([
        item.orgId,
        item.deptId,
        item.planId,
        item.itemId,
        item.oldmanId,
        item.projectId,
        day,
        slot,
        Number(item.outNow) ? TaskStatus.cancelled : TaskStatus.pending,
        Number(item.outNow) ? '长者外出' : null,
        stamp,
        stamp,
      ]);
  let created = 0;
  const depts = new Map<string, number>();
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    // a time that has a task already, even a cancelled one, gets none again
    const done = await sql<{ orgId: number; deptId: number }>`insert into nursingTask
      (orgId, deptId, planId, itemId, oldmanId, projectId, taskDate, slot, taskStatus, reason, createTime, updateTime)
      select * from (values ${sql.join(chunk.map((r) => sql`(${sql.join(r)})`))}) v
      where not exists (select 1 from nursingTask t where t.itemId = v.column4 and t.taskDate = v.column7 and t.slot = v.column8)
      on conflict (itemId, taskDate, slot) where taskStatus <> ${sql.lit(TaskStatus.cancelled)} do nothing
      returning orgId, deptId`.execute(db);
    created += done.rows.length;
    for (const r of done.rows) {
      const key = `${r.orgId}:${r.deptId}`;
      depts.set(key, (depts.get(key) ?? 0) + 1);
    }
  }
  return { created, depts };
}

/** Why a suspension cancelled a task (cancelPlanTasks); resuming the plan reopens those still ahead. */
export const SUSPENDED_REASON = '护理计划已暂停';

/**
 * A suspended plan resumed: each of its tasks the suspension cancelled whose time is still ahead
 * (today from `time` 'HH:mm' on, and later days) gets a new pending task beside the cancelled one,
 * which stays as it was. Answers the departments of the tasks made.
 */
export async function reopenSuspendedTasks(db: Db, planId: number, day: string, time: string) {
  const stamp = localDateTime(Date.now());
  const made = await sql<{ orgId: number; deptId: number }>`insert into nursingTask
      (orgId, deptId, planId, itemId, oldmanId, projectId, taskDate, slot, taskStatus, reason, createTime, updateTime)
    select distinct c.orgId, c.deptId, c.planId, c.itemId, c.oldmanId, c.projectId, c.taskDate, c.slot,
      ${TaskStatus.pending}, null, ${stamp}, ${stamp}
    from nursingTask c join nursingPlanItem i on i.itemId = c.itemId
    where c.planId = ${planId} and c.taskStatus = ${TaskStatus.cancelled} and c.reason = ${SUSPENDED_REASON}
      and (c.taskDate > ${day} or (c.taskDate = ${day} and c.slot >= ${time}))
      and not exists (select 1 from nursingTask p where p.itemId = c.itemId and p.taskDate = c.taskDate
        and p.slot = c.slot and p.taskStatus <> ${TaskStatus.cancelled})
    on conflict (itemId, taskDate, slot) where taskStatus <> ${sql.lit(TaskStatus.cancelled)} do nothing
    returning orgId, deptId`.execute(db);
  const depts = new Map<string, number>();
  for (const r of made.rows) {
    const key = `${r.orgId}:${r.deptId}`;
    depts.set(key, (depts.get(key) ?? 0) + 1);
  }
  return { created: made.rows.length, depts };
}

/** Cancels the pending tasks from `day` on of some plans (suspended, ended) with the reason. */
export async function cancelPlanTasks(db: Db, planIds: readonly number[], day: string, reason: string) {
  if (!planIds.length) return 0;
  const done = await sql`update nursingTask set taskStatus = ${TaskStatus.cancelled}, reason = ${reason},
      updateTime = ${localDateTime(Date.now())}
    where planId in (${sql.join(planIds.map((id) => sql`${id}`))}) and taskStatus = ${TaskStatus.pending}
      and taskDate >= ${day}`.execute(db);
  return Number(done.numAffectedRows ?? 0);
}

/**
 * Cancels today's pending tasks of elders now out on an outing (长者外出) or gone (长者已退住):
 * nobody should be asked to care for an empty bed. Answers the departments touched.
 */
export async function cancelAbsentTasks(db: Db, day: string) {
  const touched = await sql<{ orgId: number; deptId: number; taskId: number; why: string }>`
    select t.orgId, t.deptId, t.taskId,
      case when m.oldmanStatus in (${sql.join(IN_HOUSE_STATUSES)}) then '长者外出' else '长者已退住' end as why
    from nursingTask t join oldman m on m.oldmanId = t.oldmanId
    where t.taskDate = ${day} and t.taskStatus = ${TaskStatus.pending}
      and (m.oldmanStatus not in (${sql.join(IN_HOUSE_STATUSES)})
        or exists (select 1 from oldmanOut o where o.oldmanId = t.oldmanId and o.outStatus = ${OutStatus.out}))`.execute(
    db,
  );
  const stamp = localDateTime(Date.now());
  for (const t of touched.rows)
    await sql`update nursingTask set taskStatus = ${TaskStatus.cancelled}, reason = ${t.why}, updateTime = ${stamp}
      where taskId = ${t.taskId} and taskStatus = ${TaskStatus.pending}`.execute(db);
  return countByDept(touched.rows);
}

function countByDept(rows: readonly { orgId: number; deptId: number }[]) {
  const depts = new Map<string, number>();
  for (const r of rows) depts.set(`${r.orgId}:${r.deptId}`, (depts.get(`${r.orgId}:${r.deptId}`) ?? 0) + 1);
  return depts;
}

/** Tells each department's care staff that its tasks changed (they reload what they show). */
export function pushTaskChanges(
  hub: Pick<PushHub, 'toDepartment' | 'dashboard'>,
  depts: ReadonlyMap<string, number>,
  taskDate: string,
  reason: CareTasksPush['reason'],
) {
  for (const [key, count] of depts) {
    const [orgId, deptId] = key.split(':').map(Number) as [number, number];
    hub.toDepartment(orgId, deptId, `${CareAuthority.tasks}|${CareAuthority.record}`, {
      type: 'careTasks',
      data: { taskDate, reason, count },
    });
    hub.dashboard(orgId, deptId, 'task');
  }
}

/** 'HH:mm' of a moment, local. */
const hhmm = (ms: number) => localDateTime(ms).slice(11, 16);

/** Pending tasks of a day whose time fell in (from, to]: they came due (or overdue) just now. */
async function cameDue(db: Db, day: string, from: string, to: string) {
  if (to <= from) return new Map<string, number>();
  const rows = await sql<{ orgId: number; deptId: number }>`select orgId, deptId from nursingTask
    where taskDate = ${day} and taskStatus = ${TaskStatus.pending} and slot > ${from} and slot <= ${to}`.execute(
    db,
  );
  return countByDept(rows.rows);
}

/** Minutes of a 'HH:mm' moved back, floored at 00:00. */
const minusMinutes = (slot: string, minutes: number) => {
  const [h = 0, m = 0] = slot.split(':').map(Number);
  const total = Math.max(0, h * 60 + m - minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/**
 * The care-task job (ensureTaskIndexes first): at start and at each local day boundary it makes the day's tasks of every
 * active plan; every minute it cancels the tasks of elders who went out or left, and pushes the
 * departments whose tasks came due or overdue. Each pass is one transaction.
 */
export function startCareTaskJob(services: Pick<Services, 'db' | 'hub' | 'now'>, log: FastifyBaseLogger) {
  let day = '';
  let lastSlot = '';
  const pass = async () => {
    const now = services.now();
    const today = localDay(now);
    const slot = hhmm(now);
    await services.db.transaction().execute(async (trx) => {
      if (today !== day) {
        const { depts } = await generateTasks(trx, today);
        pushTaskChanges(services.hub, depts, today, 'generated');
        day = today;
        lastSlot = slot;
      }
      pushTaskChanges(services.hub, await cancelAbsentTasks(trx, today), today, 'cancelled');
      pushTaskChanges(services.hub, await cameDue(trx, today, lastSlot, slot), today, 'due');
      const overdueFrom = minusMinutes(lastSlot, TASK_OVERDUE_MINUTES);
      const overdueTo = minusMinutes(slot, TASK_OVERDUE_MINUTES);
      pushTaskChanges(services.hub, await cameDue(trx, today, overdueFrom, overdueTo), today, 'overdue');
      lastSlot = slot;
    });
  };
  // (one node at a time: server/cluster/exclusive.ts)
  return minuteJob('care task job', log, () =>
    onOneNode(services.db, 'care task job', pass).then(() => undefined),
  );
}
