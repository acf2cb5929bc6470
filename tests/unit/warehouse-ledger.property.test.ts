import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarehouseApi as P } from '../../domain/api/warehouse.js';
import { Code } from '../../domain/codes.js';
import { call, signInAdmin, startTestApp } from '../support/serverHarness.js';

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

describe('stock ledger properties (fast-check)', () => {
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
