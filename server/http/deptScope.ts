import { type RawBuilder, sql } from 'kysely';
import { Code } from '../../domain/codes.js';
import { ALL_DATA_DEPTS } from '../../domain/deptChoice.js';
import type { SessionUser } from '../auth/tokens.js';
import type { Db } from '../db/index.js';
import { ApiFailure } from './failure.js';

/**
 * The data-department scope of a request, in one place (spec 000 §4 "After login the user may select
 * a data department", §6 "Department data scope comes from dataDeptInfoList"):
 *
 * - **reading** — what lists, lookups, reports and counts show — is the department the user chose,
 *   or every department the user holds when 全部部门 (0) is chosen or none is chosen yet;
 * - **holding** — what a user may change, or open by its id — is every department the user holds.
 *
 * Live safety signals (alarms, calls, positions) follow what the user holds, not the choice: a view
 * filter must not hide an alarm of a ward the nurse answers for (docs/decisions.md).
 */
export type ScopeUser = Pick<SessionUser, 'dataDeptIds' | 'selectedDeptId'>;

/** Matches no department: `in (-1)` keeps an empty scope a valid SQL list. */
const NO_DEPT = -1;

/** The chosen department when the user holds it; null for 全部部门, no choice, or a choice since taken away. */
function chosenDept(user: ScopeUser): number | null {
  const chosen = user.selectedDeptId;
  if (chosen === null || chosen === ALL_DATA_DEPTS) return null;
  return user.dataDeptIds.includes(chosen) ? chosen : null;
}

/** Departments a request reads (never empty). */
export function readDeptIds(user: ScopeUser): number[] {
  const chosen = chosenDept(user);
  if (chosen !== null) return [chosen];
  return user.dataDeptIds.length ? [...user.dataDeptIds] : [NO_DEPT];
}

/** Departments the user holds (never empty). */
export function heldDeptIds(user: ScopeUser): number[] {
  return user.dataDeptIds.length ? [...user.dataDeptIds] : [NO_DEPT];
}

const inList = (column: string | RawBuilder<unknown>, depts: number[]) =>
  sql<boolean>`${typeof column === 'string' ? sql.ref(column) : column} in (${sql.join(depts.map((d) => sql.lit(d)))})`;

/** `column in (…)` of the reading scope, for raw SQL. Literals, so a query's plan and cache key follow the scope. */
export const inReadDepts = (column: string | RawBuilder<unknown>, user: ScopeUser) =>
  inList(column, readDeptIds(user));

/** `column in (…)` of the departments the user holds. */
export const inHeldDepts = (column: string | RawBuilder<unknown>, user: ScopeUser) =>
  inList(column, heldDeptIds(user));

export const holdsDept = (user: ScopeUser, deptId: number): boolean => user.dataDeptIds.includes(deptId);

/** Refuses (10301 无权访问该数据部门) a department the user does not hold. */
export function requireDept(user: ScopeUser | null, deptId: number): void {
  if (!user || !holdsDept(user, deptId)) throw new ApiFailure(Code.deptNotAllowed);
}

/** Where a new row goes when it names no department: the chosen one, else the first the user holds. */
export function defaultDeptId(user: ScopeUser): number {
  return chosenDept(user) ?? user.dataDeptIds[0] ?? 0;
}

/** The reading scope as a cache-key part: answers kept for one scope are never sent to another. */
export const readScopeKey = (user: ScopeUser): string => readDeptIds(user).join(',');

/**
 * The department of an elder of the user's organisation that the user holds: a row naming an elder
 * (family, visit, outing, cost setting, carer) goes in the elder's department. Refuses an unknown
 * elder with `missing` (10001) and another department with 10301.
 */
export async function elderDept(
  ctx: { db: Db; user: ScopeUser & { orgId: number } },
  oldmanId: number,
  missing = '长者不存在',
): Promise<number> {
  const elder = await ctx.db
    .selectFrom('oldman')
    .select('deptId')
    .where('oldmanId', '=', oldmanId)
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!elder) throw new ApiFailure(Code.invalidInput, missing);
  requireDept(ctx.user, elder.deptId);
  return elder.deptId;
}
