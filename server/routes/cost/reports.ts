import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { accountKinds, shownBalance } from '../../../domain/ledger.js';
import { formatYuan } from '../../../domain/resource.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { ExpenseAuthority as A, COST } from '../../../domain/resources/cost.js';
import { RECONCILIATION, type ReportDef, reportByName } from '../../../domain/resources/costReports.js';
import { inReadDepts } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { printPage } from '../../http/printPage.js';
import { type AnyRoute, route, SENT } from '../../http/route.js';
import { reconcile } from '../../ledger/ledger.js';
import type { Ctx } from '../../resources/engine.js';
import { receiptAmountFen } from './receiptAmount.js';
import { elderOf, idList, monthParam, payWayLabel, TxType } from './shared.js';

type Row = Record<string, unknown>;

/** Chinese names of the ledger's trade types, for statements and reports. */
export const txTypeName: Record<string, string> = {
  [TxType.receive]: '收款',
  [TxType.refund]: '退款',
  [TxType.gift]: '满赠',
  [TxType.bill]: '月度账单',
  [TxType.billAdjust]: '账单调整',
  [TxType.payment]: '账单缴费',
  [TxType.transfer]: '转账',
  [TxType.remit]: '划转',
  [TxType.settle]: '退住结算',
  [TxType.obsolete]: '作废',
  [TxType.antiSettle]: '反结算',
  [TxType.voidBill]: '作废账单',
  [TxType.revokeSettle]: '撤销结算',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const reportQuery = z.object({
  pageNum: z.coerce.number().int().min(1, '页码无效').default(1),
  pageSize: z.coerce.number().int().min(1, '每页条数无效').max(1000, '每页最多1000条').default(20),
  pageHelper: z.coerce.number().int().optional(),
  startDate: z.string().regex(DAY, '开始日期格式应为YYYY-MM-DD').optional(),
  endDate: z.string().regex(DAY, '结束日期格式应为YYYY-MM-DD').optional(),
  startMonth: monthParam.optional(),
  endMonth: monthParam.optional(),
  keyword: z.string().trim().max(50).optional(),
});
type ReportQuery = z.output<typeof reportQuery>;

function dateRange(column: RawBuilder<unknown>, q: ReportQuery) {
  const parts: RawBuilder<unknown>[] = [];
  if (q.startDate) parts.push(sql`${column} >= ${q.startDate}`);
  if (q.endDate) parts.push(sql`${column} <= ${`${q.endDate} 23:59:59`}`);
  return parts;
}
function monthRange(column: RawBuilder<unknown>, q: ReportQuery) {
  const parts: RawBuilder<unknown>[] = [];
  if (q.startMonth) parts.push(sql`${column} >= ${q.startMonth}`);
  if (q.endMonth) parts.push(sql`${column} <= ${q.endMonth}`);
  return parts;
}
const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`1 = 1`);

