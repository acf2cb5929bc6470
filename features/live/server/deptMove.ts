import { Code } from '../../../domain/codes.js';
import { type DeptMove, deptMoveQuestion } from '../../../domain/resources/residence.js';
import { placesOfBeds } from '../../../server/db/bedPlaces.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx, Row } from '../../../server/resources/engine.js';
import type { Bed } from './beds.js';
import { addModifyRecord } from './oldman.js';

/** An elder a residence change puts in the data department of their new bed. */
export interface PlannedMove extends DeptMove {
  oldmanId: number;
  /** The bed the elder leaves, by its full name; '' when they held none. */
  fromBedName: string;
}

/**
 * The elders of a residence change whose new bed belongs to another data department than theirs
 * (issue #36 point 5). Refused, before anything is written, unless the body carries
 * confirmDeptMove: true; the refusal's message is the question the console asks.
 */
export async function deptMoves(
  ctx: Ctx,
  entries: { elder: Row; fromBedId: number | null; bed: Bed }[],
  confirmed: boolean | undefined,
): Promise<PlannedMove[]> {
  const moving = entries.filter((e) => Number(e.elder.deptId) !== e.bed.deptId);
  if (!moving.length) return [];
  const deptIds = [...new Set(moving.flatMap((e) => [Number(e.elder.deptId), e.bed.deptId]))];
  const depts = await ctx.db
    .selectFrom('dept')
    .select(['deptId', 'deptName'])
    .where('deptId', 'in', deptIds)
    .execute();
  const deptName = new Map(depts.map((d) => [Number(d.deptId), d.deptName]));
  const fromBeds = moving.flatMap((e) => (e.fromBedId === null ? [] : [e.fromBedId]));
  const places = await placesOfBeds(ctx.db, fromBeds);
  const moves = moving.map(({ elder, fromBedId, bed }) => ({
    oldmanId: Number(elder.oldmanId),
    oldmanName: String(elder.oldmanName),
    sex: elder.sex === null || elder.sex === undefined ? null : Number(elder.sex),
    bedName: bed.path,
    fromDept: deptName.get(Number(elder.deptId)) ?? '未知部门',
    toDept: deptName.get(bed.deptId) ?? '未知部门',
    fromBedName: fromBedId === null ? '' : (places.get(fromBedId)?.path ?? ''),
  }));
  if (confirmed !== true) throw new ApiFailure(Code.deptMoveUnconfirmed, deptMoveQuestion(moves));
  return moves;
}

/** A 修改记录 row per moved elder, headed by the change that moved them (预订, 调整床位, …). */
export async function recordDeptMoves(ctx: Ctx, moves: readonly PlannedMove[], section: string) {
  for (const m of moves)
    await addModifyRecord(ctx, m.oldmanId, section, [
      { field: 'deptId', label: '所属部门', before: m.fromDept, after: m.toDept },
      { field: 'bedId', label: '床位', before: m.fromBedName, after: m.bedName },
    ]);
}

/** The operation log's words for the moves: （所属部门：护理二部 → 护理一部）. */
export const moveWords = (moves: readonly PlannedMove[]) =>
  moves.length === 0
    ? ''
    : moves.length === 1
      ? `（所属部门：${moves[0]?.fromDept} → ${moves[0]?.toDept}）`
      : `（所属部门：${moves.map((m) => `${m.oldmanName} ${m.fromDept} → ${m.toDept}`).join('；')}）`;
