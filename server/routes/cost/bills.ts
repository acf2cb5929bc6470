import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { fenToYuan, formatYuan } from '../../../domain/resource.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { ExpenseAuthority as A, COST } from '../../../domain/resources/cost.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { BillStatus, type BillStatusCode, billTransition } from '../../../machines/billMachine.js';
import { type BillLine, type CostSetting, monthBill } from '../../billing/monthBill.js';
import type { Db } from '../../db/index.js';
import type { BillTable } from '../../db/schema.js';
import { inReadDepts } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { printPage } from '../../http/printPage.js';
import { type AnyRoute, route, SENT } from '../../http/route.js';
import { postTrade, reverseTrade } from '../../ledger/ledger.js';
import type { Ctx } from '../../resources/engine.js';
import { sendTable } from '../../resources/export.js';
import {
  billPayWay,
  billSources,
  cashAccount,
  discountAccount,
  type ElderRow,
  elderAccount,
  elderOf,
  idList,
  incomeAccount,
  line,
  monthParam,
  type Operator,
  operator,
  payWayLabel,
  stampReceipt,
  TxType,
} from './shared.js';

export const PAY_BACK = `${COST}/payBack`;

const page = {
  pageNum: z.coerce.number().int().min(1, '页码无效').default(1),
  pageSize: z.coerce.number().int().min(1, '每页条数无效').max(1000, '每页最多1000条').default(10),
  pageHelper: z.coerce.number().int().optional(),
};

export interface BillRow {
  billId: number;
  oldmanId: number;
  oldmanName: string;
  deptId: number;
  billMonth: string;
  billStatus: BillStatusCode;
  totalFen: number;
  discountFen: number;
  payableFen: number;
  payWay: number | null;
  payTime: string | null;
  createTime: string;
}

const residents = [LiveStatus.living, LiveStatus.trial];

/** The income account of a bill line: by charge item, care level fees together. */
const incomeOf = (l: BillLine) => incomeAccount(l.projectId ? `project:${l.projectId}` : 'careLevel');

/**
 * Writes one elder's bill for a month: the bill, its lines and the charge trade (receivable
 * against income, discounts as an expense). Returns null when there is nothing to bill.
 */
export async function writeMonthBill(
  db: Db,
  orgId: number,
  elder: ElderRow,
  month: string,
  settings: CostSetting[],
  sources: Awaited<ReturnType<typeof billSources>>,
  who: Operator,
): Promise<number | null> {
  const bill = monthBill(elder, month, settings, sources);
  if (!bill || bill.totalFen === 0) return null;
  const charges = bill.lines.filter((l) => l.kind === 'charge');
  const posted = await postTrade(db, {
    orgId,
    txType: TxType.bill,
    oldmanId: elder.oldmanId,
    memo: `${month} 月账单`,
    ...who,
    lines: [
      line(elderAccount(elder.oldmanId, 'receivable'), bill.payableFen),
      ...(bill.discountFen > 0 && bill.discountRule
        ? [line(discountAccount(`rule:${bill.discountRule.setId}`), bill.discountFen)]
        : []),
      ...charges.map((l) => line(incomeOf(l), l.amountFen)),
    ],
  });
  const { billId } = await db
    .insertInto('bill')
    .values({
      orgId,
      deptId: elder.deptId,
      oldmanId: elder.oldmanId,
      billMonth: month,
      billStatus: BillStatus.unpaid,
      totalFen: bill.totalFen,
      discountFen: bill.discountFen,
      payableFen: bill.payableFen,
      chargeTxId: posted.txId,
      payTxId: null,
      payWay: null,
      payTime: null,
      settleId: null,
      remark: '',
      createBy: who.operatorId,
      createTime: nowStamp(),
    })
    .returning('billId')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('ledgerTx')
    .set({ refType: 'bill', refId: billId })
    .where('txId', '=', posted.txId)
    .execute();
  for (const l of bill.lines)
    await db
      .insertInto('billItem')
      .values({
        billId,
        projectId: l.projectId,
        projectName: l.projectName,
        quantity: l.quantity,
        unitFen: l.unitFen,
        days: l.days,
        amountFen: l.amountFen,
        kind: l.kind,
      })
      .execute();
  return billId;
}