/** Runs a report: rows plus a total line of its money columns. */
async function runReport(
  ctx: Ctx,
  def: ReportDef,
  q: ReportQuery,
): Promise<{ rows: Row[]; total: number; sums: Row }> {
  const org = ctx.user.orgId;
  const like = q.keyword ? `%${q.keyword}%` : null;
  const elderScope = sql`${inReadDepts('o.deptId', ctx.user)} ${like ? sql`and o.oldmanName like ${like}` : sql``}`;
  const src = def.source;
  let rows: Row[];
  switch (src.kind) {
    case 'payWaySummary': {
      const where = and([
        sql`a.orgId = ${org}`,
        sql`a.ownerType = 'org'`,
        sql`a.kind = 'cash'`,
        ...dateRange(sql`t.createTime`, q),
      ]);
      const found = await sql<Row>`select a.sub as payWay,
          sum(case when e.amountFen > 0 then e.amountFen else 0 end) as inFen,
          sum(case when e.amountFen < 0 then -e.amountFen else 0 end) as outFen,
          sum(e.amountFen) as netFen, count(*) as count
        from ledgerEntry e join ledgerAccount a on a.accountId = e.accountId join ledgerTx t on t.txId = e.txId
        left join oldman o on o.oldmanId = t.oldmanId
        where ${where} and (t.oldmanId is null or ${elderScope})
        group by a.sub order by a.sub`.execute(ctx.db);
      rows = found.rows.map((r) => ({ ...r, payWayName: payWayLabel(Number(r.payWay)) || String(r.payWay) }));
      break;
    }
    case 'trades': {
      const where = and([
        sql`t.orgId = ${org}`,
        sql`t.txType in (${sql.join(src.txTypes)})`,
        ...(src.payWay !== undefined ? [sql`t.payWay = ${String(src.payWay)}`] : []),
        ...dateRange(sql`t.createTime`, q),
        elderScope,
      ]);
      // the money that moved: the cash line, or for trades within an elder's accounts the elder's side
      const found =
        await sql<Row>`select t.txId, t.txType, t.payWay, t.receiptNo, t.operatorName, t.memo, t.createTime,
          o.oldmanName,
          coalesce((select sum(e.amountFen) from ledgerEntry e join ledgerAccount a on a.accountId = e.accountId
            where e.txId = t.txId and a.kind = 'cash'),
            (select -sum(e.amountFen) from ledgerEntry e join ledgerAccount a on a.accountId = e.accountId
            where e.txId = t.txId and a.kind = 'receivable')) as amount
        from ledgerTx t join oldman o on o.oldmanId = t.oldmanId where ${where}
        order by t.txId desc`.execute(ctx.db);
      rows = found.rows.map((r) => ({
        ...r,
        amount: Number(r.amount ?? 0),
        txTypeName: txTypeName[String(r.txType)] ?? String(r.txType),
        payWayName: r.payWay ? payWayLabel(Number(r.payWay)) : '',
      }));
      break;
    }
    case 'balances': {
      const found =
        await sql<Row>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.oldmanStatus, sum(a.balanceFen) as raw
        from ledgerAccount a join oldman o on o.oldmanId = a.ownerId
        where a.orgId = ${org} and a.ownerType = 'oldman' and a.kind = ${src.account} and ${elderScope}
        group by o.oldmanId having sum(a.balanceFen) <> 0 order by o.oldmanName`.execute(ctx.db);
      rows = found.rows.map((r) => ({
        ...r,
        balance: shownBalance(src.account, Number(r.raw)),
        oldmanStatusName: dictLabel('liveStatus', Number(r.oldmanStatus)),
      }));
      break;
    }
    case 'entries': {
      const where = and([
        sql`a.orgId = ${org}`,
        sql`a.ownerType = 'oldman'`,
        sql`a.kind = ${src.account}`,
        ...dateRange(sql`t.createTime`, q),
        elderScope,
      ]);
      const flip = accountKinds[src.account].side === 'credit' ? -1 : 1;
      const found =
        await sql<Row>`select t.txId, t.createTime, t.memo, t.payWay, t.operatorName, o.oldmanName,
          e.amountFen, e.balanceAfterFen
        from ledgerEntry e join ledgerAccount a on a.accountId = e.accountId join ledgerTx t on t.txId = e.txId
        join oldman o on o.oldmanId = a.ownerId where ${where} order by e.entryId desc`.execute(ctx.db);
      rows = found.rows.map((r) => ({
        ...r,
        amount: Number(r.amountFen) * flip,
        balance: Number(r.balanceAfterFen) * flip,
        payWayName: r.payWay ? payWayLabel(Number(r.payWay)) : '',
      }));
      break;
    }
    case 'billItems':
    case 'projectSummary': {
      const category =
        src.kind === 'billItems' && src.category
          ? sql`and i.projectId in (select p.projectId from costProject p join projectCategory c
              on c.projectCategoryId = p.projectCategoryId where c.projectCategoryName like ${`%${src.category}%`})`
          : sql``;
      const where = and([
        sql`b.orgId = ${org}`,
        sql`b.billStatus <> 3`,
        ...monthRange(sql`b.billMonth`, q),
        elderScope,
      ]);
      if (src.kind === 'projectSummary') {
        const found = await sql<Row>`select i.projectName, count(*) as count, sum(i.amountFen) as amountFen
          from billItem i join bill b on b.billId = i.billId join oldman o on o.oldmanId = b.oldmanId
          where ${where} group by i.projectName order by sum(i.amountFen) desc`.execute(ctx.db);
        rows = found.rows;
      } else {
        const found =
          await sql<Row>`select b.billMonth, b.billStatus, o.oldmanName, i.projectName, i.quantity, i.unitFen,
            i.days, i.amountFen
          from billItem i join bill b on b.billId = i.billId join oldman o on o.oldmanId = b.oldmanId
          where ${where} ${category} order by b.billMonth desc, b.billId desc, i.itemId`.execute(ctx.db);
        rows = found.rows.map((r) => ({
          ...r,
          billStatusName: dictLabel('billStatus', Number(r.billStatus)),
        }));
      }
      break;
    }
    case 'settlements': {
      const where = and([sql`s.orgId = ${org}`, ...dateRange(sql`s.createTime`, q), elderScope]);
      const found =
        await sql<Row>`select s.*, o.oldmanName from settlement s join oldman o on o.oldmanId = s.oldmanId
        where ${where} order by s.settleId desc`.execute(ctx.db);
      rows = found.rows.map((r) => ({
        ...r,
        settleStatusName: dictLabel('settleStatus', Number(r.settleStatus)),
      }));
      break;
    }
  }
  const sums: Row = {};
  // a running balance added up means nothing: such columns say sum: false
  for (const col of def.columns)
    if (col.type === 'money' && col.sum !== false)
      sums[col.key] = rows.reduce((s, r) => s + Number(r[col.key] ?? 0), 0);
  return { rows, total: rows.length, sums };
}

export function reportRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: `${RECONCILIATION}/ledger`,
      auth: A.report,
      async handler(ctx) {
        return reconcile(ctx.db, ctx.user.orgId);
      },
    }),
    route({
      method: 'GET',
      url: `${RECONCILIATION}/:report`,
      auth: A.report,
      params: z.object({ report: z.string().max(40) }),
      query: reportQuery,
      async handler(ctx) {
        const def = reportByName.get(ctx.params.report);
        if (!def) throw new ApiFailure(Code.notFound, '报表不存在');
        const { rows, total, sums } = await runReport(ctx, def, ctx.query);
        const q = ctx.query;
        const list =
          q.pageHelper === 0 ? rows : rows.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
        return { list, total, sums, pageNum: q.pageHelper === 0 ? 1 : q.pageNum, pageSize: q.pageSize };
      },
    }),
    route({
      method: 'GET',
      url: '/pims/web-pi/balanceStatistics/:tradeType',
      auth: A.report,
      params: z.object({
        tradeType: z.coerce
          .number()
          .int()
          .refine((v) => v === 2 || v === 5 || v === 6, '账户类型无效（2押金、5预订金、6医疗押金）'),
      }),
      async handler(ctx) {
        const kind =
          ctx.params.tradeType === 2
            ? 'deposit'
            : ctx.params.tradeType === 5
              ? 'reservation'
              : 'medicalDeposit';
        const found = await sql<{ raw: number | null; n: number }>`select sum(a.balanceFen) as raw,
            count(case when a.balanceFen <> 0 then 1 end) as n
          from ledgerAccount a join oldman o on o.oldmanId = a.ownerId
          where a.orgId = ${ctx.user.orgId} and a.ownerType = 'oldman' and a.kind = ${kind}
            and ${inReadDepts('o.deptId', ctx.user)}`.execute(ctx.db);
        const row = found.rows[0];
        return {
          tradeType: ctx.params.tradeType,
          totalFen: shownBalance(kind, Number(row?.raw ?? 0)),
          count: Number(row?.n ?? 0),
        };
      },
    }),
    // 历史收据 (spec 001 receipt GET; receipt/print POST) — every trade that took or returned money
    route({
      method: 'GET',
      url: `${COST}/receipt`,
      auth: A.receipt,
      query: reportQuery.extend({ oldmanId: z.coerce.number().int().positive().optional() }),
      async handler(ctx) {
        const q = ctx.query;
        const like = q.keyword ? `%${q.keyword}%` : null;
        const where = and([
          sql`t.orgId = ${ctx.user.orgId}`,
          sql`t.receiptNo is not null`,
          inReadDepts('o.deptId', ctx.user),
          ...(q.oldmanId ? [sql`t.oldmanId = ${q.oldmanId}`] : []),
          ...(like ? [sql`(o.oldmanName like ${like} or t.receiptNo like ${like})`] : []),
          ...dateRange(sql`t.createTime`, q),
        ]);
        const limit =
          q.pageHelper === 0 ? sql`` : sql`limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`;
        const found =
          await sql<Row>`select t.txId, t.receiptNo, t.txType, t.tradeType, t.payWay, t.memo, t.operatorName,
            t.createTime, t.reversedByTxId, o.oldmanName,
            ${receiptAmountFen(sql`t.txId`, sql`t.txType`)} as amountFen
          from ledgerTx t join oldman o on o.oldmanId = t.oldmanId where ${where} order by t.txId desc ${limit}`.execute(
            ctx.db,
          );
        const total = await sql<{
          n: number;
        }>`select count(*) as n from ledgerTx t join oldman o on o.oldmanId = t.oldmanId
          where ${where}`.execute(ctx.db);
        return {
          list: found.rows.map((r) => ({
            ...r,
            amount: Number(r.amountFen),
            txTypeName: txTypeName[String(r.txType)] ?? '',
            payWayName: r.payWay ? payWayLabel(Number(r.payWay)) : '',
            voided: r.reversedByTxId !== null,
          })),
          total: Number(total.rows[0]?.n ?? 0),
          pageNum: q.pageNum,
          pageSize: q.pageSize,
        };
      },
    }),
    route({
      method: 'POST',
      url: `${COST}/receipt/print`,
      auth: A.receipt,
      log: false,
      body: z.object({ txIds: z.array(z.coerce.number().int().positive()).min(1, '请选择收据').max(200) }),
      async handler(ctx) {
        return { printUrl: `${COST}/receipt/print?txIds=${ctx.body.txIds.join(',')}` };
      },
    }),
    route({
      method: 'GET',
      url: `${COST}/receipt/print`,
      auth: A.receipt,
      query: z.object({ txIds: idList('收据') }),
      async handler(ctx) {
        const org = await ctx.db
          .selectFrom('org')
          .select('orgName')
          .where('orgId', '=', ctx.user.orgId)
          .executeTakeFirst();
        const parts: string[] = [];
        for (const txId of ctx.query.txIds) {
          const tx = await ctx.db
            .selectFrom('ledgerTx')
            .selectAll()
            .where('txId', '=', txId)
            .where('orgId', '=', ctx.user.orgId)
            .executeTakeFirst();
          if (!tx?.receiptNo || tx.oldmanId === null) throw new ApiFailure(Code.notFound, '收据不存在');
          const elder = await elderOf(ctx, tx.oldmanId);
          const amount = await sql<{
            fen: number;
          }>`select ${receiptAmountFen(txId, tx.txType)} as fen`.execute(ctx.db);
          const fen = Number(amount.rows[0]?.fen ?? 0);
          parts.push(`<section class="receipt"><h2>收款收据</h2>
            <p>收据号：${escapeHtml(tx.receiptNo)}　日期：${escapeHtml(tx.createTime)}</p>
            <table class="form-values"><tbody>
            <tr><th>长者</th><td>${escapeHtml(elder.oldmanName)}</td></tr>
            <tr><th>业务</th><td>${escapeHtml(txTypeName[tx.txType] ?? tx.txType)}${tx.tradeType ? `（${escapeHtml(dictLabel('tradeType', tx.tradeType))}）` : ''}</td></tr>
            <tr><th>金额</th><td>${formatYuan(fen)} 元</td></tr>
            <tr><th>支付方式</th><td>${escapeHtml(tx.payWay ? payWayLabel(Number(tx.payWay)) : '余额')}</td></tr>
            <tr><th>摘要</th><td>${escapeHtml(tx.memo)}</td></tr>
            <tr><th>经办人</th><td>${escapeHtml(tx.operatorName)}</td></tr>
            </tbody></table>${tx.reversedByTxId ? '<p><b>此收据已作废</b></p>' : ''}</section>`);
        }
        const { html, csp } = printPage('收款收据', org?.orgName ?? '', parts.join('<hr/>'));
        ctx.reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', csp)
          .header('cache-control', 'no-store')
          .send(html);
        return SENT;
      },
    }),
  ];
}
