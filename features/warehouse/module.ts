import { crudButtons, defineModule, screen } from '../../domain/module.js';
import type { FieldDef, ResourceDef } from '../../domain/resource.js';
import {
  WarehouseBaseAuthority as B,
  classifyResource,
  depotResource,
  specResource,
  supplierResource,
} from '../../domain/resources/warehouseBase.js';
import { WarehouseScreens as S } from '../../domain/screens.js';
import {
  WarehouseAuthority as A,
  docPaths,
  MovementType,
  WarehouseApi as P,
  type StockDocKind,
} from './api.js';
import { stockReportResource } from './resources.js';

/**
 * 仓储管理 (spec 001 §2 "Warehouse", §7 "Warehouse (/pims/web-pi/storage)", issue #16): the goods,
 * the stock ledger's store (入库) and deliver (出库) documents with their red punch, and the stock
 * derived from the ledger. Depots, specs, classes and suppliers are base records (基础数据,
 * domain/resources/warehouseBase.ts: every module's dropdowns read them) with their screens here.
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
    // the unit goods are counted in (盒, 瓶, 包) is called 单位, what it is (issue #42 point 6); the
    // records live in 规格管理 on the spec's path (spec 001 `spec`, specId), docs/decisions.md
    {
      name: 'specId',
      label: '单位',
      type: 'ref',
      ref: 'spec',
      required: true,
      hint: '计数的单位，如：盒、瓶、包；在 规格管理 中维护',
    },
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
    view: `${A.sku}|${A.stockIn}|${A.stockOut}|${A.stock}|${A.scrap}|${A.transfer}|${A.lend}|${A.inventory}`,
    create: `${SKU_EDIT}:add`,
    update: `${SKU_EDIT}:edit`,
    remove: `${SKU_EDIT}:delete`,
  },
};

/**
 * The kinds of document, declared once: the Chinese words, the table, the number prefix, the ledger
 * movement and the authority codes. The descriptor, the server's routes (./server) and
 * the screens (features/warehouse) all read them from here; they differ only in data.
 */
export interface StockDocKindDef {
  kind: StockDocKind;
  title: string;
  /** The column titles of the number and the time: 入库单号, 入库时间. */
  no: string;
  time: string;
  table: string;
  idField: string;
  /** Of the document numbers: RK20261206001. */
  prefix: string;
  /** What the goods do, in the ledger's words: 入库, 调出. */
  verb: string;
  movementType: string;
  route: string;
  view: string;
  add: string;
  print: string;
  /** Store and deliver only (spec 001 §7): POST on the base path reverses a document once. */
  redPunch?: string;
}
export const stockDocKinds: Record<StockDocKind, StockDocKindDef> = {
  store: {
    kind: 'store',
    title: '入库单',
    no: '入库单号',
    time: '入库时间',
    table: 'storageStore',
    idField: 'storeId',
    prefix: 'RK',
    verb: '入库',
    movementType: MovementType.STORE,
    route: S.stockIn,
    view: A.stockIn,
    add: A.stockInAdd,
    print: A.stockInPrint,
    redPunch: A.stockInRedPunch,
  },
  deliver: {
    kind: 'deliver',
    title: '出库单',
    no: '出库单号',
    time: '出库时间',
    table: 'storageDeliver',
    idField: 'deliverId',
    prefix: 'CK',
    verb: '出库',
    movementType: MovementType.DELIVER,
    route: S.stockOut,
    view: A.stockOut,
    add: A.stockOutAdd,
    print: A.stockOutPrint,
    redPunch: A.stockOutRedPunch,
  },
  scrap: {
    kind: 'scrap',
    title: '报废单',
    no: '报废单号',
    time: '报废时间',
    table: 'storageScrap',
    idField: 'scrapId',
    prefix: 'BF',
    verb: '报废',
    movementType: MovementType.SCRAP,
    route: S.scrap,
    view: A.scrap,
    add: A.scrapAdd,
    print: A.scrapPrint,
  },
  transfer: {
    kind: 'transfer',
    title: '调拨单',
    no: '调拨单号',
    time: '调拨时间',
    table: 'storageTransfer',
    idField: 'transferId',
    prefix: 'DB',
    verb: '调出',
    movementType: MovementType.TRANSFER,
    route: S.transfer,
    view: A.transfer,
    add: A.transferAdd,
    print: A.transferPrint,
  },
  lend: {
    kind: 'lend',
    title: '借用单',
    no: '借用单号',
    time: '借出时间',
    table: 'storageLend',
    idField: 'lendId',
    prefix: 'JY',
    verb: '借出',
    movementType: MovementType.LEND,
    route: S.lend,
    view: A.lend,
    add: A.lendAdd,
    print: A.lendPrint,
  },
};
const docText = stockDocKinds;

