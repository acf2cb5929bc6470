import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { InventoryState } from '../../../domain/statuses/warehouse.js';
import { stocktakeWorkflow } from '../../../machines/stocktakeMachine.js';
import { advance } from '../../../machines/workflow.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { sendPrintPage } from '../../../server/http/printPage.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery, printPage } from '../../../server/http/schemas.js';
import {
  WarehouseAuthority as A,
  docIdBody,
  type InventoryBody,
  type InventoryDetail,
  inventoryBody,
  inventoryDetail,
  inventorySaved,
  MovementType,
  WarehouseApi as P,
} from '../api.js';
import { docRow, nextDocNo, operatorName, type Who } from './documents.js';
import { postMovements } from './ledger.js';

/**
 * 盘点 (issue #16): a stocktake snapshots the book quantities of a depot's goods, takes the counted
 * quantities (saved as often as needed) and, posted, writes count − book of each line as an
 * INVENTORY movement in one transaction. If the book moved since the snapshot, posting is refused
 * until the stocktake is snapshot again (docs/decisions.md).
 */
const INV = { table: 'storageInventory', idField: 'inventoryId', title: '盘点单', prefix: 'PD' };

const fail = (message: string, code: number = Code.invalidInput): never => {
  throw new ApiFailure(code, message);
};

type Line = {
  skuId: number;
  bookQuantity: number;
  countQuantity: number | null;
  skuName: string;
  now: number;
};

async function linesOf(db: Db, id: number, depotId: number): Promise<Line[]> {
  const { rows } = await sql<Line>`select l.skuId, l.bookQuantity, l.countQuantity, k.skuName,
      coalesce((select quantity from storageStock s where s.depotId = ${depotId} and s.skuId = l.skuId), 0) as now
    from storageInventoryLine l join storageSku k on k.skuId = l.skuId
    where l.inventoryId = ${id} order by l.lineId`.execute(db);
  return rows.map((r) => ({
    ...r,
    bookQuantity: Number(r.bookQuantity),
    countQuantity: r.countQuantity == null ? null : Number(r.countQuantity),
    now: Number(r.now),
  }));
}

async function refreshCounts(db: Db, id: number, depotId: number, stamp: string) {
  const lines = await linesOf(db, id, depotId);
  const diff = lines.filter((l) => l.countQuantity !== null && l.countQuantity !== l.bookQuantity).length;
  await sql`update storageInventory set skuCount = ${lines.length}, diffCount = ${diff}, updateTime = ${stamp}
    where inventoryId = ${id}`.execute(db);
  return lines;
}

