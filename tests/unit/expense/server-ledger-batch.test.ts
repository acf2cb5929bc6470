import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elderAccount, incomeOf, line } from '../../../features/expense/server/book.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { ownerBalances, postTrade, postTrades, type TradeInput } from '../../../server/ledger/ledger.js';
import { startTestApp } from '../../support/serverHarness.js';

/**
 * postTrades (month-end bills in a few statements) writes what postTrade writes trade by trade: the
 * same entries, running balances and final balances; a refused trade leaves nothing written. On both
 * databases (server-* runs on PostgreSQL too).
 */
let a: Awaited<ReturnType<typeof startTestApp>>;
let b: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp();
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const elders = [101, 102, 103];
const trades = (): TradeInput[] =>
  [0, 1, 2, 3, 4, 5].map((i) => {
    const oldmanId = elders[i % elders.length] as number;
    return {
      orgId: 1,
      txType: 'bill',
      oldmanId,
      memo: `测试 ${i}`,
      lines: [
        line(elderAccount(oldmanId, 'receivable'), 1000 + i * 7),
        line(incomeOf(null), 600 + i * 3),
        line(incomeOf(9999), 400 + i * 4),
      ],
    };
  });

const entriesOf = async (app: typeof a, memoPrefix: string) =>
  (
    await app.app.services.db
      .selectFrom('ledgerEntry')
      .innerJoin('ledgerTx', 'ledgerTx.txId', 'ledgerEntry.txId')
      .innerJoin('ledgerAccount', 'ledgerAccount.accountId', 'ledgerEntry.accountId')
      .select([
        'ledgerTx.memo',
        'ledgerAccount.ownerId',
        'ledgerAccount.kind',
        'ledgerAccount.sub',
        'amountFen',
        'balanceAfterFen',
      ])
      .where('ledgerTx.memo', 'like', `${memoPrefix}%`)
      .orderBy('ledgerTx.txId')
      .orderBy('ledgerAccount.kind')
      .orderBy('ledgerAccount.sub')
      .execute()
  ).map((r) => ({ ...r }));

describe('many trades at once', () => {
  it('write what the same trades one by one write', async () => {
    for (const t of trades()) await postTrade(a.app.services.db, t);
    const posted = await postTrades(b.app.services.db, 1, trades());
    expect(posted).toHaveLength(6);
    expect(new Set(posted.map((p) => p.txId)).size).toBe(6);
    expect(await entriesOf(b, '测试')).toEqual(await entriesOf(a, '测试'));
    expect(await ownerBalances(b.app.services.db, 1, 'oldman', elders)).toEqual(
      await ownerBalances(a.app.services.db, 1, 'oldman', elders),
    );
    // each trade's txId is the trade given at that place
    const memos = await b.app.services.db
      .selectFrom('ledgerTx')
      .select(['txId', 'memo'])
      .where(
        'txId',
        'in',
        posted.map((p) => p.txId),
      )
      .execute();
    expect(posted.map((p) => memos.find((m) => m.txId === p.txId)?.memo)).toEqual(
      trades().map((t) => t.memo),
    );
  });

  it('refuse as a whole when one trade would overdraw an elder’s money, writing nothing', async () => {
    const db = b.app.services.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('ledgerTx')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const overdraw: TradeInput = {
      orgId: 1,
      txType: 'pay',
      oldmanId: 101,
      memo: '超额',
      lines: [line(elderAccount(101, 'prestore'), -50_000_00), line(incomeOf(null), 50_000_00)],
    };
    await expect(postTrades(db, 1, [...trades(), overdraw])).rejects.toBeInstanceOf(ApiFailure);
    expect(await count()).toBe(before);
  });
});
