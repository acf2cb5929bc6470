import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { WarehouseApi as P } from '../../../features/warehouse/api.js';
import { call, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let admin = '';
let depots: number[] = [];
let skus: number[] = [];

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const db = h.app.services.db;
  depots = (
    await sql<{
      id: number;
    }>`select depotId as id from storageDepot where orgId = 1 order by depotId limit 2`.execute(db)
  ).rows.map((r) => r.id);
  skus = (
    await sql<{
      id: number;
    }>`select skuId as id from storageSku where orgId = 1 order by skuId limit 3`.execute(db)
  ).rows.map((r) => r.id);
});
afterAll(async () => {
  await h.close();
});

type Op =
  | { kind: 'store' | 'deliver'; depot: number; lines: [number, number][] }
  | { kind: 'punch'; pick: number };

const lineArb = fc.tuple(fc.nat({ max: 2 }), fc.integer({ min: 1, max: 30 }));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom<'store' | 'deliver'>('store', 'deliver'),
    depot: fc.nat({ max: 1 }),
    lines: fc.uniqueArray(lineArb, { minLength: 1, maxLength: 3, selector: (l) => l[0] }),
  }),
  fc.record({ kind: fc.constant<'punch'>('punch'), pick: fc.nat() }),
);

const key = (depotId: number, skuId: number) => `${depotId}:${skuId}`;
async function books() {
  const { rows } = await sql<{
    depotId: number;
    skuId: number;
    quantity: number;
  }>`select depotId, skuId, quantity
    from storageStock where orgId = 1`.execute(h.app.services.db);
  return new Map(rows.map((r) => [key(r.depotId, r.skuId), Number(r.quantity)]));
}

/** Every kind of document (issue #16): what each op does to the book, written apart from the server. */
type AnyOp =
  | { kind: 'store' | 'deliver' | 'scrap' | 'lend' | 'transfer'; depot: number; lines: [number, number][] }
  | { kind: 'punch'; pick: number }
  | { kind: 'return'; pick: number; part: number }
  | { kind: 'stocktake'; depot: number; deltas: number[] };

const linesArb = fc.uniqueArray(lineArb, { minLength: 1, maxLength: 3, selector: (l) => l[0] });
const docArb = (kind: 'store' | 'deliver' | 'scrap' | 'lend' | 'transfer') =>
  fc.record({ kind: fc.constant(kind), depot: fc.nat({ max: 1 }), lines: linesArb });
const anyOpArb: fc.Arbitrary<AnyOp> = fc.oneof(
  { arbitrary: docArb('store'), weight: 3 },
  { arbitrary: docArb('deliver'), weight: 1 },
  { arbitrary: docArb('scrap'), weight: 1 },
  { arbitrary: docArb('transfer'), weight: 2 },
  { arbitrary: docArb('lend'), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant<'punch'>('punch'), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant<'return'>('return'),
      pick: fc.nat(),
      part: fc.integer({ min: 1, max: 40 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant<'stocktake'>('stocktake'),
      depot: fc.nat({ max: 1 }),
      deltas: fc.array(fc.integer({ min: -15, max: 15 }), { minLength: 3, maxLength: 3 }),
    }),
    weight: 1,
  },
);

