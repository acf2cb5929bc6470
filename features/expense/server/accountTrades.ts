import type { z } from 'zod';
import { today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { accountKinds } from '../../../domain/ledger.js';
import { formatYuan } from '../../../domain/resource.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf } from '../../../server/http/schemas.js';
import { postTrade, reverseTrade } from '../../../server/ledger/ledger.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { ExpensePaths as P, receiptPrintUrl } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import {
  batchReceiveAnswer,
  batchReceiveBody,
  batchReceiveParams,
  giftPreviewAnswer,
  giftPreviewQuery,
  receiveAnswer,
  receiveBody,
  receiveParams,
  remitBody,
  transferBody,
} from '../resources/costAccounts.js';
import { accountOfTradeType, payWayLabel, TxType, txAnswer } from '../resources/costCommon.js';
import { cashAccount, discountAccount, elderAccount, line, type Operator, stampReceipt } from './book.js';
import { elderOf, operator } from './elders.js';
import { fullGift } from './monthBill.js';
import { billSources } from './sources.js';
import { refuseUnaffordableVoid } from './voidRefusal.js';

/** Trades a person may make obsolete from the account screens (bills and settlements have their own undo). */
const obsoletable = new Set<string>([TxType.receive, TxType.refund, TxType.transfer, TxType.remit]);

/**
 * Money into an elder's account (tradeType 1, 2, 6, 5) or a refund out of one (4, `fromType`
 * naming the account) by `payWay`, with its receipt; a prepayment reaching a 满赠 rule brings the
 * rule's gift into the prepaid account.
 */
export async function moveMoney(
  db: Db,
  orgId: number,
  oldmanId: number,
  tradeType: number,
  body: { amount: number; payWay: number; remark?: string | undefined; fromType?: number | undefined },
  who: Operator,
) {
  const refund = tradeType === 4;
  const kind = refund ? accountOfTradeType[body.fromType ?? 1] : accountOfTradeType[tradeType];
  if (!kind) throw new ApiFailure(Code.invalidInput, '账户类型无效');
  const sign = refund ? -1 : 1;
  const posted = await postTrade(db, {
    orgId,
    txType: refund ? TxType.refund : TxType.receive,
    tradeType: refund ? 4 : tradeType,
    payWay: String(body.payWay),
    oldmanId,
    memo:
      body.remark ?? `${accountKinds[kind].label}${refund ? '退款' : '收款'}（${payWayLabel(body.payWay)}）`,
    refType: refund ? kind : null,
    ...who,
    lines: [
      line(cashAccount(body.payWay), sign * body.amount),
      line(elderAccount(oldmanId, kind), sign * body.amount),
    ],
  });
  const receiptNo = await stampReceipt(db, orgId, posted.txId);
  let gift = 0;
  if (tradeType === 1) {
    const sources = await billSources(db, orgId);
    const applies = fullGift(sources.giftRules, body.amount, today());
    if (applies) {
      gift = applies.gift;
      await postTrade(db, {
        orgId,
        txType: TxType.gift,
        tradeType: 1,
        oldmanId,
        memo: `满赠：${applies.rule.discountRuleName}`,
        refType: 'tx',
        refId: posted.txId,
        ...who,
        lines: [
          line(discountAccount(`rule:${applies.rule.setId}`), gift),
          line(elderAccount(oldmanId, 'prestore'), gift),
        ],
      });
    }
  }
  return {
    txId: posted.txId,
    receiptNo,
    gift,
    balance: [...posted.balances.values()][1] ?? 0,
    label: refund ? '退款' : accountKinds[kind].label,
  };
}

/** Money in (1, 2, 6, 5) or a refund (4) of an elder of the user's departments, with its receipt. */
async function receive(ctx: Ctx, tradeType: number, body: z.output<typeof receiveBody>) {
  const elder = await elderOf(ctx, body.oldmanId);
  const done = await moveMoney(ctx.db, ctx.user.orgId, elder.oldmanId, tradeType, body, await operator(ctx));
  ctx.describe(`${elder.oldmanName} ${done.label} ${formatYuan(body.amount)} 元`);
  const { label: _label, ...result } = done;
  return result;
}

