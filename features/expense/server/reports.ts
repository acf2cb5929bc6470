import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { accountKinds, shownBalance } from '../../../domain/ledger.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery, noResult } from '../../../server/http/schemas.js';
import { reconcile } from '../../../server/ledger/ledger.js';
import type { Ctx, ListRows, ResourceHooks } from '../../../server/resources/engine.js';
import { ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import { payWayLabel, txTypeName } from '../resources/costCommon.js';
import {
  balanceStatistics,
  balanceStatisticsParams,
  type ReportDef,
  reconciliation,
} from '../resources/costReports.js';
import type { ListPage } from './listSql.js';

type Row = Record<string, unknown>;

/** The report's period: days of createTime (日期起, 日期止) or bill months. */
function dateRange(column: RawBuilder<unknown>, q: Row) {
  const parts: RawBuilder<unknown>[] = [];
  if (q.createTimeStart) parts.push(sql`${column} >= ${String(q.createTimeStart)}`);
  if (q.createTimeEnd) parts.push(sql`${column} <= ${`${String(q.createTimeEnd)} 23:59:59`}`);
  return parts;
}
function monthRange(column: RawBuilder<unknown>, q: Row) {
  const parts: RawBuilder<unknown>[] = [];
  if (q.startMonth) parts.push(sql`${column} >= ${String(q.startMonth)}`);
  if (q.endMonth) parts.push(sql`${column} <= ${String(q.endMonth)}`);
  return parts;
}
const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`1 = 1`);

