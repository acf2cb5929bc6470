import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { Code } from '../../../domain/codes.js';
import { DocState, InventoryState, LendState } from '../../../domain/statuses/warehouse.js';
import { WarehouseAuthority as A, WarehouseApi as P } from '../../../features/warehouse/api.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

/** Issue #16, the rest of the documents: scrap, transfer, lending with returns, stocktaking. */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
let h: Harness;
let admin = '';
let depotA = 0;
let depotB = 0;
let skuId = 0;
let sku2 = 0;
const db = () => h.app.services.db;

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const skus = (await call(h.app, admin, 'GET', P.skuNoPage)).body.result as Rec[];
  skuId = Number(skus[0]?.skuId);
  sku2 = Number(skus[1]?.skuId);
  const depots = await sql<{
    depotId: number;
  }>`select depotId from storageDepot where orgId = 1 order by depotId`.execute(db());
  // 食堂仓库 and the fourth depot: the seed moved nothing there (a depot of their own for these tests)
  depotA = Number(depots.rows[2]?.depotId);
  depotB = Number(depots.rows[3]?.depotId ?? depots.rows[1]?.depotId);
  const put = await call(h.app, admin, 'POST', P.store.save, {
    depotId: depotA,
    lines: [
      { skuId, quantity: 20 },
      { skuId: sku2, quantity: 10 },
    ],
  });
  expect(put.body.code).toBe(0);
});
afterAll(async () => {
  await h.close();
});

const book = async (d: number, s = skuId) => {
  const { rows } = await sql<{
    quantity: number;
  }>`select quantity from storageStock where depotId = ${d} and skuId = ${s}`.execute(db());
  return Number(rows[0]?.quantity ?? 0);
};
const count = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0]?.n);
const balanced = async () =>
  expect((await call(h.app, admin, 'GET', P.reconcile)).body.result).toMatchObject({ balanced: true });

describe('demo data', () => {
  it('a fresh start shows a scrap, a transfer, a lending partly returned and a posted stocktake', async () => {
    const first = async (url: string) =>
      ((await call(h.app, admin, 'GET', `${url}?pageNum=1&pageSize=5`)).body.result as { list: Rec[] }).list;
    expect(await first(P.scrap.list)).toEqual([expect.objectContaining({ remark: '月度检查' })]);
    expect(await first(P.transfer.list)).toEqual([expect.objectContaining({ totalQuantity: 20 })]);
    expect(await first(P.lend.list)).toEqual([
      expect.objectContaining({ lendState: LendState.partlyReturned }),
    ]);
    expect(await first(P.inventory.list)).toEqual([
      expect.objectContaining({ invState: InventoryState.posted, diffCount: 1 }),
    ]);
    await balanced();
  });
});