const docFields = (kind: StockDocKind): FieldDef[] => [
  { name: 'docNo', label: docText[kind].no, type: 'text', readOnly: true },
  { name: 'docTime', label: docText[kind].time, type: 'datetime', readOnly: true },
  {
    name: 'depotId',
    label: kind === 'transfer' ? '调出仓库' : '仓库',
    type: 'ref',
    ref: 'depot',
    readOnly: true,
  },
  {
    name: 'toDepotId',
    label: '调入仓库',
    type: 'ref',
    ref: 'depot',
    readOnly: true,
    hidden: kind !== 'transfer',
  },
  {
    name: 'supplierId',
    label: '供应商',
    type: 'ref',
    ref: 'supplier',
    readOnly: true,
    hidden: kind !== 'store',
  },
  {
    name: 'receiver',
    label: kind === 'lend' ? '借用人' : '领用人',
    type: 'text',
    readOnly: true,
    hidden: kind !== 'deliver' && kind !== 'lend',
  },
  { name: 'handler', label: '经办人', type: 'text', readOnly: true },
  { name: 'totalQuantity', label: '数量合计', type: 'int', readOnly: true },
  { name: 'docState', label: '状态', type: 'dict', dict: 'stockDocState', readOnly: true },
  {
    name: 'lendState',
    label: '归还状态',
    type: 'dict',
    dict: 'lendState',
    readOnly: true,
    hidden: kind !== 'lend',
  },
  { name: 'reversesId', label: '冲红原单', type: 'int', readOnly: true, hidden: true },
  { name: 'reversedById', label: '冲红单', type: 'int', readOnly: true, hidden: true },
  { name: 'remark', label: '备注', type: 'text', readOnly: true },
];

const partyColumn: Record<StockDocKind, string[]> = {
  store: ['supplierId'],
  deliver: ['receiver'],
  scrap: [],
  transfer: ['toDepotId'],
  lend: ['receiver', 'lendState'],
};

/** A document of the ledger: written only by its own calls (save, print, red punch, return). */
const docResource = (kind: StockDocKind): ResourceDef => {
  const paths = docPaths(kind);
  const t = docText[kind];
  return {
    name: t.table,
    title: t.title,
    table: t.table,
    idField: t.idField,
    nameField: 'docNo',
    fields: docFields(kind),
    columns: [
      'docNo',
      'docTime',
      'depotId',
      ...partyColumn[kind],
      'handler',
      'totalQuantity',
      'docState',
      'remark',
    ],
    search: ['docNo'],
    filters: [
      { field: 'depotId', kind: 'eq' },
      { field: kind === 'lend' ? 'lendState' : 'docState', kind: 'eq' },
      { field: 'docTime', kind: 'range' },
    ],
    defaultSort: { field: 'docTime', order: 'desc' },
    sortable: ['docTime', 'docNo'],
    api: { list: paths.list },
    authority: { view: t.view },
  };
};
export const storeResource = docResource('store');
export const deliverResource = docResource('deliver');
export const scrapResource = docResource('scrap');
export const transferResource = docResource('transfer');
export const lendResource = docResource('lend');

/** 归还记录: one return of a lending; its lines are RETURN movements of the ledger (no list of its own). */
export const lendReturnResource: ResourceDef = {
  name: 'storageLendReturn',
  title: '归还记录',
  table: 'storageLendReturn',
  idField: 'returnId',
  nameField: 'docNo',
  fields: [
    { name: 'lendId', label: '借用单', type: 'int', readOnly: true },
    { name: 'docNo', label: '归还单号', type: 'text', readOnly: true },
    { name: 'returnTime', label: '归还时间', type: 'datetime', readOnly: true },
    { name: 'returner', label: '归还人', type: 'text', readOnly: true },
    { name: 'handler', label: '经办人', type: 'text', readOnly: true },
    { name: 'totalQuantity', label: '数量合计', type: 'int', readOnly: true },
    { name: 'remark', label: '备注', type: 'text', readOnly: true },
  ],
  columns: ['docNo', 'returnTime', 'returner', 'handler', 'totalQuantity'],
  defaultSort: { field: 'returnId', order: 'asc' },
  indexes: [['lendId']],
  api: {},
  authority: { view: A.lend },
};

