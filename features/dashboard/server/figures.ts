import { sql } from 'kysely';
import type { z } from 'zod';
import { AlarmStatus } from '../../../domain/alarms.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { OutStatus } from '../../../domain/resources/outing.js';
import { BedStatus, LiveStatus } from '../../../domain/resources/residence.js';
import { TaskStatus } from '../../../domain/statuses/care.js';
import { bedPath } from '../../../server/db/bedPlaces.js';
import type {
  averageAnswer,
  birthCalendar,
  IndexCount,
  liveCounts,
  oldmanCount,
  waitHandleCount,
} from '../api.js';
import { ageSql, inResidence, one, type Reader, rows, scoped } from './scope.js';

/** The headline figures of the dashboard (GET index/count): one aggregate per table. */
export async function indexCount(r: Reader): Promise<IndexCount> {
  const [elders, beds, outs, alarms, tasks] = await Promise.all([
    one(
      r,
      sql<{ n: number; trial: number }>`select count(*) as n,
        coalesce(sum(o.oldmanStatus = ${LiveStatus.trial}), 0) as trial
        from oldman o where ${scoped(r, 'o')} and ${inResidence('o')}`,
    ),
    bedCounts(r),
    one(
      r,
      sql<{
        n: number;
      }>`select count(*) as n from oldmanOut t where ${scoped(r, 't')} and t.outStatus = ${OutStatus.out}`,
    ),
    openAlarms(r),
    one(
      r,
      sql<{ total: number; done: number }>`select count(*) as total,
        coalesce(sum(t.taskStatus = ${TaskStatus.done}), 0) as done
        from nursingTask t where t.orgId = ${r.user.orgId} and t.taskDate = ${r.today}
        and ${scoped(r, 't')} and t.taskStatus <> ${TaskStatus.cancelled}`,
    ),
  ]);
  const inUse = beds.total - beds.maintenance;
  return {
    inResidence: elders.n,
    trial: elders.trial,
    totalBeds: beds.total,
    freeBeds: beds.free,
    occupancyRate: inUse ? Math.round((elders.n * 1000) / inUse) / 10 : 0,
    outNow: outs.n,
    openAlarms: alarms,
    todayTasks: tasks.total,
    todayTasksDone: tasks.done,
  };
}

async function openAlarms(r: Reader) {
  const row = await one(
    r,
    sql<{ n: number }>`select count(*) as n from alarmRecord a where ${scoped(r, 'a')}
      and a.status = ${AlarmStatus.unhandled}`,
  );
  return row.n;
}

/** Beds in use (useStatus 1) of the reading scope, by bed.bedStatus. */
export async function bedCounts(r: Reader) {
  const row = await one(
    r,
    sql<{ total: number; free: number; occupied: number; reserved: number; maintenance: number }>`select
      count(*) as total,
      coalesce(sum(b.bedStatus = ${BedStatus.free}), 0) as free,
      coalesce(sum(b.bedStatus = ${BedStatus.occupied}), 0) as occupied,
      coalesce(sum(b.bedStatus = ${BedStatus.reserved}), 0) as reserved,
      coalesce(sum(b.bedStatus = ${BedStatus.maintenance}), 0) as maintenance
      from bed b where b.orgId = ${r.user.orgId} and b.useStatus = 1 and ${scoped(r, 'b')}`,
  );
  return row;
}

/** GET index/waitHandleCount. */
export async function waitHandle(r: Reader): Promise<z.infer<typeof waitHandleCount>> {
  const [alarms, audits, tasks, bills, waiting] = await Promise.all([
    openAlarms(r),
    one(
      r,
      sql<{
        n: number;
      }>`select count(*) as n from oldmanOut t where ${scoped(r, 't')} and t.outStatus = ${OutStatus.pending}`,
    ),
    one(
      r,
      sql<{ n: number }>`select count(*) as n from nursingTask t where t.orgId = ${r.user.orgId}
        and t.taskDate = ${r.today} and ${scoped(r, 't')} and t.taskStatus = ${TaskStatus.pending}`,
    ),
    one(r, sql<{ n: number }>`select count(*) as n from bill b where ${scoped(r, 'b')} and b.billStatus = 0`),
    one(
      r,
      sql<{ n: number }>`select count(*) as n from oldman o where ${scoped(r, 'o')}
        and o.oldmanStatus in (${LiveStatus.waiting}, ${LiveStatus.reserved})`,
    ),
  ]);
  return {
    alarms,
    outingAudits: audits.n,
    pendingTasks: tasks.n,
    unpaidBills: bills.n,
    waitingCheckIn: waiting.n,
  };
}

