import { sql } from 'kysely';
import { localDateTime, localDay } from '../../../domain/clock.js';
import { ClockType } from '../../../domain/statuses/attendance.js';
import type { Db } from '../../../server/db/index.js';
import { DemoAccounts } from '../../../server/db/seed.js';
import { isoWeekday, type ShiftTimes, shiftWindow } from '../api/attendanceStatistics.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** A wall-clock text of minutes since the epoch read as UTC (features/administration/api/attendanceStatistics.ts). */
const wallText = (minutes: number) => {
  const d = new Date(minutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/**
 * A month of a member's clocks as people make them (deterministic for a `seed`): most days on
 * time, now and then late, an early leave, overtime, a forgotten clock-out, a day off sick. Days
 * from `from` to `to` (inclusive); none after `now`.
 */
export function demoClocks(
  shift: ShiftTimes,
  workDays: readonly number[],
  from: string,
  to: string,
  now: string,
  seed: number,
): { clockTime: string; clockType: number }[] {
  const out: { clockTime: string; clockType: number }[] = [];
  let r = (seed * 2654435761) % 4294967296 || 1;
  const rand = () => {
    r = (r * 1103515245 + 12345) % 2147483648;
    return r / 2147483648;
  };
  for (let day = from; day <= to; day = localDay(new Date(`${day}T12:00:00`).getTime() + 86_400_000)) {
    if (!workDays.includes(isoWeekday(day))) continue;
    const w = shiftWindow(day, shift);
    const roll = rand();
    const jitter = Math.floor(rand() * 15);
    if (roll < 0.03) continue; // 缺勤
    const clockIn = roll < 0.1 ? w.start + 3 + jitter : w.start - 5 - jitter; // 迟到
    const clockOut =
      roll < 0.15
        ? w.end - 10 - jitter * 2
        : roll < 0.3
          ? w.end + 30 + jitter
          : w.end + Math.floor(jitter / 3);
    const stamp = (m: number) => `${wallText(m).slice(0, 17)}${pad(Math.floor(rand() * 60))}`;
    if (stamp(clockIn) <= now) out.push({ clockTime: stamp(clockIn), clockType: ClockType.in });
    if (roll >= 0.15 && roll < 0.18) continue; // 忘记下班打卡
    if (stamp(clockOut) <= now) out.push({ clockTime: stamp(clockOut), clockType: ClockType.out });
  }
  return out;
}

const STAFF: [name: string, sex: number, dept: number, level: string][] = [
  ['徐丽萍', 1, 1, '高级护理员'],
  ['刘凤兰', 1, 1, '中级护理员'],
  ['赵玉梅', 1, 1, '中级护理员'],
  ['孙丽华', 1, 1, '初级护理员'],
  ['马春燕', 1, 2, '中级护理员'],
  ['周建军', 0, 0, ''],
  ['吴小燕', 1, 0, ''],
];

/**
 * Demo attendance (a fresh database, the first institution): seven staff members, two groups — the
 * 护理一部 nurses on 早班/中班/夜班 by bed six days a week, the office on 行政班 by room on weekdays —
 * and their clocks of the last 35 days, so 考勤统计 shows this month and last.
 */
export async function seedAttendance(db: Db) {
  const admin = await db
    .selectFrom('users')
    .innerJoin('emp', 'emp.empId', 'users.empId')
    .select(['users.orgId', 'users.userId'])
    .where('users.loginName', '=', DemoAccounts.admin.loginName)
    .executeTakeFirst();
  if (!admin) return;
  const { orgId, userId } = admin;
  const any = await sql`select 1 from attendanceGroup where orgId = ${orgId} limit 1`.execute(db);
  if (any.rows.length) return;
  const shifts = (
    await sql<
      ShiftTimes & { shiftPkId: number; shiftName: string }
    >`select shiftPkId, shiftName, startTime, endTime,
      clockInBefore, clockOutAfter from attendanceShift where orgId = ${orgId}`.execute(db)
  ).rows;
  const shift = (name: string) => shifts.find((s) => s.shiftName === name);
  const early = shift('早班');
  const middle = shift('中班');
  const night = shift('夜班');
  const office = shift('行政班');
  if (!early || !middle || !night || !office) return;
  const depts = (
    await db.selectFrom('dept').select('deptId').where('orgId', '=', orgId).orderBy('deptId').execute()
  ).map((d) => d.deptId);
  const now = Date.now();
  const stamp = localDateTime(now);
  const joinDate = localDay(now - 35 * 86_400_000);
  await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const [i, [empName, sex, dept, level]] of STAFF.entries()) {
      const { empId } = await trx
        .insertInto('emp')
        .values({
          orgId,
          deptId: depts[dept] ?? depts[0] ?? 0,
          empName,
          empType: 'STAFF',
          phoneNum: `1391234${pad(i + 10)}${pad(i * 7)}`,
          sex,
          status: 0,
          msgAuth: 1,
          language: 'zh-CN',
          jobIds: '',
          nursingLevel: level || null,
        })
        .returning('empId')
        .executeTakeFirstOrThrow();
      ids.push(empId);
    }
    const beds = (
      await sql<{ bedId: number }>`select b.bedId from bed b join room r on r.roomId = b.roomId
        where r.deptId = ${depts[1] ?? 0} order by b.bedId limit 12`.execute(trx)
    ).rows.map((b) => `D${b.bedId}`);
    const rooms = (
      await sql<{ roomId: number }>`select roomId from room where deptId = ${depts[0] ?? depts[1] ?? 0}
        order by roomId limit 2`.execute(trx)
    ).rows.map((r) => `R${r.roomId}`);
    const groups: [string, string, ShiftTimes & { shiftPkId: number }, string[], [number, number][]][] = [
      [
        '护理一部护理组',
        '1,2,3,4,5,6',
        early,
        beds,
        [
          [ids[0] ?? 0, early.shiftPkId],
          [ids[1] ?? 0, early.shiftPkId],
          [ids[2] ?? 0, middle.shiftPkId],
          [ids[3] ?? 0, night.shiftPkId],
          [ids[4] ?? 0, middle.shiftPkId],
        ],
      ],
      [
        '行政后勤组',
        '1,2,3,4,5',
        office,
        rooms,
        [
          [ids[5] ?? 0, office.shiftPkId],
          [ids[6] ?? 0, office.shiftPkId],
        ],
      ],
    ];
    let seed = 7;
    for (const [groupName, workDays, first, places, members] of groups) {
      const shiftIds = [...new Set([first.shiftPkId, ...members.map(([, s]) => s)])];
      const { rows } = await sql<{
        attendanceGroupPkId: number;
      }>`insert into attendanceGroup (orgId, groupName,
          scheduleMode, workDays, shiftPkIds, locationIds, remark, createTime, updateTime, createBy)
        values (${orgId}, ${groupName}, ${first === office ? 2 : 1}, ${workDays}, ${shiftIds.join(',')},
          ${places.join(',')}, null, ${stamp}, ${stamp}, ${userId}) returning attendanceGroupPkId`.execute(
        trx,
      );
      const groupId = rows[0]?.attendanceGroupPkId ?? 0;
      for (const [nursingId, shiftPkId] of members) {
        await sql`insert into attendanceGroupNurse (orgId, attendanceGroupPkId, nursingId, shiftPkId, joinDate,
            createTime, updateTime, createBy)
          values (${orgId}, ${groupId}, ${nursingId}, ${shiftPkId}, ${joinDate}, ${stamp}, ${stamp}, ${userId})`.execute(
          trx,
        );
        const s = shifts.find((x) => x.shiftPkId === shiftPkId) ?? first;
        const clocks = demoClocks(s, workDays.split(',').map(Number), joinDate, localDay(now), stamp, seed++);
        for (const c of clocks)
          await sql`insert into attendanceClock (orgId, nursingId, clockType, clockTime, remark, createTime,
              updateTime, createBy)
            values (${orgId}, ${nursingId}, ${c.clockType}, ${c.clockTime}, null, ${c.clockTime}, ${c.clockTime},
              ${userId})`.execute(trx);
      }
    }
  });
}
