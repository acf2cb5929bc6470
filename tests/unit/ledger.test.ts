import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { type AccountRef, accountKey, raise, shownBalance } from '../../domain/ledger.js';
import { type Db, openDatabase } from '../../server/db/index.js';
import { ApiFailure } from '../../server/http/failure.js';
import { ownerBalances, postTrade, reconcile, reverseTrade } from '../../server/ledger/ledger.js';

let db: Db;
beforeEach(async () => {
  db = await openDatabase(':memory:');
});
afterEach(async () => {
  await db.destroy();
});

const ORG = 1;
const elder = (id: number, kind: 'prestore' | 'deposit' | 'receivable'): AccountRef => ({
  ownerType: 'oldman',
  ownerId: id,
  kind,
});
const cash = (way: number): AccountRef => ({ ownerType: 'org', ownerId: 0, kind: 'cash', sub: String(way) });
const income: AccountRef = { ownerType: 'org', ownerId: 0, kind: 'income', sub: 'project:1' };
const up = (account: AccountRef, fen: number) => ({ account, amountFen: raise(account.kind, fen) });

describe('postTrade', () => {
  it('refuses a trade whose lines do not add up, and one that takes an elder below zero, writing nothing', async () => {
    await expect(
      postTrade(db, {
        orgId: ORG,
        txType: 'receive',
        lines: [up(cash(2), 100), up(elder(1, 'prestore'), 99)],
      }),
    ).rejects.toThrow('unbalanced');
    await expect(
      postTrade(db, {
        orgId: ORG,
        txType: 'receive',
        lines: [up(cash(2), 0.5), up(elder(1, 'prestore'), 0.5)],
      }),
    ).rejects.toThrow('integer fen');
    await postTrade(db, {
      orgId: ORG,
      txType: 'receive',
      lines: [up(cash(2), 1000), up(elder(1, 'prestore'), 1000)],
    });
    const refused = await db
      .transaction()
      .execute((trx) =>
        postTrade(trx, {
          orgId: ORG,
          txType: 'refund',
          lines: [up(cash(2), -1001), up(elder(1, 'prestore'), -1001)],
        }),
      )
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect((refused as ApiFailure).code).toBe(Code.insufficientBalance);
    expect((await ownerBalances(db, ORG, 'oldman', [1])).get(1)).toEqual({ prestore: 1000 });
    expect(await reconcile(db, ORG)).toMatchObject({ ok: true, trades: 1, entries: 2, totalFen: 0 });
  });

  it('reverses a trade once; the reversal cannot be reversed', async () => {
    const t = await postTrade(db, {
      orgId: ORG,
      txType: 'receive',
      lines: [up(cash(3), 2500), up(elder(7, 'deposit'), 2500)],
    });
    const r = await reverseTrade(db, ORG, t.txId, { txType: 'obsolete' });
    expect((await ownerBalances(db, ORG, 'oldman', [7])).get(7)).toEqual({ deposit: 0 });
    await expect(reverseTrade(db, ORG, t.txId, { txType: 'obsolete' })).rejects.toMatchObject({
      code: Code.tradeVoided,
    });
    await expect(reverseTrade(db, ORG, r.txId, { txType: 'obsolete' })).rejects.toMatchObject({
      code: Code.tradeVoided,
    });
    expect((await reconcile(db, ORG)).ok).toBe(true);
  });

  it('reconcile finds a balance changed behind the book’s back', async () => {
    await postTrade(db, {
      orgId: ORG,
      txType: 'receive',
      lines: [up(cash(2), 700), up(elder(2, 'prestore'), 700)],
    });
    await db.updateTable('ledgerAccount').set({ balanceFen: -701 }).where('kind', '=', 'prestore').execute();
    const result = await reconcile(db, ORG);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/余额 -701 分与明细合计 -700 分不符/);
    expect(result.problems.join('\n')).toMatch(/全部账户合计 -1 分，不为零/);
  });
});

type Op =
  | { kind: 'receive'; elder: number; way: number; fen: number }
  | { kind: 'refund'; elder: number; way: number; fen: number }
  | { kind: 'charge'; elder: number; fen: number }
  | { kind: 'pay'; elder: number; fen: number }
  | { kind: 'transfer'; from: number; to: number; fen: number }
  | { kind: 'void'; pick: number };

