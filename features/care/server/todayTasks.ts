import { sql } from 'kysely';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { TaskStatus } from '../../../domain/statuses/care.js';
import { inReadDepts, readScopeKey } from '../../../server/http/deptScope.js';
import { SENT } from '../../../server/http/route.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { listAnswers, sendAnswer, tableVersions } from '../../../server/resources/fastRead.js';
import { TASK_OVERDUE_MINUTES, type TodayTasksAnswer } from '../api/care.js';
import { measuredKind } from '../api/careHealth.js';

interface TaskRow {
  taskId: number;
  planId: number;
  oldmanId: number;
  oldmanName: string | null;
  projectId: number;
  projectName: string | null;
  taskDate: string;
  slot: string;
  taskStatus: number;
  reason: string | null;
  floorId: number | null;
  floorName: string | null;
  roomId: number | null;
  roomName: string | null;
  bedName: string | null;
}

/** The time a task of `day` at `slot` becomes overdue, as 'YYYY-MM-DD HH:mm'. */
function overdueAt(day: string, slot: string): string {
  const [h = 0, m = 0] = slot.split(':').map(Number);
  const total = h * 60 + m + TASK_OVERDUE_MINUTES;
  if (total >= 24 * 60) return `${day} 24:00`;
  return `${day} ${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * A day's tasks of the user's departments for the nurse's screen: the floors with their pending
 * counts, and one floor's tasks (the first floor with tasks when none is asked) by room, bed, time.
 * Two indexed reads (nursingTask_day); the elder's bed gives room and floor.
 */
export async function todayTasks(ctx: Ctx, taskDate: string, floorId?: number): Promise<TodayTasksAnswer> {
  const scope = sql`t.orgId = ${ctx.user.orgId} and t.taskDate = ${taskDate} and ${inReadDepts('t.deptId', ctx.user)}`;
  const floors = await sql<{ floorId: number; floorName: string; pending: number }>`
    select f.floorId, coalesce(bd.buildingName || ' ', '') || f.floorName as floorName,
      sum(case when t.taskStatus = ${TaskStatus.pending} then 1 else 0 end) as pending
    from nursingTask t join oldman m on m.oldmanId = t.oldmanId
      join bed b on b.bedId = m.bedId join room r on r.roomId = b.roomId join floor f on f.floorId = r.floorId
      left join building bd on bd.buildingId = f.buildingId
    where ${scope} group by f.floorId, bd.buildingId order by f.buildingId, f.floorNo, f.floorId`.execute(
    ctx.db,
  );
  const chosen = floorId ?? floors.rows[0]?.floorId;
  const rows =
    chosen === undefined
      ? []
      : (
          await sql<TaskRow>`select t.taskId, t.planId, t.oldmanId, m.oldmanName, t.projectId, c.projectName,
              t.taskDate, t.slot, t.taskStatus, t.reason, f.floorId, f.floorName, r.roomId, r.roomName, b.bedName
            from nursingTask t join oldman m on m.oldmanId = t.oldmanId
              join careProject c on c.projectId = t.projectId
              join bed b on b.bedId = m.bedId join room r on r.roomId = b.roomId join floor f on f.floorId = r.floorId
            where ${scope} and r.floorId = ${chosen}
            order by r.roomName, b.bedName, t.slot, t.taskId`.execute(ctx.db)
        ).rows;
  const now = localDateTime(ctx.services.now()).slice(0, 16);
  return {
    taskDate,
    floors: floors.rows.map((f) => ({
      floorId: Number(f.floorId),
      floorName: f.floorName,
      pending: Number(f.pending),
    })),
    list: rows.map((r) => ({
      ...r,
      oldmanName: r.oldmanName ?? '',
      projectName: r.projectName ?? '',
      overdue: r.taskStatus === TaskStatus.pending && overdueAt(r.taskDate, r.slot) < now,
      measure: measuredKind(r.projectName),
    })),
  };
}

/** What the answer reads: it is kept until one of these changes (or the minute does: 超时). */
const READS = ['bed', 'building', 'careProject', 'floor', 'nursingTask', 'oldman', 'room'];

/**
 * todayTasks, answered from the kept answers while none of its tables changed within the same
 * minute: a floor's nurses ask for the same list over and over, and it changes only when a task
 * does (server/resources/fastRead.ts).
 */
export async function keptTodayTasks(ctx: Ctx, taskDate: string, floorId?: number) {
  const versions = await tableVersions(ctx.db, READS);
  if (!versions) return todayTasks(ctx, taskDate, floorId);
  const minute = localDateTime(ctx.services.now()).slice(0, 16);
  const key = `careToday|${ctx.user.orgId}|${readScopeKey(ctx.user)}|${taskDate}|${floorId ?? ''}|${minute}`;
  let body = listAnswers.get(ctx.db, key, versions);
  if (body === null) {
    body = JSON.stringify({ code: Code.ok, msg: '成功', result: await todayTasks(ctx, taskDate, floorId) });
    listAnswers.set(ctx.db, key, versions, body);
  }
  sendAnswer(ctx.db, key, ctx.req, ctx.reply, body);
  return SENT;
}
