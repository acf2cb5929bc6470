import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { KeepState } from '../../../domain/statuses/drugs.js';
import { DrugApi as P, TakeType } from '../../../features/drugs/api.js';
import { call, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let admin = '';
let oldmanId = 0;
let drugId = 0;

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const db = h.app.services.db;
  oldmanId = Number(
    (
      await sql<{
        id: number;
      }>`select oldmanId as id from oldman where orgId = 1 order by oldmanId limit 1`.execute(db)
    ).rows[0]?.id,
  );
  drugId = Number(
    (
      await sql<{
        id: number;
      }>`select drugId as id from drugDict where orgId = 1 order by drugId limit 1`.execute(db)
    ).rows[0]?.id,
  );
});
afterAll(async () => {
  await h.close();
});

/** A dose, a give-back or a destruction of some units, or a round of doses over several records. */
type Op =
  | { kind: 'use' | 'giveBack' | 'destroy'; pick: number; quantity: number }
  | { kind: 'round'; picks: number[]; quantity: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom<'use' | 'giveBack' | 'destroy'>('use', 'use', 'giveBack', 'destroy'),
    pick: fc.nat({ max: 2 }),
    quantity: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constant<'round'>('round'),
    picks: fc.uniqueArray(fc.nat({ max: 2 }), { minLength: 1, maxLength: 3 }),
    quantity: fc.integer({ min: 1, max: 4 }),
  }),
);

type Book = { rest: number; open: boolean };

describe('custody ledger properties (fast-check)', () => {
  it('random doses, take-outs and rounds: never below zero, rest = sum of movements, refusals change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 3, maxLength: 3 }),
        fc.array(opArb, { maxLength: 12 }),
        async (received, ops) => {
          const keeps: number[] = [];
          const book = new Map<number, Book>();
          for (const quantity of received) {
            const res = await call(h.app, admin, 'POST', P.keep, {
              oldmanId,
              drugId,
              quantity,
              expiryDate: localDay(Date.now() + 365 * 86_400_000),
              handedBy: '家属',
            });
            const keepId = Number((res.body.result as { keepId: number }).keepId);
            keeps.push(keepId);
            book.set(keepId, { rest: quantity, open: true });
          }
          for (const op of ops) {
            if (op.kind === 'round') {
              const ids = op.picks.map((p) => keeps[p] as number);
              const fits = ids.every((id) => {
                const b = book.get(id);
                return b?.open && b.rest >= op.quantity;
              });
              const res = await call(h.app, admin, 'POST', P.useIds, {
                doses: ids.map((keepId) => ({ keepId, quantity: op.quantity })),
              });
              expect(res.body.code === 0).toBe(fits);
              if (fits)
                for (const id of ids) {
                  const b = book.get(id) as Book;
                  b.rest -= op.quantity;
                  b.open = b.rest > 0;
                }
              continue;
            }
            const keepId = keeps[op.pick] as number;
            const b = book.get(keepId) as Book;
            const res =
              op.kind === 'use'
                ? await call(h.app, admin, 'POST', P.use, { keepId, quantity: op.quantity })
                : await call(h.app, admin, 'POST', P.take, {
                    keepId,
                    takeType: op.kind === 'destroy' ? TakeType.destroy : TakeType.giveBack,
                    quantity: op.quantity,
                    receiverName: '家属',
                  });
            const fits = b.open && b.rest >= op.quantity;
            expect(res.body.code === 0, res.body.msg).toBe(fits);
            if (!fits && b.open) expect(res.body.code).toBe(Code.drugKeepInsufficient);
            if (fits) {
              b.rest -= op.quantity;
              b.open = b.rest > 0;
            }
          }
          const { rows } = await sql<{
            keepId: number;
            restQuantity: number;
            keepState: number;
          }>`select keepId,
            restQuantity, keepState from drugKeep where keepId in (${sql.join(keeps)})`.execute(
            h.app.services.db,
          );
          for (const r of rows) {
            const b = book.get(Number(r.keepId)) as Book;
            expect(Number(r.restQuantity)).toBe(b.rest);
            expect([KeepState.kept, KeepState.partlyUsed].includes(Number(r.keepState) as 1 | 2)).toBe(
              b.open,
            );
          }
          const rec = await call(h.app, admin, 'GET', P.keepReconcile);
          expect(rec.body.result).toMatchObject({ balanced: true, mismatches: [] });
        },
      ),
      { numRuns: 15 },
    );
  });
});
