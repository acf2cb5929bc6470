import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import {
  classifyResource,
  depotResource,
  specResource,
  supplierResource,
} from '../../../domain/resources/warehouseBase.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery } from '../../../server/http/schemas.js';
import type { ServerModule } from '../../../server/modules/types.js';
import {
  WarehouseAuthority as A,
  WarehouseApi as P,
  reconcileAnswer,
  skuOption,
  stockSkuRow,
} from '../api.js';
import { classifyHooks, depotHooks, specHooks, supplierHooks } from './baseRecords.js';
import { documentRoutes, kinds } from './documents.js';
import { reconcile } from './ledger.js';
import { lendingRoutes, lendLogHtml } from './lending.js';
import { stockReportHooks } from './report.js';
import { stocktakeRoutes } from './stocktake.js';

/** 仓储管理 (issue #16): the store and deliver documents, the derived stock and its reconciliation. */
function warehouseRoutes(): AnyRoute[] {
  return [
    ...[kinds.store, kinds.deliver, kinds.scrap, kinds.transfer].flatMap((k) => documentRoutes(k)),
    ...documentRoutes(kinds.lend, lendLogHtml),
    ...lendingRoutes(),
    ...stocktakeRoutes(),
    route({
      method: 'GET',
      url: P.skuNoPage,
      auth: `${A.sku}|${A.stockIn}|${A.stockOut}|${A.stock}|${A.stockDetail}|${A.scrap}|${A.transfer}|${A.lend}|${A.inventory}`,
      summary: '物品选项',
      query: noQuery,
      response: skuOption.array(),
      async handler(ctx) {
        const { rows } = await sql<{ skuId: number; skuName: string; specName: string }>`select k.skuId,
            k.skuName, coalesce(p.specName, '') as specName from storageSku k
          left join storageSpec p on p.specId = k.specId where k.orgId = ${ctx.user.orgId} order by k.skuId`.execute(
          ctx.db,
        );
        return rows;
      },
    }),
    route({
      method: 'GET',
      url: P.stockSku,
      auth: `${A.stock}|${A.stockIn}|${A.stockOut}|${A.scrap}|${A.transfer}|${A.lend}|${A.inventory}`,
      summary: '物品库存',
      query: noQuery,
      response: stockSkuRow.array(),
      async handler(ctx) {
        const { rows } = await sql<{ skuId: number; skuName: string; specName: string; quantity: number }>`
          select k.skuId, k.skuName, coalesce(p.specName, '') as specName, coalesce(sum(s.quantity), 0) as quantity
          from storageSku k left join storageSpec p on p.specId = k.specId
          left join storageStock s on s.skuId = k.skuId and s.orgId = k.orgId
          where k.orgId = ${ctx.user.orgId} group by k.skuId, k.skuName, p.specName order by k.skuId`.execute(
          ctx.db,
        );
        return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
      },
    }),
    route({
      method: 'GET',
      url: P.reconcile,
      auth: `${A.stock}|${A.stockDetail}`,
      summary: '库存核对',
      query: noQuery,
      response: reconcileAnswer,
      handler: (ctx) => reconcile(ctx.db, ctx.user.orgId),
    }),
  ];
}

export const warehouseServer: ServerModule = {
  resources: {
    [depotResource.name]: { hooks: depotHooks },
    [supplierResource.name]: { hooks: supplierHooks },
    [specResource.name]: { hooks: specHooks },
    [classifyResource.name]: { hooks: classifyHooks },
    storageStockReport: { hooks: stockReportHooks },
    storageSku: {
      hooks: {
        // goods with movements stay: the ledger names them
        async beforeRemove(ctx, row) {
          const { rows: used } =
            await sql`select 1 from storageStockRecord where skuId = ${row.skuId} limit 1`.execute(ctx.db);
          if (used[0])
            throw new ApiFailure(Code.actionRefused, `物品“${String(row.skuName)}”已有出入库记录，不能删除`);
        },
      },
    },
  },
  routes: warehouseRoutes,
};