/** Every row of a report, in its own order, read from the book with the filters. */
async function readReport(ctx: Ctx, def: ReportDef, q: Row): Promise<Row[]> {
  const org = ctx.user.orgId;
  const like = q.keyword ? `%${String(q.keyword)}%` : null;
  const elderScope = sql`${inReadDepts('o.deptId', ctx.user)} ${like ? sql`and o.oldmanName like ${like}` : sql``}`;
  const src = def.source;
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
      return found.rows.map((r) => ({ ...r, payWayName: payWayLabel(Number(r.payWay)) || String(r.payWay) }));
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
      return found.rows.map((r) => ({
        ...r,
        amount: Number(r.amount ?? 0),
        txTypeName: txTypeName[String(r.txType)] ?? String(r.txType),
        payWayName: r.payWay ? payWayLabel(Number(r.payWay)) : '',
      }));
    }
    case 'balances': {
      const found =
        await sql<Row>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.oldmanStatus, sum(a.balanceFen) as raw
        from ledgerAccount a join oldman o on o.oldmanId = a.ownerId
        where a.orgId = ${org} and a.ownerType = 'oldman' and a.kind = ${src.account} and ${elderScope}
        group by o.oldmanId having sum(a.balanceFen) <> 0 order by o.oldmanName`.execute(ctx.db);
      return found.rows.map((r) => ({
        ...r,
        balance: shownBalance(src.account, Number(r.raw)),
        oldmanStatusName: dictLabel('liveStatus', Number(r.oldmanStatus)),
      }));
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
      return found.rows.map((r) => ({
        ...r,
        amount: Number(r.amountFen) * flip,
        balance: Number(r.balanceAfterFen) * flip,
        payWayName: r.payWay ? payWayLabel(Number(r.payWay)) : '',
      }));
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
      if (src.kind === 'projectSummary')
        return (
          await sql<Row>`select i.projectName, count(*) as count, sum(i.amountFen) as amountFen
          from billItem i join bill b on b.billId = i.billId join oldman o on o.oldmanId = b.oldmanId
          where ${where} group by i.projectName order by sum(i.amountFen) desc`.execute(ctx.db)
        ).rows;
      const found =
        await sql<Row>`select b.billMonth, b.billStatus, o.oldmanName, i.projectName, i.quantity, i.unitFen,
            i.days, i.amountFen
          from billItem i join bill b on b.billId = i.billId join oldman o on o.oldmanId = b.oldmanId
          where ${where} ${category} order by b.billMonth desc, b.billId desc, i.itemId`.execute(ctx.db);
      return found.rows.map((r) => ({ ...r, billStatusName: dictLabel('billStatus', Number(r.billStatus)) }));
    }
    case 'inOut': {
      const parts = [sql`r.orgId = ${org}`];
      if (q.occurDateStart) parts.push(sql`r.occurDate >= ${String(q.occurDateStart)}`);
      if (q.occurDateEnd) parts.push(sql`r.occurDate <= ${String(q.occurDateEnd)}`);
      if (q.direction) parts.push(sql`r.direction = ${Number(q.direction)}`);
      if (like) parts.push(sql`(r.itemName like ${like} or r.handler like ${like})`);
      const found = await sql<Row>`select r.* from inOutRecord r where ${and(parts)}
        order by r.occurDate desc, r.projectId desc`.execute(ctx.db);
      return found.rows.map((r) => ({
        ...r,
        directionName: dictLabel('inOutDirection', Number(r.direction)),
        incomeFen: Number(r.direction) === 1 ? Number(r.amount) : 0,
        expenseFen: Number(r.direction) === 2 ? Number(r.amount) : 0,
        payWayName: r.payWay ? dictLabel('batchPayWay', Number(r.payWay)) : '',
      }));
    }
    case 'settlements': {
      const where = and([sql`s.orgId = ${org}`, ...dateRange(sql`s.createTime`, q), elderScope]);
      const found =
        await sql<Row>`select s.*, o.oldmanName from settlement s join oldman o on o.oldmanId = s.oldmanId
        where ${where} order by s.settleId desc`.execute(ctx.db);
      return found.rows.map((r) => ({
        ...r,
        settleStatusName: dictLabel('settleStatus', Number(r.settleStatus)),
      }));
    }
  }
}

/** Orders rows by one column (numbers as numbers, text in Chinese order), the report's order breaking ties. */
function sortRows(rows: Row[], def: ReportDef, q: Row): Row[] {
  const key = def.columns.find((c) => c.key === q.sortField)?.key ?? 'rowNo';
  const sign = q.sortOrder === 'desc' ? -1 : 1;
  const text = new Intl.Collator('zh-CN');
  return [...rows].sort((a, b) => {
    const x = a[key] ?? '';
    const y = b[key] ?? '';
    const by = typeof x === 'number' && typeof y === 'number' ? x - y : text.compare(String(x), String(y));
    return by * sign || Number(a.rowNo) - Number(b.rowNo);
  });
}

/**
 * A report as the engine's list: every row numbered in the report's order, sorted as asked, the
 * page cut out, and its money columns added up over every row (a running balance is left out).
 */
export async function reportList(
  ctx: Ctx,
  def: ReportDef,
  sums: readonly string[],
  q: Row,
  page: ListPage,
): Promise<ListRows> {
  const rows: Row[] = (await readReport(ctx, def, q)).map((r, i) => ({ ...r, rowNo: i + 1 }));
  const sorted = sortRows(rows, def, q);
  return {
    rows: page ? sorted.slice(page.offset, page.offset + page.limit) : sorted,
    total: rows.length,
    sums: Object.fromEntries(sums.map((k) => [k, rows.reduce((s, r) => s + Number(r[k] ?? 0), 0)])),
  };
}

export const reportHooks = (def: ReportDef, sums: readonly string[]): ResourceHooks => ({
  list: (ctx, q, page: ListPage) => reportList(ctx, def, sums, q, page),
});

/** 账务核对, an unknown report's refusal and the deposit statistics (spec 001 §7 reconciliation). */
export function reportRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.ledger,
      auth: A.report,
      summary: '账务核对',
      query: noQuery,
      response: reconciliation,
      handler: (ctx) => reconcile(ctx.db, ctx.user.orgId),
    }),
    route({
      method: 'GET',
      url: P.report,
      auth: A.report,
      summary: '报表（名称不存在时）',
      params: z.object({ report: z.string().max(40) }),
      query: noQuery,
      response: noResult,
      async handler() {
        // every report of features/expense/resources/costReports.ts has a list call of its own
        throw new ApiFailure(Code.notFound, '报表不存在');
      },
    }),
    route({
      method: 'GET',
      url: P.balanceStatistics,
      auth: A.report,
      summary: '押金与预订金统计',
      params: balanceStatisticsParams,
      query: noQuery,
      response: balanceStatistics,
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
  ];
}
