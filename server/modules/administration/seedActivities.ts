import { sql } from 'kysely';
import { localDateTime } from '../../../domain/clock.js';
import { ActivityStatus } from '../../../machines/activityMachine.js';
import type { Db } from '../../db/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A wall-clock time `offset` from now, on the hour or half hour. */
const at = (offset: number) => localDateTime(Math.floor((Date.now() + offset) / (HOUR / 2)) * (HOUR / 2));

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
      const created = at(s.opens - DAY);
      const { rows } = await sql<{ activityId: number }>`insert into piActivity (orgId, deptId, activityName,
          activityType, activityPlace, organiser, registerStart, registerEnd, startTime, endTime, capacity,
          content, registerCount, activityStatus, cancelReason, cancelTime, createTime, updateTime)
        values (${orgId}, ${deptId}, ${s.name}, ${s.type}, ${s.place}, ${s.organiser}, ${at(s.opens)},
          ${at(s.closes)}, ${at(s.starts)}, ${at(s.starts + s.hours * HOUR)}, ${s.capacity}, ${s.content},
          ${s.registered}, ${s.cancelled ? ActivityStatus.cancelled : ActivityStatus.normal},
          ${s.cancelled ?? null}, ${s.cancelled ? at(-DAY) : null}, ${created}, ${created})
        returning activityId`.execute(trx);
      const activityId = Number(rows[0]?.activityId);
      for (const [i, e] of elders.rows.slice(0, s.registered).entries()) {
        const registered = at(s.opens + (i + 1) * HOUR);
        const signIn = i < s.signedIn ? at(s.starts + 5 * 60_000) : null;
        const signOut = i < s.signedOut ? at(s.starts + s.hours * HOUR) : null;
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
