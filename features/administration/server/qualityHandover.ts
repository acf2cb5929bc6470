import { sql } from 'kysely';
import { z } from 'zod';
import { AlarmStatus } from '../../../domain/alarms.js';
import { localDateTime, localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { OutStatus } from '../../../domain/resources/outing.js';
import { TaskStatus } from '../../../domain/statuses/care.js';
import { handoverWorkflow } from '../../../machines/handoverMachine.js';
import { offers } from '../../../machines/workflow.js';
import type { Db } from '../../../server/db/index.js';
import { defaultDeptId, elderDept, holdsDept } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noBody } from '../../../server/http/schemas.js';
import type { Ctx, Row } from '../../../server/resources/engine.js';
import { signAlarmText } from '../../care/api/careHealth.js';
import {
  QualityAuthority as A,
  gatherAnswer,
  type gatheredItem,
  gatherQuery,
  QualityPaths as P,
} from '../api/quality.js';
import { elderInHouse, refuse, userName } from './qualitySteps.js';

/**
 * 交接班 that gathers the shift (issue #37 point 4): the shift now and its hours, what of it the
 * giver hands over (open alarms, abnormal vital signs, unfinished or refused care tasks, elders out),
 * taking one into an elder's note, and the receiver's 已知晓 per note.
 */

/** handoverShift codes (早班, 中班, 夜班) and the one after each. */
const SHIFTS = [1, 2, 3] as const;
const NEXT_SHIFT: Record<number, number> = { 1: 2, 2: 3, 3: 1 };

/**
 * Hours of each shift when the home defines none (docs/decisions.md "交接班 gathers the shift"):
 * 早班 07:00–15:00, 中班 15:00–23:00, 夜班 23:00–次日07:00.
 */
export const DEFAULT_SHIFT_TIMES: Record<number, { start: string; end: string }> = {
  1: { start: '07:00', end: '15:00' },
  2: { start: '15:00', end: '23:00' },
  3: { start: '23:00', end: '07:00' },
};

/** The home's hours of 早班, 中班, 夜班: its enabled attendance shifts of those names, else the defaults. */
export async function shiftTimes(db: Db, orgId: number) {
  const rows = await sql<{ shiftName: string; startTime: string; endTime: string }>`select shiftName,
      startTime, endTime from attendanceShift where orgId = ${orgId} and status = 1
      order by shiftPkId`.execute(db);
  const times = { ...DEFAULT_SHIFT_TIMES };
  for (const code of SHIFTS) {
    const own = rows.rows.find((r) => r.shiftName === dictLabel('handoverShift', code));
    if (own && /^\d\d:\d\d$/.test(own.startTime) && /^\d\d:\d\d$/.test(own.endTime))
      times[code] = { start: own.startTime, end: own.endTime };
  }
  return times;
}

const nextDay = (day: string) => localDay(Date.parse(`${day}T12:00:00`) + 86_400_000);
const previousDay = (day: string) => localDay(Date.parse(`${day}T12:00:00`) - 86_400_000);

/** The hours of a shift begun on `day` (交班日期 is the day the shift began): [from, to). */
export function shiftWindow(day: string, shift: number, times: typeof DEFAULT_SHIFT_TIMES) {
  const t = times[shift] ?? DEFAULT_SHIFT_TIMES[1];
  if (!t) return { from: `${day} 00:00:00`, to: `${nextDay(day)} 00:00:00` };
  const overnight = t.end <= t.start;
  return { from: `${day} ${t.start}:00`, to: `${overnight ? nextDay(day) : day} ${t.end}:00` };
}

/** The shift `now` falls in, and the day it began (a 02:00 in 夜班 belongs to the evening before). */
export function shiftAt(now: string, times: typeof DEFAULT_SHIFT_TIMES) {
  const today = now.slice(0, 10);
  for (const day of [today, previousDay(today)])
    for (const shift of SHIFTS) {
      const w = shiftWindow(day, shift, times);
      if (w.from <= now && now < w.to) return { day, shift, ...w };
    }
  return { day: today, shift: 1, ...shiftWindow(today, 1, times) };
}

type Gathered = z.infer<typeof gatheredItem>;

/** The elder's name and bed, joined in each gathered query: only the department's elders. */
const elderOf = (
  alias: string,
  deptId: number,
) => sql`join oldman o on o.oldmanId = ${sql.ref(`${alias}.oldmanId`)}
  and o.deptId = ${deptId} left join bed b on b.bedId = o.bedId`;

