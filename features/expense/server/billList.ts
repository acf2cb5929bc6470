import { sql } from 'kysely';
import { z } from 'zod';
import { pageSchema, pagingShape, rowSchema } from '../../../domain/resource.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery, recordId } from '../../../server/http/schemas.js';
import type { Ctx, ListRows, ResourceHooks } from '../../../server/resources/engine.js';
import { ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import {
  type BillRow,
  billDetail as billDetailAnswer,
  billResource,
  billTradeType,
} from '../resources/costBills.js';
import { ledgerTxRow, payWayLabel, TxType } from '../resources/costCommon.js';
import { billDetail, billOf } from './billRecord.js';
import { elderOf } from './elders.js';
import { contains, type ListPage, limitOf, orderOf, pageLimit, pageOf } from './listSql.js';

const sortColumns = { billMonth: 'b.billMonth', payableFen: 'b.payableFen', payTime: 'b.payTime' };

/** 费用账单: the bills of the filters (month, status, elder, name), with their 合计. */
async function billRows(ctx: Ctx, q: Record<string, unknown>, page: ListPage): Promise<ListRows> {
  const conditions = [sql`b.orgId = ${ctx.user.orgId}`, inReadDepts('b.deptId', ctx.user)];
  if (q.billMonth) conditions.push(sql`b.billMonth = ${String(q.billMonth)}`);
  if (q.billStatus !== undefined) conditions.push(sql`b.billStatus = ${Number(q.billStatus)}`);
  if (q.oldmanId) conditions.push(sql`b.oldmanId = ${Number(q.oldmanId)}`);
  if (q.keyword) conditions.push(contains('o.oldmanName', String(q.keyword)));
  const where = sql.join(conditions, sql` and `);
  const from = sql`from bill b join oldman o on o.oldmanId = b.oldmanId where ${where}`;
  const rows = await sql<BillRow>`select b.billId, b.oldmanId, o.oldmanName, b.deptId, b.billMonth,
      b.billStatus, b.totalFen, b.discountFen, b.payableFen, b.payWay, b.payTime, b.createTime ${from}
    ${orderOf(q, sortColumns, billResource.defaultSort, 'b.billId')} ${limitOf(page)}`.execute(ctx.db);
  const totals = await sql<Record<string, number | null>>`select count(*) as n,
      sum(b.totalFen) as totalFen, sum(b.discountFen) as discountFen, sum(b.payableFen) as payableFen
    ${from}`.execute(ctx.db);
  const t = totals.rows[0] ?? {};
  return {
    rows: rows.rows.map((b) => ({ ...b, payWayName: payWayLabel(b.payWay) })),
    total: Number(t.n ?? 0),
    sums: Object.fromEntries((billResource.sums ?? []).map((k) => [k, Number(t[k] ?? 0)])),
  };
}

export const billListHooks: ResourceHooks = { list: billRows };

const billPage = pageSchema(rowSchema(billResource));

export function billListRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.elderBills,
      auth: A.bill,
      summary: '长者的账单',
      params: idsOf('oldmanId'),
      query: z.object(pagingShape),
      response: billPage,
      async handler(ctx) {
        await elderOf(ctx, ctx.params.oldmanId);
        const q = { ...ctx.query, oldmanId: ctx.params.oldmanId };
        return pageOf(q, await billRows(ctx, q, pageLimit(ctx.query)));
      },
    }),
    route({
      method: 'GET',
      url: P.billDetail,
      auth: A.bill,
      summary: '账单详情',
      params: idsOf('billId'),
      query: noQuery,
      response: billDetailAnswer,
      handler: (ctx) => billDetail(ctx, ctx.params.billId),
    }),
    route({
      method: 'GET',
      url: P.billTrades,
      auth: A.bill,
      summary: '账单的缴费与反结算',
      params: z.object({ tradeMonthId: recordId, tradeType: billTradeType }),
      query: noQuery,
      response: z.array(ledgerTxRow),
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
  ];
}