/** Standing charges of the elders, grouped. */
async function settingsOf(db: Db, orgId: number, ids: number[]): Promise<Map<number, CostSetting[]>> {
  const out = new Map<number, CostSetting[]>();
  if (!ids.length) return out;
  const rows = await sql<
    CostSetting & { oldmanId: number }
  >`select oldmanId, projectId, price, quantity, startMonth, endMonth
    from costSet where orgId = ${orgId}`.execute(db);
  const wanted = new Set(ids);
  for (const r of rows.rows) {
    if (!wanted.has(r.oldmanId)) continue;
    const list = out.get(r.oldmanId) ?? [];
    list.push(r);
    out.set(r.oldmanId, list);
  }
  return out;
}

/** Residents of the user's departments billable for a month (present that month, without a bill). */
async function billableElders(ctx: Ctx, month: string, oldmanIds?: number[]) {
  const last = `${month}-31`;
  const rows = await sql<ElderRow>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.deptId, o.oldmanStatus,
      o.nursingLevel, o.checkInDate, o.leaveDate, o.bedId from oldman o
    where o.orgId = ${ctx.user.orgId} and ${inReadDepts('o.deptId', ctx.user)}
      and o.oldmanStatus in (${sql.join(residents)}) and o.checkInDate is not null and o.checkInDate <= ${last}
      ${oldmanIds ? sql`and o.oldmanId in (${sql.join(oldmanIds.length ? oldmanIds : [-1])})` : sql``}
      and not exists (select 1 from bill b where b.oldmanId = o.oldmanId and b.billMonth = ${month} and b.billStatus <> 3)
    order by o.oldmanId`.execute(ctx.db);
  return rows.rows;
}

async function billOf(ctx: Ctx, billId: number) {
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
async function unpaidBillOf(ctx: Ctx, billId: number) {
  const bill = await billOf(ctx, billId);
  if (bill.billStatus !== BillStatus.unpaid) throw new ApiFailure(Code.billState, '只有待缴费账单可以修改');
  return bill;
}

/** Bill lines are payment items (statement type 3) in the spec's paths. */
const paymentTradeType = z.coerce
  .number()
  .int()
  .refine((v) => v === 3, '交易类型无效');
const unitFen = z.coerce.number().int('单价须以分为单位').min(0, '单价不能为负').max(100_000_000, '单价过大');

function move(status: number, type: Parameters<typeof billTransition>[1]) {
  const result = billTransition(status as BillStatusCode, type);
  if (!result.ok) throw new ApiFailure(Code.billState, result.reason);
  return result.next;
}

/** Pays one bill from the prepaid balance (payWay 1) or with money (the others). */
export async function payBill(ctx: Ctx, billId: number, payWay: number, who: Operator) {
  return settleBill(ctx.db, ctx.user.orgId, await billOf(ctx, billId), payWay, who);
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

const billListQuery = z.object({
  ...page,
  billMonth: monthParam.optional(),
  billStatus: z.coerce.number().int().min(0).max(3, '账单状态无效').optional(),
  oldmanId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(50).optional(),
  export: z.enum(['xlsx', 'csv'], { error: '导出格式只能是xlsx或csv' }).optional(),
});

/** 费用账单 as a file: the same filters, every page, the columns of the screen. */
async function sendBills(ctx: Ctx, q: z.output<typeof billListQuery>, format: 'xlsx' | 'csv') {
  const { list } = await billList(ctx, { ...q, pageHelper: 0 });
  const header = [
    '账单月份',
    '长者',
    '费用合计（元）',
    '优惠（元）',
    '应缴（元）',
    '状态',
    '支付方式',
    '缴费时间',
  ];
  const body = list.map((b) => [
    b.billMonth,
    b.oldmanName,
    fenToYuan(b.totalFen),
    fenToYuan(b.discountFen),
    fenToYuan(b.payableFen),
    dictLabel('billStatus', b.billStatus),
    b.payWay ? dictLabel('batchPayWay', b.payWay) : '',
    b.payTime ?? '',
  ]);
  await sendTable(ctx.reply, format, '费用账单', [header, ...body]);
  return SENT;
}

async function billList(ctx: Ctx, q: z.output<typeof billListQuery>) {
  const conditions = [sql`b.orgId = ${ctx.user.orgId}`, inReadDepts('b.deptId', ctx.user)];
  if (q.billMonth) conditions.push(sql`b.billMonth = ${q.billMonth}`);
  if (q.billStatus !== undefined) conditions.push(sql`b.billStatus = ${q.billStatus}`);
  if (q.oldmanId) conditions.push(sql`b.oldmanId = ${q.oldmanId}`);
  if (q.keyword) conditions.push(sql`o.oldmanName like ${`%${q.keyword}%`}`);
  const where = sql.join(conditions, sql` and `);
  const limit = q.pageHelper === 0 ? sql`` : sql`limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`;
  const rows =
    await sql<BillRow>`select b.billId, b.oldmanId, o.oldmanName, b.deptId, b.billMonth, b.billStatus,
      b.totalFen, b.discountFen, b.payableFen, b.payWay, b.payTime, b.createTime
    from bill b join oldman o on o.oldmanId = b.oldmanId where ${where}
    order by b.billMonth desc, b.billId desc ${limit}`.execute(ctx.db);
  const total = await sql<{ n: number; sum: number | null }>`select count(*) as n, sum(b.payableFen) as sum
    from bill b join oldman o on o.oldmanId = b.oldmanId where ${where}`.execute(ctx.db);
  return {
    list: rows.rows,
    total: Number(total.rows[0]?.n ?? 0),
    payableSum: Number(total.rows[0]?.sum ?? 0),
    pageNum: q.pageHelper === 0 ? 1 : q.pageNum,
    pageSize: q.pageSize,
  };
}

async function billDetail(ctx: Ctx, billId: number) {
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

/** Printable bill(s): HTML with print CSS, like the contract print view. */
async function billsPrint(ctx: Ctx, billIds: number[]) {
  const org = await ctx.db
    .selectFrom('org')
    .select('orgName')
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  const parts: string[] = [];
  for (const id of billIds) {
    const b = await billDetail(ctx, id);
    const rows = b.items
      .map(
        (i) =>
          `<tr><td>${escapeHtml(i.projectName)}</td><td>${i.quantity}</td><td>${formatYuan(i.unitFen)}</td><td>${i.days ?? ''}</td><td>${formatYuan(i.amountFen)}</td></tr>`,
      )
      .join('');
    parts.push(`<section class="bill"><h2>${escapeHtml(b.oldmanName)} ${b.billMonth} 月费用账单</h2>
      <table><thead><tr><th>项目</th><th>数量</th><th>单价（元）</th><th>计费天数</th><th>金额（元）</th></tr></thead>
      <tbody>${rows}</tbody></table>
      <p>合计 ${formatYuan(b.totalFen)} 元，优惠 ${formatYuan(b.discountFen)} 元，应缴 <b>${formatYuan(b.payableFen)}</b> 元</p>
      <p class="bill-status">状态：<b>${escapeHtml(dictLabel('billStatus', b.billStatus))}</b>${
        b.billStatus === BillStatus.paid && b.payTime
          ? `（${escapeHtml(b.payTime)} ${escapeHtml(payWayLabel(b.payWay))}缴费）`
          : ''
      }</p></section>`);
  }
  return printPage('费用账单', org?.orgName ?? '', parts.join('<hr/>'));
}

export function billRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: PAY_BACK,
      auth: A.bill,
      query: billListQuery,
      handler: (ctx) =>
        ctx.query.export ? sendBills(ctx, ctx.query, ctx.query.export) : billList(ctx, ctx.query),
    }),
    route({
      method: 'GET',
      url: `${PAY_BACK}/addBill`,
      auth: A.billCreate,
      query: z.object({ billMonth: monthParam }),
      async handler(ctx) {
        // Preview: who would be billed and for how much, nothing written.
        const elders = await billableElders(ctx, ctx.query.billMonth);
        const sources = await billSources(ctx.db, ctx.user.orgId);
        const settings = await settingsOf(
          ctx.db,
          ctx.user.orgId,
          elders.map((e) => e.oldmanId),
        );
        const list = [];
        for (const e of elders) {
          const bill = monthBill(e, ctx.query.billMonth, settings.get(e.oldmanId) ?? [], sources);
          if (bill && bill.totalFen > 0)
            list.push({ oldmanId: e.oldmanId, oldmanName: e.oldmanName, ...bill, discountRule: undefined });
        }
        return {
          billMonth: ctx.query.billMonth,
          count: list.length,
          payableSum: list.reduce((s, b) => s + b.payableFen, 0),
          list,
        };
      },
    }),
    route({
      method: 'POST',
      url: `${PAY_BACK}/addBill`,
      auth: A.billCreate,
      log: { type: 'POST', name: '生成月度账单' },
      body: z.object({
        billMonth: monthParam,
        oldmanIds: z.array(z.coerce.number().int().positive('长者无效')).max(5000).optional(),
      }),
      async handler(ctx) {
        const month = ctx.body.billMonth;
        const elders = await billableElders(ctx, month, ctx.body.oldmanIds);
        const sources = await billSources(ctx.db, ctx.user.orgId);
        const settings = await settingsOf(
          ctx.db,
          ctx.user.orgId,
          elders.map((e) => e.oldmanId),
        );
        const who = await operator(ctx);
        let created = 0;
        for (const e of elders) {
          const id = await writeMonthBill(
            ctx.db,
            ctx.user.orgId,
            e,
            month,
            settings.get(e.oldmanId) ?? [],
            sources,
            who,
          );
          if (id !== null) created++;
        }
        const sum = await ctx.db
          .selectFrom('bill')
          .select((eb) => eb.fn.sum<number>('payableFen').as('s'))
          .where('orgId', '=', ctx.user.orgId)
          .where('billMonth', '=', month)
          .where('billStatus', '<>', BillStatus.voided)
          .executeTakeFirst();
        ctx.describe(`${month} 月账单 ${created} 份`);
        return { billMonth: month, created, payableSum: Number(sum?.s ?? 0) };
      },
    }),
    route({
      method: 'GET',
      url: `${PAY_BACK}/payBatch`,
      auth: A.billPay,
      query: z.object({ oldmanIds: idList('长者') }),
      async handler(ctx) {
        // What a batch payment would take: each elder's unpaid bills and prepaid balance.
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
      url: `${PAY_BACK}/payBatch`,
      auth: A.billPay,
      log: { type: 'POST', name: '账单缴费' },
      body: z.object({
        billIds: z.array(z.coerce.number().int().positive('账单无效')).min(1, '请选择账单').max(1000),
        payWay: billPayWay,
      }),
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
      url: `${PAY_BACK}/:tradeType/:print`,
      auth: A.billPay,
      log: { type: 'POST', name: '账单缴费' },
      params: z.object({
        tradeType: paymentTradeType,
        print: z.coerce.number().int().min(0).max(1),
      }),
      body: z.object({ billId: z.coerce.number().int().positive('请选择账单'), payWay: billPayWay }),
      async handler(ctx) {
        const done = await payBill(ctx, ctx.body.billId, ctx.body.payWay, await operator(ctx));
        return { ...done, printUrl: ctx.params.print ? `${COST}/receipt/print?txIds=${done.txId}` : null };
      },
    }),
    route({
      method: 'PUT',
      url: `${PAY_BACK}/antiSettle`,
      auth: A.billAntiSettle,
      log: { type: 'PUT', name: '账单反结算' },
      body: z.object({ billId: z.coerce.number().int().positive('请选择账单') }),
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
      url: `${PAY_BACK}/:billId`,
      auth: A.billCreate,
      log: { type: 'DELETE', name: '作废账单' },
      params: z.object({ billId: z.coerce.number().int().positive('账单无效') }),
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
    route({
      method: 'GET',
      url: `${PAY_BACK}/detail/:billId`,
      auth: A.bill,
      params: z.object({ billId: z.coerce.number().int().positive('账单无效') }),
      handler: (ctx) => billDetail(ctx, ctx.params.billId),
    }),
    route({
      method: 'GET',
      url: `${PAY_BACK}/:oldmanId`,
      auth: A.bill,
      params: z.object({ oldmanId: z.coerce.number().int().positive('长者无效') }),
      query: z.object(page),
      async handler(ctx) {
        await elderOf(ctx, ctx.params.oldmanId);
        return billList(ctx, { ...ctx.query, oldmanId: ctx.params.oldmanId });
      },
    }),
    route({
      method: 'GET',
      url: `${PAY_BACK}/:tradeMonthId/:tradeType`,
      auth: A.bill,
      params: z.object({
        tradeMonthId: z.coerce.number().int().positive('账单无效'),
        tradeType: z.coerce
          .number()
          .int()
          .refine((v) => v === 3 || v === 4, '交易类型无效（3缴费、4退款）'),
      }),
      async handler(ctx) {
        // The payments (3) of a bill, and their reversals (4: 反结算 gives the money back).
        const bill = await billOf(ctx, ctx.params.tradeMonthId);
        const types = ctx.params.tradeType === 3 ? [TxType.payment] : [TxType.antiSettle];
        return ctx.db
          .selectFrom('ledgerTx')
          .selectAll()
          .where('refType', '=', 'bill')
          .where('refId', '=', bill.billId)
          .where('txType', 'in', types)
          .orderBy('txId', 'desc')
          .execute();
      },
    }),
    route({
      method: 'GET',
      url: `${PAY_BACK}/project/:tradeType`,
      auth: A.bill,
      params: z.object({ tradeType: paymentTradeType }),
      query: z.object({ billId: z.coerce.number().int().positive('请选择账单') }),
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
      url: `${PAY_BACK}/project/:tradeType`,
      auth: A.billCreate,
      log: { type: 'POST', name: '账单加项' },
      params: z.object({ tradeType: paymentTradeType }),
      body: z.object({
        billId: z.coerce.number().int().positive('请选择账单'),
        projectId: z.coerce.number({ error: '请选择收费项目' }).int().positive('请选择收费项目'),
        quantity: z.coerce.number().int().min(1, '数量至少为1').max(999, '数量过大').default(1),
        unitFen: unitFen.optional(),
      }),
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
        await adjustBill(ctx, bill, amountFen, `加项：${p.projectName}`, `project:${p.projectId}`);
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
      url: `${PAY_BACK}/project/:tradeType`,
      auth: A.billCreate,
      log: { type: 'PUT', name: '账单改项' },
      params: z.object({ tradeType: paymentTradeType }),
      body: z.object({
        tradeMonthDetailId: z.coerce.number().int().positive('账单明细无效'),
        quantity: z.coerce.number().int().min(1, '数量至少为1').max(999, '数量过大'),
        unitFen,
      }),
      async handler(ctx) {
        const item = await itemOf(ctx, ctx.body.tradeMonthDetailId);
        const bill = await unpaidBillOf(ctx, item.billId);
        if (item.kind !== 'charge') throw new ApiFailure(Code.invalidInput, '优惠行不能修改');
        const amountFen = ctx.body.unitFen * ctx.body.quantity;
        await adjustBill(
          ctx,
          bill,
          amountFen - item.amountFen,
          `改项：${item.projectName}`,
          incomeSub(item.projectId),
        );
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
      url: `${PAY_BACK}/project/:tradeType/:tradeMonthDetailId`,
      auth: A.billCreate,
      log: { type: 'DELETE', name: '账单删项' },
      params: z.object({
        tradeType: paymentTradeType,
        tradeMonthDetailId: z.coerce.number().int().positive('账单明细无效'),
      }),
      async handler(ctx) {
        const item = await itemOf(ctx, ctx.params.tradeMonthDetailId);
        const bill = await unpaidBillOf(ctx, item.billId);
        if (item.kind !== 'charge') throw new ApiFailure(Code.invalidInput, '优惠行不能删除');
        await adjustBill(ctx, bill, -item.amountFen, `删项：${item.projectName}`, incomeSub(item.projectId));
        await ctx.db.deleteFrom('billItem').where('itemId', '=', item.itemId).execute();
        return billDetail(ctx, bill.billId);
      },
    }),
    route({
      method: 'GET',
      url: `${PAY_BACK}/print/:billIds`,
      auth: A.bill,
      params: z.object({ billIds: idList('账单') }),
      async handler(ctx) {
        const { html, csp } = await billsPrint(ctx, ctx.params.billIds);
        ctx.reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', csp)
          .header('cache-control', 'no-store')
          .send(html);
        return SENT;
      },
    }),
    route({
      method: 'POST',
      url: `${PAY_BACK}/batch/print/1`,
      auth: A.bill,
      log: false,
      body: z.object({ billIds: z.array(z.coerce.number().int().positive()).min(1, '请选择账单').max(500) }),
      async handler(ctx) {
        return { printUrl: `${PAY_BACK}/print/${ctx.body.billIds.join(',')}` };
      },
    }),
  ];
}

const incomeSub = (projectId: number | null) => (projectId ? `project:${projectId}` : 'careLevel');

async function itemOf(ctx: Ctx, itemId: number) {
  const item = await ctx.db
    .selectFrom('billItem')
    .selectAll()
    .where('itemId', '=', itemId)
    .executeTakeFirst();
  if (!item) throw new ApiFailure(Code.notFound, '账单明细不存在');
  return item;
}

/** Changes an unpaid bill's total by `deltaFen` with a trade (receivable against income). */
async function adjustBill(
  ctx: Ctx,
  bill: {
    billId: number;
    oldmanId: number;
    billMonth: string;
    totalFen: number;
    discountFen: number;
    payableFen: number;
  },
  deltaFen: number,
  memo: string,
  sub: string,
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
    lines: [line(elderAccount(bill.oldmanId, 'receivable'), deltaFen), line(incomeAccount(sub), deltaFen)],
  });
  await ctx.db
    .updateTable('bill')
    .set({ totalFen: bill.totalFen + deltaFen, payableFen: bill.payableFen + deltaFen })
    .where('billId', '=', bill.billId)
    .execute();
}

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
