import { sql } from 'kysely';
import { satisfies } from '../../../domain/authorityExpr.js';
import { Code } from '../../../domain/codes.js';
import { LiveAuthority as A } from '../../../domain/resources/oldman.js';
import { OutStatus } from '../../../domain/resources/outing.js';
import {
  adjustSchema,
  exchangeSchema,
  isLiveStatus,
  ResidencePaths as P,
  statusChangeSchema,
} from '../../../domain/resources/residence.js';
import {
  eventAuthority,
  eventFor,
  holdsBed,
  type ResidenceEvent,
  residenceEvents,
  residenceEventTypes,
  residenceTransition,
  takesBed,
} from '../../../machines/residenceMachine.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf } from '../../../server/http/schemas.js';
import { bedAdjusted, bedsExchanged, statusChanged } from '../api/residence.js';
import { loadBed, loadFreeBed, moveDevices, setResidence, syncBeds } from './beds.js';
import { deptMoves, moveWords, recordDeptMoves } from './deptMove.js';
import { record } from './residenceHistory.js';
import { fieldsOf, loadElder, statusName, today } from './residenceStore.js';

/**
 * The residence workflow (spec 001 §4): a status change asks residenceMachine; moving a bed and
 * swapping two keep the status. Every change keeps beds, devices and the history in step.
 */
const changeStatus = route({
  method: 'PUT',
  url: P.status,
  auth: `${A.liveCheckIn}|${A.liveChange}`,
  log: { type: 'UPDATE', name: '变更入住状态' },
  params: idsOf('oldmanId', 'oldmanStatusNew'),
  body: statusChangeSchema,
  response: statusChanged,
  async handler(ctx) {
    const { oldmanId, oldmanStatusNew: to } = ctx.params;
    if (!isLiveStatus(to)) throw new ApiFailure(Code.invalidInput, '入住状态无效');
    const body = ctx.body;
    const elder = await loadElder(ctx, oldmanId);
    const before = fieldsOf(elder);
    const type = eventFor(before.oldmanStatus, to);
    if (!type) {
      const wanted = residenceEventTypes.find((t) => residenceEvents[t].to === to) ?? 'WAIT';
      throw new ApiFailure(
        Code.conflict,
        `当前状态为${statusName(before.oldmanStatus)}，不能${residenceEvents[wanted].label}`,
      );
    }
    if (!satisfies(ctx.user.authority, eventAuthority(type)))
      throw new ApiFailure(Code.noAuthority, '权限不足');
    const date = body.date ?? today(ctx);
    const event = (
      takesBed(type) ? { type, bedId: body.bedId ?? null, date } : { type, date }
    ) as ResidenceEvent;
    const result = residenceTransition(before, event);
    if (!result.ok) throw new ApiFailure(Code.conflict, result.reason);
    const next = result.next;
    if (type === 'QUIT' && before.checkInDate && date < before.checkInDate)
      throw new ApiFailure(Code.invalidInput, '退住日期不能早于入住日期');
    // An elder out on an outing comes back (返院登记) before leaving the home for good.
    if (type === 'QUIT') {
      const out =
        await sql`select 1 from oldmanOut where oldmanId = ${oldmanId} and outStatus = ${OutStatus.out}`.execute(
          ctx.db,
        );
      if (out.rows.length) throw new ApiFailure(Code.conflict, '长者外出中，请先办理返院登记再退住');
    }
    let deptId = Number(elder.deptId);
    let moves: Awaited<ReturnType<typeof deptMoves>> = [];
    if (next.bedId !== null && next.bedId !== before.bedId) {
      const bed = await loadFreeBed(ctx, next.bedId, oldmanId);
      moves = await deptMoves(ctx, [{ elder, fromBedId: before.bedId, bed }], body.confirmDeptMove);
      deptId = bed.deptId;
    } else if (next.bedId !== null) await loadBed(ctx, next.bedId);
    await setResidence(ctx.db, oldmanId, { ...next, deptId });
    if (deptId !== Number(elder.deptId)) await moveDevices(ctx.db, oldmanId, deptId);
    await syncBeds(ctx.db, [before.bedId, next.bedId]);
    await record(ctx, {
      oldmanId,
      deptId,
      eventType: type,
      eventName: residenceEvents[type].label,
      fromStatus: before.oldmanStatus,
      toStatus: next.oldmanStatus,
      fromBedId: before.bedId,
      toBedId: next.bedId,
      date,
      note: body.note ?? '',
    });
    await recordDeptMoves(ctx, moves, residenceEvents[type].label);
    ctx.describe(`${residenceEvents[type].label}：${String(elder.oldmanName)}${moveWords(moves)}`);
    return { oldmanId, ...next, deptId };
  },
});

