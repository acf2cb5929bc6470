import { sql } from 'kysely';
import { localDateTimeMs, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { type CustodyEvent, custodyEvents, custodyStep } from '../../../machines/drugCustodyMachine.js';
import type { Db } from '../../../server/db/index.js';
import { requireDept, type ScopeUser } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { KeepType, TakeType } from '../api.js';

/**
 * The custody ledger of an elder's drugs (issue #16), in the style of the warehouse's stock ledger:
 * every movement (received, dose, given back, destroyed) is a line of drugKeepRecord with its signed
 * quantity and the rest after it; drugKeep.restQuantity is the book of each custody record. The
 * database refuses a rest below zero or above what was received by itself (ensureKeepGuards).
 */
export const REST_OUT_OF_RANGE = '代管药品余量不能为负数';

export async function ensureKeepGuards(db: Db) {
  const bad = 'new.restQuantity is null or new.restQuantity < 0 or new.restQuantity > new.quantity';
  for (const statement of [
    `create trigger if not exists drugKeep_rest_insert before insert on drugKeep
      when ${bad} begin select raise(abort, '${REST_OUT_OF_RANGE}'); end`,
    `create trigger if not exists drugKeep_rest_update before update of restQuantity, quantity on drugKeep
      when ${bad} begin select raise(abort, '${REST_OUT_OF_RANGE}'); end`,
  ])
    await sql.raw(statement).execute(db);
}

export type Who = ScopeUser & { orgId: number; empId?: number | null; loginName: string };

export async function operatorName(db: Db, user: Who) {
  const { rows } = await sql<{
    empName: string;
  }>`select empName from emp where empId = ${user.empId ?? 0}`.execute(db);
  return rows[0]?.empName ?? user.loginName;
}

interface KeepRow {
  keepId: number;
  orgId: number;
  deptId: number;
  oldmanId: number;
  drugId: number;
  keepState: number;
  quantity: number;
  restQuantity: number;
  unit: string;
  oldmanName: string;
  drugName: string;
}

/** A custody record of the user's organisation that the user's departments hold, or 10004 / 10301. */
export async function keepOf(db: Db, user: Who, keepId: number): Promise<KeepRow> {
  const { rows } = await sql<KeepRow>`select k.*, coalesce(o.oldmanName, '') as oldmanName,
      coalesce(d.drugName, '') as drugName
    from drugKeep k left join oldman o on o.oldmanId = k.oldmanId left join drugDict d on d.drugId = k.drugId
    where k.keepId = ${keepId} and k.orgId = ${user.orgId}`.execute(db);
  const row = rows[0];
  if (!row) throw new ApiFailure(Code.notFound, '代管药品不存在');
  requireDept(user, Number(row.deptId));
  return row;
}

interface Movement {
  keep: KeepRow;
  keepType: number;
  /** Signed: + received, − drawn. */
  quantity: number;
  balanceAfter: number;
  docId: number;
  moveTime: string;
  operatorName: string;
}

export async function writeMovement(db: Db, m: Movement) {
  const k = m.keep;
  const stamp = nowStamp();
  await sql`insert into drugKeepRecord (orgId, deptId, keepId, oldmanId, drugId, keepType, quantity,
      balanceAfter, unit, docId, moveTime, operatorName, createTime, updateTime)
    values (${k.orgId}, ${k.deptId}, ${k.keepId}, ${k.oldmanId}, ${k.drugId}, ${m.keepType}, ${m.quantity},
      ${m.balanceAfter}, ${k.unit}, ${m.docId}, ${m.moveTime}, ${m.operatorName}, ${stamp}, ${stamp})`.execute(
    db,
  );
}

const verbs: Record<CustodyEvent['type'], string> = {
  'custody.use': '服用',
  'custody.giveBack': '退还',
  'custody.destroy': '销毁',
};

/**
 * Draws units from a custody record through drugCustodyMachine: a closed record is refused (10010),
 * more than the rest is refused (10901 代管药品余量不足：…) — by one conditional statement, so twenty
 * nurses giving the last five tablets at once let exactly five doses through. Answers the rest after.
 */
export async function draw(db: Db, keep: KeepRow, event: CustodyEvent): Promise<number> {
  const short = (have: number) =>
    new ApiFailure(
      Code.drugKeepInsufficient,
      `代管药品余量不足：${keep.oldmanName}的${keep.drugName}现余${have}${keep.unit}，不能${verbs[event.type]}${event.quantity}${keep.unit}`,
    );
  const step = custodyStep(keep as unknown as Record<string, unknown>, event);
  if (!step.ok) {
    if (step.beyondRest) throw short(Number(keep.restQuantity));
    throw new ApiFailure(Code.actionRefused, step.reason);
  }
  const { rows } = await sql<{ restQuantity: number }>`update drugKeep
    set restQuantity = restQuantity - ${event.quantity}, updateTime = ${nowStamp()}
    where keepId = ${keep.keepId} and restQuantity >= ${event.quantity} and keepState in (1, 2)
    returning restQuantity`.execute(db);
  const after = rows[0];
  if (!after) {
    // another nurse drew first: say what is left now
    const now = await sql<{ restQuantity: number; keepState: number }>`select restQuantity, keepState
      from drugKeep where keepId = ${keep.keepId}`.execute(db);
    const fresh = { ...keep, ...now.rows[0] };
    const again = custodyStep(fresh as unknown as Record<string, unknown>, event);
    if (!again.ok && !again.beyondRest) throw new ApiFailure(Code.actionRefused, again.reason);
    throw short(Number(fresh.restQuantity));
  }
  // the machine names the state the rest leaves the record in (使用中, or closed when nothing is left)
  const rest = Number(after.restQuantity);
  const next = custodyStep({ keepState: keep.keepState, restQuantity: rest + event.quantity }, event);
  if (!next.ok) throw new Error(`custody step refused after the draw: ${next.reason}`);
  await sql`update drugKeep set keepState = ${next.keepState} where keepId = ${keep.keepId}`.execute(db);
  return rest;
}

/** A dose or take-out time: given (not in the future) or now. */
export function eventTime(given: string | null | undefined, label: string): string {
  const now = nowStamp();
  if (!given) return now;
  const stamp = given.length === 16 ? `${given}:00` : given;
  if (localDateTimeMs(stamp) > localDateTimeMs(now) + 60_000)
    throw new ApiFailure(Code.invalidInput, `${label}不能晚于当前时间`);
  return stamp;
}

export interface DoseInput {
  /** The elder the dose was chosen for (用药记录 › 新增): the custody record must be this elder's. */
  oldmanId?: number | null;
  keepId: number;
  quantity: number;
  useTime?: string | null;
  remark?: string | null;
}

/** What the operation log says of a draw: 苏玉珍 二甲双胍片 2片. */
const drawn = (keep: KeepRow, quantity: number) =>
  `${keep.oldmanName} ${keep.drugName} ${quantity}${keep.unit}`;

/** 用药: one dose from a custody record; answers the new useId and the log's words. */
export async function giveDose(db: Db, user: Who, input: DoseInput): Promise<{ id: number; text: string }> {
  const keep = await keepOf(db, user, input.keepId);
  if (input.oldmanId != null && Number(keep.oldmanId) !== input.oldmanId)
    throw new ApiFailure(
      Code.invalidInput,
      `所选代管药品不是该长者的药品（${keep.drugName}属于${keep.oldmanName}）`,
    );
  const useTime = eventTime(input.useTime, '用药时间');
  const rest = await draw(db, keep, { type: 'custody.use', quantity: input.quantity });
  const nurse = await operatorName(db, user);
  const stamp = nowStamp();
  const inserted = await sql<{ id: number }>`insert into drugUse (orgId, deptId, keepId, oldmanId, drugId,
      quantity, unit, useTime, nurseName, remark, createTime, updateTime)
    values (${keep.orgId}, ${keep.deptId}, ${keep.keepId}, ${keep.oldmanId}, ${keep.drugId}, ${input.quantity},
      ${keep.unit}, ${useTime}, ${nurse}, ${input.remark ?? ''}, ${stamp}, ${stamp}) returning useId as id`.execute(
    db,
  );
  const useId = Number(inserted.rows[0]?.id);
  await writeMovement(db, {
    keep,
    keepType: KeepType.use,
    quantity: -input.quantity,
    balanceAfter: rest,
    docId: useId,
    moveTime: useTime,
    operatorName: nurse,
  });
  return { id: useId, text: drawn(keep, input.quantity) };
}

export interface TakeInput {
  keepId: number;
  takeType: number;
  quantity: number;
  receiverName: string;
  remark?: string | null;
}

/** 取药: units given back to the family or destroyed; answers the new takeId and the log's words. */
export async function takeOut(db: Db, user: Who, input: TakeInput): Promise<{ id: number; text: string }> {
  const keep = await keepOf(db, user, input.keepId);
  const destroy = input.takeType === TakeType.destroy;
  const event: CustodyEvent = {
    type: destroy ? 'custody.destroy' : 'custody.giveBack',
    quantity: input.quantity,
  };
  const rest = await draw(db, keep, event);
  const name = await operatorName(db, user);
  const stamp = nowStamp();
  const inserted = await sql<{ id: number }>`insert into drugTake (orgId, deptId, keepId, oldmanId, drugId,
      takeType, quantity, unit, receiverName, takeTime, operatorName, remark, createTime, updateTime)
    values (${keep.orgId}, ${keep.deptId}, ${keep.keepId}, ${keep.oldmanId}, ${keep.drugId}, ${input.takeType},
      ${input.quantity}, ${keep.unit}, ${input.receiverName}, ${stamp}, ${name}, ${input.remark ?? ''},
      ${stamp}, ${stamp}) returning takeId as id`.execute(db);
  const takeId = Number(inserted.rows[0]?.id);
  await writeMovement(db, {
    keep,
    keepType: destroy ? KeepType.destroy : KeepType.giveBack,
    quantity: -input.quantity,
    balanceAfter: rest,
    docId: takeId,
    moveTime: stamp,
    operatorName: name,
  });
  return { id: takeId, text: drawn(keep, input.quantity) };
}

export const takeLabel = (takeType: number) =>
  custodyEvents[takeType === TakeType.destroy ? 'custody.destroy' : 'custody.giveBack'].label;

/** Every custody record's rest = the sum of its movements (the institution's, both directions). */
export async function reconcileKeeps(db: Db, orgId: number) {
  const { rows } = await sql<{ keepId: number; rest: number; moved: number }>`
    select k.keepId, k.restQuantity as rest, coalesce(sum(r.quantity), 0) as moved
    from drugKeep k left join drugKeepRecord r on r.keepId = k.keepId
    where k.orgId = ${orgId} group by k.keepId`.execute(db);
  const mismatches = rows
    .map((r) => ({ keepId: Number(r.keepId), rest: Number(r.rest), moved: Number(r.moved) }))
    .filter((r) => r.rest !== r.moved);
  return { balanced: mismatches.length === 0, checked: rows.length, mismatches };
}