describe('scrap (报废)', () => {
  it('takes stock out with a reason per line; detail, list, print and its view', async () => {
    const before = await book(depotA);
    const res = await call(h.app, admin, 'POST', P.scrap.saveAndPrint, {
      depotId: depotA,
      lines: [{ skuId, quantity: 2, reason: '包装破损' }],
    });
    expect(res.body.code).toBe(0);
    const s = res.body.result as { id: number; docNo: string; docState: number };
    expect(s.docNo).toMatch(/^BF\d{11}$/);
    expect(s.docState).toBe(DocState.printed);
    expect(await book(depotA)).toBe(before - 2);
    const detail = await call(h.app, admin, 'GET', pathWith(P.scrap.get, { id: s.id }));
    expect(detail.body.result).toMatchObject({ lines: [{ skuId, quantity: -2, reason: '包装破损' }] });
    const list = await call(h.app, admin, 'GET', `${P.scrap.list}?pageNum=1&pageSize=5`);
    expect((list.body.result as { list: Rec[] }).list[0]).toMatchObject({ docNo: s.docNo });
    expect((await call(h.app, admin, 'POST', P.scrap.print, { id: s.id })).body.code).toBe(0);
    const view = await h.app.inject({
      method: 'GET',
      url: pathWith(P.scrap.printView, { id: s.id }),
      headers: { authorization: admin },
    });
    expect(view.body).toContain('报废原因');
    expect(view.body).toContain('包装破损');
    const rec = await call(h.app, admin, 'GET', `${P.stockRecords}?pageNum=1&pageSize=1`);
    expect((rec.body.result as { list: Rec[] }).list[0]).toMatchObject({
      movementType: 'SCRAP',
      reason: '包装破损',
    });
    await balanced();
  });

  it('refuses a line without a reason, beyond the stock (10801), and has no red punch', async () => {
    const docs = await count('storageScrap');
    const noReason = await call(h.app, admin, 'POST', P.scrap.save, {
      depotId: depotA,
      lines: [{ skuId, quantity: 1 }],
    });
    expect(noReason.body).toMatchObject({
      code: Code.invalidInput,
      msg: expect.stringContaining('请填写报废原因'),
    });
    const short = await call(h.app, admin, 'POST', P.scrap.save, {
      depotId: depotA,
      lines: [{ skuId, quantity: 9999, reason: '过期' }],
    });
    expect(short.body.code).toBe(Code.stockInsufficient);
    expect(short.body.msg).toContain('不能报废9999');
    const punch = await call(h.app, admin, 'POST', P.scrap.list, { id: 1 });
    expect(punch.body.code).not.toBe(0);
    expect(await count('storageScrap')).toBe(docs);
  });
});

describe('authority of the documents', () => {
  it('view without add, add without print; the other kinds need their own codes', async () => {
    const one = {
      depotId: depotA,
      toDepotId: depotB,
      receiver: '李明',
      lines: [{ skuId, quantity: 1, reason: '破损' }],
    };
    const viewer = await grantNurse(h.app, 'warehouse', [A.scrap, A.transfer, A.lend]);
    for (const kind of ['scrap', 'transfer', 'lend'] as const) {
      expect((await call(h.app, viewer, 'GET', `${P[kind].list}?pageNum=1&pageSize=5`)).body.code).toBe(0);
      expect((await call(h.app, viewer, 'POST', P[kind].save, one)).body.code).toBe(Code.noAuthority);
    }
    expect((await call(h.app, viewer, 'GET', `${P.inventory.list}?pageNum=1&pageSize=5`)).body.code).toBe(
      Code.noAuthority,
    );
    const clerk = await grantNurse(h.app, 'warehouse', [A.transfer, A.transferAdd]);
    expect((await call(h.app, clerk, 'POST', P.transfer.saveAndPrint, one)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, clerk, 'POST', P.scrap.save, one)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, clerk, 'POST', P.transfer.save, one)).body.code).toBe(0);
  });
});

