/**
 * Patrol figure (issue #15): a month of patrol tasks for 50 plans (day, week, month and custom
 * plans over 8-point lines), made in one transaction (target ≤ 1 s), and the same month again
 * (nothing made twice).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { localDay } from '../../domain/clock.js';
import { generatePatrolTasks } from '../../features/administration/server/patrolTasks.js';
import { buildApp } from '../../server/app.js';

const PLANS = 50;
const POINTS = 8;

export async function benchPatrol(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-patrol-'));
  const app = await buildApp({ dataDir, databaseFile: join(dataDir, 'bench.db'), loginRatePerMinute: 1000 });
  try {
    const db = app.services.db;
    const stamp = '2026-01-01 08:00:00';
    const exec = await sql<{
      empId: number;
    }>`select empId from emp where orgId = 1 order by empId limit 1`.execute(db);
    const ids: number[] = [];
    for (let i = 1; i <= POINTS; i++) {
      const r = await sql<{
        pointPkId: number;
      }>`insert into patrolPoint (orgId, pointName, sort, createTime, updateTime)
        values (1, ${`压测巡更点${i}`}, ${i}, ${stamp}, ${stamp}) returning pointPkId`.execute(db);
      ids.push(Number(r.rows[0]?.pointPkId));
    }
    const line = await sql<{
      linePkId: number;
    }>`insert into patrolLine (orgId, lineName, pointPkIds, pointCount,
        createTime, updateTime) values (1, '压测路线', ${ids.join(',')}, ${ids.length}, ${stamp}, ${stamp})
      returning linePkId`.execute(db);
    const linePkId = Number(line.rows[0]?.linePkId);
    const from = localDay(Date.now() + 86_400_000);
    const to = localDay(Date.now() + 30 * 86_400_000);
    for (let i = 0; i < PLANS; i++) {
      const planType = i % 4;
      const cycleDays = planType === 1 ? '1,3,5' : planType === 2 ? '1,10,20' : null;
      await sql`insert into patrolPlan (orgId, planName, linePkId, nursingId, planType, cycleDays, startTime, endTime,
          startDate, planStatus, createTime, updateTime)
        values (1, ${`压测计划${i}`}, ${linePkId}, ${exec.rows[0]?.empId ?? 1}, ${planType}, ${cycleDays},
          '08:00', '09:00', ${from}, 0, ${stamp}, ${stamp})`.execute(db);
    }
    let t0 = performance.now();
    const made = await db.transaction().execute((trx) => generatePatrolTasks(trx, from, to));
    const firstMs = performance.now() - t0;
    t0 = performance.now();
    const again = await db.transaction().execute((trx) => generatePatrolTasks(trx, from, to));
    const againMs = performance.now() - t0;
    return [
      `巡更任务：${PLANS}个计划一个月（${from}～${to}）生成 ${made} 个任务（各${POINTS}个巡更点）${firstMs.toFixed(0)} ms（目标 ≤ 1000 ms）${firstMs <= 1000 ? '✓' : '✗'}`,
      `巡更任务：同一个月再生成 ${again} 个 ${againMs.toFixed(0)} ms`,
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const line of await benchPatrol()) console.log(line);