/** 收款, 退款, 批量收款, 作废交易, 转账 and 划转 (spec 001 §7 account/...). */
export function accountTradeRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: P.receive,
      auth: A.accountTrade,
      log: { type: 'POST', name: '账户收退款' },
      params: receiveParams,
      body: receiveBody,
      response: receiveAnswer,
      async handler(ctx) {
        if (ctx.params.tradeType === 4 && ctx.body.fromType === undefined)
          throw new ApiFailure(Code.invalidInput, '请选择退款账户');
        const done = await receive(ctx, ctx.params.tradeType, ctx.body);
        return { ...done, printUrl: ctx.params.print ? receiptPrintUrl([done.txId]) : null };
      },
    }),
    route({
      method: 'GET',
      url: P.giftPreview,
      auth: A.accountTrade,
      summary: '满赠预览',
      query: giftPreviewQuery,
      response: giftPreviewAnswer,
      async handler(ctx) {
        // the very rule moveMoney applies on 确定收款
        const sources = await billSources(ctx.db, ctx.user.orgId);
        const applies = fullGift(sources.giftRules, ctx.query.amount, today());
        return applies
          ? { gift: applies.gift, threshold: applies.rule.threshold, ruleName: applies.rule.discountRuleName }
          : { gift: 0, threshold: null, ruleName: null };
      },
    }),
    route({
      method: 'POST',
      url: P.batchReceive,
      auth: A.accountTrade,
      log: { type: 'POST', name: '批量收款' },
      params: batchReceiveParams,
      body: batchReceiveBody,
      response: batchReceiveAnswer,
      async handler(ctx) {
        const seen = new Set<number>();
        for (const item of ctx.body.items) {
          if (seen.has(item.oldmanId)) throw new ApiFailure(Code.invalidInput, '同一长者不能重复出现');
          seen.add(item.oldmanId);
        }
        const done = [];
        for (const item of ctx.body.items)
          done.push(
            await receive(ctx, ctx.body.tradeType, {
              oldmanId: item.oldmanId,
              amount: item.amount,
              payWay: ctx.params.batchPayType,
              remark: ctx.body.remark,
            }),
          );
        ctx.describe(`批量收款 ${done.length} 位长者`);
        return { count: done.length, total: ctx.body.items.reduce((s, i) => s + i.amount, 0), trades: done };
      },
    }),
    route({
      method: 'DELETE',
      url: P.obsolete,
      auth: A.accountObsolete,
      log: { type: 'DELETE', name: '作废交易' },
      params: idsOf('tradeId'),
      response: txAnswer,
      async handler(ctx) {
        const tx = await ctx.db
          .selectFrom('ledgerTx')
          .selectAll()
          .where('txId', '=', ctx.params.tradeId)
          .where('orgId', '=', ctx.user.orgId)
          .executeTakeFirst();
        if (!tx) throw new ApiFailure(Code.notFound, '交易记录不存在');
        if (tx.oldmanId !== null) await elderOf(ctx, tx.oldmanId);
        if (!obsoletable.has(tx.txType))
          throw new ApiFailure(Code.invalidInput, '账单缴费请用反结算，退住结算请用撤销结算');
        // A prepayment that brought a 满赠 gift takes the gift back with it.
        const gifts = await ctx.db
          .selectFrom('ledgerTx')
          .select('txId')
          .where('refType', '=', 'tx')
          .where('refId', '=', tx.txId)
          .where('txType', '=', TxType.gift)
          .where('reversedByTxId', 'is', null)
          .execute();
        if (tx.reversedByTxId !== null || tx.reversesTxId !== null) throw new ApiFailure(Code.tradeVoided);
        // Refused in 长者账户's own figures before anything is written (the route's transaction
        // would roll a half-done void back too: the gift is never taken back alone).
        await refuseUnaffordableVoid(ctx.db, ctx.user.orgId, tx, [...gifts.map((g) => g.txId), tx.txId]);
        const who = await operator(ctx);
        for (const g of gifts)
          await reverseTrade(ctx.db, ctx.user.orgId, g.txId, { txType: TxType.obsolete, ...who });
        const reversed = await reverseTrade(ctx.db, ctx.user.orgId, tx.txId, {
          txType: TxType.obsolete,
          memo: `作废：${tx.memo}`,
          ...who,
        });
        ctx.describe(`作废交易 #${tx.txId}`);
        return { txId: reversed.txId };
      },
    }),
    route({
      method: 'PUT',
      url: P.transfer,
      auth: A.accountTrade,
      log: { type: 'PUT', name: '账户转账' },
      body: transferBody,
      response: txAnswer,
      async handler(ctx) {
        const { oldmanId, accountNumTo, tradeType, amount } = ctx.body;
        if (oldmanId === accountNumTo) throw new ApiFailure(Code.invalidInput, '转出和转入不能是同一位长者');
        const from = await elderOf(ctx, oldmanId);
        const to = await elderOf(ctx, accountNumTo);
        const kind = accountOfTradeType[tradeType] ?? 'prestore';
        const posted = await postTrade(ctx.db, {
          orgId: ctx.user.orgId,
          txType: TxType.transfer,
          tradeType,
          oldmanId: from.oldmanId,
          memo: ctx.body.remark ?? `${accountKinds[kind].label}转给${to.oldmanName}`,
          refType: 'oldman',
          refId: to.oldmanId,
          ...(await operator(ctx)),
          lines: [
            line(elderAccount(from.oldmanId, kind), -amount),
            line(elderAccount(to.oldmanId, kind), amount),
          ],
        });
        ctx.describe(`${from.oldmanName} → ${to.oldmanName} ${formatYuan(amount)} 元`);
        return { txId: posted.txId };
      },
    }),
    route({
      method: 'PUT',
      url: P.remit,
      auth: A.accountTrade,
      log: { type: 'PUT', name: '账户划转' },
      body: remitBody,
      response: txAnswer,
      async handler(ctx) {
        const { fromType, toType, amount } = ctx.body;
        if (fromType === toType) throw new ApiFailure(Code.invalidInput, '转出和转入账户不能相同');
        const elder = await elderOf(ctx, ctx.body.oldmanId);
        const from = accountOfTradeType[fromType] ?? 'prestore';
        const to = accountOfTradeType[toType] ?? 'prestore';
        const posted = await postTrade(ctx.db, {
          orgId: ctx.user.orgId,
          txType: TxType.remit,
          tradeType: toType,
          oldmanId: elder.oldmanId,
          memo: ctx.body.remark ?? `${accountKinds[from].label}划转至${accountKinds[to].label}`,
          refType: from,
          ...(await operator(ctx)),
          lines: [
            line(elderAccount(elder.oldmanId, from), -amount),
            line(elderAccount(elder.oldmanId, to), amount),
          ],
        });
        ctx.describe(
          `${elder.oldmanName} ${accountKinds[from].label}→${accountKinds[to].label} ${formatYuan(amount)} 元`,
        );
        return { txId: posted.txId };
      },
    }),
  ];
}
