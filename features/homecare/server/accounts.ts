import { sql } from 'kysely';
import type { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { raise, shownBalance } from '../../../domain/ledger.js';
import { formatYuan } from '../../../domain/resource.js';
import { HomecareAuthority as A } from '../../../domain/statuses/homecare.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, idsOf, noBody } from '../../../server/http/schemas.js';
import { ownerBalances, postTrade, reverseTrade, type TradeLine } from '../../../server/ledger/ledger.js';
import { type Ctx, loadRow, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { accountSaved, toppedUp, traded, tradePage, tradeVoided } from '../api.js';
import {
  cashTradeSchema,
  type HomeTradeRow,
  type HomeTradeType,
  homeTradeTypes,
  innerTradeSchema,
  CostAccountPaths as P,
  topUpSchema,
  tradeListSchema,
  transferSchema,
} from '../resources/accounts.js';
import { costAccountResource } from '../resources/elders.js';
import { inHomeElderDept } from './elders.js';
import { balanceAccount, cashAccount, depositAccount, operatorName } from './orderFlow.js';

const def = costAccountResource;
const SEALED = 1;

export const accountHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (existing && row.oldmanId !== undefined && Number(row.oldmanId) !== Number(existing.oldmanId))
      throw new ApiFailure(Code.invalidInput, '账户所属长者不能更改');
    await inHomeElderDept(ctx, row);
    if (!existing) row.accountStatus = 0;
  },
  async decorate(db, rows) {
    if (!rows.length) return;
    const orgId = Number(rows[0]?.orgId);
    const balances = await ownerBalances(
      db,
      orgId,
      'homeOldman',
      rows.map((r) => Number(r.oldmanId)),
    );
    for (const row of rows) {
      const kinds = balances.get(Number(row.oldmanId)) ?? {};
      row.balance = kinds.homeBalance ?? 0;
      row.deposit = kinds.homeDeposit ?? 0;
    }
  },
};

/** An account the user may move money on: of the organisation, in a data department, not sealed. */
async function openAccount(ctx: Ctx, accountId: number) {
  const account = await loadRow(ctx, def, accountId, accountHooks);
  if (Number(account.accountStatus) === SEALED)
    throw new ApiFailure(Code.homeAccountState, `${String(account.oldmanName)}的账户已注销`);
  return account;
}

async function trade(
  ctx: Ctx,
  txType: HomeTradeType,
  account: Row,
  lines: TradeLine[],
  payWay: string | null,
  note: string | undefined,
) {
  const label = homeTradeTypes[txType];
  return postTrade(ctx.db, {
    orgId: ctx.user.orgId,
    txType,
    payWay,
    oldmanId: Number(account.oldmanId),
    memo: note ? `${label}：${note}` : label,
    refType: 'homeAccount',
    refId: Number(account.accountId),
    operatorId: ctx.user.userId,
    operatorName: await operatorName(ctx),
    lines,
  });
}

/** One money call: parse, load the account, post the lines it makes. */
function moneyRoute(
  url: string,
  txType: HomeTradeType,
  build: (b: { oldmanId: number; amountFen: number; tradeWay: string }) => TradeLine[],
  schema: typeof cashTradeSchema | typeof innerTradeSchema,
) {
  return route({
    method: 'POST',
    url,
    auth: A.accountTrade,
    body: schema,
    response: traded,
    log: { type: 'UPDATE', name: homeTradeTypes[txType] },
    async handler(ctx) {
      const body = ctx.body as z.output<typeof cashTradeSchema> | z.output<typeof innerTradeSchema>;
      const account = await openAccount(ctx, body.accountId);
      const way = 'tradeWay' in body ? body.tradeWay : null;
      const lines = build({
        oldmanId: Number(account.oldmanId),
        amountFen: body.amountFen,
        tradeWay: way ?? '',
      });
      const posted = await trade(ctx, txType, account, lines, way, body.note);
      ctx.describe(
        `${homeTradeTypes[txType]}：${String(account.oldmanName)} ${formatYuan(body.amountFen)} 元`,
      );
      return { tradeId: posted.txId };
    },
  });
}

const kindsOf = (k: string): 'homeBalance' | 'homeDeposit' =>
  k === 'homeDeposit' ? 'homeDeposit' : 'homeBalance';

