import { type RawBuilder, sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { accountKinds, shownBalance } from '../../../domain/ledger.js';
import { amountInWords } from '../../../domain/money/uppercase.js';
import { formatYuan } from '../../../domain/resource.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { sendPrintPage, signatureLines } from '../../../server/http/printPage.js';
import { type AnyRoute, fileAnswer, route, SENT } from '../../../server/http/route.js';
import type { Ctx, ListRows, ResourceHooks } from '../../../server/resources/engine.js';
import { ExpensePaths as P, receiptPrintUrl } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import { payWayLabel, printAnswer, TxType, txTypeName } from '../resources/costCommon.js';
import {
  receiptListParams,
  receiptPrintBody,
  receiptPrintQuery,
  receiptResource,
} from '../resources/costReceipts.js';
import { elderOf } from './elders.js';
import { contains, type ListPage, limitOf, orderOf } from './listSql.js';
import { receiptAmountFen } from './receiptAmount.js';

/** 历史收据 (spec 001 §7 receipt GET): every trade with a receipt, of the filters. */
async function receiptRows(ctx: Ctx, q: Record<string, unknown>, page: ListPage): Promise<ListRows> {
  const parts: RawBuilder<unknown>[] = [
    sql`t.orgId = ${ctx.user.orgId}`,
    sql`t.receiptNo is not null`,
    inReadDepts('o.deptId', ctx.user),
  ];
  if (q.oldmanId) parts.push(sql`t.oldmanId = ${Number(q.oldmanId)}`);
  if (q.keyword) {
    const keyword = String(q.keyword);
    parts.push(sql`(${contains('o.oldmanName', keyword)} or ${contains('t.receiptNo', keyword)})`);
  }
  if (q.createTimeStart) parts.push(sql`t.createTime >= ${String(q.createTimeStart)}`);
  if (q.createTimeEnd) parts.push(sql`t.createTime <= ${`${String(q.createTimeEnd)} 23:59:59`}`);
  const from = sql`from ledgerTx t join oldman o on o.oldmanId = t.oldmanId where ${sql.join(parts, sql` and `)}`;
  const order = orderOf(q, { txId: 't.txId' }, receiptResource.defaultSort, 't.txId');
  const found = await sql<
    Record<string, unknown>
  >`select t.txId, t.receiptNo, t.txType, t.tradeType, t.payWay, t.memo,
      t.operatorName, t.createTime, t.reversedByTxId, o.oldmanName,
      ${receiptAmountFen(sql`t.txId`, sql`t.txType`)} as amountFen ${from} ${order} ${limitOf(page)}`.execute(
    ctx.db,
  );
  const total = await sql<{ n: number }>`select count(*) as n ${from}`.execute(ctx.db);
  return {
    rows: found.rows.map((r) => ({
      ...r,
      amount: Number(r.amountFen),
      txTypeName: txTypeName[String(r.txType)] ?? '',
      payWayName: r.payWay ? payWayLabel(Number(r.payWay)) : '',
      voided: r.reversedByTxId === null ? 0 : 1,
    })),
    total: Number(total.rows[0]?.n ?? 0),
  };
}

export const receiptListHooks: ResourceHooks = { list: receiptRows, listParams: receiptListParams };

/** Elder accounts a receipt can leave a balance in, in the order one is chosen when a trade moved several. */
const balanceKinds = ['prestore', 'deposit', 'medicalDeposit', 'reservation'] as const;

/**
 * What a receipt's trade left the elder: the 满赠 gift it brought (a gift trade pointing at it) and
 * the balance of the account it moved — the prepaid account when it moved none (a bill paid in
 * cash) — as it stood after the trade and its gift.
 */
async function afterTrade(ctx: Ctx, txId: number, oldmanId: number) {
  const gifts = await ctx.db
    .selectFrom('ledgerTx')
    .select(['txId', 'memo'])
    .where('orgId', '=', ctx.user.orgId)
    .where('txType', '=', TxType.gift)
    .where('refType', '=', 'tx')
    .where('refId', '=', txId)
    .orderBy('txId')
    .execute();
  const giftFen = gifts.length
    ? Number(
        (
          await sql<{ fen: number }>`select coalesce(sum(e.amountFen), 0) as fen from ledgerEntry e
            join ledgerAccount a on a.accountId = e.accountId
            where e.txId in (${sql.join(gifts.map((g) => g.txId))}) and a.ownerType = 'oldman'`.execute(
            ctx.db,
          )
        ).rows[0]?.fen ?? 0,
      )
    : 0;
  const moved = await ctx.db
    .selectFrom('ledgerEntry as e')
    .innerJoin('ledgerAccount as a', 'a.accountId', 'e.accountId')
    .select('a.kind')
    .where('e.txId', '=', txId)
    .where('a.ownerType', '=', 'oldman')
    .where('a.ownerId', '=', oldmanId)
    .execute();
  const kind = balanceKinds.find((k) => moved.some((m) => m.kind === k)) ?? 'prestore';
  const lastTx = Math.max(txId, ...gifts.map((g) => g.txId));
  const last = await ctx.db
    .selectFrom('ledgerEntry as e')
    .innerJoin('ledgerAccount as a', 'a.accountId', 'e.accountId')
    .select((eb) => eb.fn.sum<number>('e.amountFen').as('raw'))
    .where('a.orgId', '=', ctx.user.orgId)
    .where('a.ownerType', '=', 'oldman')
    .where('a.ownerId', '=', oldmanId)
    .where('a.kind', '=', kind)
    .where('e.txId', '<=', lastTx)
    .executeTakeFirst();
  return {
    // the gift lands on the elder's credit-normal prepaid account: its shown amount is the raw one turned
    giftFen: shownBalance('prestore', giftFen),
    giftRule: gifts.map((g) => g.memo.replace(/^满赠：/, '')).join('、'),
    kind,
    balanceFen: shownBalance(kind, Number(last?.raw ?? 0)),
  };
}

/**
 * One receipt as printed: what the ledger moved, by which way, the 满赠 it brought on a line of its
 * own, the balance it left, whether it was voided, and the lines the clerk and the payer sign.
 */
async function receiptSection(ctx: Ctx, txId: number) {
  const tx = await ctx.db
    .selectFrom('ledgerTx')
    .selectAll()
    .where('txId', '=', txId)
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!tx?.receiptNo || tx.oldmanId === null) throw new ApiFailure(Code.notFound, '收据不存在');
  const elder = await elderOf(ctx, tx.oldmanId);
  const amount = await sql<{ fen: number }>`select ${receiptAmountFen(txId, tx.txType)} as fen`.execute(
    ctx.db,
  );
  const fen = Number(amount.rows[0]?.fen ?? 0);
  const after = await afterTrade(ctx, txId, tx.oldmanId);
  const refund = tx.txType === TxType.refund;
  const gift =
    after.giftFen > 0
      ? `<tr class="receipt-gift"><th>满赠</th><td>赠送 ${formatYuan(after.giftFen)} 元，已入预存款${after.giftRule ? `（${escapeHtml(after.giftRule)}）` : ''}</td></tr>`
      : '';
  return `<section class="receipt paper"><h2>${refund ? '退款收据' : '收款收据'}</h2>
            <p>收据号：${escapeHtml(tx.receiptNo)}　日期：${escapeHtml(tx.createTime)}</p>
            <table class="form-values"><tbody>
            <tr><th>长者</th><td>${escapeHtml(elder.oldmanName)}</td></tr>
            <tr><th>业务</th><td>${escapeHtml(txTypeName[tx.txType] ?? tx.txType)}${tx.tradeType ? `（${escapeHtml(dictLabel('tradeType', tx.tradeType))}）` : ''}</td></tr>
            <tr><th>金额</th><td>${formatYuan(fen)} 元</td></tr>
            <tr><th>金额（大写）</th><td class="amount-words">人民币${amountInWords(fen)}</td></tr>
            ${gift}
            <tr class="receipt-balance"><th>账户余额</th><td>${escapeHtml(accountKinds[after.kind].label)} ${formatYuan(after.balanceFen)} 元${after.giftFen > 0 ? '（含满赠）' : ''}</td></tr>
            <tr><th>支付方式</th><td>${escapeHtml(tx.payWay ? payWayLabel(Number(tx.payWay)) : '余额')}</td></tr>
            <tr><th>摘要</th><td>${escapeHtml(tx.memo)}</td></tr>
            <tr><th>经办人</th><td>${escapeHtml(tx.operatorName)}</td></tr>
            </tbody></table>${tx.reversedByTxId ? '<p><b>此收据已作废</b></p>' : ''}
            ${signatureLines(['经办人（签字）', refund ? '领款人（签字）' : '交款人（签字）'])}</section>`;
}

/** 打印收据 (spec 001 §7 receipt/print POST; GET is the print page). */
export function receiptRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: P.receiptPrint,
      auth: A.receipt,
      log: false,
      summary: '打印收据',
      body: receiptPrintBody,
      response: printAnswer,
      handler: async (ctx) => ({ printUrl: receiptPrintUrl(ctx.body.txIds) }),
    }),
    route({
      method: 'GET',
      url: P.receiptPrint,
      auth: A.receipt,
      summary: '收据打印页',
      query: receiptPrintQuery,
      response: fileAnswer('text/html'),
      async handler(ctx) {
        const parts: string[] = [];
        for (const txId of ctx.query.txIds) parts.push(await receiptSection(ctx, txId));
        await sendPrintPage(ctx, {
          title: '收款收据',
          body: parts.join(''),
          fileName: '收款收据.html',
        });
        return SENT;
      },
    }),
  ];
}
