import { sql } from 'kysely';
import { localDay } from '../../../domain/clock.js';
import { PatrolResult, PatrolTaskStatus, PointStatus } from '../../../domain/statuses/patrol.js';
import type { Db } from '../../../server/db/index.js';
import { generatePatrolTasks } from './patrolTasks.js';

const day = (offset: number) => localDay(Date.now() + offset * 86_400_000);

/**
 * Demo patrol records (a fresh database only): the seeded plans' tasks of the last week, walked and
 * recorded — one with an abnormal point — except yesterday's night round, which nobody walked: the
 * job's first minute pass marks it 漏巡 and the workbench shows it. Today's come from the job.
 */
export async function seedPatrolTasks(db: Db) {
  const any = await sql`select 1 from patrolTask limit 1`.execute(db);
  if (any.rows.length) return;
  await db.transaction().execute(async (trx) => {
    await generatePatrolTasks(trx, day(-7), day(-1));
    const tasks = await sql<{ taskId: number; taskDate: string; startTime: string; endTime: string }>`
      select taskId, taskDate, startTime, endTime from patrolTask order by taskDate, taskId`.execute(trx);
    const yesterday = day(-1);
    let abnormalDone = false;
    for (const t of tasks.rows) {
      if (t.taskDate === yesterday) continue;
      const points = await sql<{ taskPointPkId: number }>`select taskPointPkId from patrolTaskPoint
        where taskId = ${t.taskId} order by sort`.execute(trx);
      const abnormalAt: number = !abnormalDone && t.taskDate >= day(-3) ? points.rows.length - 1 : -1;
      abnormalDone ||= abnormalAt >= 0;
      let minute = 0;
      for (const [k, p] of points.rows.entries()) {
        const [h = 0, m = 0] = t.startTime.split(':').map(Number);
        const at = h * 60 + m + 4 + minute;
        minute += 6;
        const time = `${t.taskDate} ${String(Math.floor(at / 60) % 24).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}:00`;
        const abnormal = k === abnormalAt;
        await sql`update patrolTaskPoint set patrolStatus = ${abnormal ? PointStatus.abnormal : PointStatus.normal},
            note = ${abnormal ? '消防通道堆放杂物，已通知后勤清理' : null}, recordTime = ${time}, updateTime = ${time}
          where taskPointPkId = ${p.taskPointPkId}`.execute(trx);
        if (k === points.rows.length - 1)
          await sql`update patrolTask set taskStatus = ${PatrolTaskStatus.completed},
              taskResult = ${abnormalAt >= 0 ? PatrolResult.abnormal : PatrolResult.normal},
              doneCount = ${points.rows.length}, abnormalCount = ${abnormalAt >= 0 ? 1 : 0}, finishTime = ${time},
              updateTime = ${time}
            where taskId = ${t.taskId}`.execute(trx);
      }
    }
  });
}