/** /0: a new stocktake (the snapshot) or the counts of one being counted. */
export async function saveStocktake(db: Db, user: Who, body: InventoryBody, stamp: string) {
  const { orgId } = user;
  let id = body.inventoryId ?? 0;
  let depotId: number;
  let docNo: string;
  const counts = body.lines ?? [];
  if (counts.length) {
    const ids = counts.map((l) => l.skuId);
    const skus =
      await sql`select skuId from storageSku where orgId = ${orgId} and skuId in (${sql.join(ids)})`.execute(
        db,
      );
    if (skus.rows.length !== ids.length) fail('物品不存在', Code.notFound);
  }
  if (!id) {
    if (!body.depotId) return fail('请选择仓库');
    depotId = body.depotId;
    const depot =
      await sql`select 1 from storageDepot where depotId = ${depotId} and orgId = ${orgId}`.execute(db);
    if (!depot.rows[0]) fail('仓库不存在', Code.notFound);
    const open = await sql<{ docNo: string }>`select docNo from storageInventory
      where orgId = ${orgId} and depotId = ${depotId} and invState = ${InventoryState.counting}`.execute(db);
    if (open.rows[0])
      fail(`该仓库已有盘点中的盘点单${open.rows[0].docNo}，请先完成或作废`, Code.actionRefused);
    const step = advance(stocktakeWorkflow, { invState: null }, { type: 'stocktake.create' }, '新建盘点');
    if (!step.ok) fail(step.reason, Code.actionRefused);
    docNo = await nextDocNo(db, INV, orgId, stamp);
    const name = await operatorName(db, user);
    const inserted = await sql<{ id: number }>`insert into storageInventory (orgId, docNo, docTime, depotId,
        handler, skuCount, diffCount, invState, postTime, remark, printCount, createTime, updateTime)
      values (${orgId}, ${docNo}, ${stamp}, ${depotId}, ${body.handler || name}, 0, 0, ${InventoryState.counting},
        '', ${body.remark ?? ''}, 0, ${stamp}, ${stamp}) returning inventoryId as id`.execute(db);
    id = Number(inserted.rows[0]?.id);
    // the snapshot: every sku the depot has a book row for, with its quantity now
    await sql`insert into storageInventoryLine (orgId, inventoryId, skuId, bookQuantity, countQuantity, createTime, updateTime)
      select ${orgId}, ${id}, skuId, quantity, null, ${stamp}, ${stamp} from storageStock
      where orgId = ${orgId} and depotId = ${depotId} order by skuId`.execute(db);
  } else {
    const row = await docRow(db, INV, orgId, id);
    const event = body.resnapshot ? 'stocktake.resnapshot' : 'stocktake.save';
    const step = advance(stocktakeWorkflow, row, { type: event }, body.resnapshot ? '重新快照' : '保存');
    if (!step.ok) fail(step.reason, Code.actionRefused);
    depotId = Number(row.depotId);
    docNo = String(row.docNo);
    // conditional on the state read: a stocktake posted or cancelled meanwhile takes no counts
    const changed = await sql`update storageInventory set remark = coalesce(${body.remark ?? null}, remark),
        updateTime = ${stamp} where inventoryId = ${id} and invState = ${InventoryState.counting}`.execute(
      db,
    );
    if (!Number(changed.numAffectedRows ?? 0)) fail('盘点单已被他人更新，请刷新后重试', Code.actionRefused);
    if (body.resnapshot)
      await sql`update storageInventoryLine set bookQuantity = coalesce((select quantity from storageStock s
          where s.depotId = ${depotId} and s.skuId = storageInventoryLine.skuId), 0), updateTime = ${stamp}
        where inventoryId = ${id}`.execute(db);
  }
  for (const c of counts) {
    const updated =
      await sql`update storageInventoryLine set countQuantity = ${c.countQuantity}, updateTime = ${stamp}
      where inventoryId = ${id} and skuId = ${c.skuId}`.execute(db);
    // goods found in the depot without a book row: a line with book 0
    if (!Number(updated.numAffectedRows ?? 0))
      await sql`insert into storageInventoryLine (orgId, inventoryId, skuId, bookQuantity, countQuantity, createTime, updateTime)
        values (${orgId}, ${id}, ${c.skuId}, coalesce((select quantity from storageStock where depotId = ${depotId}
          and skuId = ${c.skuId}), 0), ${c.countQuantity}, ${stamp}, ${stamp})`.execute(db);
  }
  await refreshCounts(db, id, depotId, stamp);
  return { id, docNo, depotId };
}

