import { sql } from 'kysely';
import { satisfies } from '../../../domain/authorityExpr.js';
import { localDateTime, localDay } from '../../../domain/clock.js';
import type { CareTasksRemind } from '../../../domain/reminders.js';
import { CareAuthority, TaskStatus } from '../../../domain/statuses/care.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { TASK_OVERDUE_MINUTES } from '../api/care.js';

/** 'HH:mm' an hour (TASK_OVERDUE_MINUTES) before the moment, or null before 01:00. */
function overdueBefore(nowMs: number): string | null {
  const hhmm = localDateTime(nowMs - TASK_OVERDUE_MINUTES * 60_000);
  return hhmm.slice(0, 10) === localDay(nowMs) ? hhmm.slice(11, 16) : null;
}

/** The workbench's entry for today's care tasks still to do, or null when none are (or not the user's). */
export async function careTasksRemind(
  db: Db,
  user: SessionUser,
  nowMs: number,
): Promise<CareTasksRemind | null> {
  if (!satisfies(user.authority, CareAuthority.tasks)) return null;
  const taskDate = localDay(nowMs);
  const before = overdueBefore(nowMs);
  const counted = await sql<{ pending: number; overdue: number }>`select count(*) as pending,
      coalesce(sum(case when slot < ${before ?? '00:00'} then 1 else 0 end), 0) as overdue
    from nursingTask where orgId = ${user.orgId} and taskDate = ${taskDate} and taskStatus = ${TaskStatus.pending}
      and ${inReadDepts('deptId', user)}`.execute(db);
  const pending = Number(counted.rows[0]?.pending ?? 0);
  const overdue = Number(counted.rows[0]?.overdue ?? 0);
  if (!pending) return null;
  return {
    remindType: 'careTasks',
    remindKey: `careTasks:${taskDate}`,
    title: `今日护理任务待完成 ${pending} 项`,
    content: overdue ? `其中已超时 ${overdue} 项` : '',
    taskDate,
    pending,
    overdue,
  };
}
