import { Code } from '../../../domain/codes.js';
import { BillStatus } from '../../../machines/billMachine.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx } from '../../../server/resources/engine.js';
import type { BillDetail } from '../resources/costBills.js';

/** A bill of the user's organisation and data departments, or 10004 / 10301. */
export async function billOf(ctx: Ctx, billId: number) {
  const bill = await ctx.db
    .selectFrom('bill')
    .selectAll()
    .where('billId', '=', billId)
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!bill) throw new ApiFailure(Code.notFound, '账单不存在');
  ctx.requireDept(bill.deptId);
  return bill;
}

/** A bill whose lines may still change: only 待缴费. */
export async function unpaidBillOf(ctx: Ctx, billId: number) {
  const bill = await billOf(ctx, billId);
  if (bill.billStatus !== BillStatus.unpaid) throw new ApiFailure(Code.billState, '只有待缴费账单可以修改');
  return bill;
}

/** The bill with the elder's name and ID number and its lines. */
export async function billDetail(ctx: Ctx, billId: number): Promise<BillDetail> {
  const bill = await billOf(ctx, billId);
  const items = await ctx.db
    .selectFrom('billItem')
    .selectAll()
    .where('billId', '=', billId)
    .orderBy('itemId')
    .execute();
  const elder = await ctx.db
    .selectFrom('oldman')
    .select(['oldmanName', 'oldmanIdcard'])
    .where('oldmanId', '=', bill.oldmanId)
    .executeTakeFirst();
  return { ...bill, oldmanName: elder?.oldmanName ?? '', oldmanIdcard: elder?.oldmanIdcard ?? '', items };
}