export function homecareAccountRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.last,
      auth: A.account,
      summary: '账户最近交易',
      query: tradeListSchema,
      response: tradePage,
      async handler(ctx) {
        // The account's ten latest trades (the account card of the console).
        const q = ctx.query;
        if (!q.accountId) throw new ApiFailure(Code.invalidInput, '请选择账户');
        return listTrades(ctx, { ...q, pageNum: 1, pageSize: 10 });
      },
    }),
    route({
      method: 'DELETE',
      url: def.api.remove as string,
      auth: A.accountDelete,
      params: idParams,
      response: accountSaved,
      log: { type: 'DELETE', name: '注销居家账户' },
      async handler(ctx) {
        const account = await openAccount(ctx, ctx.params.id);
        if (Number(account.balance) !== 0 || Number(account.deposit) !== 0)
          throw new ApiFailure(
            Code.homeAccountState,
            `账户还有余额 ${formatYuan(Number(account.balance))} 元、押金 ${formatYuan(Number(account.deposit))} 元，请先退款`,
          );
        await sql`update homeCostAccount set accountStatus = ${SEALED} where accountId = ${Number(account.accountId)}`.execute(
          ctx.db,
        );
        ctx.describe(`注销居家账户：${String(account.oldmanName)}`);
        return { accountId: Number(account.accountId) };
      },
    }),
    route({
      method: 'PUT',
      url: P.recovery,
      auth: A.accountEdit,
      params: idParams,
      body: noBody,
      response: accountSaved,
      log: { type: 'UPDATE', name: '恢复居家账户' },
      async handler(ctx) {
        const account = await loadRow(ctx, def, ctx.params.id);
        if (Number(account.accountStatus) !== SEALED)
          throw new ApiFailure(Code.homeAccountState, '该账户未注销');
        await sql`update homeCostAccount set accountStatus = 0 where accountId = ${Number(account.accountId)}`.execute(
          ctx.db,
        );
        ctx.describe(`恢复居家账户：${String(account.oldmanName)}`);
        return { accountId: Number(account.accountId) };
      },
    }),
    route({
      method: 'POST',
      url: P.topUpBalance,
      auth: A.accountTrade,
      body: topUpSchema,
      response: toppedUp,
      log: { type: 'UPDATE', name: homeTradeTypes.homeTopUpBalance },
      async handler(ctx) {
        const body = ctx.body;
        const tradeIds: number[] = [];
        const names: string[] = [];
        for (const id of new Set(body.accountIds)) {
          const account = await openAccount(ctx, id);
          const posted = await trade(
            ctx,
            'homeTopUpBalance',
            account,
            [
              { account: cashAccount(body.tradeWay), amountFen: raise('cash', body.amountFen) },
              {
                account: balanceAccount(Number(account.oldmanId)),
                amountFen: raise('homeBalance', body.amountFen),
              },
            ],
            body.tradeWay,
            body.note,
          );
          tradeIds.push(posted.txId);
          names.push(String(account.oldmanName));
        }
        ctx.describe(`余额充值 ${formatYuan(body.amountFen)} 元：${names.join('、')}`);
        return { tradeIds };
      },
    }),
    moneyRoute(
      P.withdrawBalance,
      'homeWithdrawBalance',
      (b) => [
        { account: balanceAccount(b.oldmanId), amountFen: raise('homeBalance', -b.amountFen) },
        { account: cashAccount(b.tradeWay), amountFen: raise('cash', -b.amountFen) },
      ],
      cashTradeSchema,
    ),
    moneyRoute(
      P.remitBalance,
      'homeRemitBalance',
      (b) => [
        { account: balanceAccount(b.oldmanId), amountFen: raise('homeBalance', -b.amountFen) },
        { account: depositAccount(b.oldmanId), amountFen: raise('homeDeposit', b.amountFen) },
      ],
      innerTradeSchema,
    ),
    moneyRoute(
      P.topUpDeposit,
      'homeTopUpDeposit',
      (b) => [
        { account: cashAccount(b.tradeWay), amountFen: raise('cash', b.amountFen) },
        { account: depositAccount(b.oldmanId), amountFen: raise('homeDeposit', b.amountFen) },
      ],
      cashTradeSchema,
    ),
    moneyRoute(
      P.withdrawDeposit,
      'homeWithdrawDeposit',
      (b) => [
        { account: depositAccount(b.oldmanId), amountFen: raise('homeDeposit', -b.amountFen) },
        { account: cashAccount(b.tradeWay), amountFen: raise('cash', -b.amountFen) },
      ],
      cashTradeSchema,
    ),
    moneyRoute(
      P.transferDeposit,
      'homeTransferDeposit',
      (b) => [
        { account: depositAccount(b.oldmanId), amountFen: raise('homeDeposit', -b.amountFen) },
        { account: balanceAccount(b.oldmanId), amountFen: raise('homeBalance', b.amountFen) },
      ],
      innerTradeSchema,
    ),
    route({
      method: 'POST',
      url: P.transferBalance,
      auth: A.accountTrade,
      body: transferSchema,
      response: traded,
      log: { type: 'UPDATE', name: homeTradeTypes.homeTransferBalance },
      async handler(ctx) {
        const body = ctx.body;
        const from = await openAccount(ctx, body.accountId);
        const to = await openAccount(ctx, body.toAccountId);
        const posted = await trade(
          ctx,
          'homeTransferBalance',
          from,
          [
            {
              account: balanceAccount(Number(from.oldmanId)),
              amountFen: raise('homeBalance', -body.amountFen),
            },
            { account: balanceAccount(Number(to.oldmanId)), amountFen: raise('homeBalance', body.amountFen) },
          ],
          null,
          body.note ?? `转给${String(to.oldmanName)}`,
        );
        ctx.describe(
          `余额转账：${String(from.oldmanName)} → ${String(to.oldmanName)} ${formatYuan(body.amountFen)} 元`,
        );
        return { tradeId: posted.txId };
      },
    }),
    route({
      method: 'GET',
      url: P.trades,
      auth: A.account,
      summary: '账户交易明细',
      query: tradeListSchema,
      response: tradePage,
      handler: (ctx) => listTrades(ctx, ctx.query),
    }),
    route({
      method: 'PUT',
      url: P.voidTrade,
      auth: A.accountVoid,
      params: idsOf('tradeId'),
      body: noBody,
      response: tradeVoided,
      log: { type: 'UPDATE', name: '作废居家账户交易' },
      async handler(ctx) {
        const tradeId = ctx.params.tradeId;
        const tx = await ctx.db
          .selectFrom('ledgerTx')
          .select(['txId', 'refType', 'refId', 'txType'])
          .where('txId', '=', tradeId)
          .where('orgId', '=', ctx.user.orgId)
          .executeTakeFirst();
        if (tx?.refType !== 'homeAccount') throw new ApiFailure(Code.notFound, '交易记录不存在');
        // Only the account's own trades: order payments are undone by cancelling or abolishing the order.
        await openAccount(ctx, Number(tx.refId));
        const reversed = await reverseTrade(ctx.db, ctx.user.orgId, tradeId, {
          txType: 'homeVoid',
          memo: `作废 #${tradeId} ${homeTradeTypes[tx.txType as HomeTradeType] ?? tx.txType}`,
          operatorId: ctx.user.userId,
          operatorName: await operatorName(ctx),
        });
        ctx.describe(`作废居家账户交易 #${tradeId}`);
        return { tradeId, reversalId: reversed.txId };
      },
    }),
  ];
}