/** 盘点单: a stocktake of one depot (stocktakeMachine); its lines are storageInventoryLine. */
export const inventoryResource: ResourceDef = {
  name: 'storageInventory',
  title: '盘点单',
  table: 'storageInventory',
  idField: 'inventoryId',
  nameField: 'docNo',
  fields: [
    { name: 'docNo', label: '盘点单号', type: 'text', readOnly: true },
    { name: 'docTime', label: '盘点时间', type: 'datetime', readOnly: true },
    { name: 'depotId', label: '仓库', type: 'ref', ref: 'depot', readOnly: true },
    { name: 'handler', label: '盘点人', type: 'text', readOnly: true },
    { name: 'skuCount', label: '物品种数', type: 'int', readOnly: true },
    { name: 'diffCount', label: '差异种数', type: 'int', readOnly: true },
    { name: 'invState', label: '状态', type: 'dict', dict: 'inventoryState', readOnly: true },
    { name: 'postTime', label: '过账时间', type: 'datetime', readOnly: true },
    { name: 'printCount', label: '打印次数', type: 'int', readOnly: true, hidden: true },
    { name: 'remark', label: '备注', type: 'text', readOnly: true },
  ],
  columns: [
    'docNo',
    'docTime',
    'depotId',
    'handler',
    'skuCount',
    'diffCount',
    'invState',
    'postTime',
    'remark',
  ],
  search: ['docNo'],
  filters: [
    { field: 'depotId', kind: 'eq' },
    { field: 'invState', kind: 'eq' },
    { field: 'docTime', kind: 'range' },
  ],
  defaultSort: { field: 'docTime', order: 'desc' },
  sortable: ['docTime', 'docNo'],
  api: { list: P.inventory.list },
  authority: { view: A.inventory },
};

/** A stocktake's line: the book quantity at the snapshot and the counted quantity. */
export const inventoryLineResource: ResourceDef = {
  name: 'storageInventoryLine',
  title: '盘点明细',
  table: 'storageInventoryLine',
  idField: 'lineId',
  nameField: 'skuId',
  fields: [
    { name: 'inventoryId', label: '盘点单', type: 'int', readOnly: true },
    { name: 'skuId', label: '物品', type: 'ref', ref: 'sku', readOnly: true },
    { name: 'bookQuantity', label: '账面数量', type: 'int', readOnly: true },
    { name: 'countQuantity', label: '实盘数量', type: 'int', readOnly: true },
  ],
  columns: ['skuId', 'bookQuantity', 'countQuantity'],
  defaultSort: { field: 'lineId', order: 'asc' },
  indexes: [['inventoryId', 'skuId']],
  api: {},
  authority: { view: A.inventory },
};

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
    { name: 'reason', label: '原因', type: 'text', readOnly: true },
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
    'reason',
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
    scrapResource,
    transferResource,
    lendResource,
    lendReturnResource,
    inventoryResource,
    inventoryLineResource,
    stockResource,
    stockRecordResource,
    stockReportResource,
    depotResource,
    classifyResource,
    specResource,
    supplierResource,
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
    screen(S.scrap, '报废管理', {
      code: A.scrap,
      view: 'warehouse.Scrap',
      buttons: [
        { code: A.scrapAdd, menuName: '新增报废' },
        { code: A.scrapPrint, menuName: '打印报废单' },
      ],
    }),
    screen(S.transfer, '调拨管理', {
      code: A.transfer,
      view: 'warehouse.Transfer',
      buttons: [
        { code: A.transferAdd, menuName: '新增调拨' },
        { code: A.transferPrint, menuName: '打印调拨单' },
      ],
    }),
    screen(S.lend, '借用管理', {
      code: A.lend,
      view: 'warehouse.Lend',
      buttons: [
        { code: A.lendAdd, menuName: '新增借用' },
        { code: A.lendPrint, menuName: '打印借用单' },
        { code: A.lendReturn, menuName: '归还' },
      ],
    }),
    screen(S.inventory, '库存盘点', {
      code: A.inventory,
      view: 'warehouse.Inventory',
      buttons: [
        { code: A.inventoryAdd, menuName: '新增盘点' },
        { code: A.inventoryPost, menuName: '盘点过账' },
        { code: A.inventoryPrint, menuName: '打印盘点单' },
      ],
    }),
    screen(S.stock, '库存查询', { code: A.stock, resource: stockResource }),
    screen(S.stockDetail, '库存明细', { code: A.stockDetail, resource: stockRecordResource }),
    screen(S.stockReport, '库存月报', { code: A.stockReport, resource: stockReportResource }),
    screen(S.sku, '物品管理', { code: A.sku, resource: skuResource, buttons: crudButtons(SKU_EDIT, '物品') }),
    // 基础数据 (issue #37 point 9): what the documents and goods choose from
    screen(S.depot, '仓库管理', {
      code: B.depot,
      resource: depotResource,
      buttons: crudButtons(B.depot, '仓库'),
    }),
    screen(S.classify, '物品分类', {
      code: B.classify,
      resource: classifyResource,
      buttons: crudButtons(B.classify, '物品分类'),
    }),
    screen(S.spec, '规格管理', {
      code: B.spec,
      resource: specResource,
      buttons: crudButtons(B.spec, '规格'),
    }),
    screen(S.supplier, '供应商管理', {
      code: B.supplier,
      resource: supplierResource,
      buttons: crudButtons(B.supplier, '供应商'),
    }),
  ],
});
