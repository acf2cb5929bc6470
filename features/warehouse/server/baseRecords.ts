import { type RawBuilder, sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { CLASSIFY_MAX_LEVEL } from '../../../domain/resources/warehouseBase.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx, ResourceHooks, Row } from '../../../server/resources/engine.js';
import { inventoryResource, stockDocKinds } from '../module.js';

/**
 * 仓库, 供应商, 规格, 物品分类 (issue #37 point 9): the base records the documents choose from. One a
 * document, a stock line or a good names stays — the ledger and the printed documents name it —
 * and the refusal says which record holds it.
 */

const refuse = (msg: string): never => {
  throw new ApiFailure(Code.invalidInput, msg);
};
const inUse = (msg: string): never => {
  throw new ApiFailure(Code.actionRefused, msg);
};

async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** The documents that may name a depot, in the order a refusal names them (入库单 first). */
const depotDocuments = [
  ...Object.values(stockDocKinds).map((k) => ({ table: k.table, title: k.title })),
  { table: inventoryResource.table, title: inventoryResource.title },
];

/** 仓库: refused while a document names it (as its depot or a transfer's 调入仓库) or it holds stock. */
export const depotHooks: ResourceHooks = {
  async beforeRemove(ctx: Ctx, row: Row) {
    const depotId = Number(row.depotId);
    const name = `仓库“${String(row.depotName)}”`;
    for (const doc of depotDocuments) {
      const other = doc.table === stockDocKinds.transfer.table ? sql` or toDepotId = ${depotId}` : sql``;
      const [used] = await rows(
        ctx.db,
        sql<{ docNo: string }>`select docNo from ${sql.table(doc.table)}
          where depotId = ${depotId}${other} order by 1 limit 1`,
      );
      if (used) inUse(`${name}已被${doc.title}${used.docNo}使用，不能删除；不再使用请停用`);
    }
    const [stocked] = await rows(
      ctx.db,
      sql`select 1 from storageStockRecord where depotId = ${depotId} limit 1`,
    );
    if (stocked) inUse(`${name}有库存记录，不能删除；不再使用请停用`);
  },
};

/** 供应商: refused while an 入库单 names it. */
export const supplierHooks: ResourceHooks = {
  async beforeRemove(ctx: Ctx, row: Row) {
    const store = stockDocKinds.store;
    const [used] = await rows(
      ctx.db,
      sql<{ docNo: string }>`select docNo from ${sql.table(store.table)}
        where supplierId = ${Number(row.supplierId)} order by 1 limit 1`,
    );
    if (used)
      inUse(
        `供应商“${String(row.supplierName)}”已被${store.title}${used.docNo}使用，不能删除；不再合作请停用`,
      );
  },
};

/** 单位 (规格管理): refused while a good is counted in it. */
export const specHooks: ResourceHooks = {
  async beforeRemove(ctx: Ctx, row: Row) {
    const [used] = await rows(
      ctx.db,
      sql<{ skuName: string }>`select skuName from storageSku where specId = ${Number(row.specId)}
        order by skuId limit 1`,
    );
    if (used) inUse(`单位“${String(row.specName)}”已被物品“${used.skuName}”使用，不能删除`);
  },
};

/** 物品分类: the level follows the parent, never deeper than three, never under itself. */
export const classifyHooks: ResourceHooks = {
  async prepare(ctx: Ctx, row: Row, existing: Row | null) {
    const selfId = existing ? Number(existing.classifyId) : null;
    const parentId = row.parentId === undefined ? existing?.parentId : row.parentId;
    let level = 1;
    if (parentId !== null && parentId !== undefined) {
      // Walk up from the parent: meeting this node means it would hang under itself.
      let at: number | null = Number(parentId);
      let depth = 0;
      while (at !== null) {
        if (at === selfId) refuse('上级分类不能是本分类或其下级分类');
        const [up]: { parentId: number | null }[] = await rows(
          ctx.db,
          sql<{
            parentId: number | null;
          }>`select parentId from storageClassify where classifyId = ${at} and orgId = ${ctx.user.orgId}`,
        );
        if (!up) refuse('上级分类不存在');
        depth++;
        at = up?.parentId ?? null;
      }
      level = depth + 1;
    }
    if (level > CLASSIFY_MAX_LEVEL) refuse(`物品分类最多${CLASSIFY_MAX_LEVEL}级`);
    if (selfId !== null) {
      const below = await subtreeDepth(ctx.db, selfId);
      if (level + below > CLASSIFY_MAX_LEVEL) refuse(`移动后下级分类将超过${CLASSIFY_MAX_LEVEL}级`);
    }
    row.classifyLevel = level;
  },
  async beforeRemove(ctx: Ctx, row: Row) {
    const name = `物品分类“${String(row.classifyName)}”`;
    const [child] = await rows(
      ctx.db,
      sql`select 1 from storageClassify where parentId = ${Number(row.classifyId)} limit 1`,
    );
    if (child) throw new ApiFailure(Code.conflict, `${name}下还有子分类，不能删除`);
    const [good] = await rows(
      ctx.db,
      sql<{ skuName: string }>`select skuName from storageSku where classifyId = ${Number(row.classifyId)}
        order by skuId limit 1`,
    );
    if (good) inUse(`${name}下还有物品“${good.skuName}”，不能删除`);
  },
};

async function subtreeDepth(db: Db, classifyId: number): Promise<number> {
  const children = await rows<{ classifyId: number }>(
    db,
    sql<{ classifyId: number }>`select classifyId from storageClassify where parentId = ${classifyId}`,
  );
  let deepest = 0;
  for (const c of children) deepest = Math.max(deepest, 1 + (await subtreeDepth(db, c.classifyId)));
  return deepest;
}