describe('stock ledger properties (fast-check)', () => {
  it('random stores, deliveries, scraps, transfers, lends and returns, stocktakes and red punches keep book = movements, never below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyOpArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const model = await books();
        const have = (k: string) => model.get(k) ?? 0;
        const apply = (moves: [string, number][]) => {
          for (const [k, q] of moves) model.set(k, have(k) + q);
        };
        const fits = (moves: [string, number][]) => {
          const after = new Map<string, number>();
          for (const [k, q] of moves) after.set(k, (after.get(k) ?? have(k)) + q);
          return [...after.values()].every((q) => q >= 0);
        };
        const open: { kind: 'store' | 'deliver'; id: number; moves: [string, number][] }[] = [];
        const lends: { id: number; depot: number; out: Map<number, number> }[] = [];
        for (const op of ops) {
          if (op.kind === 'punch') {
            const doc = open.length ? open.splice(op.pick % open.length, 1)[0] : undefined;
            if (!doc) continue;
            const back = doc.moves.map(([k, q]) => [k, -q] as [string, number]);
            const ok = fits(back);
            const res = await call(h.app, admin, 'POST', P[doc.kind].list, { id: doc.id });
            expect(res.body.code).toBe(ok ? 0 : Code.stockInsufficient);
            if (ok) apply(back);
            else open.push(doc);
            continue;
          }
          if (op.kind === 'return') {
            const lend = lends.length ? lends[op.pick % lends.length] : undefined;
            if (!lend) continue;
            // each line still out: up to `part` units, or one more than is out (refused, nothing moves)
            const over = op.part % 5 === 0;
            const lines = [...lend.out.entries()]
              .filter(([, out]) => out > 0)
              .map(([s, out]) => [s, over ? out + 1 : Math.min(out, op.part)] as [number, number]);
            const res = await call(h.app, admin, 'POST', P.lendReturn, {
              lendId: lend.id,
              lines: lines.length
                ? lines.map(([skuId, quantity]) => ({ skuId, quantity }))
                : [{ skuId: [...lend.out.keys()][0], quantity: 1 }],
            });
            // a lending all back takes no more returns
            expect(res.body.code).toBe(!lines.length ? Code.actionRefused : over ? Code.invalidInput : 0);
            if (lines.length && !over) {
              for (const [s, q] of lines) lend.out.set(s, (lend.out.get(s) ?? 0) - q);
              apply(lines.map(([s, q]) => [key(lend.depot, s), q]));
            }
            continue;
          }
          if (op.kind === 'stocktake') {
            const depotId = depots[op.depot] ?? 0;
            const made = await call(h.app, admin, 'POST', P.inventory.save, { depotId });
            expect(made.body.code).toBe(0);
            const id = (made.body.result as { id: number }).id;
            const detail = await call(h.app, admin, 'GET', `${P.inventory.list}/${id}`);
            const lines = (detail.body.result as { lines: { skuId: number; bookQuantity: number }[] }).lines;
            for (const l of lines) expect(l.bookQuantity).toBe(have(key(depotId, l.skuId)));
            const counts = lines.map((l) => {
              const i = skus.indexOf(l.skuId);
              return { skuId: l.skuId, countQuantity: Math.max(0, l.bookQuantity + (op.deltas[i] ?? 0)) };
            });
            const posted = await call(h.app, admin, 'POST', P.inventory.saveAndPrint, {
              inventoryId: id,
              lines: counts,
            });
            expect(posted.body.code).toBe(0);
            for (const c of counts) model.set(key(depotId, c.skuId), c.countQuantity);
            continue;
          }
          const depotId = depots[op.depot] ?? 0;
          const other = depots[1 - op.depot] ?? 0;
          const moves: [string, number][] = op.lines.flatMap(([s, q]): [string, number][] => {
            const here = key(depotId, skus[s] ?? 0);
            if (op.kind === 'store') return [[here, q]];
            if (op.kind === 'transfer')
              return [
                [here, -q],
                [key(other, skus[s] ?? 0), q],
              ];
            return [[here, -q]];
          });
          const ok = fits(moves);
          const res = await call(h.app, admin, 'POST', P[op.kind].save, {
            depotId,
            ...(op.kind === 'transfer' ? { toDepotId: other } : {}),
            ...(op.kind === 'lend' ? { receiver: '借用人' } : {}),
            lines: op.lines.map(([s, quantity]) => ({
              skuId: skus[s],
              quantity,
              ...(op.kind === 'scrap' ? { reason: '破损' } : {}),
            })),
          });
          expect(res.body.code).toBe(ok ? 0 : Code.stockInsufficient);
          if (!ok) continue;
          apply(moves);
          const id = (res.body.result as { id: number }).id;
          if (op.kind === 'store' || op.kind === 'deliver') open.push({ kind: op.kind, id, moves });
          if (op.kind === 'lend')
            lends.push({ id, depot: depotId, out: new Map(op.lines.map(([s, q]) => [skus[s] ?? 0, q])) });
        }
        const real = await books();
        for (const [k, q] of real) {
          expect(q).toBeGreaterThanOrEqual(0);
          expect(q).toBe(have(k));
        }
        const rec = await call(h.app, admin, 'GET', P.reconcile);
        expect(rec.body.result).toMatchObject({ balanced: true });
      }),
      { numRuns: 25 },
    );
  }, 90_000);

  it('random documents and red punches never break the balance nor go below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const model = await books();
        const have = (k: string) => model.get(k) ?? 0;
        // documents of this run that may still be punched: kind, id, and their signed lines
        const open: { kind: 'store' | 'deliver'; id: number; moves: [string, number][] }[] = [];
        for (const op of ops) {
          if (op.kind === 'punch') {
            if (!open.length) continue;
            const doc = open.splice(op.pick % open.length, 1)[0];
            if (!doc) continue;
            const fits = doc.moves.every(([k, q]) => have(k) - q >= 0);
            const res = await call(h.app, admin, 'POST', P[doc.kind].list, { id: doc.id });
            expect(res.body.code).toBe(fits ? 0 : Code.stockInsufficient);
            if (fits) for (const [k, q] of doc.moves) model.set(k, have(k) - q);
            else open.push(doc);
            // a second red punch is always refused
            if (fits)
              expect((await call(h.app, admin, 'POST', P[doc.kind].list, { id: doc.id })).body.code).toBe(
                Code.actionRefused,
              );
            continue;
          }
          const depotId = depots[op.depot] ?? 0;
          const sign = op.kind === 'store' ? 1 : -1;
          const moves = op.lines.map(([s, q]) => [key(depotId, skus[s] ?? 0), sign * q] as [string, number]);
          const fits = moves.every(([k, q]) => have(k) + q >= 0);
          const res = await call(h.app, admin, 'POST', P[op.kind].save, {
            depotId,
            lines: op.lines.map(([s, quantity]) => ({ skuId: skus[s], quantity })),
          });
          expect(res.body.code).toBe(fits ? 0 : Code.stockInsufficient);
          if (fits) {
            for (const [k, q] of moves) model.set(k, have(k) + q);
            open.push({ kind: op.kind, id: (res.body.result as { id: number }).id, moves });
          }
        }
        const real = await books();
        for (const [k, q] of real) {
          expect(q).toBeGreaterThanOrEqual(0);
          expect(q).toBe(have(k));
        }
        const rec = await call(h.app, admin, 'GET', P.reconcile);
        expect(rec.body.result).toMatchObject({ balanced: true });
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
