import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx } from '../../../server/resources/engine.js';
import type { Operator } from './book.js';
import type { ElderRow } from './monthEnd.js';

/** An elder of the user's organisation and data departments, or 10004 / 10301. */
export async function elderOf(ctx: Ctx, oldmanId: number): Promise<ElderRow> {
  const found =
    await sql<ElderRow>`select oldmanId, oldmanName, oldmanIdcard, deptId, oldmanStatus, nursingLevel,
      checkInDate, leaveDate, bedId from oldman where oldmanId = ${oldmanId} and orgId = ${ctx.user.orgId}`.execute(
      ctx.db,
    );
  const elder = found.rows[0];
  if (!elder) throw new ApiFailure(Code.notFound, '长者不存在');
  ctx.requireDept(elder.deptId);
  return elder;
}

/** Who does it, for trades and receipts: the signed-in staff member. */
export async function operator(ctx: Ctx): Promise<Operator> {
  const emp = await ctx.db
    .selectFrom('emp')
    .select('empName')
    .where('empId', '=', ctx.user.empId)
    .executeTakeFirst();
  return { operatorId: ctx.user.userId, operatorName: emp?.empName ?? ctx.user.loginName };
}
