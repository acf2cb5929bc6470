import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { accountKinds } from '../../../domain/ledger.js';
import { fenToYuan, formatYuan } from '../../../domain/resource.js';
import { ExpenseAuthority as A, COST } from '../../../domain/resources/cost.js';
import { fullGift } from '../../billing/monthBill.js';
import type { Db } from '../../db/index.js';
import { inReadDepts } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route, SENT } from '../../http/route.js';
import { ownerBalances, postTrade, reverseTrade } from '../../ledger/ledger.js';
import type { Ctx } from '../../resources/engine.js';
import { sendTable } from '../../resources/export.js';
import {
  accountOfTradeType,
  billSources,
  cashAccount,
  cashPayWay,
  discountAccount,
  elderAccount,
  elderOf,
  fenAmount,
  line,
  type Operator,
  obsoletable,
  operator,
  payWayLabel,
  stampReceipt,
  TxType,
} from './shared.js';

const ACCOUNT = `${COST}/account`;

const page = {
  pageNum: z.coerce.number().int().min(1, '页码无效').default(1),
  pageSize: z.coerce.number().int().min(1, '每页条数无效').max(1000, '每页最多1000条').default(10),
  pageHelper: z.coerce.number().int().optional(),
};
const limitOf = (q: { pageNum: number; pageSize: number; pageHelper?: number | undefined }) =>
  q.pageHelper === 0 ? sql`` : sql`limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`;

const accountTradeType = z.coerce
  .number({ error: '账户类型无效' })
  .int('账户类型无效')
  .refine((v) => v in accountOfTradeType, '账户类型无效（1预存款、2入院押金、6医疗押金、5预订金）');

const receiveBody = z.object({
  oldmanId: z.coerce.number({ error: '请选择长者' }).int().positive('请选择长者'),
  amount: fenAmount(),
  payWay: cashPayWay,
  remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
  /** For refunds (tradeType 4): which account the money leaves. */
  fromType: accountTradeType.optional(),
});

const listQuery = z.object({
  ...page,
  keyword: z.string().trim().max(50).optional(),
  oldmanStatuses: z
    .string()
    .regex(/^\d(,\d)*$/, '入住状态无效')
    .optional(),
  deptId: z.coerce.number().int().positive().optional(),
  export: z.enum(['xlsx', 'csv'], { error: '导出格式只能是xlsx或csv' }).optional(),
});

/** 长者账户 as a file: the same filters, every page, the columns of the screen. */
async function sendAccounts(ctx: Ctx, q: z.output<typeof listQuery>, format: 'xlsx' | 'csv') {
  const { list } = await accountRows(ctx, { ...q, pageHelper: 0 });
  const header = [
    '姓名',
    '入住状态',
    '床位',
    '预存款（元）',
    '入院押金（元）',
    '医疗押金（元）',
    '预订金（元）',
    '待缴（元）',
  ];
  const body = list.map((r) => [
    r.oldmanName,
    dictLabel('liveStatus', r.oldmanStatus),
    r.bedName ?? '',
    ...[r.prestore, r.deposit, r.medicalDeposit, r.reservation, r.receivable].map(fenToYuan),
  ]);
  await sendTable(ctx.reply, format, '长者账户', [header, ...body]);
  return SENT;
}

export interface AccountRow {
  oldmanId: number;
  oldmanName: string;
  oldmanIdcard: string | null;
  oldmanStatus: number;
  deptId: number;
  bedName: string | null;
  prestore: number;
  deposit: number;
  medicalDeposit: number;
  reservation: number;
  /** Billed and unpaid (fen). */
  receivable: number;
}

