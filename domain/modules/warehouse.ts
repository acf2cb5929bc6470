import { WarehouseAuthority as A, docPaths, WarehouseApi as P, type StockDocKind } from '../api/warehouse.js';
import { crudButtons, defineModule, screen } from '../module.js';
import type { FieldDef, ResourceDef } from '../resource.js';
import { WarehouseScreens as S } from '../screens.js';
import { stockReportResource } from './warehouseReport.js';

/**
 * 仓储管理 (spec 001 §2 "Warehouse", §7 "Warehouse (/pims/web-pi/storage)", issue #16): the goods,
 * the stock ledger's store (入库) and deliver (出库) documents with their red punch, and the stock
 * derived from the ledger. Depots, specs, classes and suppliers are base records (基础数据).
 */

const SKU_EDIT = 'warehouse:sku';

/** 物品 (sku): what the warehouse keeps, counted in whole units of its spec. */
export const skuResource: ResourceDef = {
  name: 'storageSku',
  title: '物品',
  table: 'storageSku',
  idField: 'skuId',
  nameField: 'skuName',
  fields: [
    { name: 'skuName', label: '物品名称', type: 'text', required: true, unique: true, maxLength: 40 },
    { name: 'skuCode', label: '物品编码', type: 'text', unique: true, maxLength: 20 },
    { name: 'classifyId', label: '物品分类', type: 'ref', ref: 'storageClassify' },
    { name: 'specId', label: '规格', type: 'ref', ref: 'spec', required: true },
    { name: 'price', label: '参考单价', type: 'money' },
    { name: 'warnQuantity', label: '库存预警', type: 'int', min: 0, max: 100000 },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['skuName', 'skuCode', 'classifyId', 'specId', 'price', 'warnQuantity'],
  search: ['skuName', 'skuCode'],
  defaultSort: { field: 'skuId', order: 'asc' },
  sortable: ['skuName'],
  api: { list: P.sku, get: P.skuOne, create: P.sku, update: P.sku, remove: P.skuOne },
  authority: {
    view: `${A.sku}|${A.stockIn}|${A.stockOut}|${A.stock}`,
    create: `${SKU_EDIT}:add`,
    update: `${SKU_EDIT}:edit`,
    remove: `${SKU_EDIT}:delete`,
  },
};

const docFields = (kind: StockDocKind): FieldDef[] => [
  { name: 'docNo', label: kind === 'store' ? '入库单号' : '出库单号', type: 'text', readOnly: true },
  { name: 'docTime', label: kind === 'store' ? '入库时间' : '出库时间', type: 'datetime', readOnly: true },
  { name: 'depotId', label: '仓库', type: 'ref', ref: 'depot', readOnly: true },
  {
    name: 'supplierId',
    label: '供应商',
    type: 'ref',
    ref: 'supplier',
    readOnly: true,
    hidden: kind !== 'store',
  },
  { name: 'receiver', label: '领用人', type: 'text', readOnly: true, hidden: kind === 'store' },
  { name: 'handler', label: '经办人', type: 'text', readOnly: true },
  { name: 'totalQuantity', label: '数量合计', type: 'int', readOnly: true },
  { name: 'docState', label: '状态', type: 'dict', dict: 'stockDocState', readOnly: true },
  { name: 'reversesId', label: '冲红原单', type: 'int', readOnly: true, hidden: true },
  { name: 'reversedById', label: '冲红单', type: 'int', readOnly: true, hidden: true },
  { name: 'remark', label: '备注', type: 'text', readOnly: true },
];

/** A store or deliver document: written only by its own calls (save, print, red punch). */
const docResource = (kind: StockDocKind): ResourceDef => {
  const paths = docPaths(kind);
  const view = kind === 'store' ? A.stockIn : A.stockOut;
  return {
    name: kind === 'store' ? 'storageStore' : 'storageDeliver',
    title: kind === 'store' ? '入库单' : '出库单',
    table: kind === 'store' ? 'storageStore' : 'storageDeliver',
    idField: kind === 'store' ? 'storeId' : 'deliverId',
    nameField: 'docNo',
    fields: docFields(kind),
    columns: [
      'docNo',
      'docTime',
      'depotId',
      kind === 'store' ? 'supplierId' : 'receiver',
      'handler',
      'totalQuantity',
      'docState',
      'remark',
    ],
    search: ['docNo'],
    filters: [
      { field: 'depotId', kind: 'eq' },
      { field: 'docState', kind: 'eq' },
      { field: 'docTime', kind: 'range' },
    ],
    defaultSort: { field: 'docTime', order: 'desc' },
    sortable: ['docTime', 'docNo'],
    api: { list: paths.list },
    authority: { view },
  };
};
export const storeResource = docResource('store');
export const deliverResource = docResource('deliver');

/** 库存: the book quantity of each sku in each depot, kept by the ledger (never written by hand). */
export const stockResource: ResourceDef = {
  name: 'storageStock',
  title: '库存',
  table: 'storageStock',
  idField: 'stockId',
  nameField: 'skuId',
  fields: [
    { name: 'depotId', label: '仓库', type: 'ref', ref: 'depot', readOnly: true },
    { name: 'skuId', label: '物品', type: 'ref', ref: 'sku', readOnly: true },
    { name: 'quantity', label: '库存数量', type: 'int', readOnly: true },
    { name: 'lastMoveTime', label: '最近变动', type: 'datetime', readOnly: true },
  ],
  columns: ['depotId', 'skuId', 'quantity', 'lastMoveTime'],
  filters: [
    { field: 'depotId', kind: 'eq' },
    { field: 'skuId', kind: 'eq' },
  ],
  defaultSort: { field: 'stockId', order: 'asc' },
  sortable: ['quantity', 'lastMoveTime'],
  indexes: [
    ['orgId', 'depotId', 'skuId'],
    ['orgId', 'skuId'],
  ],
  api: { list: P.stock },
  authority: { view: `${A.stock}|${A.stockIn}|${A.stockOut}` },
};

/** 库存明细: every movement line of the ledger, newest first. */
export const stockRecordResource: ResourceDef = {
  name: 'storageStockRecord',
  title: '库存明细',
  table: 'storageStockRecord',
  idField: 'recordId',
  nameField: 'docNo',
  fields: [
    { name: 'moveTime', label: '变动时间', type: 'datetime', readOnly: true },
    { name: 'movementType', label: '变动类型', type: 'dict', dict: 'stockMovementType', readOnly: true },
    { name: 'docNo', label: '单号', type: 'text', readOnly: true },
    { name: 'depotId', label: '仓库', type: 'ref', ref: 'depot', readOnly: true },
    { name: 'skuId', label: '物品', type: 'ref', ref: 'sku', readOnly: true },
    { name: 'quantity', label: '变动数量', type: 'int', readOnly: true },
    { name: 'balanceAfter', label: '变动后库存', type: 'int', readOnly: true },
    { name: 'docKind', label: '单据类别', type: 'text', readOnly: true, hidden: true },
    { name: 'docId', label: '单据', type: 'int', readOnly: true, hidden: true },
    { name: 'operatorName', label: '经办人', type: 'text', readOnly: true },
  ],
  columns: [
    'moveTime',
    'movementType',
    'docNo',
    'depotId',
    'skuId',
    'quantity',
    'balanceAfter',
    'operatorName',
  ],
  search: ['docNo'],
  filters: [
    { field: 'depotId', kind: 'eq' },
    { field: 'skuId', kind: 'eq' },
    { field: 'movementType', kind: 'eq' },
    { field: 'moveTime', kind: 'range' },
  ],
  defaultSort: { field: 'recordId', order: 'desc' },
  indexes: [
    // 库存月报 reads this index alone: the last line before a moment (its opening and closing) is
    // one seek, a month of one depot's goods one range
    ['orgId', 'depotId', 'skuId', 'moveTime', 'recordId', 'movementType', 'quantity', 'balanceAfter'],
    ['orgId', 'skuId'],
    ['orgId', 'moveTime'],
    ['docKind', 'docId'],
  ],
  api: { list: P.stockRecords },
  authority: { view: `${A.stockDetail}|${A.stock}` },
};

export const warehouseModule = defineModule({
  name: 'warehouse',
  menu: { code: 'warehouse', name: '仓储管理', icon: 'box' },
  resources: [
    skuResource,
    storeResource,
    deliverResource,
    stockResource,
    stockRecordResource,
    stockReportResource,
  ],
  items: [
    screen(S.stockIn, '入库管理', {
      code: A.stockIn,
      view: 'warehouse.StockIn',
      buttons: [
        { code: A.stockInAdd, menuName: '新增入库' },
        { code: A.stockInPrint, menuName: '打印入库单' },
        { code: A.stockInRedPunch, menuName: '入库冲红' },
      ],
    }),
    screen(S.stockOut, '出库管理', {
      code: A.stockOut,
      view: 'warehouse.StockOut',
      buttons: [
        { code: A.stockOutAdd, menuName: '新增出库' },
        { code: A.stockOutPrint, menuName: '打印出库单' },
        { code: A.stockOutRedPunch, menuName: '出库冲红' },
      ],
    }),
    screen(S.stock, '库存查询', { code: A.stock, resource: stockResource }),
    screen(S.stockDetail, '库存明细', { code: A.stockDetail, resource: stockRecordResource }),
    screen(S.stockReport, '库存月报', { code: A.stockReport, resource: stockReportResource }),
    screen(S.sku, '物品管理', { code: A.sku, resource: skuResource, buttons: crudButtons(SKU_EDIT, '物品') }),
  ],
});