/** The lines of home elders' accounts, newest first, in the user's data departments. */
async function listTrades(
  ctx: Ctx,
  q: { pageNum: number; pageSize: number; accountId?: number | undefined; kind?: string | undefined },
) {
  const where = [
    sql`a.orgId = ${ctx.user.orgId}`,
    sql`a.ownerType = 'homeOldman'`,
    inReadDepts('o.deptId', ctx.user),
  ];
  if (q.accountId) where.push(sql`c.accountId = ${q.accountId}`);
  if (q.kind) where.push(sql`a.kind = ${q.kind}`);
  const from = sql`from ledgerEntry e join ledgerAccount a on a.accountId = e.accountId
    join ledgerTx t on t.txId = e.txId join homeOldman o on o.oldmanId = a.ownerId
    left join homeCostAccount c on c.oldmanId = o.oldmanId where ${sql.join(where, sql` and `)}`;
  const rows = await sql<Row>`select t.txId, e.entryId, o.oldmanId, o.oldmanName, a.kind, t.txType, t.payWay,
    e.amountFen, e.balanceAfterFen, t.memo, t.operatorName, t.createTime, t.reversedByTxId, t.reversesTxId
    ${from} order by e.entryId desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`.execute(
    ctx.db,
  );
  const total = await sql<{ n: number }>`select count(*) as n ${from}`.execute(ctx.db);
  const list: HomeTradeRow[] = rows.rows.map((r) => {
    const kind = kindsOf(String(r.kind));
    return {
      tradeId: Number(r.txId),
      entryId: Number(r.entryId),
      oldmanId: Number(r.oldmanId),
      oldmanName: String(r.oldmanName),
      kind,
      txType: String(r.txType),
      txTypeName: homeTradeTypes[r.txType as HomeTradeType] ?? String(r.txType),
      payWay: (r.payWay as string | null) ?? null,
      amountFen: shownBalance(kind, Number(r.amountFen)),
      balanceAfterFen: shownBalance(kind, Number(r.balanceAfterFen)),
      memo: String(r.memo),
      operatorName: String(r.operatorName),
      createTime: String(r.createTime),
      voided: r.reversedByTxId !== null,
      reversal: r.reversesTxId !== null,
    };
  });
  return { list, total: Number(total.rows[0]?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}
