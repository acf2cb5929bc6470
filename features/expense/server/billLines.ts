import { sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { recordId } from '../../../server/http/schemas.js';
import { postTrade } from '../../../server/ledger/ledger.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import {
  addItemBody,
  billDetail as billDetailAnswer,
  billItem,
  billItemsQuery,
  changeItemBody,
  paymentTradeType,
} from '../resources/costBills.js';
import { TxType } from '../resources/costCommon.js';
import { billDetail, billOf, unpaidBillOf } from './billRecord.js';
import { elderAccount, incomeOf, line } from './book.js';
import { operator } from './elders.js';

/**
 * A bill's lines (spec 001 §7 payBack/project/{tradeType}): read them; while the bill is 待缴费 add,
 * change or remove a charge, each change a trade of the book (receivable against income).
 */
const typeParams = z.object({ tradeType: paymentTradeType });

async function itemOf(ctx: Ctx, itemId: number) {
  const item = await ctx.db
    .selectFrom('billItem')
    .selectAll()
    .where('itemId', '=', itemId)
    .executeTakeFirst();
  if (!item) throw new ApiFailure(Code.notFound, '账单明细不存在');
  return item;
}

type Adjusted = Awaited<ReturnType<typeof unpaidBillOf>>;

/** Changes an unpaid bill's total by `deltaFen` with a trade (receivable against income). */
async function adjustBill(
  ctx: Ctx,
  bill: Adjusted,
  deltaFen: number,
  memo: string,
  projectId: number | null,
) {
  if (deltaFen === 0) return;
  if (bill.payableFen + deltaFen < 0) throw new ApiFailure(Code.invalidInput, '调整后账单金额不能为负');
  await postTrade(ctx.db, {
    orgId: ctx.user.orgId,
    txType: TxType.billAdjust,
    oldmanId: bill.oldmanId,
    memo: `${bill.billMonth} 月账单${memo}`,
    refType: 'bill',
    refId: bill.billId,
    ...(await operator(ctx)),
    lines: [line(elderAccount(bill.oldmanId, 'receivable'), deltaFen), line(incomeOf(projectId), deltaFen)],
  });
  await ctx.db
    .updateTable('bill')
    .set({ totalFen: bill.totalFen + deltaFen, payableFen: bill.payableFen + deltaFen })
    .where('billId', '=', bill.billId)
    .execute();
}

export function billLineRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.billItems,
      auth: A.bill,
      summary: '账单明细',
      params: typeParams,
      query: billItemsQuery,
      response: z.array(billItem),
      async handler(ctx) {
        await billOf(ctx, ctx.query.billId);
        return ctx.db
          .selectFrom('billItem')
          .selectAll()
          .where('billId', '=', ctx.query.billId)
          .orderBy('itemId')
          .execute();
      },
    }),
    route({
      method: 'POST',
      url: P.billItems,
      auth: A.billCreate,
      log: { type: 'POST', name: '账单加项' },
      params: typeParams,
      body: addItemBody,
      response: billDetailAnswer,
      async handler(ctx) {
        const bill = await unpaidBillOf(ctx, ctx.body.billId);
        const found = await sql<{ projectId: number; projectName: string; price: number }>`select projectId,
            projectName, price from costProject where projectId = ${ctx.body.projectId} and orgId = ${ctx.user.orgId}`.execute(
          ctx.db,
        );
        const p = found.rows[0];
        if (!p) throw new ApiFailure(Code.invalidInput, '收费项目不存在');
        const unitFen = ctx.body.unitFen ?? p.price;
        const amountFen = unitFen * ctx.body.quantity;
        await adjustBill(ctx, bill, amountFen, `加项：${p.projectName}`, p.projectId);
        await ctx.db
          .insertInto('billItem')
          .values({
            billId: bill.billId,
            projectId: p.projectId,
            projectName: p.projectName,
            quantity: ctx.body.quantity,
            unitFen,
            days: null,
            amountFen,
            kind: 'charge',
          })
          .execute();
        return billDetail(ctx, bill.billId);
      },
    }),
    route({
      method: 'PUT',
      url: P.billItems,
      auth: A.billCreate,
      log: { type: 'PUT', name: '账单改项' },
      params: typeParams,
      body: changeItemBody,
      response: billDetailAnswer,
      async handler(ctx) {
        const item = await itemOf(ctx, ctx.body.tradeMonthDetailId);
        const bill = await unpaidBillOf(ctx, item.billId);
        if (item.kind !== 'charge') throw new ApiFailure(Code.invalidInput, '优惠行不能修改');
        const amountFen = ctx.body.unitFen * ctx.body.quantity;
        await adjustBill(ctx, bill, amountFen - item.amountFen, `改项：${item.projectName}`, item.projectId);
        await ctx.db
          .updateTable('billItem')
          .set({ quantity: ctx.body.quantity, unitFen: ctx.body.unitFen, amountFen, days: null })
          .where('itemId', '=', item.itemId)
          .execute();
        return billDetail(ctx, bill.billId);
      },
    }),
    route({
      method: 'DELETE',
      url: P.billItem,
      auth: A.billCreate,
      log: { type: 'DELETE', name: '账单删项' },
      params: typeParams.extend({ tradeMonthDetailId: recordId }),
      response: billDetailAnswer,
      async handler(ctx) {
        const item = await itemOf(ctx, ctx.params.tradeMonthDetailId);
        const bill = await unpaidBillOf(ctx, item.billId);
        if (item.kind !== 'charge') throw new ApiFailure(Code.invalidInput, '优惠行不能删除');
        await adjustBill(ctx, bill, -item.amountFen, `删项：${item.projectName}`, item.projectId);
        await ctx.db.deleteFrom('billItem').where('itemId', '=', item.itemId).execute();
        return billDetail(ctx, bill.billId);
      },
    }),
  ];
}
