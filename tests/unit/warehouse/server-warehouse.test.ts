import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { Code } from '../../../domain/codes.js';
import { DocState } from '../../../domain/statuses/warehouse.js';
import { WarehouseAuthority as A, WarehouseApi as P } from '../../../features/warehouse/api.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
let h: Harness;
let admin = '';
let depotId = 0;
let skuId = 0;
const db = () => h.app.services.db;

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const sku = await call(h.app, admin, 'GET', P.skuNoPage);
  skuId = Number((sku.body.result as Rec[])[0]?.skuId);
  const depots = await sql<{
    depotId: number;
  }>`select depotId from storageDepot where orgId = 1 order by depotId`.execute(db());
  depotId = Number(depots.rows[2]?.depotId); // 食堂仓库: the seed moved nothing there
});
afterAll(async () => {
  await h.close();
});

const book = async (d = depotId, s = skuId) => {
  const { rows } = await sql<{
    quantity: number;
  }>`select quantity from storageStock where depotId = ${d} and skuId = ${s}`.execute(db());
  return Number(rows[0]?.quantity ?? 0);
};
const count = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0]?.n);
const doc = (quantity: number, over: Rec = {}) => ({ depotId, lines: [{ skuId, quantity }], ...over });

describe('warehouse stock ledger (issue #16)', () => {
  it('the seed shows stock and the books reconcile', async () => {
    const stock = await call(h.app, admin, 'GET', `${P.stock}?pageNum=1&pageSize=20`);
    expect(stock.body.code).toBe(0);
    expect((stock.body.result as { total: number }).total).toBeGreaterThan(3);
    const rec = await call(h.app, admin, 'GET', P.reconcile);
    expect(rec.body.result).toMatchObject({ balanced: true, mismatches: [] });
  });

  it('store, deliver, print, red punch once; lists and stock/sku follow', async () => {
    const stored = await call(h.app, admin, 'POST', P.store.save, doc(10, { handler: '王建华' }));
    expect(stored.body.code).toBe(0);
    const s = stored.body.result as { id: number; docNo: string; docState: number };
    expect(s.docState).toBe(DocState.posted);
    expect(s.docNo).toMatch(/^RK\d{8}\d{3}$/);
    expect(await book()).toBe(10);

    const out = await call(h.app, admin, 'POST', P.deliver.saveAndPrint, doc(4, { receiver: '李秀兰' }));
    expect(out.body.code).toBe(0);
    const o = out.body.result as { id: number; docState: number };
    expect(o.docState).toBe(DocState.printed);
    expect(await book()).toBe(6);

    const detail = await call(h.app, admin, 'GET', pathWith(P.deliver.get, { id: o.id }));
    expect(detail.body.result).toMatchObject({
      receiver: '李秀兰',
      totalQuantity: 4,
      lines: [{ skuId, quantity: -4, balanceAfter: 6 }],
    });
    const view = await h.app.inject({
      method: 'GET',
      url: pathWith(P.deliver.printView, { id: o.id }),
      headers: { authorization: admin },
    });
    expect(view.headers['content-type']).toContain('text/html');
    expect(view.body).toContain('出库单');

    const printed = await call(h.app, admin, 'POST', P.store.print, { id: s.id });
    expect(printed.body.result).toMatchObject({ docState: DocState.printed });

    // the deliver's red punch restores the stock; a second one is refused and changes nothing
    const punch = await call(h.app, admin, 'POST', P.deliver.list, { id: o.id });
    expect(punch.body.code).toBe(0);
    expect(punch.body.result).toMatchObject({ docState: DocState.redPunch });
    expect(await book()).toBe(10);
    const again = await call(h.app, admin, 'POST', P.deliver.list, { id: o.id });
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '该单据已冲红' });
    const ofPunch = await call(h.app, admin, 'POST', P.deliver.list, {
      id: (punch.body.result as { id: number }).id,
    });
    expect(ofPunch.body).toMatchObject({ code: Code.actionRefused, msg: '冲红单不能再冲红' });
    const reprint = await call(h.app, admin, 'POST', P.deliver.print, { id: o.id });
    expect(reprint.body.code).toBe(Code.actionRefused);
    expect(await book()).toBe(10);

    const list = await call(h.app, admin, 'GET', `${P.deliver.list}?pageNum=1&pageSize=10`);
    const rows = (list.body.result as { list: Rec[] }).list;
    expect(rows.find((r) => r.deliverId === o.id)).toMatchObject({ docState: DocState.reversed });
    const records = await call(
      h.app,
      admin,
      'GET',
      `${P.stockRecords}?pageNum=1&pageSize=10&skuId=${skuId}&depotId=${depotId}`,
    );
    expect((records.body.result as { list: Rec[] }).list.map((r) => r.quantity)).toEqual([4, -4, 10]);
    const perSku = await call(h.app, admin, 'GET', P.stockSku);
    expect((perSku.body.result as Rec[]).find((r) => r.skuId === skuId)?.quantity).toBe(
      Number(
        await sql<{ n: number }>`select sum(quantity) as n from storageStock where skuId = ${skuId}`
          .execute(db())
          .then((r) => r.rows[0]?.n),
      ),
    );
    expect((await call(h.app, admin, 'GET', P.reconcile)).body.result).toMatchObject({ balanced: true });
  });

  it('refuses a delivery beyond the stock and a red punch of a store already delivered; nothing half-written', async () => {
    const have = await book();
    const docs = await count('storageDeliver');
    const lines = await count('storageStockRecord');
    const other = (await call(h.app, admin, 'GET', P.skuNoPage)).body.result as Rec[];
    // the first line fits, the second does not: the whole document is refused
    const big = await call(h.app, admin, 'POST', P.deliver.save, {
      depotId,
      lines: [
        { skuId, quantity: 1 },
        { skuId: Number(other[1]?.skuId), quantity: 999 },
      ],
    });
    expect(big.body.code).toBe(Code.stockInsufficient);
    expect(big.body.msg).toMatch(/^库存不足：.+在食堂仓库现有0.+，不能出库999/);
    expect([await book(), await count('storageDeliver'), await count('storageStockRecord')]).toEqual([
      have,
      docs,
      lines,
    ]);

    const stored = (await call(h.app, admin, 'POST', P.store.save, doc(5))).body.result as { id: number };
    await call(h.app, admin, 'POST', P.deliver.save, doc(have + 5));
    expect(await book()).toBe(0);
    const punch = await call(h.app, admin, 'POST', P.store.list, { id: stored.id });
    expect(punch.body.code).toBe(Code.stockInsufficient);
    expect(punch.body.msg).toContain('不能冲红');
    const row = await sql<{
      docState: number;
    }>`select docState from storageStore where storeId = ${stored.id}`.execute(db());
    expect(row.rows[0]?.docState).toBe(DocState.posted);
  });

  it('the database itself refuses a negative book quantity', async () => {
    await expect(sql`update storageStock set quantity = -1`.execute(db())).rejects.toThrow(/库存不能为负数/);
    await expect(
      sql`insert into storageStock (orgId, depotId, skuId, quantity) values (1, 999, 999, -3)`.execute(db()),
    ).rejects.toThrow(/库存不能为负数/);
  });

  it('bad input: Chinese messages, nothing written', async () => {
    const docs = await count('storageStore');
    for (const [body, msg] of [
      [{ depotId, lines: [] }, '请添加物品明细'],
      [doc(0), '数量至少为1'],
      [doc(1.5), '数量必须是整数'],
      [{ lines: [{ skuId, quantity: 1 }] }, '请选择仓库'],
      [
        {
          depotId,
          lines: [
            { skuId, quantity: 1 },
            { skuId, quantity: 2 },
          ],
        },
        '同一物品不能重复添加',
      ],
    ] as const) {
      const res = await call(h.app, admin, 'POST', P.store.save, body);
      expect(res.body.code).toBe(Code.invalidInput);
      expect(res.body.msg).toContain(msg);
    }
    expect((await call(h.app, admin, 'POST', P.store.save, doc(1, { depotId: 99999 }))).body).toMatchObject({
      code: Code.notFound,
      msg: '仓库不存在',
    });
    expect(
      (await call(h.app, admin, 'POST', P.store.save, { depotId, lines: [{ skuId: 99999, quantity: 1 }] }))
        .body,
    ).toMatchObject({ code: Code.notFound, msg: '物品不存在' });
    expect(await count('storageStore')).toBe(docs);
  });

  it('authority: view without add, add without print; another institution sees nothing', async () => {
    const viewer = await grantNurse(h.app, 'warehouse', [A.stockOut]);
    expect((await call(h.app, viewer, 'GET', `${P.deliver.list}?pageNum=1&pageSize=5`)).body.code).toBe(0);
    expect((await call(h.app, viewer, 'POST', P.deliver.save, doc(1))).body.code).toBe(Code.noAuthority);
    const clerk = await grantNurse(h.app, 'warehouse', [A.stockIn, A.stockInAdd]);
    expect((await call(h.app, clerk, 'POST', P.store.saveAndPrint, doc(1))).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, clerk, 'POST', P.store.list, { id: 1 })).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, clerk, 'POST', P.store.save, doc(1))).body.code).toBe(0);

    const other = (await signInOtherOrg(h.app)).token;
    const first = await sql<{
      storeId: number;
    }>`select storeId from storageStore where orgId = 1 limit 1`.execute(db());
    const id = Number(first.rows[0]?.storeId);
    const res = await call(h.app, other, 'GET', pathWith(P.store.get, { id }));
    expect(res.body.code).toBe(Code.notFound);
    expect((await call(h.app, other, 'POST', P.store.list, { id })).body.code).toBe(Code.notFound);
    expect((await call(h.app, other, 'POST', P.store.save, doc(1))).body).toMatchObject({
      code: Code.notFound,
      msg: '仓库不存在',
    });
  });

  it('fifty concurrent deliveries of the last five units: five win, the rest are refused, never below zero', async () => {
    await call(h.app, admin, 'POST', P.store.save, doc(5));
    const start = await book();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(h.app, admin, 'POST', P.deliver.save, doc(1, { receiver: '并发' })),
      ),
    );
    const won = answers.filter((a) => a.body.code === 0).length;
    expect(won).toBe(start);
    expect(answers.filter((a) => a.body.code === Code.stockInsufficient).length).toBe(50 - start);
    expect(await book()).toBe(0);
    expect((await call(h.app, admin, 'GET', P.reconcile)).body.result).toMatchObject({ balanced: true });
  });

  it('goods: added, edited, listed unpaged; a sku with movements is not deleted', async () => {
    const spec = await sql<{
      specId: number;
    }>`select specId from storageSpec where orgId = 1 limit 1`.execute(db());
    const made = await call(h.app, admin, 'POST', P.sku, {
      skuName: '防滑袜',
      specId: spec.rows[0]?.specId,
      price: 1500,
    });
    expect(made.body.code).toBe(0);
    const id = Number(
      (await sql<{ skuId: number }>`select skuId from storageSku where skuName = '防滑袜'`.execute(db()))
        .rows[0]?.skuId,
    );
    expect(
      (
        await call(h.app, admin, 'PUT', P.sku, {
          skuId: id,
          skuName: '防滑袜（加厚）',
          specId: spec.rows[0]?.specId,
        })
      ).body.code,
    ).toBe(0);
    const options = (await call(h.app, admin, 'GET', P.skuNoPage)).body.result as Rec[];
    expect(options.map((o) => o.skuName)).toContain('防滑袜（加厚）');
    expect((await call(h.app, admin, 'POST', P.sku, { skuName: '无规格' })).body.code).toBe(
      Code.invalidInput,
    );
    const used = await call(h.app, admin, 'DELETE', pathWith(P.skuOne, { id: skuId }));
    expect(used.body).toMatchObject({ code: Code.actionRefused });
    expect(used.body.msg).toContain('已有出入库记录，不能删除');
    expect((await call(h.app, admin, 'DELETE', pathWith(P.skuOne, { id }))).body.code).toBe(0);
  });

  it('reconciliation finds a book quantity that no movement explains', async () => {
    await sql`update storageStock set quantity = quantity + 1 where depotId = ${depotId} and skuId = ${skuId}`.execute(
      db(),
    );
    const rec = await call(h.app, admin, 'GET', P.reconcile);
    expect(rec.body.result).toMatchObject({ balanced: false, mismatches: [{ depotId, skuId }] });
    await sql`update storageStock set quantity = quantity - 1 where depotId = ${depotId} and skuId = ${skuId}`.execute(
      db(),
    );
    expect((await call(h.app, admin, 'GET', P.reconcile)).body.result).toMatchObject({ balanced: true });
  });
});