/** /1: posts the differences; refused while a line is not counted or the book moved since the snapshot. */
export async function postStocktake(db: Db, user: Who, id: number, stamp: string) {
  const row = await docRow(db, INV, user.orgId, id);
  const step = advance(stocktakeWorkflow, row, { type: 'stocktake.post' }, '过账');
  if (!step.ok) fail(step.reason, Code.actionRefused);
  const depotId = Number(row.depotId);
  const lines = await linesOf(db, id, depotId);
  const uncounted = lines.filter((l) => l.countQuantity === null);
  if (uncounted.length)
    fail(
      `还有${uncounted.length}种物品未录入实盘数量：${uncounted
        .slice(0, 3)
        .map((l) => l.skuName)
        .join('、')}`,
    );
  const moved = lines.filter((l) => l.now !== l.bookQuantity);
  if (moved[0])
    fail(
      `快照后库存已变动：${moved[0].skuName}账面由${moved[0].bookQuantity}变为${moved[0].now}，请重新快照并核对实盘数量后再过账`,
      Code.actionRefused,
    );
  const changed =
    await sql`update storageInventory set invState = ${InventoryState.posted}, postTime = ${stamp},
      updateTime = ${stamp} where inventoryId = ${id} and invState = ${InventoryState.counting}`.execute(db);
  if (!Number(changed.numAffectedRows ?? 0)) fail('盘点单已被他人更新，请刷新后重试', Code.actionRefused);
  const diffs = lines.filter((l) => l.countQuantity !== l.bookQuantity);
  await postMovements(db, {
    orgId: user.orgId,
    movementType: MovementType.INVENTORY,
    docKind: 'inventory',
    docId: id,
    docNo: String(row.docNo),
    moveTime: stamp,
    operatorName: await operatorName(db, user),
    verb: '盘亏',
    lines: diffs.map((l) => ({
      depotId,
      skuId: l.skuId,
      quantity: Number(l.countQuantity) - l.bookQuantity,
      reason: Number(l.countQuantity) > l.bookQuantity ? '盘盈' : '盘亏',
    })),
  });
  return { id, docNo: String(row.docNo), invState: InventoryState.posted };
}

export async function stocktakeDetail(db: Db, orgId: number, id: number): Promise<InventoryDetail> {
  const row = await docRow(db, INV, orgId, id);
  const { rows } = await sql<{
    skuId: number;
    skuName: string;
    specName: string;
    bookQuantity: number;
    countQuantity: number | null;
  }>`select l.skuId, k.skuName, coalesce(p.specName, '') as specName, l.bookQuantity, l.countQuantity
    from storageInventoryLine l join storageSku k on k.skuId = l.skuId left join storageSpec p on p.specId = k.specId
    where l.inventoryId = ${id} order by l.lineId`.execute(db);
  const depot = await sql<{ depotName: string }>`select depotName from storageDepot
    where depotId = ${row.depotId}`.execute(db);
  return {
    id,
    docNo: String(row.docNo),
    invState: Number(row.invState),
    depotId: Number(row.depotId),
    depotName: depot.rows[0]?.depotName ?? '',
    handler: String(row.handler ?? ''),
    remark: String(row.remark ?? ''),
    docTime: String(row.docTime),
    postTime: String(row.postTime ?? ''),
    lines: rows.map((l) => {
      const count = l.countQuantity == null ? null : Number(l.countQuantity);
      return {
        skuId: l.skuId,
        skuName: l.skuName,
        specName: l.specName,
        bookQuantity: Number(l.bookQuantity),
        countQuantity: count,
        difference: count === null ? null : count - Number(l.bookQuantity),
      };
    }),
  };
}

const STATE_WORD: Record<number, string> = { 1: '盘点表', 2: '盘点结果', 3: '盘点单（已作废）' };

function printBody(d: InventoryDetail) {
  const sign = (n: number | null) => (n === null ? '' : n > 0 ? `+${n}` : String(n));
  const rows = d.lines
    .map(
      (l, i) =>
        `<tr><td>${i + 1}</td><td>${escapeHtml(l.skuName)}</td><td>${escapeHtml(l.specName)}</td><td>${l.bookQuantity}</td><td>${l.countQuantity ?? ''}</td><td>${sign(l.difference)}</td></tr>`,
    )
    .join('');
  return `<h2>${STATE_WORD[d.invState] ?? '盘点单'}</h2>
<p>单号：${escapeHtml(d.docNo)}　　仓库：${escapeHtml(d.depotName)}　　快照时间：${escapeHtml(d.docTime)}${d.postTime ? `　　过账时间：${escapeHtml(d.postTime)}` : ''}</p>
<p>盘点人：${escapeHtml(d.handler)}</p>
<table class="form-values"><tr><th>序号</th><th>物品</th><th>单位</th><th>账面数量</th><th>实盘数量</th><th>差异</th></tr>${rows}</table>
<p>备注：${escapeHtml(d.remark)}</p><p>盘点人签字：＿＿＿＿＿＿　　复核人签字：＿＿＿＿＿＿</p>`;
}