describe('transfer (调拨)', () => {
  it('moves units out of one depot into the other in one document: two ledger lines per item', async () => {
    const [a, b] = [await book(depotA), await book(depotB)];
    const res = await call(h.app, admin, 'POST', P.transfer.save, {
      depotId: depotA,
      toDepotId: depotB,
      lines: [{ skuId, quantity: 3 }],
    });
    expect(res.body.code).toBe(0);
    const t = res.body.result as { id: number; docNo: string };
    expect(t.docNo).toMatch(/^DB\d{11}$/);
    expect([await book(depotA), await book(depotB)]).toEqual([a - 3, b + 3]);
    const detail = (await call(h.app, admin, 'GET', pathWith(P.transfer.get, { id: t.id }))).body
      .result as Rec;
    expect(detail).toMatchObject({ toDepotId: depotB, totalQuantity: 3 });
    expect((detail.lines as Rec[]).map((l) => [l.depotId, l.quantity])).toEqual([
      [depotA, -3],
      [depotB, 3],
    ]);
    const view = await h.app.inject({
      method: 'GET',
      url: pathWith(P.transfer.printView, { id: t.id }),
      headers: { authorization: admin },
    });
    expect(view.body).toContain('调入仓库');
    await balanced();
  });

  it('refuses the same depot, no target, an unknown target and a short depot; nothing written', async () => {
    const docs = await count('storageTransfer');
    const records = await count('storageStockRecord');
    const one = [{ skuId, quantity: 1 }];
    const same = await call(h.app, admin, 'POST', P.transfer.save, {
      depotId: depotA,
      toDepotId: depotA,
      lines: one,
    });
    expect(same.body).toMatchObject({
      code: Code.invalidInput,
      msg: expect.stringContaining('调出仓库与调入仓库不能相同'),
    });
    const none = await call(h.app, admin, 'POST', P.transfer.save, { depotId: depotA, lines: one });
    expect(none.body.msg).toContain('请选择调入仓库');
    const unknown = await call(h.app, admin, 'POST', P.transfer.save, {
      depotId: depotA,
      toDepotId: 99999,
      lines: one,
    });
    expect(unknown.body).toMatchObject({ code: Code.notFound, msg: '调入仓库不存在' });
    const short = await call(h.app, admin, 'POST', P.transfer.save, {
      depotId: depotA,
      toDepotId: depotB,
      lines: [
        { skuId: sku2, quantity: 1 },
        { skuId, quantity: 99999 },
      ],
    });
    expect(short.body.code).toBe(Code.stockInsufficient);
    expect(await count('storageTransfer')).toBe(docs);
    expect(await count('storageStockRecord')).toBe(records);
  });
});