/** GET index/getAverage. */
export async function average(r: Reader): Promise<z.infer<typeof averageAnswer>> {
  const row = await one(
    r,
    sql<{ age: number | null; stay: number | null }>`select avg(${ageSql(r, 'o.birthday')}) as age,
      avg(julianday(${r.today}) - julianday(o.checkInDate)) as stay
      from oldman o where ${scoped(r, 'o')} and ${inResidence('o')}`,
  );
  const round1 = (n: number | null) => (n === null ? 0 : Math.round(n * 10) / 10);
  return { averageAge: round1(row.age), averageStayDays: Math.round(row.stay ?? 0) };
}

/** Elders of the reading scope per residence status. */
export async function statusCounts(r: Reader) {
  return rows(
    r,
    sql<{ oldmanStatus: number; n: number }>`select o.oldmanStatus, count(*) as n from oldman o
      where ${scoped(r, 'o')} group by o.oldmanStatus`,
  );
}

/** GET oldmans/live/counts: every status of the dictionary, zero where none. */
export async function liveCountList(r: Reader): Promise<z.infer<typeof liveCounts>> {
  const counts = new Map((await statusCounts(r)).map((c) => [c.oldmanStatus, c.n]));
  return Object.values(LiveStatus).map((s) => ({
    oldmanStatus: s,
    statusName: dictLabel('liveStatus', s),
    count: counts.get(s) ?? 0,
  }));
}

/** GET oldmans/live/oldmancount. */
export async function elderCount(r: Reader): Promise<z.infer<typeof oldmanCount>> {
  const row = await one(
    r,
    sql<{ total: number; live: number; male: number; female: number }>`select count(*) as total,
      coalesce(sum(${inResidence('o')}), 0) as live,
      coalesce(sum(${inResidence('o')} and o.sex = 0), 0) as male,
      coalesce(sum(${inResidence('o')} and o.sex = 1), 0) as female
      from oldman o where ${scoped(r, 'o')}`,
  );
  return { total: row.total, inResidence: row.live, male: row.male, female: row.female };
}

/** GET index/getBirthCalendar/{orgId}: residents born in this month, by day. */
export async function birthdays(r: Reader): Promise<z.infer<typeof birthCalendar>> {
  const month = r.today.slice(5, 7);
  const list = await rows(
    r,
    sql<{
      oldmanId: number;
      oldmanName: string;
      birthday: string;
      bedName: string | null;
      roomName: string | null;
      floorName: string | null;
      buildingName: string | null;
    }>`select o.oldmanId, o.oldmanName, o.birthday, b.bedName, rm.roomName, f.floorName, bd.buildingName
      from oldman o
      left join bed b on b.bedId = o.bedId left join room rm on rm.roomId = b.roomId
      left join floor f on f.floorId = rm.floorId left join building bd on bd.buildingId = f.buildingId
      where ${scoped(r, 'o')} and ${inResidence('o')} and substr(o.birthday, 6, 2) = ${month}
      order by substr(o.birthday, 9, 2), o.oldmanId`,
  );
  const year = Number(r.today.slice(0, 4));
  return list.map((e) => ({
    oldmanId: e.oldmanId,
    oldmanName: e.oldmanName,
    birthday: e.birthday,
    day: Number(e.birthday.slice(8, 10)),
    age: year - Number(e.birthday.slice(0, 4)),
    bedName:
      e.bedName && e.roomName && e.floorName && e.buildingName
        ? bedPath({
            bedName: e.bedName,
            roomName: e.roomName,
            floorName: e.floorName,
            buildingName: e.buildingName,
          })
        : null,
  }));
}
