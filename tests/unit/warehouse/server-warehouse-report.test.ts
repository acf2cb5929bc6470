import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import {
  WarehouseAuthority as A,
  MovementType as M,
  WarehouseApi as P,
} from '../../../features/warehouse/api.js';
import { postMovements } from '../../../features/warehouse/server/ledger.js';
import { monthBounds } from '../../../features/warehouse/server/report.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, number | string>;
let h: Harness;
let admin = '';
let depotId = 0;
let otherDepot = 0;
let skuId = 0;
const db = () => h.app.services.db;
const thisMonth = () => localDay(Date.now()).slice(0, 7);

/** Ledger lines at chosen times (the documents write the present; the report reads any month). */
async function move(moveTime: string, movementType: string, quantity: number, depot = depotId) {
  await db()
    .transaction()
    .execute((trx) =>
      postMovements(trx, {
        orgId: 1,
        movementType,
        docKind: 'test',
        docId: 0,
        docNo: `T${moveTime}`,
        moveTime,
        operatorName: '测试',
        verb: '出库',
        lines: [{ depotId: depot, skuId, quantity }],
      }),
    );
}

const report = async (query: string, token = admin) => {
  const res = await call(h.app, token, 'GET', `${P.stockReport}?pageNum=1&pageSize=1000&${query}`);
  return res.body as { code: number; msg: string; result: { list: Rec[]; total: number } };
};
const rowOf = async (month: string, depot = depotId) =>
  (await report(`month=${month}&skuId=${skuId}`)).result.list.find((r) => r.depotId === depot);

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const { rows } = await sql<{
    depotId: number;
  }>`insert into storageDepot (orgId, depotName, createTime, updateTime)
    values (1, '月报测试库', '2026-01-01', ''), (1, '月报测试二库', '2026-01-01', '') returning depotId`.execute(
    db(),
  );
  depotId = Number(rows[0]?.depotId);
  otherDepot = Number(rows[1]?.depotId);
  const sku = await call(h.app, admin, 'GET', P.skuNoPage);
  skuId = Number((sku.body.result as Rec[])[0]?.skuId);
  // September: 20 in, 5 out, 2 scrapped; a transfer of 4 to the other depot
  await move('2026-09-03 09:00:00', M.STORE, 20);
  await move('2026-09-10 10:00:00', M.DELIVER, -5);
  await move('2026-09-20 11:00:00', M.SCRAP, -2);
  await move('2026-09-25 12:00:00', M.TRANSFER, -4);
  await move('2026-09-25 12:00:00', M.TRANSFER, 4, otherDepot);
  // October: 7 in and a delivery of 3 reversed by its red punch; lent 2, 1 back; a stocktake finds 1 more
  await move('2026-10-01 00:00:00', M.STORE, 7);
  await move('2026-10-08 08:00:00', M.DELIVER, -3);
  await move('2026-10-08 09:00:00', M.DELIVER, 3);
  await move('2026-10-12 08:00:00', M.LEND, -2);
  await move('2026-10-20 08:00:00', M.RETURN, 1);
  await move('2026-10-31 23:59:59', M.INVENTORY, 1);
});
afterAll(async () => {
  await h.close();
});

describe('库存月报: the month-end stock report (issue #16)', () => {
  it('month bounds run from the first to the first of the next month, over a year end', () => {
    expect(monthBounds('2026-12')).toEqual({ start: '2026-12-01 00:00:00', end: '2027-01-01 00:00:00' });
    expect(monthBounds('2026-02')).toEqual({ start: '2026-02-01 00:00:00', end: '2026-03-01 00:00:00' });
  });

  it('a month shows what it opened with, what each kind of movement did, and what it closed with', async () => {
    expect(await rowOf('2026-09')).toMatchObject({
      opening: 0,
      storeIn: 20,
      deliverOut: 5,
      scrapOut: 2,
      transferOut: 4,
      transferIn: 0,
      closing: 9,
      depotName: '月报测试库',
    });
    expect(await rowOf('2026-09', otherDepot)).toMatchObject({ opening: 0, transferIn: 4, closing: 4 });
    // the red-punched delivery nets to nothing; the last second of the month still counts
    expect(await rowOf('2026-10')).toMatchObject({
      opening: 9,
      storeIn: 7,
      deliverOut: 0,
      lendOut: 2,
      returnIn: 1,
      inventoryGain: 1,
      inventoryLoss: 0,
      closing: 16,
    });
    // nothing moved in November: it opens and closes with October's end
    expect(await rowOf('2026-11')).toMatchObject({ opening: 16, storeIn: 0, closing: 16 });
    // before anything was kept there: no row
    expect(await rowOf('2026-08')).toBeUndefined();
  });

  it('for every row of the institution, opening + ins − outs = closing, and the last closing is the book', async () => {
    const month = thisMonth();
    const { result } = await report(`month=${month}`);
    expect(result.total).toBeGreaterThan(3);
    for (const r of result.list) {
      const n = (k: string) => Number(r[k]);
      const ins = n('storeIn') + n('returnIn') + n('transferIn') + n('inventoryGain');
      const outs = n('deliverOut') + n('lendOut') + n('scrapOut') + n('transferOut') + n('inventoryLoss');
      expect(n('opening') + ins - outs).toBe(n('closing'));
      const { rows } = await sql<{ quantity: number }>`select quantity from storageStock
        where depotId = ${n('depotId')} and skuId = ${n('skuId')}`.execute(db());
      expect(n('closing')).toBe(Number(rows[0]?.quantity));
    }
  });

  it('a document posted now moves this month’s row at once (the kept answer is not reused)', async () => {
    const before = await rowOf(thisMonth());
    const saved = await call(h.app, admin, 'POST', P.store.save, {
      depotId,
      lines: [{ skuId, quantity: 6 }],
    });
    expect(saved.body.code).toBe(0);
    const after = await rowOf(thisMonth());
    expect(Number(after?.storeIn)).toBe(Number(before?.storeIn) + 6);
    expect(Number(after?.closing)).toBe(Number(before?.closing) + 6);
  });

  it('pages, filters by depot and exports', async () => {
    const page = await call(h.app, admin, 'GET', `${P.stockReport}?month=2026-09&pageNum=1&pageSize=1`);
    expect(page.body.result).toMatchObject({ total: 2, pageSize: 1 });
    expect((page.body.result as { list: Rec[] }).list).toHaveLength(1);
    const one = await report(`month=2026-09&depotId=${otherDepot}`);
    expect(one.result.list.map((r) => r.depotId)).toEqual([otherDepot]);
    const file = await h.app.inject({
      method: 'GET',
      url: `${P.stockReport}?month=2026-10&skuId=${skuId}&export=csv`,
      headers: { authorization: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('期初结存');
    expect(file.body).toContain('月报测试库');
  });

  it('refuses a bad month, a user without the screen, and shows another institution nothing of ours', async () => {
    const bad = await report('month=2026-13');
    expect(bad).toMatchObject({ code: Code.invalidInput, msg: '月份格式应为YYYY-MM' });
    const nurse = await grantNurse(h.app, 'warehouse:', []);
    expect((await report('month=2026-09', nurse)).code).toBe(Code.noAuthority);
    const allowed = await grantNurse(h.app, 'warehouse:', [A.stockReport]);
    expect((await report(`month=2026-09&depotId=${depotId}`, allowed)).result.total).toBe(1);
    const other = (await signInOtherOrg(h.app)).token;
    const theirs = await report('month=2026-09', other);
    expect(theirs.result?.list.some((r) => r.depotName === '月报测试库') ?? false).toBe(false);
  });
});
