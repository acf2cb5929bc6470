import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { WarehousePaths } from '../../../domain/resources/warehouseBase.js';
import { WarehouseApi as P } from '../../../features/warehouse/api.js';
import { call, signInAdmin, startTestApp } from '../../support/serverHarness.js';

/**
 * 仓库, 供应商, 规格, 物品分类 (issue #37 point 9): a record a document or a good names cannot be
 * deleted (a clear Chinese refusal, the record stays); one nothing names can.
 */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
let h: Harness;
let admin = '';
const stamp = Date.now() % 100_000;

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterAll(async () => {
  await h.close();
});

const create = async (url: string, body: Rec, id: string) => {
  const made = await call(h.app, admin, 'POST', url, body);
  expect(made.body.code, String(made.body.msg)).toBe(0);
  return Number((made.body.result as Rec)[id]);
};
const remove = (url: string, id: number) => call(h.app, admin, 'DELETE', `${url}/${id}`);
const exists = async (url: string, id: number) =>
  (await call(h.app, admin, 'GET', `${url}/${id}`)).body.code === 0;

describe('warehouse base records in use stay (issue #37 point 9)', () => {
  it('refuses a depot, a supplier, a spec and a classify that documents or goods name', async () => {
    const depotId = await create(WarehousePaths.depot, { depotName: `测试库${stamp}`, status: 1 }, 'depotId');
    const toDepotId = await create(
      WarehousePaths.depot,
      { depotName: `调入库${stamp}`, status: 1 },
      'depotId',
    );
    const supplierId = await create(
      WarehousePaths.supplier,
      { supplierName: `测试供应商${stamp}`, status: 1 },
      'supplierId',
    );
    const specId = await create(WarehousePaths.spec, { specName: `卷${stamp}` }, 'specId');
    const top = await create(WarehousePaths.classify, { classifyName: `耗材${stamp}` }, 'classifyId');
    const mid = await create(
      WarehousePaths.classify,
      { classifyName: `纸品${stamp}`, parentId: top },
      'classifyId',
    );
    const leaf = await create(
      WarehousePaths.classify,
      { classifyName: `卷纸${stamp}`, parentId: mid },
      'classifyId',
    );
    const skuId = await create(
      P.sku,
      { skuName: `卫生纸${stamp}`, specId, classifyId: leaf, price: 1200 },
      'skuId',
    );

    const stored = await call(h.app, admin, 'POST', P.store.save, {
      depotId,
      supplierId,
      lines: [{ skuId, quantity: 5 }],
    });
    expect(stored.body.code).toBe(0);
    const docNo = String((stored.body.result as Rec).docNo);
    const moved = await call(h.app, admin, 'POST', P.transfer.save, {
      depotId,
      toDepotId,
      lines: [{ skuId, quantity: 2 }],
    });
    expect(moved.body.code).toBe(0);
    const transferNo = String((moved.body.result as Rec).docNo);

    const depot = await remove(WarehousePaths.depot, depotId);
    expect(depot.body.code).toBe(Code.actionRefused);
    expect(depot.body.msg).toBe(`仓库“测试库${stamp}”已被入库单${docNo}使用，不能删除；不再使用请停用`);
    const target = await remove(WarehousePaths.depot, toDepotId);
    expect(target.body.msg).toBe(`仓库“调入库${stamp}”已被调拨单${transferNo}使用，不能删除；不再使用请停用`);
    const supplier = await remove(WarehousePaths.supplier, supplierId);
    expect(supplier.body.code).toBe(Code.actionRefused);
    expect(supplier.body.msg).toBe(
      `供应商“测试供应商${stamp}”已被入库单${docNo}使用，不能删除；不再合作请停用`,
    );
    const spec = await remove(WarehousePaths.spec, specId);
    expect(spec.body.msg).toBe(`单位“卷${stamp}”已被物品“卫生纸${stamp}”使用，不能删除`);
    const classify = await remove(WarehousePaths.classify, leaf);
    expect(classify.body.msg).toBe(`物品分类“卷纸${stamp}”下还有物品“卫生纸${stamp}”，不能删除`);
    const parent = await remove(WarehousePaths.classify, mid);
    expect(parent.body.msg).toBe(`物品分类“纸品${stamp}”下还有子分类，不能删除`);

    for (const [url, id] of [
      [WarehousePaths.depot, depotId],
      [WarehousePaths.depot, toDepotId],
      [WarehousePaths.supplier, supplierId],
      [WarehousePaths.spec, specId],
      [WarehousePaths.classify, leaf],
      [WarehousePaths.classify, mid],
    ] as const)
      expect(await exists(url, id)).toBe(true);
  });

  it('deletes the records nothing names', async () => {
    const depotId = await create(WarehousePaths.depot, { depotName: `空库${stamp}`, status: 1 }, 'depotId');
    const supplierId = await create(
      WarehousePaths.supplier,
      { supplierName: `空供应商${stamp}` },
      'supplierId',
    );
    const specId = await create(WarehousePaths.spec, { specName: `空规格${stamp}` }, 'specId');
    const classifyId = await create(
      WarehousePaths.classify,
      { classifyName: `空分类${stamp}` },
      'classifyId',
    );
    for (const [url, id] of [
      [WarehousePaths.depot, depotId],
      [WarehousePaths.supplier, supplierId],
      [WarehousePaths.spec, specId],
      [WarehousePaths.classify, classifyId],
    ] as const) {
      expect((await remove(url, id)).body.code).toBe(0);
      expect(await exists(url, id)).toBe(false);
    }
  });

  it('lists the classes flat for their screen, and offers levels 1 and 2 as parents', async () => {
    const list = await call(h.app, admin, 'GET', `${WarehousePaths.classifyList}?pageNum=1&pageSize=100`);
    expect(list.body.code).toBe(0);
    const levels = new Set(((list.body.result as { list: Rec[] }).list ?? []).map((r) => r.classifyLevel));
    expect(levels).toEqual(new Set([1, 2, 3]));
    const parents = await call(
      h.app,
      admin,
      'GET',
      `${WarehousePaths.classifyList}?pageHelper=0&classifyLevels=1,2`,
    );
    const rows = parents.body.result as Rec[] | { list: Rec[] };
    const parentLevels = new Set((Array.isArray(rows) ? rows : rows.list).map((r) => r.classifyLevel));
    expect(parentLevels).toEqual(new Set([1, 2]));
  });
});