const adjustBed = route({
  method: 'PUT',
  url: P.adjust,
  auth: A.liveBed,
  log: { type: 'UPDATE', name: '调整床位' },
  body: adjustSchema,
  response: bedAdjusted,
  async handler(ctx) {
    const body = ctx.body;
    const elder = await loadElder(ctx, body.oldmanId);
    const before = fieldsOf(elder);
    if (!holdsBed(before.oldmanStatus) || before.bedId === null)
      throw new ApiFailure(Code.conflict, `当前状态为${statusName(before.oldmanStatus)}，不能调整床位`);
    if (body.bedId === before.bedId) throw new ApiFailure(Code.invalidInput, '请选择另一张床位');
    await loadBed(ctx, before.bedId);
    const bed = await loadFreeBed(ctx, body.bedId, body.oldmanId);
    const moves = await deptMoves(ctx, [{ elder, fromBedId: before.bedId, bed }], body.confirmDeptMove);
    await setResidence(ctx.db, body.oldmanId, { bedId: bed.bedId, deptId: bed.deptId });
    if (bed.deptId !== Number(elder.deptId)) await moveDevices(ctx.db, body.oldmanId, bed.deptId);
    await syncBeds(ctx.db, [before.bedId, bed.bedId]);
    await record(ctx, {
      oldmanId: body.oldmanId,
      deptId: bed.deptId,
      eventType: 'ADJUST',
      eventName: '调整床位',
      fromStatus: before.oldmanStatus,
      toStatus: before.oldmanStatus,
      fromBedId: before.bedId,
      toBedId: bed.bedId,
      date: body.date ?? today(ctx),
      note: body.note ?? '',
    });
    await recordDeptMoves(ctx, moves, '调整床位');
    ctx.describe(`调整床位：${String(elder.oldmanName)} → ${bed.path}${moveWords(moves)}`);
    return { oldmanId: body.oldmanId, bedId: bed.bedId };
  },
});

/** Swaps two held beds in one transaction; the first elder steps off its bed so the index holds. */
const exchangeBeds = route({
  method: 'PUT',
  url: P.exchange,
  auth: A.liveBed,
  log: { type: 'UPDATE', name: '交换床位' },
  body: exchangeSchema,
  response: bedsExchanged,
  async handler(ctx) {
    const body = ctx.body;
    const a = await loadElder(ctx, body.oldmanId);
    const b = await loadElder(ctx, body.otherOldmanId);
    const fa = fieldsOf(a);
    const fb = fieldsOf(b);
    for (const [row, f] of [
      [a, fa],
      [b, fb],
    ] as const)
      if (!holdsBed(f.oldmanStatus) || f.bedId === null)
        throw new ApiFailure(
          Code.conflict,
          `${String(row.oldmanName)}当前状态为${statusName(f.oldmanStatus)}，不能交换床位`,
        );
    const bedA = await loadBed(ctx, fa.bedId as number);
    const bedB = await loadBed(ctx, fb.bedId as number);
    const moves = await deptMoves(
      ctx,
      [
        { elder: a, fromBedId: bedA.bedId, bed: bedB },
        { elder: b, fromBedId: bedB.bedId, bed: bedA },
      ],
      body.confirmDeptMove,
    );
    await setResidence(ctx.db, body.oldmanId, { bedId: null });
    await setResidence(ctx.db, body.otherOldmanId, { bedId: bedA.bedId, deptId: bedA.deptId });
    await setResidence(ctx.db, body.oldmanId, { bedId: bedB.bedId, deptId: bedB.deptId });
    if (bedB.deptId !== Number(a.deptId)) await moveDevices(ctx.db, body.oldmanId, bedB.deptId);
    if (bedA.deptId !== Number(b.deptId)) await moveDevices(ctx.db, body.otherOldmanId, bedA.deptId);
    await syncBeds(ctx.db, [bedA.bedId, bedB.bedId]);
    const date = body.date ?? today(ctx);
    for (const [row, f, from, to, other] of [
      [a, fa, bedA, bedB, b],
      [b, fb, bedB, bedA, a],
    ] as const)
      await record(ctx, {
        oldmanId: Number(row.oldmanId),
        deptId: to.deptId,
        eventType: 'EXCHANGE',
        eventName: '交换床位',
        fromStatus: f.oldmanStatus,
        toStatus: f.oldmanStatus,
        fromBedId: from.bedId,
        toBedId: to.bedId,
        date,
        note: [`与${String(other.oldmanName)}交换`, body.note].filter(Boolean).join('；'),
      });
    await recordDeptMoves(ctx, moves, '交换床位');
    ctx.describe(`交换床位：${String(a.oldmanName)} ⇄ ${String(b.oldmanName)}${moveWords(moves)}`);
    return {
      oldmanId: body.oldmanId,
      bedId: bedB.bedId,
      otherOldmanId: body.otherOldmanId,
      otherBedId: bedA.bedId,
    };
  },
});

export const workflowRoutes: AnyRoute[] = [adjustBed, exchangeBeds, changeStatus];