describe('lending (借用) with partial returns', () => {
  it('lent → partly returned → returned; what is out, the return log, the print view', async () => {
    const start = await book(depotA);
    const lent = await call(h.app, admin, 'POST', P.lend.save, {
      depotId: depotA,
      receiver: '护理一部张丽',
      lines: [
        { skuId, quantity: 4 },
        { skuId: sku2, quantity: 2 },
      ],
    });
    expect(lent.body.code).toBe(0);
    const lendId = (lent.body.result as { id: number }).id;
    expect(await book(depotA)).toBe(start - 4);
    const list = await call(h.app, admin, 'GET', `${P.lend.list}?pageNum=1&pageSize=5`);
    expect((list.body.result as { list: Rec[] }).list[0]).toMatchObject({
      lendId,
      lendState: LendState.lent,
    });

    const part = await call(h.app, admin, 'POST', P.lendReturn, { lendId, lines: [{ skuId, quantity: 1 }] });
    expect(part.body.result).toMatchObject({ lendState: LendState.partlyReturned });
    expect(await book(depotA)).toBe(start - 3);
    const out = await call(h.app, admin, 'GET', pathWith(P.lendOut, { lendId }));
    expect((out.body.result as { lines: Rec[] }).lines).toEqual([
      expect.objectContaining({ skuId, lent: 4, returned: 1, out: 3 }),
      expect.objectContaining({ skuId: sku2, lent: 2, returned: 0, out: 2 }),
    ]);

    const tooMany = await call(h.app, admin, 'POST', P.lendReturn, {
      lendId,
      lines: [{ skuId, quantity: 4 }],
    });
    expect(tooMany.body.code).toBe(Code.invalidInput);
    expect(tooMany.body.msg).toMatch(/^归还数量超过未还数量：.+未还3.+不能归还4/);
    expect(await book(depotA)).toBe(start - 3);

    const rest = await call(h.app, admin, 'POST', P.lendReturn, {
      lendId,
      returner: '张丽',
      lines: [
        { skuId, quantity: 3 },
        { skuId: sku2, quantity: 2 },
      ],
    });
    expect(rest.body.result).toMatchObject({ lendState: LendState.returned });
    expect(await book(depotA)).toBe(start);
    const log = (await call(h.app, admin, 'GET', pathWith(P.lendLog, { lendId }))).body.result as Rec[];
    expect(log.map((r) => [r.returner, r.totalQuantity])).toEqual([
      ['护理一部张丽', 1],
      ['张丽', 5],
    ]);
    // a returned lending takes no more returns
    const again = await call(h.app, admin, 'POST', P.lendReturn, { lendId, lines: [{ skuId, quantity: 1 }] });
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已归还，不能归还' });
    const view = await h.app.inject({
      method: 'GET',
      url: pathWith(P.lend.printView, { id: lendId }),
      headers: { authorization: admin },
    });
    expect(view.body).toContain('归还记录');
    expect(view.body).toContain('借用人：护理一部张丽');
    await balanced();
  });

  it('two clerks returning the last units at once: one wins, the stock comes back once', async () => {
    const lent = await call(h.app, admin, 'POST', P.lend.save, {
      depotId: depotA,
      receiver: '王芳',
      lines: [{ skuId, quantity: 2 }],
    });
    const lendId = (lent.body.result as { id: number }).id;
    const before = await book(depotA);
    const answers = await Promise.all(
      [1, 2].map(() => call(h.app, admin, 'POST', P.lendReturn, { lendId, lines: [{ skuId, quantity: 2 }] })),
    );
    // the later clerk is refused, by what it read: the lending changed under it (both read before
    // either wrote), the lending already returned, or nothing left out on the line (on PostgreSQL
    // the first return can commit between the later clerk's read of the lending and of its lines)
    const refusals = answers.filter((a) => a.body.code !== 0).map((a) => `${a.body.code} ${a.body.msg}`);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(
      new RegExp(
        `^(${Code.actionRefused} (借用单已被他人更新，请刷新后重试|当前状态为已归还，不能归还)|${Code.invalidInput} 归还数量超过未还数量)`,
      ),
    );
    expect(await book(depotA)).toBe(before + 2);
    await balanced();
  });

  it('refuses a lending without a borrower, a sku not lent, an unknown lending; authority', async () => {
    const noOne = await call(h.app, admin, 'POST', P.lend.save, {
      depotId: depotA,
      lines: [{ skuId, quantity: 1 }],
    });
    expect(noOne.body.msg).toContain('请填写借用人');
    const lent = await call(h.app, admin, 'POST', P.lend.save, {
      depotId: depotA,
      receiver: '李明',
      lines: [{ skuId, quantity: 1 }],
    });
    const lendId = (lent.body.result as { id: number }).id;
    const other = await call(h.app, admin, 'POST', P.lendReturn, {
      lendId,
      lines: [{ skuId: sku2, quantity: 1 }],
    });
    expect(other.body).toMatchObject({ code: Code.invalidInput, msg: '该物品不在此借用单上' });
    const bad = await call(h.app, admin, 'POST', P.lendReturn, { lendId, lines: [{ skuId, quantity: 0 }] });
    expect(bad.body.msg).toContain('数量至少为1');
    expect((await call(h.app, admin, 'GET', pathWith(P.lendOut, { lendId: 99999 }))).body.code).toBe(
      Code.notFound,
    );

    const viewer = await grantNurse(h.app, 'warehouse', [A.lend]);
    expect((await call(h.app, viewer, 'GET', pathWith(P.lendLog, { lendId }))).body.code).toBe(0);
    expect(
      (await call(h.app, viewer, 'POST', P.lendReturn, { lendId, lines: [{ skuId, quantity: 1 }] })).body
        .code,
    ).toBe(Code.noAuthority);
    const otherOrg = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, otherOrg, 'GET', pathWith(P.lendOut, { lendId }))).body.code).toBe(
      Code.notFound,
    );
    expect(
      (await call(h.app, otherOrg, 'POST', P.lendReturn, { lendId, lines: [{ skuId, quantity: 1 }] })).body
        .code,
    ).toBe(Code.notFound);
  });
});