/** Elders of the user's departments with their balances in fen. */
async function accountRows(ctx: Ctx, q: z.output<typeof listQuery>, oldmanId?: number) {
  const conditions = [sql`o.orgId = ${ctx.user.orgId}`, inReadDepts('o.deptId', ctx.user)];
  if (oldmanId !== undefined) conditions.push(sql`o.oldmanId = ${oldmanId}`);
  if (q.deptId) conditions.push(sql`o.deptId = ${q.deptId}`);
  if (q.oldmanStatuses)
    conditions.push(sql`o.oldmanStatus in (${sql.join(q.oldmanStatuses.split(',').map(Number))})`);
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    conditions.push(sql`(o.oldmanName like ${like} or o.oldmanIdcard like ${like})`);
  }
  const where = sql.join(conditions, sql` and `);
  const rows =
    await sql<AccountRow>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.oldmanStatus, o.deptId,
      b.bedName from oldman o left join bed b on b.bedId = o.bedId where ${where}
      order by o.oldmanId desc ${limitOf(q)}`.execute(ctx.db);
  const total = await sql<{ n: number }>`select count(*) as n from oldman o where ${where}`.execute(ctx.db);
  const balances = await ownerBalances(
    ctx.db,
    ctx.user.orgId,
    'oldman',
    rows.rows.map((r) => r.oldmanId),
  );
  for (const row of rows.rows) {
    const b = balances.get(row.oldmanId) ?? {};
    row.prestore = b.prestore ?? 0;
    row.deposit = b.deposit ?? 0;
    row.medicalDeposit = b.medicalDeposit ?? 0;
    row.reservation = b.reservation ?? 0;
    row.receivable = b.receivable ?? 0;
  }
  return {
    list: rows.rows,
    total: Number(total.rows[0]?.n ?? 0),
    pageNum: q.pageHelper === 0 ? 1 : q.pageNum,
    pageSize: q.pageSize,
  };
}

/** One statement line as the account screens show it. */
export interface StatementRow {
  txId: number;
  txType: string;
  tradeType: number | null;
  payWay: string | null;
  payWayName: string;
  memo: string;
  receiptNo: string | null;
  operatorName: string;
  createTime: string;
  /** Shown change of this account (fen, signed). */
  amount: number;
  /** Shown balance after the trade (fen). */
  balance: number;
  reversesTxId: number | null;
  reversedByTxId: number | null;
}

/** Money in (1, 2, 6, 5) or a refund (4) out of an elder's account, with its receipt. */
async function receive(ctx: Ctx, tradeType: number, body: z.output<typeof receiveBody>) {
  const elder = await elderOf(ctx, body.oldmanId);
  const done = await moveMoney(ctx.db, ctx.user.orgId, elder.oldmanId, tradeType, body, await operator(ctx));
  ctx.describe(`${elder.oldmanName} ${done.label} ${formatYuan(body.amount)} 元`);
  const { label: _label, ...result } = done;
  return result;
}

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

export function accountRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: ACCOUNT,
      auth: A.account,
      query: listQuery,
      handler: (ctx) =>
        ctx.query.export ? sendAccounts(ctx, ctx.query, ctx.query.export) : accountRows(ctx, ctx.query),
    }),
    route({
      method: 'GET',
      url: `${ACCOUNT}/:oldmanId`,
      auth: A.account,
      params: z.object({ oldmanId: z.coerce.number().int().positive('长者无效') }),
      async handler(ctx) {
        await elderOf(ctx, ctx.params.oldmanId);
        const { list } = await accountRows(ctx, { pageNum: 1, pageSize: 1 }, ctx.params.oldmanId);
        return list[0];
      },
    }),
    route({
      method: 'GET',
      url: `${ACCOUNT}/:oldmanId/:tradeType`,
      auth: A.account,
      params: z.object({
        oldmanId: z.coerce.number().int().positive('长者无效'),
        tradeType: z
          .string()
          .regex(/^(1|2|3|4|5|6|2,6)$/, '账单类型无效（1预存、2,6押金、5预订金、3缴费、4退款）'),
      }),
      query: z.object(page),
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        return statement(ctx, elder.oldmanId, ctx.params.tradeType, ctx.query);
      },
    }),
    route({
      method: 'POST',
      url: `${ACCOUNT}/:tradeType/:print`,
      auth: A.accountTrade,
      log: { type: 'POST', name: '账户收退款' },
      params: z.object({
        tradeType: z.coerce
          .number()
          .int()
          .refine(
            (v) => [1, 2, 4, 5, 6].includes(v),
            '交易类型无效（1预存、2入院押金、6医疗押金、5预订金、4退款）',
          ),
        print: z.coerce.number().int().min(0).max(1, '打印标记无效'),
      }),
      body: receiveBody,
      async handler(ctx) {
        if (ctx.params.tradeType === 4 && ctx.body.fromType === undefined)
          throw new ApiFailure(Code.invalidInput, '请选择退款账户');
        const done = await receive(ctx, ctx.params.tradeType, ctx.body);
        return { ...done, printUrl: ctx.params.print ? `${COST}/receipt/print?txIds=${done.txId}` : null };
      },
    }),
    route({
      method: 'POST',
      url: `${ACCOUNT}/:batchPayType/batch`,
      auth: A.accountTrade,
      log: { type: 'POST', name: '批量收款' },
      params: z.object({ batchPayType: cashPayWay }),
      body: z.object({
        tradeType: accountTradeType,
        items: z
          .array(
            z.object({
              oldmanId: z.coerce.number({ error: '请选择长者' }).int().positive('请选择长者'),
              amount: fenAmount(),
            }),
            { error: '请选择长者' },
          )
          .min(1, '请至少选择一位长者')
          .max(1000, '一次最多1000位长者'),
        remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
      }),
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
      url: `${ACCOUNT}/obsolete/:tradeId`,
      auth: A.accountObsolete,
      log: { type: 'DELETE', name: '作废交易' },
      params: z.object({ tradeId: z.coerce.number().int().positive('交易无效') }),
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
      url: `${ACCOUNT}/transfer`,
      auth: A.accountTrade,
      log: { type: 'PUT', name: '账户转账' },
      body: z.object({
        oldmanId: z.coerce.number({ error: '请选择转出长者' }).int().positive('请选择转出长者'),
        accountNumTo: z.coerce.number({ error: '请选择转入长者' }).int().positive('请选择转入长者'),
        tradeType: accountTradeType.default(1),
        amount: fenAmount('转账金额'),
        remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
      }),
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
      url: `${ACCOUNT}/remit`,
      auth: A.accountTrade,
      log: { type: 'PUT', name: '账户划转' },
      body: z.object({
        oldmanId: z.coerce.number({ error: '请选择长者' }).int().positive('请选择长者'),
        fromType: accountTradeType,
        toType: accountTradeType,
        amount: fenAmount('划转金额'),
        remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
      }),
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

/**
 * An elder's statement: the lines of one account (1, 2, 6, 5; "2,6" both deposits) with the
 * running balance, or the payments (3) and refunds (4) made.
 */
async function statement(
  ctx: Ctx,
  oldmanId: number,
  tradeType: string,
  q: { pageNum: number; pageSize: number; pageHelper?: number | undefined },
) {
  const base = sql`select t.txId, t.txType, t.tradeType, t.payWay, t.memo, t.receiptNo, t.operatorName, t.createTime,
      t.reversesTxId, t.reversedByTxId, e.amountFen, e.balanceAfterFen, a.kind, e.entryId`;
  let from: RawBuilder<unknown>;
  if (tradeType === '3' || tradeType === '4') {
    // payments: what bills took; refunds: what left the elder's accounts as money
    const types = tradeType === '3' ? [TxType.payment] : [TxType.refund];
    const kind = tradeType === '3' ? 'receivable' : null;
    from = sql`from ledgerTx t join ledgerEntry e on e.txId = t.txId join ledgerAccount a on a.accountId = e.accountId
      where t.orgId = ${ctx.user.orgId} and t.oldmanId = ${oldmanId} and t.txType in (${sql.join(types)})
      and a.ownerType = 'oldman' and a.ownerId = ${oldmanId} ${kind ? sql`and a.kind = ${kind}` : sql``}`;
  } else {
    const kinds = tradeType.split(',').map((t) => accountOfTradeType[Number(t)] ?? 'prestore');
    from = sql`from ledgerEntry e join ledgerAccount a on a.accountId = e.accountId join ledgerTx t on t.txId = e.txId
      where a.orgId = ${ctx.user.orgId} and a.ownerType = 'oldman' and a.ownerId = ${oldmanId}
      and a.kind in (${sql.join(kinds)})`;
  }
  const rows = await sql<
    Record<string, unknown>
  >`${base} ${from} order by e.entryId desc ${limitOf(q)}`.execute(ctx.db);
  const total = await sql<{ n: number }>`select count(*) as n ${from}`.execute(ctx.db);
  const list: StatementRow[] = rows.rows.map((r) => {
    const kind = String(r.kind) as keyof typeof accountKinds;
    const flip = accountKinds[kind].side === 'credit' ? -1 : 1;
    const amount = Number(r.amountFen) * flip;
    return {
      txId: Number(r.txId),
      txType: String(r.txType),
      tradeType: r.tradeType === null ? null : Number(r.tradeType),
      payWay: (r.payWay as string | null) ?? null,
      payWayName: r.payWay ? payWayLabel(Number(r.payWay)) : '',
      memo: String(r.memo),
      receiptNo: (r.receiptNo as string | null) ?? null,
      operatorName: String(r.operatorName),
      createTime: String(r.createTime),
      // payments and refunds read as positive sums paid and returned
      amount: tradeType === '3' || tradeType === '4' ? Math.abs(amount) : amount,
      balance: Number(r.balanceAfterFen) * flip,
      reversesTxId: (r.reversesTxId as number | null) ?? null,
      reversedByTxId: (r.reversedByTxId as number | null) ?? null,
    };
  });
  return {
    list,
    total: Number(total.rows[0]?.n ?? 0),
    pageNum: q.pageHelper === 0 ? 1 : q.pageNum,
    pageSize: q.pageSize,
  };
}
