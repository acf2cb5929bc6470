import type { FieldDef, ResourceDef } from '../../domain/resource.js';
import { WarehouseAuthority as A, WarehouseApi as P } from './api.js';

/** The units a month moved in or out, by what moved them (spec 000 §3 movement types). */
export const stockReportFigures = [
  ['opening', '期初结存'],
  ['storeIn', '入库'],
  ['returnIn', '归还'],
  ['transferIn', '调入'],
  ['inventoryGain', '盘盈'],
  ['deliverOut', '出库'],
  ['lendOut', '借出'],
  ['scrapOut', '报废'],
  ['transferOut', '调出'],
  ['inventoryLoss', '盘亏'],
  ['closing', '期末结存'],
] as const;

const figure = ([name, label]: readonly [string, string]): FieldDef => ({
  name,
  label,
  type: 'int',
  readOnly: true,
});

/**
 * 库存月报 (month-end stock report, issue #16): per depot and goods, the book quantity at the start
 * of the month, what each kind of movement brought in or took out during it, and the book quantity
 * at its end — read from the ledger, so opening + ins − outs = closing always. Display only.
 */
export const stockReportResource: ResourceDef = {
  name: 'storageStockReport',
  title: '库存月报',
  table: 'storageStock',
  derived: true,
  idField: 'stockId',
  nameField: 'skuId',
  fields: [
    { name: 'month', label: '月份', type: 'text', readOnly: true, hidden: true },
    { name: 'depotId', label: '仓库', type: 'ref', ref: 'depot', readOnly: true },
    { name: 'skuId', label: '物品', type: 'ref', ref: 'sku', readOnly: true },
    ...stockReportFigures.map(figure),
  ],
  columns: ['depotId', 'skuId', ...stockReportFigures.map(([name]) => name)],
  filters: [
    { field: 'month', kind: 'month', initial: 'thisMonth' },
    { field: 'depotId', kind: 'eq' },
    { field: 'skuId', kind: 'eq' },
  ],
  defaultSort: { field: 'stockId', order: 'asc' },
  frozen: ['depotId', 'skuId'],
  api: { list: P.stockReport },
  authority: { view: `${A.stockReport}|${A.stock}` },
};