const fen = fc.integer({ min: 1, max: 5_000_00 });
const who = fc.integer({ min: 1, max: 40 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    elder: who,
    way: fc.constantFrom(2, 3, 4, 5, 7, 8),
    fen,
  }),
  fc.record({ kind: fc.constant('refund' as const), elder: who, way: fc.constantFrom(2, 8), fen }),
  fc.record({ kind: fc.constant('charge' as const), elder: who, fen }),
  fc.record({ kind: fc.constant('pay' as const), elder: who, fen }),
  fc.record({ kind: fc.constant('transfer' as const), from: who, to: who, fen }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
);

describe('10,000 random trades', () => {
  it('keep every balance equal to a simple model and the book reconciled to the fen', async () => {
    const ops = fc.sample(op, { numRuns: 10_000, seed: 20261123 });
    const model = new Map<string, number>();
    const shown = (a: AccountRef) => model.get(accountKey(a)) ?? 0;
    const trades: { txId: number; lines: { account: AccountRef; shown: number }[] }[] = [];
    let refusedCount = 0;
    const apply = async (txType: string, lines: { account: AccountRef; shown: number }[]) => {
      try {
        const posted = await db
          .transaction()
          .execute((trx) =>
            postTrade(trx, { orgId: ORG, txType, lines: lines.map((l) => up(l.account, l.shown)) }),
          );
        for (const l of lines) model.set(accountKey(l.account), shown(l.account) + l.shown);
        trades.push({ txId: posted.txId, lines });
      } catch (e) {
        // only the overdraft refusal is expected; the model says when it must happen
        expect((e as ApiFailure).code).toBe(Code.insufficientBalance);
        expect(lines.some((l) => l.account.ownerType === 'oldman' && shown(l.account) + l.shown < 0)).toBe(
          true,
        );
        refusedCount++;
      }
    };
    for (const o of ops) {
      switch (o.kind) {
        case 'receive':
          await apply('receive', [
            { account: cash(o.way), shown: o.fen },
            { account: elder(o.elder, 'prestore'), shown: o.fen },
          ]);
          break;
        case 'refund':
          await apply('refund', [
            { account: cash(o.way), shown: -o.fen },
            { account: elder(o.elder, 'prestore'), shown: -o.fen },
          ]);
          break;
        case 'charge':
          await apply('bill', [
            { account: elder(o.elder, 'receivable'), shown: o.fen },
            { account: income, shown: o.fen },
          ]);
          break;
        case 'pay':
          await apply('payment', [
            { account: elder(o.elder, 'prestore'), shown: -o.fen },
            { account: elder(o.elder, 'receivable'), shown: -o.fen },
          ]);
          break;
        case 'transfer':
          if (o.from === o.to) break;
          await apply('transfer', [
            { account: elder(o.from, 'prestore'), shown: -o.fen },
            { account: elder(o.to, 'prestore'), shown: o.fen },
          ]);
          break;
        case 'void': {
          const open = trades.filter((t) => t.txId > 0);
          const target = open[o.pick % Math.max(1, open.length)];
          if (!target) break;
          const back = target.lines.map((l) => ({ account: l.account, shown: -l.shown }));
          if (back.some((l) => l.account.ownerType === 'oldman' && shown(l.account) + l.shown < 0)) break;
          await db
            .transaction()
            .execute((trx) => reverseTrade(trx, ORG, target.txId, { txType: 'obsolete' }));
          for (const l of back) model.set(accountKey(l.account), shown(l.account) + l.shown);
          target.txId = -target.txId;
          break;
        }
      }
    }
    const result = await reconcile(db, ORG);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ ok: true, totalFen: 0 });
    expect(refusedCount).toBeGreaterThan(0);
    expect(result.trades).toBeGreaterThan(7000);
    // every shown balance in the database is the model's, to the fen
    const rows = await db.selectFrom('ledgerAccount').selectAll().execute();
    for (const r of rows) {
      const ref = {
        ownerType: r.ownerType,
        ownerId: r.ownerId,
        kind: r.kind,
        sub: r.sub || undefined,
      } as AccountRef;
      expect(shownBalance(ref.kind, r.balanceFen)).toBe(shown(ref));
    }
    // what the house holds in cash equals what it owes its elders plus what it earned
    const byKind = result.byKind;
    expect((byKind.cash ?? 0) + (byKind.receivable ?? 0)).toBe((byKind.prestore ?? 0) + (byKind.income ?? 0));
  }, 120_000);
});