/** What the department's shift hands over, read from the records where it happened. */
async function gather(db: Db, orgId: number, deptId: number, from: string, to: string) {
  const alarms = await sql<Row>`select a.oldmanId, coalesce(o.oldmanName, a.oldmanName) as oldmanName,
      coalesce(b.bedName, a.bedName) as bedName, a.alarmTypeName, a.content, a.lastTime
    from alarmRecord a left join oldman o on o.oldmanId = a.oldmanId left join bed b on b.bedId = o.bedId
    where a.orgId = ${orgId} and a.deptId = ${deptId} and a.status = ${AlarmStatus.unhandled}
    order by a.lastTime`.execute(db);
  const vitals =
    await sql<Row>`select s.*, o.oldmanName, b.bedName from piOldmanSign s ${elderOf('s', deptId)}
    where s.orgId = ${orgId} and s.abnormal = 1 and s.measureTime >= ${from} and s.measureTime < ${to}
    order by s.measureTime`.execute(db);
  const tasks = await sql<Row>`select t.oldmanId, t.taskDate, t.slot, t.taskStatus, t.reason, o.oldmanName,
      b.bedName, p.projectName from nursingTask t ${elderOf('t', deptId)}
      left join careProject p on p.projectId = t.projectId
    where t.orgId = ${orgId} and t.taskStatus in (${TaskStatus.pending}, ${TaskStatus.missed})
      and (t.taskDate || ' ' || t.slot) >= ${from.slice(0, 16)} and (t.taskDate || ' ' || t.slot) < ${to.slice(0, 16)}
    order by t.taskDate, t.slot, t.taskId`.execute(db);
  const outings = await sql<Row>`select x.oldmanId, x.destination, x.actualOutTime, x.expectedReturnTime,
      o.oldmanName, b.bedName from oldmanOut x ${elderOf('x', deptId)}
    where x.orgId = ${orgId} and x.outStatus = ${OutStatus.out} order by x.actualOutTime`.execute(db);
  const item = (kind: Gathered['kind'], r: Row, time: string, text: string): Gathered => ({
    kind,
    oldmanId: r.oldmanId == null ? null : Number(r.oldmanId),
    oldmanName: r.oldmanName == null ? null : String(r.oldmanName),
    bedName: r.bedName == null ? null : String(r.bedName),
    time,
    text,
  });
  return {
    alarms: alarms.rows.map((r) =>
      item(
        'alarm',
        r,
        localDateTime(Number(r.lastTime)),
        `告警未处理：${String(r.alarmTypeName)}，${String(r.content)}`,
      ),
    ),
    vitals: vitals.rows.map((r) =>
      item(
        'vital',
        r,
        String(r.measureTime),
        `体征异常：${
          signAlarmText({
            signType: Number(r.signType),
            systolic: r.systolic as number | null,
            diastolic: r.diastolic as number | null,
            bloodOxygen: r.bloodOxygen as number | null,
            bloodSugar: r.bloodSugar as string | null,
            heartRate: r.heartRate as number | null,
            temperature: r.temperature as string | null,
          }) ?? dictLabel('signType', Number(r.signType))
        }（${String(r.measureTime).slice(11, 16)}测）`,
      ),
    ),
    tasks: tasks.rows.map((r) =>
      item(
        'task',
        r,
        `${String(r.taskDate)} ${String(r.slot)}`,
        `护理任务${dictLabel('nursingTaskStatus', Number(r.taskStatus))}：${String(r.projectName ?? '')}（${String(r.slot)}）${
          r.reason ? `，${String(r.reason)}` : ''
        }`,
      ),
    ),
    outings: outings.rows.map((r) =>
      item(
        'outing',
        r,
        String(r.actualOutTime ?? ''),
        `外出中：${String(r.destination)}，预计${String(r.expectedReturnTime).slice(0, 16)}返院`,
      ),
    ),
  };
}

/** A handover of the organisation in a department the user holds, still being written. */
export async function handoverOf(ctx: Ctx, handoverId: number) {
  const found = await sql<Row>`select * from qualityHandover
    where handoverId = ${handoverId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const handover = found.rows[0];
  if (!handover) return refuse('交接班记录不存在', Code.invalidInput);
  ctx.requireDept(Number(handover.deptId));
  if (!offers(handoverWorkflow, handover, 'handover.edit')) refuse('交接班记录已接班确认，不能修改');
  return handover;
}

/** The giver's own department when the user holds it, else where a new row goes. */
async function giverDept(ctx: Ctx) {
  const emp = await sql<{ deptId: number }>`select deptId from emp where empId = ${ctx.user.empId}
    and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const own = Number(emp.rows[0]?.deptId ?? 0);
  return own && holdsDept(ctx.user, own) ? own : defaultDeptId(ctx.user);
}

