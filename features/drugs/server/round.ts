import { sql } from 'kysely';
import { localDay, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { IN_HOUSE_STATUSES } from '../../../domain/resources/residence.js';
import { DoseState } from '../../../domain/statuses/drugs.js';
import {
  type MedicationDoseEvent,
  medicationDoseEvents,
  medicationDoseWorkflow,
} from '../../../machines/medicationDoseMachine.js';
import { advance } from '../../../machines/workflow.js';
import { inReadDepts, requireDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { doseTimesOf, type RoundAnswer, type RoundDose, type RoundDoseBody } from '../api.js';
import { giveDose } from './custody.js';

/**
 * 今日用药, the medication round (issue #42 point 3; docs/decisions.md "The medication round"): the
 * due doses of a day are computed from 用药设置 (each active schedule, once per 服药时间), and what was
 * done with each is a row of drugRoundDose made by the first 服药, 拒服 or 暂停. Nothing is generated
 * ahead, so a schedule changed in the morning changes the afternoon's round at once.
 */

const inHouse = sql.join(IN_HOUSE_STATUSES.map((s) => sql.lit(s)));

/** The usable custody of an elder's drug on `day`: open records not expired by then. */
const usable = (day: string) =>
  sql`k.keepState in (1, 2) and k.restQuantity > 0 and (k.expiryDate is null or k.expiryDate = '' or k.expiryDate >= ${day})`;

const dueOn = (day: string) =>
  sql`s.setStatus = 1 and s.startDate <= ${day} and (s.endDate is null or s.endDate = '' or s.endDate >= ${day})`;

interface SetRow {
  setId: number;
  oldmanId: number;
  drugId: number;
  dose: number;
  timesPerDay: number;
  useTimes: string | null;
  oldmanName: string | null;
  drugName: string | null;
  drugSpec: string | null;
  unit: string | null;
  buildingId: number | null;
  floorId: number | null;
  floorName: string | null;
  roomName: string | null;
  bedName: string | null;
  restQuantity: number | null;
  due: number;
}

interface DoseRow {
  doseId: number;
  setId: number;
  slot: string;
  doseState: number;
  plannedQuantity: number;
  quantity: number | null;
  reason: string | null;
  doneTime: string;
  doneByName: string;
}

const num = (v: unknown) => (v == null ? null : Number(v));

/** The home's day now (the server's clock, which tests set). */
export const roundToday = (ctx: Ctx) => localDay(ctx.services.now());

/**
 * A day's round in the user's reading departments: the floors with their doses still 待服, and the
 * doses of one floor or building (every one when neither is asked), by floor, room, bed and time. A
 * schedule no longer due still shows the doses recorded under it that day.
 */
export async function medicationRound(
  ctx: Ctx,
  roundDate: string,
  filter: { floorId?: number; buildingId?: number },
): Promise<RoundAnswer> {
  const { rows: sets } = await sql<SetRow>`select s.setId, s.oldmanId, s.drugId, s.dose, s.timesPerDay,
      s.useTimes, m.oldmanName, d.drugName, coalesce(d.drugSpec, '') as drugSpec, coalesce(d.unit, '') as unit,
      f.buildingId, f.floorId, coalesce(bd.buildingName || ' ', '') || f.floorName as floorName, r.roomName,
      b.bedName,
      (select coalesce(sum(k.restQuantity), 0) from drugKeep k where k.orgId = s.orgId
        and k.oldmanId = s.oldmanId and k.drugId = s.drugId and ${usable(roundDate)}) as restQuantity,
      case when ${dueOn(roundDate)} and m.oldmanStatus in (${inHouse}) then 1 else 0 end as due
    from drugSet s join oldman m on m.oldmanId = s.oldmanId join drugDict d on d.drugId = s.drugId
      left join bed b on b.bedId = m.bedId left join room r on r.roomId = b.roomId
      left join floor f on f.floorId = r.floorId left join building bd on bd.buildingId = f.buildingId
    where s.orgId = ${ctx.user.orgId} and ${inReadDepts('s.deptId', ctx.user)}
      and ((${dueOn(roundDate)} and m.oldmanStatus in (${inHouse}))
        or exists (select 1 from drugRoundDose x where x.setId = s.setId and x.roundDate = ${roundDate}))
      ${filter.buildingId ? sql`and f.buildingId = ${filter.buildingId}` : sql``}
    order by f.buildingId, f.floorNo, f.floorId, r.roomName, b.bedName, s.setId`.execute(ctx.db);
  const { rows: done } = await sql<DoseRow>`select x.doseId, x.setId, x.slot, x.doseState, x.plannedQuantity,
      x.quantity, x.reason, x.doneTime, x.doneByName
    from drugRoundDose x where x.orgId = ${ctx.user.orgId} and x.roundDate = ${roundDate}
      and ${inReadDepts('x.deptId', ctx.user)}`.execute(ctx.db);
  const recorded = new Map(done.map((d) => [`${Number(d.setId)}|${d.slot}`, d]));

  const all: RoundDose[] = [];
  for (const s of sets) {
    const setId = Number(s.setId);
    const slots = new Set(Number(s.due) ? doseTimesOf(s.useTimes, Number(s.timesPerDay)) : []);
    for (const d of done) if (Number(d.setId) === setId) slots.add(d.slot);
    for (const slot of slots) {
      const r = recorded.get(`${setId}|${slot}`);
      const quantity = num(r?.quantity);
      const planned = num(r?.plannedQuantity);
      all.push({
        setId,
        slot,
        roundDate,
        oldmanId: Number(s.oldmanId),
        oldmanName: s.oldmanName ?? '',
        drugId: Number(s.drugId),
        drugName: s.drugName ?? '',
        drugSpec: s.drugSpec ?? '',
        unit: s.unit ?? '',
        dose: Number(s.dose),
        restQuantity: Number(s.restQuantity ?? 0),
        doseState: r ? Number(r.doseState) : DoseState.pending,
        quantity,
        differs: r !== undefined && Number(r.doseState) === DoseState.given && quantity !== planned,
        plannedQuantity: planned,
        reason: r?.reason ?? null,
        doneTime: r?.doneTime ?? null,
        doneByName: r?.doneByName ?? null,
        buildingId: num(s.buildingId),
        floorId: num(s.floorId),
        floorName: s.floorName,
        roomName: s.roomName,
        bedName: s.bedName,
      });
    }
  }
  // the floors in the order of the query (building, floor number), each with what is left on it
  const floors = new Map<number, RoundAnswer['floors'][number]>();
  for (const d of all) {
    if (d.floorId === null) continue;
    const f = floors.get(d.floorId) ?? {
      floorId: d.floorId,
      floorName: d.floorName ?? '',
      buildingId: d.buildingId,
      pending: 0,
      total: 0,
    };
    f.total += 1;
    if (d.doseState === DoseState.pending) f.pending += 1;
    floors.set(d.floorId, f);
  }
  // each elder where the query put the bed (building, floor, room, bed), then the day's times and drugs
  const place = new Map<number, number>();
  for (const d of all) if (!place.has(d.oldmanId)) place.set(d.oldmanId, place.size);
  const list = (filter.floorId ? all.filter((d) => d.floorId === filter.floorId) : all).sort(
    (a, b) =>
      (place.get(a.oldmanId) ?? 0) - (place.get(b.oldmanId) ?? 0) ||
      a.slot.localeCompare(b.slot) ||
      a.drugName.localeCompare(b.drugName, 'zh'),
  );
  return { roundDate, floors: [...floors.values()], list };
}

interface SetForDose {
  setId: number;
  orgId: number;
  deptId: number;
  oldmanId: number;
  drugId: number;
  dose: number;
  timesPerDay: number;
  useTimes: string | null;
  setStatus: number;
  startDate: string;
  endDate: string | null;
  oldmanName: string | null;
  oldmanStatus: number | null;
  drugName: string | null;
  unit: string | null;
}

const refuse = (message: string): never => {
  throw new ApiFailure(Code.actionRefused, message);
};

/**
 * 服药 / 拒服 / 暂停 of one due dose, in the route's transaction. The machine says whether the dose
 * still takes the event; the row is claimed first (one per schedule, day and time), so of two nurses
 * at the same bed one records and the other is told. 服药 writes its 用药记录 by giveDose — the same
 * draw as 用药记录 › 新增, so the kept rest falls — from the custody records that expire first.
 */
export async function recordDose(ctx: Ctx, body: RoundDoseBody) {
  const today = roundToday(ctx);
  const day = body.roundDate ?? today;
  if (day > today) throw new ApiFailure(Code.invalidInput, '不能记录以后日期的用药');
  const { rows } = await sql<SetForDose>`select s.setId, s.orgId, s.deptId, s.oldmanId, s.drugId, s.dose,
      s.timesPerDay, s.useTimes, s.setStatus, s.startDate, s.endDate, m.oldmanName, m.oldmanStatus,
      d.drugName, coalesce(d.unit, '') as unit
    from drugSet s left join oldman m on m.oldmanId = s.oldmanId left join drugDict d on d.drugId = s.drugId
    where s.setId = ${body.setId} and s.orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const set = rows[0];
  if (!set) throw new ApiFailure(Code.notFound, '用药设置不存在');
  requireDept(ctx.user, Number(set.deptId));
  const who = `${set.oldmanName ?? ''}的${set.drugName ?? ''}`;
  const { label } = medicationDoseEvents[body.event];
  const due =
    Number(set.setStatus) === 1 &&
    String(set.startDate) <= day &&
    (!set.endDate || String(set.endDate) >= day) &&
    doseTimesOf(set.useTimes, Number(set.timesPerDay)).includes(body.slot);
  if (!due) refuse(`${who}在${day} ${body.slot}没有应服的药`);
  if (!IN_HOUSE_STATUSES.includes(Number(set.oldmanStatus)))
    refuse(`长者${set.oldmanName ?? ''}已不在院，不能${label}`);

  const stored = await sql<{ doseState: number; reason: string | null }>`select doseState, reason
    from drugRoundDose where setId = ${body.setId} and roundDate = ${day} and slot = ${body.slot}`.execute(
    ctx.db,
  );
  const sent: MedicationDoseEvent =
    body.event === 'dose.give' ? { type: body.event } : { type: body.event, reason: body.reason ?? '' };
  const next = advance(medicationDoseWorkflow, stored.rows[0] ?? {}, sent, label);
  if (!next.ok) return refuse(`本次用药${next.reason}`);
  const doseState = Number(next.fields.doseState);
  const planned = Number(set.dose);
  const quantity = body.event === 'dose.give' ? (body.quantity ?? planned) : null;
  const nurse = await sql<{
    empName: string;
  }>`select empName from emp where empId = ${ctx.user.empId ?? 0}`.execute(ctx.db);
  const doneByName = nurse.rows[0]?.empName ?? ctx.user.loginName;
  const stamp = nowStamp();
  const claimed = await sql<{ doseId: number }>`insert into drugRoundDose (orgId, deptId, setId, oldmanId,
      drugId, roundDate, slot, doseState, plannedQuantity, quantity, reason, remark, doneTime, doneByName,
      createTime, updateTime, createBy)
    values (${set.orgId}, ${set.deptId}, ${set.setId}, ${set.oldmanId}, ${set.drugId}, ${day}, ${body.slot},
      ${doseState}, ${planned}, ${quantity}, ${(next.fields.reason as string | null) ?? null},
      ${body.remark ?? ''}, ${stamp}, ${doneByName}, ${stamp}, ${stamp}, ${ctx.user.userId})
    on conflict (setId, roundDate, slot) do nothing returning doseId`.execute(ctx.db);
  const doseId = Number(claimed.rows[0]?.doseId ?? 0);
  if (!doseId) refuse('本次用药已被他人记录，请刷新后重试');

  const useIds: number[] = [];
  const unit = set.unit ?? '';
  if (quantity !== null) {
    const keeps = await sql<{ keepId: number; restQuantity: number }>`select k.keepId, k.restQuantity
      from drugKeep k where k.orgId = ${set.orgId} and k.oldmanId = ${set.oldmanId} and k.drugId = ${set.drugId}
        and ${usable(day)} order by k.expiryDate, k.keepId`.execute(ctx.db);
    const have = keeps.rows.reduce((sum, k) => sum + Number(k.restQuantity), 0);
    if (have < quantity)
      throw new ApiFailure(
        Code.drugKeepInsufficient,
        `代管药品余量不足：${who}现余${have}${unit}，不能服用${quantity}${unit}`,
      );
    // a dose given late is entered at its time; today's at the moment it is recorded
    const useTime = day === today ? null : `${day} ${body.slot}:00`;
    const differs = quantity !== planned ? `，用量与设置的${planned}${unit}不同` : '';
    const remark = `今日用药 ${body.slot}${differs}${body.remark ? `：${body.remark}` : ''}`.slice(0, 100);
    let left = quantity;
    for (const k of keeps.rows) {
      if (left <= 0) break;
      const part = Math.min(left, Number(k.restQuantity));
      const given = await giveDose(ctx.db, ctx.user, {
        oldmanId: Number(set.oldmanId),
        keepId: Number(k.keepId),
        quantity: part,
        useTime,
        remark,
      });
      useIds.push(given.id);
      left -= part;
    }
    await sql`update drugRoundDose set useIds = ${useIds.join(',')} where doseId = ${doseId}`.execute(ctx.db);
  }
  const rest = await sql<{ n: number }>`select coalesce(sum(k.restQuantity), 0) as n from drugKeep k
    where k.orgId = ${set.orgId} and k.oldmanId = ${set.oldmanId} and k.drugId = ${set.drugId}
      and ${usable(day)}`.execute(ctx.db);
  const what =
    quantity !== null
      ? `${quantity}${unit}${quantity !== planned ? `（设置为${planned}${unit}）` : ''}`
      : `（${String(next.fields.reason ?? '')}）`;
  ctx.describe(`${label}：${set.oldmanName ?? ''} ${set.drugName ?? ''} ${day} ${body.slot} ${what}`);
  return {
    doseId,
    doseState,
    useIds,
    differs: quantity !== null && quantity !== planned,
    restQuantity: Number(rest.rows[0]?.n ?? 0),
  };
}
