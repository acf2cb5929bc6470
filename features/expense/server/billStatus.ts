import type { Selectable } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import {
  type BillEventType,
  BillStatus,
  type BillStatusCode,
  billTransition,
} from '../../../machines/billMachine.js';
import type { Db } from '../../../server/db/index.js';
import type { BillTable } from '../../../server/db/schema.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf } from '../../../server/http/schemas.js';
import { postTrade, reverseTrade } from '../../../server/ledger/ledger.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { ExpensePaths as P, receiptPrintUrl } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import {
  antiSettled,
  billBody,
  elderDues,
  payAnswer,
  payBatchAnswer,
  payBatchBody,
  payBatchQuery,
  payBody,
  payParams,
  voided,
} from '../resources/costBills.js';
import { payWayLabel, TxType } from '../resources/costCommon.js';
import { billOf } from './billRecord.js';
import { cashAccount, elderAccount, line, type Operator, stampReceipt } from './book.js';
import { elderOf, operator } from './elders.js';

/**
 * A bill's status changes (spec 001 §4: 缴费, 反结算, 作废), each one billMachine's transition from
 * the stored status; the refusal is the machine's (账单已缴费，不能作废账单).
 */
function move(status: number, type: BillEventType) {
  const result = billTransition(status as BillStatusCode, type);
  if (!result.ok) throw new ApiFailure(Code.billState, result.reason);
  return result.next;
}

/** Marks a bill paid with one trade: from the prepaid balance (payWay 1) or money by `payWay`. */
export async function settleBill(
  db: Db,
  orgId: number,
  bill: Selectable<BillTable>,
  payWay: number,
  who: Operator,
) {
  const next = move(bill.billStatus, 'PAY');
  const from = payWay === 1 ? elderAccount(bill.oldmanId, 'prestore') : cashAccount(payWay);
  const posted = await postTrade(db, {
    orgId,
    txType: TxType.payment,
    tradeType: 3,
    payWay: String(payWay),
    oldmanId: bill.oldmanId,
    memo: `${bill.billMonth} 月账单缴费（${payWayLabel(payWay)}）`,
    refType: 'bill',
    refId: bill.billId,
    ...who,
    lines: [
      line(from, payWay === 1 ? -bill.payableFen : bill.payableFen),
      line(elderAccount(bill.oldmanId, 'receivable'), -bill.payableFen),
    ],
  });
  const receiptNo = await stampReceipt(db, orgId, posted.txId);
  await db
    .updateTable('bill')
    .set({ billStatus: next, payTxId: posted.txId, payWay, payTime: nowStamp() })
    .where('billId', '=', bill.billId)
    .execute();
  return { billId: bill.billId, txId: posted.txId, receiptNo };
}

/** Pays one bill of the user's departments. */
const payBill = async (ctx: Ctx, billId: number, payWay: number, who: Operator) =>
  settleBill(ctx.db, ctx.user.orgId, await billOf(ctx, billId), payWay, who);

/** Reverses a bill's charge and every adjustment of it. */
async function voidCharges(ctx: Ctx, billId: number, chargeTxId: number) {
  const who = await operator(ctx);
  const adjustments = await ctx.db
    .selectFrom('ledgerTx')
    .select('txId')
    .where('refType', '=', 'bill')
    .where('refId', '=', billId)
    .where('txType', 'in', [TxType.billAdjust])
    .where('reversedByTxId', 'is', null)
    .execute();
  for (const a of adjustments)
    await reverseTrade(ctx.db, ctx.user.orgId, a.txId, { txType: TxType.voidBill, ...who });
  await reverseTrade(ctx.db, ctx.user.orgId, chargeTxId, {
    txType: TxType.voidBill,
    memo: '作废账单',
    ...who,
  });
}

export function billStatusRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.payBatch,
      auth: A.billPay,
      summary: '长者待缴账单',
      query: payBatchQuery,
      response: elderDues,
      async handler(ctx) {
        // What a batch payment would take: each elder's unpaid bills.
        const out = [];
        for (const id of ctx.query.oldmanIds) {
          const elder = await elderOf(ctx, id);
          const bills = await ctx.db
            .selectFrom('bill')
            .selectAll()
            .where('orgId', '=', ctx.user.orgId)
            .where('oldmanId', '=', id)
            .where('billStatus', '=', BillStatus.unpaid)
            .orderBy('billMonth')
            .execute();
          out.push({
            oldmanId: id,
            oldmanName: elder.oldmanName,
            bills,
            payableSum: bills.reduce((s, b) => s + b.payableFen, 0),
          });
        }
        return out;
      },
    }),
    route({
      method: 'POST',
      url: P.payBatch,
      auth: A.billPay,
      log: { type: 'POST', name: '账单缴费' },
      body: payBatchBody,
      response: payBatchAnswer,
      async handler(ctx) {
        const who = await operator(ctx);
        const paid = [];
        for (const id of new Set(ctx.body.billIds)) paid.push(await payBill(ctx, id, ctx.body.payWay, who));
        ctx.describe(`缴费 ${paid.length} 份账单（${payWayLabel(ctx.body.payWay)}）`);
        return { count: paid.length, paid };
      },
    }),
    route({
      method: 'POST',
      url: P.pay,
      auth: A.billPay,
      log: { type: 'POST', name: '账单缴费' },
      params: payParams,
      body: payBody,
      response: payAnswer,
      async handler(ctx) {
        const done = await payBill(ctx, ctx.body.billId, ctx.body.payWay, await operator(ctx));
        return { ...done, printUrl: ctx.params.print ? receiptPrintUrl([done.txId]) : null };
      },
    }),
    route({
      method: 'PUT',
      url: P.antiSettle,
      auth: A.billAntiSettle,
      log: { type: 'PUT', name: '账单反结算' },
      body: billBody,
      response: antiSettled,
      async handler(ctx) {
        const bill = await billOf(ctx, ctx.body.billId);
        const next = move(bill.billStatus, 'ANTI_SETTLE');
        if (bill.payTxId === null) throw new ApiFailure(Code.billState, '账单没有缴费记录');
        const reversed = await reverseTrade(ctx.db, ctx.user.orgId, bill.payTxId, {
          txType: TxType.antiSettle,
          memo: `${bill.billMonth} 月账单反结算`,
          ...(await operator(ctx)),
        });
        await ctx.db
          .updateTable('bill')
          .set({ billStatus: next, payTxId: null, payWay: null, payTime: null })
          .where('billId', '=', bill.billId)
          .execute();
        ctx.describe(`${bill.billMonth} 月账单 #${bill.billId}`);
        return { billId: bill.billId, txId: reversed.txId };
      },
    }),
    route({
      method: 'DELETE',
      url: P.voidBill,
      auth: A.billCreate,
      log: { type: 'DELETE', name: '作废账单' },
      params: idsOf('billId'),
      response: voided,
      async handler(ctx) {
        const bill = await billOf(ctx, ctx.params.billId);
        const next = move(bill.billStatus, 'VOID');
        await voidCharges(ctx, bill.billId, bill.chargeTxId);
        await ctx.db
          .updateTable('bill')
          .set({ billStatus: next })
          .where('billId', '=', bill.billId)
          .execute();
        ctx.describe(`${bill.billMonth} 月账单 #${bill.billId}`);
        return { billId: bill.billId };
      },
    }),
  ];
}
