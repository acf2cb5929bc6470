import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { type AccountKind, accountKinds, shownBalance } from '../../../domain/ledger.js';
import { pagingShape, rowSchema } from '../../../domain/resource.js';
import type { Db } from '../../../server/db/index.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery, recordId } from '../../../server/http/schemas.js';
import { ownerBalances } from '../../../server/ledger/ledger.js';
import type { Ctx, ListRows, ResourceHooks } from '../../../server/resources/engine.js';
import { ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import {
  type AccountRow,
  accountResource,
  type StatementRow,
  statementPage,
  statementType,
} from '../resources/costAccounts.js';
import { accountOfTradeType, payWayLabel, TxType } from '../resources/costCommon.js';
import { elderOf } from './elders.js';
import { contains, type ListPage, limitOf, orderOf, pageLimit, pageOf } from './listSql.js';

/** The balances 长者账户 shows, in its columns' order. */
export const balanceKinds = ['prestore', 'deposit', 'medicalDeposit', 'reservation', 'receivable'] as const;
export type BalanceKind = (typeof balanceKinds)[number];
const sortColumns = { oldmanId: 'o.oldmanId', oldmanName: 'o.oldmanName' };

function accountWhere(ctx: Ctx, q: Record<string, unknown>, oldmanId?: number): RawBuilder<unknown> {
  const conditions = [sql`o.orgId = ${ctx.user.orgId}`, inReadDepts('o.deptId', ctx.user)];
  if (oldmanId !== undefined) conditions.push(sql`o.oldmanId = ${oldmanId}`);
  if (q.deptId) conditions.push(sql`o.deptId = ${Number(q.deptId)}`);
  if (q.oldmanStatuses)
    conditions.push(sql`o.oldmanStatus in (${sql.join(String(q.oldmanStatuses).split(',').map(Number))})`);
  if (q.keyword) {
    const keyword = String(q.keyword);
    conditions.push(sql`(${contains('o.oldmanName', keyword)} or ${contains('o.oldmanIdcard', keyword)})`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The balances 长者账户 shows for each elder, in fen (every column, 0 when the elder has no such
 * account). The screen and every refusal that names an elder's balance read it here, so the two
 * never disagree.
 */
export async function elderBalances(
  db: Db,
  orgId: number,
  oldmanIds: readonly number[],
): Promise<Map<number, Record<BalanceKind, number>>> {
  const balances = await ownerBalances(db, orgId, 'oldman', oldmanIds);
  return new Map(
    oldmanIds.map((id) => {
      const b = balances.get(id) ?? {};
      return [id, Object.fromEntries(balanceKinds.map((k) => [k, b[k] ?? 0])) as Record<BalanceKind, number>];
    }),
  );
}

/** Elders of the user's departments with their balances in fen, and the balances' 合计. */
async function accountRows(
  ctx: Ctx,
  q: Record<string, unknown>,
  page: ListPage,
  oldmanId?: number,
): Promise<ListRows & { rows: AccountRow[] }> {
  const where = accountWhere(ctx, q, oldmanId);
  const rows = await sql<AccountRow>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.oldmanStatus,
      o.deptId, b.bedName from oldman o left join bed b on b.bedId = o.bedId where ${where}
      ${orderOf(q, sortColumns, accountResource.defaultSort, 'o.oldmanId')} ${limitOf(page)}`.execute(ctx.db);
  const total = await sql<{ n: number }>`select count(*) as n from oldman o where ${where}`.execute(ctx.db);
  const balances = await elderBalances(
    ctx.db,
    ctx.user.orgId,
    rows.rows.map((r) => r.oldmanId),
  );
  for (const row of rows.rows) Object.assign(row, balances.get(row.oldmanId));
  const sums = await sql<{ kind: AccountKind; raw: number }>`select a.kind, sum(a.balanceFen) as raw
    from ledgerAccount a join oldman o on o.oldmanId = a.ownerId
    where a.orgId = ${ctx.user.orgId} and a.ownerType = 'oldman' and a.kind in (${sql.join([...balanceKinds])})
      and ${where} group by a.kind`.execute(ctx.db);
  const raw = new Map(sums.rows.map((r) => [r.kind, Number(r.raw)]));
  return {
    rows: rows.rows,
    total: Number(total.rows[0]?.n ?? 0),
    sums: Object.fromEntries(balanceKinds.map((k) => [k, shownBalance(k, raw.get(k) ?? 0)])),
  };
}

export const accountListHooks: ResourceHooks = { list: accountRows };

/**
 * An elder's statement: the lines of one account (1, 2, 6, 5; "2,6" both deposits) with the
 * running balance, or the payments (3) and refunds (4) made.
 */
async function statement(ctx: Ctx, oldmanId: number, tradeType: string, page: ListPage) {
  const base = sql`select t.txId, t.txType, t.tradeType, t.payWay, t.memo, t.receiptNo, t.operatorName, t.createTime,
      t.reversesTxId, t.reversedByTxId, e.amountFen, e.balanceAfterFen, a.kind, e.entryId`;
  let from: RawBuilder<unknown>;
  const moneyOut = tradeType === '3' || tradeType === '4';
  if (moneyOut) {
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
  >`${base} ${from} order by e.entryId desc ${limitOf(page)}`.execute(ctx.db);
  const total = await sql<{ n: number }>`select count(*) as n ${from}`.execute(ctx.db);
  const list: StatementRow[] = rows.rows.map((r) => {
    const kind = String(r.kind) as AccountKind;
    const flip = accountKinds[kind].side === 'credit' ? -1 : 1;
    const amount = Number(r.amountFen) * flip;
    return {
      entryId: Number(r.entryId),
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
      amount: moneyOut ? Math.abs(amount) : amount,
      balance: Number(r.balanceAfterFen) * flip,
      reversesTxId: (r.reversesTxId as number | null) ?? null,
      reversedByTxId: (r.reversedByTxId as number | null) ?? null,
    };
  });
  return { rows: list, total: Number(total.rows[0]?.n ?? 0) };
}

export function accountListRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.account,
      auth: A.account,
      summary: '长者账户',
      params: idsOf('oldmanId'),
      query: noQuery,
      response: rowSchema(accountResource),
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        const { rows } = await accountRows(ctx, {}, { limit: 1, offset: 0 }, elder.oldmanId);
        return rows[0] ?? null;
      },
    }),
    route({
      method: 'GET',
      url: P.statement,
      auth: A.account,
      summary: '账户明细',
      params: z.object({ oldmanId: recordId, tradeType: statementType }),
      query: z.object(pagingShape),
      response: statementPage,
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        return pageOf(
          ctx.query,
          await statement(ctx, elder.oldmanId, ctx.params.tradeType, pageLimit(ctx.query)),
        );
      },
    }),
  ];
}