/** Spec 001 §7 inventory: GET list (the engine), GET detail, POST /0, /1, /print; cancel and the print view are ours. */
export function stocktakeRoutes(): AnyRoute[] {
  const I = P.inventory;
  const save = (url: string, post: boolean) =>
    route({
      method: 'POST',
      url,
      auth: post ? `${A.inventoryAdd}&${A.inventoryPost}` : A.inventoryAdd,
      body: inventoryBody,
      response: inventorySaved,
      log: { type: post ? 'UPDATE' : 'ADD', name: post ? '盘点过账' : '保存盘点单' },
      async handler(ctx) {
        const stamp = nowStamp();
        const saved = await saveStocktake(ctx.db, ctx.user, ctx.body, stamp);
        ctx.describe(`${post ? '盘点过账' : '盘点单'}：${saved.docNo}`);
        if (post) return postStocktake(ctx.db, ctx.user, saved.id, stamp);
        return { id: saved.id, docNo: saved.docNo, invState: InventoryState.counting };
      },
    });
  return [
    save(I.save, false),
    save(I.saveAndPrint, true),
    route({
      method: 'POST',
      url: I.print,
      auth: A.inventoryPrint,
      body: docIdBody,
      response: inventorySaved,
      log: { type: 'UPDATE', name: '打印盘点单' },
      async handler(ctx) {
        const row = await docRow(ctx.db, INV, ctx.user.orgId, ctx.body.id);
        const step = advance(stocktakeWorkflow, row, { type: 'stocktake.print' }, '打印');
        if (!step.ok) return fail(step.reason, Code.actionRefused);
        await sql`update storageInventory set printCount = coalesce(printCount, 0) + 1, updateTime = ${nowStamp()}
          where inventoryId = ${ctx.body.id}`.execute(ctx.db);
        ctx.describe(`打印盘点单：${String(row.docNo)}`);
        return { id: ctx.body.id, docNo: String(row.docNo), invState: Number(row.invState) };
      },
    }),
    route({
      method: 'POST',
      url: P.inventoryCancel,
      auth: A.inventoryAdd,
      body: docIdBody,
      response: inventorySaved,
      log: { type: 'UPDATE', name: '作废盘点单' },
      async handler(ctx) {
        const row = await docRow(ctx.db, INV, ctx.user.orgId, ctx.body.id);
        const step = advance(stocktakeWorkflow, row, { type: 'stocktake.cancel' }, '作废');
        if (!step.ok) return fail(step.reason, Code.actionRefused);
        const changed = await sql`update storageInventory set invState = ${InventoryState.cancelled},
            updateTime = ${nowStamp()} where inventoryId = ${ctx.body.id} and invState = ${InventoryState.counting}`.execute(
          ctx.db,
        );
        if (!Number(changed.numAffectedRows ?? 0))
          fail('盘点单已被他人更新，请刷新后重试', Code.actionRefused);
        ctx.describe(`作废盘点单：${String(row.docNo)}`);
        return { id: ctx.body.id, docNo: String(row.docNo), invState: InventoryState.cancelled };
      },
    }),
    route({
      method: 'GET',
      url: I.get,
      auth: A.inventory,
      summary: '盘点单详情',
      params: idParams,
      query: noQuery,
      response: inventoryDetail,
      handler: (ctx) => stocktakeDetail(ctx.db, ctx.user.orgId, ctx.params.id),
    }),
    route({
      method: 'GET',
      url: I.printView,
      auth: `${A.inventory}|${A.inventoryPrint}`,
      summary: '盘点单打印页',
      params: idParams,
      query: noQuery,
      response: printPage,
      async handler(ctx) {
        const d = await stocktakeDetail(ctx.db, ctx.user.orgId, ctx.params.id);
        await sendPrintPage(ctx, {
          title: `盘点单${d.docNo}`,
          body: printBody(d),
          fileName: `盘点单-${d.docNo}.html`,
        });
      },
    }),
  ];
}
