/**
 * Attendance figure (issue #15): 考勤统计 of one month for 200 staff in four groups (早班, 中班, 夜班
 * past midnight, 行政班), each with a month of clock-ins and clock-outs, through the list call the
 * screen makes (target ≤ 1 s), then the same month again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { localDateTime, localDay } from '../../domain/clock.js';
import { AttendancePaths as P } from '../../features/administration/api/attendance.js';
import type { ShiftTimes } from '../../features/administration/api/attendanceStatistics.js';
import { demoClocks } from '../../features/administration/server/seedAttendance.js';
import { buildApp } from '../../server/app.js';
import { signInAdmin } from '../support/serverHarness.js';

const STAFF = 200;

export async function benchAttendance(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-attendance-'));
  const app = await buildApp({ dataDir, databaseFile: join(dataDir, 'bench.db'), loginRatePerMinute: 1000 });
  try {
    const db = app.services.db;
    const now = localDateTime(Date.now());
    const month = now.slice(0, 7);
    const from = `${month}-01`;
    const joinDate = localDay(new Date(`${from}T12:00:00`).getTime() - 86_400_000);
    const shifts = (
      await sql<
        ShiftTimes & { shiftPkId: number; shiftName: string }
      >`select shiftPkId, shiftName, startTime, endTime,
        clockInBefore, clockOutAfter from attendanceShift where orgId = 1 and shiftName in ('早班', '中班', '夜班', '行政班')
        order by shiftPkId`.execute(db)
    ).rows;
    const dept = (
      await sql<{ deptId: number }>`select deptId from dept where orgId = 1 order by deptId limit 1`.execute(
        db,
      )
    ).rows[0]?.deptId;
    let clocks = 0;
    await db.transaction().execute(async (trx) => {
      const groups: number[] = [];
      for (const [i, s] of shifts.entries()) {
        const r = await sql<{
          id: number;
        }>`insert into attendanceGroup (orgId, groupName, scheduleMode, workDays,
            shiftPkIds, locationIds, createTime, updateTime)
          values (1, ${`压测考勤组${i}`}, 1, '1,2,3,4,5,6', ${String(s.shiftPkId)}, '', ${now}, ${now})
          returning attendanceGroupPkId as id`.execute(trx);
        groups.push(Number(r.rows[0]?.id));
      }
      for (let i = 0; i < STAFF; i++) {
        const emp = await sql<{
          empId: number;
        }>`insert into emp (orgId, deptId, empName, empType, phoneNum, sex)
          values (1, ${dept}, ${`压测员工${i}`}, 'STAFF', ${`1500000${String(i).padStart(4, '0')}`}, 1)
          returning empId`.execute(trx);
        const empId = Number(emp.rows[0]?.empId);
        const k = i % shifts.length;
        const shift = shifts[k] as ShiftTimes & { shiftPkId: number };
        await sql`insert into attendanceGroupNurse (orgId, attendanceGroupPkId, nursingId, shiftPkId, joinDate,
            createTime, updateTime) values (1, ${groups[k]}, ${empId}, ${shift.shiftPkId}, ${joinDate}, ${now}, ${now})`.execute(
          trx,
        );
        for (const c of demoClocks(shift, [1, 2, 3, 4, 5, 6], joinDate, localDay(Date.now()), now, i + 1)) {
          await sql`insert into attendanceClock (orgId, nursingId, clockType, clockTime, createTime, updateTime)
            values (1, ${empId}, ${c.clockType}, ${c.clockTime}, ${c.clockTime}, ${c.clockTime})`.execute(
            trx,
          );
          clocks++;
        }
      }
    });
    const { token } = await signInAdmin(app);
    const read = async () => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `${P.statistics}?month=${month}&pageSize=500`,
        headers: { authorization: token },
      });
      const ms = performance.now() - t0;
      const rows = (res.json() as { result: { total: number } }).result.total;
      return { ms, rows };
    };
    const first = await read();
    const again = await read();
    return [
      `考勤统计：${first.rows} 名员工、${clocks} 条打卡记录，${month} 月统计 ${first.ms.toFixed(0)} ms（目标 ≤ 1000 ms）${first.ms <= 1000 ? '✓' : '✗'}`,
      `考勤统计：再次统计 ${again.ms.toFixed(0)} ms`,
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const line of await benchAttendance()) console.log(line);