/** How many notes of a handover the receiver has not yet marked 已知晓. */
export async function unacknowledged(db: Db, handoverId: number) {
  const rows = await sql<{ n: number }>`select count(*) as n from qualityHandoverItem
    where handoverId = ${handoverId} and ackTime is null`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

const NOTE_MAX = 300;

export function handoverGatherRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.handoverGather,
      auth: A.handover,
      summary: '交接班：本班次待交代事项',
      query: gatherQuery,
      response: gatherAnswer,
      async handler(ctx) {
        const c = ctx as unknown as Ctx;
        const times = await shiftTimes(ctx.db, ctx.user.orgId);
        let head: { handoverDate: string; fromShift: number; deptId: number; handedBy: number | null };
        if (ctx.query.handoverId) {
          const found =
            await sql<Row>`select * from qualityHandover where handoverId = ${ctx.query.handoverId}
            and orgId = ${ctx.user.orgId}`.execute(ctx.db);
          const h = found.rows[0];
          if (!h) return refuse('交接班记录不存在', Code.invalidInput);
          ctx.requireDept(Number(h.deptId));
          head = {
            handoverDate: String(h.handoverDate),
            fromShift: Number(h.fromShift),
            deptId: Number(h.deptId),
            handedBy: Number(h.handedBy),
          };
        } else {
          const now = shiftAt(localDateTime(ctx.services.now()), times);
          const deptId = ctx.query.deptId ?? (await giverDept(c));
          ctx.requireDept(deptId);
          const me =
            await sql`select 1 from emp where empId = ${ctx.user.empId} and orgId = ${ctx.user.orgId}`.execute(
              ctx.db,
            );
          head = {
            handoverDate: now.day,
            fromShift: now.shift,
            deptId,
            handedBy: me.rows.length ? ctx.user.empId : null,
          };
        }
        const { from, to } = shiftWindow(head.handoverDate, head.fromShift, times);
        return {
          ...head,
          toShift: NEXT_SHIFT[head.fromShift] ?? 1,
          from,
          to,
          ...(await gather(ctx.db, ctx.user.orgId, head.deptId, from, to)),
        };
      },
    }),
    route({
      method: 'PUT',
      url: P.handoverTake,
      auth: A.handoverEdit,
      summary: '交接班：记入长者交代',
      params: idParams,
      body: z.object({ oldmanId: z.number().int().positive(), text: z.string().trim().min(1).max(NOTE_MAX) }),
      response: z.object({ itemId: z.number().int() }),
      log: { type: 'UPDATE', name: '记入长者交代' },
      async handler(ctx) {
        const c = ctx as unknown as Ctx;
        const handover = await handoverOf(c, ctx.params.id);
        const { oldmanId, text } = ctx.body;
        if ((await elderDept(c, oldmanId)) !== Number(handover.deptId))
          refuse('该长者不属于本次交接班的护理部门', Code.invalidInput);
        const now = localDateTime(ctx.services.now());
        const found = await sql<Row>`select * from qualityHandoverItem where handoverId = ${ctx.params.id}
          and oldmanId = ${oldmanId}`.execute(ctx.db);
        const note = found.rows[0];
        const elder = await elderInHouse(c, oldmanId, note ? null : '记入交接班');
        ctx.describe(`记入长者交代：${elder?.oldmanName ?? oldmanId}`);
        if (!note) {
          const made = await sql<{
            itemId: number;
          }>`insert into qualityHandoverItem (orgId, deptId, handoverId,
              oldmanId, condition, createTime, updateTime, createBy)
            values (${ctx.user.orgId}, ${Number(handover.deptId)}, ${ctx.params.id}, ${oldmanId}, ${text},
              ${now}, ${now}, ${ctx.user.userId}) returning itemId`.execute(ctx.db);
          return { itemId: Number(made.rows[0]?.itemId) };
        }
        if (note.ackTime) refuse('接班人已知晓该长者的交代，不能再修改');
        const condition = String(note.condition ?? '');
        if (!condition.split('\n').includes(text)) {
          const joined = condition ? `${condition}\n${text}` : text;
          if (joined.length > NOTE_MAX) refuse(`病情与身体状况将超过${NOTE_MAX}字，请先精简该长者的交代`);
          await sql`update qualityHandoverItem set condition = ${joined}, updateTime = ${now}
            where itemId = ${Number(note.itemId)}`.execute(ctx.db);
        }
        return { itemId: Number(note.itemId) };
      },
    }),
    route({
      method: 'PUT',
      url: P.handoverItemAck,
      auth: A.handoverConfirm,
      summary: '接班人确认知晓长者交代',
      params: idParams,
      body: noBody,
      response: z.object({ itemId: z.number().int() }),
      log: { type: 'UPDATE', name: '确认知晓长者交代' },
      async handler(ctx) {
        const c = ctx as unknown as Ctx;
        const found = await sql<Row>`select i.*, o.oldmanName from qualityHandoverItem i
          left join oldman o on o.oldmanId = i.oldmanId
          where i.itemId = ${ctx.params.id} and i.orgId = ${ctx.user.orgId}`.execute(ctx.db);
        const note = found.rows[0];
        if (!note) return refuse('长者交代不存在', Code.invalidInput);
        const handover = await handoverOf(c, Number(note.handoverId));
        if (Number(handover.receivedBy) !== ctx.user.empId) refuse('只能由接班人本人确认知晓');
        if (note.ackTime) refuse(`已确认知晓${String(note.oldmanName ?? '')}的交代`);
        const now = localDateTime(ctx.services.now());
        await sql`update qualityHandoverItem set ackTime = ${now}, ackName = ${await userName(ctx.db, ctx.user)},
            updateTime = ${now} where itemId = ${ctx.params.id} and ackTime is null`.execute(ctx.db);
        ctx.describe(`确认知晓长者交代：${String(note.oldmanName ?? ctx.params.id)}`);
        return { itemId: ctx.params.id };
      },
    }),
  ];
}