describe('stocktaking (盘点)', () => {
  it('snapshot, counts saved, posted: the differences are INVENTORY movements', async () => {
    const created = await call(h.app, admin, 'POST', P.inventory.save, {
      depotId: depotA,
      remark: '月末盘点',
    });
    expect(created.body.code).toBe(0);
    const inv = created.body.result as { id: number; docNo: string; invState: number };
    expect(inv).toMatchObject({ invState: InventoryState.counting });
    expect(inv.docNo).toMatch(/^PD\d{11}$/);
    const detail = (await call(h.app, admin, 'GET', pathWith(P.inventory.get, { id: inv.id }))).body
      .result as {
      lines: { skuId: number; bookQuantity: number; countQuantity: number | null }[];
    };
    const bookA = await book(depotA);
    const book2 = await book(depotA, sku2);
    expect(detail.lines.find((l) => l.skuId === skuId)).toMatchObject({
      bookQuantity: bookA,
      countQuantity: null,
    });

    // a second open stocktake of the same depot is refused
    const twice = await call(h.app, admin, 'POST', P.inventory.save, { depotId: depotA });
    expect(twice.body.code).toBe(Code.actionRefused);
    expect(twice.body.msg).toContain(inv.docNo);

    // progress saved; posting with a line not counted is refused
    const partial = await call(h.app, admin, 'POST', P.inventory.save, {
      inventoryId: inv.id,
      lines: [{ skuId, countQuantity: bookA - 2 }],
    });
    expect(partial.body.code).toBe(0);
    const early = await call(h.app, admin, 'POST', P.inventory.saveAndPrint, { inventoryId: inv.id });
    expect(early.body).toMatchObject({
      code: Code.invalidInput,
      msg: expect.stringMatching(/^还有\d+种物品未录入实盘数量/),
    });

    const counts = detail.lines.map((l) => ({
      skuId: l.skuId,
      countQuantity: l.skuId === skuId ? bookA - 2 : l.skuId === sku2 ? book2 + 1 : l.bookQuantity,
    }));
    const printed = await call(h.app, admin, 'POST', P.inventory.print, { id: inv.id });
    expect(printed.body.code).toBe(0);
    const posted = await call(h.app, admin, 'POST', P.inventory.saveAndPrint, {
      inventoryId: inv.id,
      lines: counts,
    });
    expect(posted.body.result).toMatchObject({ invState: InventoryState.posted });
    expect(await book(depotA)).toBe(bookA - 2);
    expect(await book(depotA, sku2)).toBe(book2 + 1);
    const moves = await sql<{
      skuId: number;
      quantity: number;
      reason: string;
    }>`select skuId, quantity, reason
      from storageStockRecord where docKind = 'inventory' and docId = ${inv.id} order by skuId`.execute(db());
    expect(moves.rows.map((m) => [m.skuId, m.quantity, m.reason]).sort()).toEqual(
      [
        [skuId, -2, '盘亏'],
        [sku2, 1, '盘盈'],
      ].sort(),
    );
    const list = await call(h.app, admin, 'GET', `${P.inventory.list}?pageNum=1&pageSize=5`);
    expect((list.body.result as { list: Rec[] }).list[0]).toMatchObject({ docNo: inv.docNo, diffCount: 2 });
    const view = await h.app.inject({
      method: 'GET',
      url: pathWith(P.inventory.printView, { id: inv.id }),
      headers: { authorization: admin },
    });
    expect(view.body).toContain('盘点结果');
    // a posted stocktake takes nothing more but printing
    for (const [url, body] of [
      [P.inventory.save, { inventoryId: inv.id, lines: counts }],
      [P.inventory.saveAndPrint, { inventoryId: inv.id }],
      [P.inventoryCancel, { id: inv.id }],
    ] as const)
      expect((await call(h.app, admin, 'POST', url, body)).body.code).toBe(Code.actionRefused);
    expect((await call(h.app, admin, 'POST', P.inventory.print, { id: inv.id })).body.code).toBe(0);
    expect(await book(depotA)).toBe(bookA - 2);
    await balanced();
  });

  it('the book moved since the snapshot: posting is refused until snapshot again', async () => {
    const created = await call(h.app, admin, 'POST', P.inventory.save, { depotId: depotA });
    const id = (created.body.result as { id: number }).id;
    const bookA = await book(depotA);
    await call(h.app, admin, 'POST', P.deliver.save, {
      depotId: depotA,
      receiver: '王',
      lines: [{ skuId, quantity: 1 }],
    });
    const detail = (await call(h.app, admin, 'GET', pathWith(P.inventory.get, { id }))).body.result as {
      lines: { skuId: number; bookQuantity: number }[];
    };
    const counts = detail.lines.map((l) => ({ skuId: l.skuId, countQuantity: l.bookQuantity }));
    const stale = await call(h.app, admin, 'POST', P.inventory.saveAndPrint, {
      inventoryId: id,
      lines: counts,
    });
    expect(stale.body.code).toBe(Code.actionRefused);
    expect(stale.body.msg).toContain(`账面由${bookA}变为${bookA - 1}，请重新快照`);
    expect(await book(depotA)).toBe(bookA - 1);
    const again = await call(h.app, admin, 'POST', P.inventory.save, { inventoryId: id, resnapshot: true });
    expect(again.body.code).toBe(0);
    const fresh = (await call(h.app, admin, 'GET', pathWith(P.inventory.get, { id }))).body.result as {
      lines: { skuId: number; bookQuantity: number }[];
    };
    expect(fresh.lines.find((l) => l.skuId === skuId)?.bookQuantity).toBe(bookA - 1);
    // counted as the book: posting writes no movement
    const records = await count('storageStockRecord');
    const posted = await call(h.app, admin, 'POST', P.inventory.saveAndPrint, {
      inventoryId: id,
      lines: fresh.lines.map((l) => ({ skuId: l.skuId, countQuantity: l.bookQuantity })),
    });
    expect(posted.body.code).toBe(0);
    expect(await count('storageStockRecord')).toBe(records);
    await balanced();
  });

  it('cancel, bad input, authority, another institution', async () => {
    const created = await call(h.app, admin, 'POST', P.inventory.save, { depotId: depotB });
    const id = (created.body.result as { id: number }).id;
    for (const [body, msg] of [
      [{ inventoryId: id, lines: [{ skuId, countQuantity: -1 }] }, '实盘数量不能小于0'],
      [{ inventoryId: id, lines: [{ skuId, countQuantity: 1.5 }] }, '实盘数量必须是整数'],
      [{}, '请选择仓库'],
    ] as const) {
      const res = await call(h.app, admin, 'POST', P.inventory.save, body);
      expect(res.body.code).toBe(Code.invalidInput);
      expect(res.body.msg).toContain(msg);
    }
    expect((await call(h.app, admin, 'POST', P.inventory.save, { depotId: 99999 })).body).toMatchObject({
      code: Code.notFound,
      msg: '仓库不存在',
    });
    const counter = await grantNurse(h.app, 'warehouse', [A.inventory, A.inventoryAdd]);
    expect((await call(h.app, counter, 'POST', P.inventory.save, { inventoryId: id })).body.code).toBe(0);
    expect(
      (await call(h.app, counter, 'POST', P.inventory.saveAndPrint, { inventoryId: id })).body.code,
    ).toBe(Code.noAuthority);
    const other = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, other, 'GET', pathWith(P.inventory.get, { id }))).body.code).toBe(
      Code.notFound,
    );
    expect((await call(h.app, other, 'POST', P.inventoryCancel, { id })).body.code).toBe(Code.notFound);
    const cancelled = await call(h.app, admin, 'POST', P.inventoryCancel, { id });
    expect(cancelled.body.result).toMatchObject({ invState: InventoryState.cancelled });
    const after = await call(h.app, admin, 'POST', P.inventory.save, { inventoryId: id, lines: [] });
    expect(after.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已作废，不能保存' });
  });
});
