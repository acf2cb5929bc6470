import { sql } from 'kysely';
import { localDateTime, localDateTimeMs, localDay } from '../../../domain/clock.js';
import { ActivityStatus } from '../../../machines/activityMachine.js';
import type { Db } from '../../../server/db/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
/** A wall-clock time `offset` from now, on a five-minute mark. */
const at = (offset: number) => localDateTime(Math.floor((Date.now() + offset) / (5 * MINUTE)) * 5 * MINUTE);
/** The day `offset` from today at a time of day 'HH:mm'. */
const onDay = (offset: number, time: string) => `${localDay(Date.now() + offset)} ${time}:00`;
const plus = (stamp: string, ms: number) => localDateTime(localDateTimeMs(stamp) + ms);

type Seed = {
  name: string;
  type: string;
  place: string;
  organiser: string;
  content: string;
  /** Registration opens and closes, the activity starts, relative to now; it lasts `hours`. */
  opens: number;
  closes: number;
  starts: number;
  hours: number;
  /** The time of day it starts (registration opens at 08:00 and closes at 17:30); without it, `starts` from now. */
  time?: string;
  capacity: number;
  registered: number;
  signedIn: number;
  signedOut: number;
  cancelled?: string;
};

const seeds: Seed[] = [
  {
    name: '重阳节联欢会',
    type: '3',
    place: '1号楼一层多功能厅',
    organiser: '李晓燕',
    content: '合唱、戏曲选段、猜灯谜，欢迎长者报名参加，家属可陪同观看。',
    opens: -2 * DAY,
    closes: 3 * DAY,
    starts: 4 * DAY,
    hours: 2,
    time: '14:30',
    capacity: 30,
    registered: 6,
    signedIn: 0,
    signedOut: 0,
  },
  {
    name: '康复操集体训练',
    type: '2',
    place: '2号楼康复训练室',
    organiser: '王建国',
    content: '康复师带领做肩颈和下肢康复操，行动不便的长者由护理员陪同。',
    opens: -5 * DAY,
    closes: -1 * DAY,
    starts: -1 * HOUR,
    hours: 3,
    capacity: 20,
    registered: 8,
    signedIn: 5,
    signedOut: 0,
  },
  {
    name: '书法兴趣课',
    type: '1',
    place: '1号楼二层阅览室',
    organiser: '陈淑芬',
    content: '毛笔楷书入门，纸笔由院里准备。',
    opens: -12 * DAY,
    closes: -8 * DAY,
    starts: -7 * DAY,
    hours: 2,
    time: '09:30',
    capacity: 12,
    registered: 10,
    signedIn: 8,
    signedOut: 7,
  },
  {
    name: '春季养生健康讲座',
    type: '4',
    place: '1号楼一层多功能厅',
    organiser: '赵明',
    content: '社区医院医生讲解春季常见病预防。',
    opens: -3 * DAY,
    closes: 5 * DAY,
    starts: 6 * DAY,
    hours: 1.5,
    time: '15:00',
    capacity: 50,
    registered: 0,
    signedIn: 0,
    signedOut: 0,
    cancelled: '主讲医生临时有事，讲座改期另行通知',
  },
  {
    name: '手工折纸活动',
    type: '1',
    place: '2号楼活动室',
    organiser: '李晓燕',
    content: '折纸花、纸鹤，锻炼手指灵活性。',
    opens: 2 * DAY,
    closes: 6 * DAY,
    starts: 7 * DAY,
    hours: 2,
    time: '14:00',
    capacity: 15,
    registered: 0,
    signedIn: 0,
    signedOut: 0,
  },
];

/**
 * 活动 of the first institution, once: one open for registration with some registered, one being
 * held now with some signed in, one finished with sign records, one cancelled, one not yet open.
 */
export async function seedActivities(db: Db) {
  const org = await sql<{ orgId: number }>`select orgId from org order by orgId limit 1`.execute(db);
  const orgId = org.rows[0]?.orgId;
  if (orgId === undefined) return;
  const seeded = await sql`select 1 from piActivity where orgId = ${orgId} limit 1`.execute(db);
  if (seeded.rows.length) return;
  // the department with the most residents holds the activities
  const dept = await sql<{ deptId: number }>`select deptId from oldman where orgId = ${orgId}
    and oldmanStatus = 1 group by deptId order by count(*) desc limit 1`.execute(db);
  const deptId = dept.rows[0]?.deptId;
  if (deptId === undefined) return;
  const elders = await sql<{ oldmanId: number }>`select oldmanId from oldman where orgId = ${orgId}
    and deptId = ${deptId} and oldmanStatus = 1 order by oldmanId limit 12`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (const s of seeds) {
      const opens = s.time ? onDay(s.opens, '08:00') : at(s.opens);
      const closes = s.time ? onDay(s.closes, '17:30') : at(s.closes);
      const starts = s.time ? onDay(s.starts, s.time) : at(s.starts);
      const ends = plus(starts, s.hours * HOUR);
      const created = plus(opens, -DAY);
      const { rows } = await sql<{ activityId: number }>`insert into piActivity (orgId, deptId, activityName,
          activityType, activityPlace, organiser, registerStart, registerEnd, startTime, endTime, capacity,
          content, registerCount, activityStatus, cancelReason, cancelTime, createTime, updateTime)
        values (${orgId}, ${deptId}, ${s.name}, ${s.type}, ${s.place}, ${s.organiser}, ${opens},
          ${closes}, ${starts}, ${ends}, ${s.capacity}, ${s.content},
          ${s.registered}, ${s.cancelled ? ActivityStatus.cancelled : ActivityStatus.normal},
          ${s.cancelled ?? null}, ${s.cancelled ? at(-DAY) : null}, ${created}, ${created})
        returning activityId`.execute(trx);
      const activityId = Number(rows[0]?.activityId);
      for (const [i, e] of elders.rows.slice(0, s.registered).entries()) {
        const registered = plus(opens, (i + 1) * 47 * MINUTE);
        const signIn = i < s.signedIn ? plus(starts, (i - 6) * MINUTE) : null;
        const signOut = i < s.signedOut ? plus(ends, (i - 3) * MINUTE) : null;
        await sql`insert into piActivityRegister (orgId, deptId, activityId, oldmanId, registerTime, registerBy,
            signStatus, signInTime, signOutTime, createTime, updateTime)
          values (${orgId}, ${deptId}, ${activityId}, ${e.oldmanId}, ${registered}, ${s.organiser},
            ${signOut ? 2 : signIn ? 1 : 0}, ${signIn}, ${signOut}, ${registered}, ${registered})`.execute(
          trx,
        );
      }
    }
  });
}
