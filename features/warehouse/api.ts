import { z } from 'zod';

/**
 * Spec 001 §7 "Warehouse (/pims/web-pi/storage)": store and deliver documents (GET list, GET
 * detail, POST /0 save, POST /1 save and print, POST /print; POST on the base path for a negative
 * red-punch entry), the goods (sku) and the derived stock, stock/sku and stock/record/list.
 */
const STORAGE = '/pims/web-pi/storage';

/** The documents that move stock by lines of goods (save, print; store and deliver also red punch). */
export type StockDocKind = 'store' | 'deliver' | 'scrap' | 'transfer' | 'lend';

export const docPaths = (kind: StockDocKind | 'inventory') => {
  const base = `${STORAGE}/${kind}`;
  return {
    /** GET: the documents; POST: a red-punch (reversing) document of one, by its id in the body. */
    list: base,
    get: `${base}/:id`,
    save: `${base}/0`,
    saveAndPrint: `${base}/1`,
    /** POST: records a printing (posted → printed). */
    print: `${base}/print`,
    /** GET: the print view (HTML). */
    printView: `${base}/print/:id`,
  } as const;
};

export const WarehouseApi = {
  store: docPaths('store'),
  deliver: docPaths('deliver'),
  scrap: docPaths('scrap'),
  transfer: docPaths('transfer'),
  lend: docPaths('lend'),
  /** GET: what is still out per line of a lending. */
  lendOut: `${STORAGE}/lend/return/:lendId`,
  /** POST: a partial or full return of a lending's lines. */
  lendReturn: `${STORAGE}/lend/return`,
  /** GET: the returns of a lending with their lines. */
  lendLog: `${STORAGE}/lend/log/:lendId`,
  /** 盘点: GET list, GET detail, POST /0 (create = snapshot, or save the counts), /1 (save and post). */
  inventory: docPaths('inventory'),
  /** POST {id}: cancels a stocktake still being counted (our addition). */
  inventoryCancel: `${STORAGE}/inventory/cancel`,
  sku: `${STORAGE}/sku`,
  skuOne: `${STORAGE}/sku/:id`,
  /** GET: every sku unpaged, for choosing one on a document. */
  skuNoPage: `${STORAGE}/sku/noPage`,
  /** GET: the book quantity per sku and depot (a page). */
  stock: `${STORAGE}/stock`,
  /** GET: the book quantity per sku over every depot. */
  stockSku: `${STORAGE}/stock/sku`,
  /** GET: every movement line (a page). */
  stockRecords: `${STORAGE}/stock/record/list`,
  /** GET: proves book quantity = sum of movements for every sku and depot. */
  reconcile: `${STORAGE}/stock/reconcile`,
  /** GET: the month-end stock report (库存月报; our path, the spec names none). */
  stockReport: `${STORAGE}/stock/report`,
} as const;

/** Authority codes (spec 000 §6 style: screen:button). */
export const WarehouseAuthority = {
  stockIn: 'warehouse:stockIn',
  stockInAdd: 'warehouse:stockIn:add',
  stockInPrint: 'warehouse:stockIn:print',
  stockInRedPunch: 'warehouse:stockIn:redPunch',
  stockOut: 'warehouse:stockOut',
  stockOutAdd: 'warehouse:stockOut:add',
  stockOutPrint: 'warehouse:stockOut:print',
  stockOutRedPunch: 'warehouse:stockOut:redPunch',
  stock: 'warehouse:stock',
  stockDetail: 'warehouse:stockDetail',
  sku: 'warehouse:sku',
  stockReport: 'warehouse:stockReport',
  scrap: 'warehouse:scrap',
  scrapAdd: 'warehouse:scrap:add',
  scrapPrint: 'warehouse:scrap:print',
  transfer: 'warehouse:transfer',
  transferAdd: 'warehouse:transfer:add',
  transferPrint: 'warehouse:transfer:print',
  lend: 'warehouse:lend',
  lendAdd: 'warehouse:lend:add',
  lendPrint: 'warehouse:lend:print',
  lendReturn: 'warehouse:lend:return',
  inventory: 'warehouse:inventory',
  inventoryAdd: 'warehouse:inventory:add',
  inventoryPost: 'warehouse:inventory:post',
  inventoryPrint: 'warehouse:inventory:print',
} as const;

/** Spec 000 §3 stock movement types. */
export const MovementType = {
  STORE: 'STORE',
  DELIVER: 'DELIVER',
  LEND: 'LEND',
  RETURN: 'RETURN',
  TRANSFER: 'TRANSFER',
  INVENTORY: 'INVENTORY',
  SCRAP: 'SCRAP',
} as const;
export const movementTypeNames: Record<string, string> = {
  STORE: '入库',
  DELIVER: '出库',
  LEND: '借出',
  RETURN: '归还',
  TRANSFER: '调拨',
  INVENTORY: '盘点',
  SCRAP: '报废',
};

/** Most units one line may move, and most lines on one document. */
export const MAX_LINE_QUANTITY = 100_000;
export const MAX_LINES = 50;

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`${label}无效`)
    .positive(`请选择${label}`);

const quantity = z.coerce
  .number({ error: '数量必须是整数' })
  .int('数量必须是整数')
  .min(1, '数量至少为1')
  .max(MAX_LINE_QUANTITY, `数量不能超过${MAX_LINE_QUANTITY}`);

export const docLine = z.object({
  skuId: positiveId('物品'),
  quantity,
  /** 报废原因 (scrap lines: required). */
  reason: z.string().trim().max(50, '原因不能超过50个字').optional(),
});

const uniqueSkus = (ls: { skuId: number }[]) => new Set(ls.map((l) => l.skuId)).size === ls.length;

/** POST …/0 and …/1: a store or deliver document with its lines. */
export const docBody = z.object({
  depotId: positiveId('仓库'),
  /** 调入仓库 (transfer only). */
  toDepotId: z.coerce.number().int().positive().optional().nullable(),
  supplierId: z.coerce.number().int().positive().optional().nullable(),
  handler: z.string().trim().max(20, '经办人不能超过20个字').optional(),
  receiver: z.string().trim().max(20, '领用人不能超过20个字').optional(),
  remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
  lines: z
    .array(docLine, { error: '请添加物品明细' })
    .min(1, '请添加物品明细')
    .max(MAX_LINES, `一张单据最多${MAX_LINES}行明细`)
    .refine(uniqueSkus, '同一物品不能重复添加'),
});
export type DocBody = z.infer<typeof docBody>;

/** The body of one kind: a scrap names a reason per line, a transfer another depot, a lending a borrower. */
export const docBodyOf = (kind: StockDocKind) =>
  docBody.superRefine((b, ctx) => {
    if (kind === 'scrap')
      b.lines.forEach((l, i) => {
        if (!l.reason)
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'reason'], message: '请填写报废原因' });
      });
    if (kind === 'transfer') {
      if (!b.toDepotId) ctx.addIssue({ code: 'custom', path: ['toDepotId'], message: '请选择调入仓库' });
      else if (b.toDepotId === b.depotId)
        ctx.addIssue({ code: 'custom', path: ['toDepotId'], message: '调出仓库与调入仓库不能相同' });
    }
    if (kind === 'lend' && !b.receiver)
      ctx.addIssue({ code: 'custom', path: ['receiver'], message: '请填写借用人' });
  });

/** POST …/print and POST on the base path (red punch): one document by its id. */
export const docIdBody = z.object({ id: positiveId('单据') });

export const docSaved = z.object({ id: z.number().int(), docNo: z.string(), docState: z.number().int() });

export const docLineRow = z.object({
  recordId: z.number().int(),
  skuId: z.number().int(),
  skuName: z.string(),
  specName: z.string(),
  quantity: z.number().int(),
  balanceAfter: z.number().int(),
  depotId: z.number().int(),
  depotName: z.string(),
  reason: z.string(),
});
export const docDetail = z.object({
  id: z.number().int(),
  docNo: z.string(),
  docState: z.number().int(),
  depotId: z.number().int(),
  depotName: z.string(),
  toDepotId: z.number().int().nullable(),
  toDepotName: z.string(),
  supplierName: z.string(),
  handler: z.string(),
  receiver: z.string(),
  remark: z.string(),
  docTime: z.string(),
  reversesId: z.number().int().nullable(),
  reversedById: z.number().int().nullable(),
  totalQuantity: z.number().int(),
  lines: docLineRow.array(),
});
export type DocDetail = z.infer<typeof docDetail>;

export const stockSkuRow = z.object({
  skuId: z.number().int(),
  skuName: z.string(),
  specName: z.string(),
  quantity: z.number().int(),
});

export const reconcileAnswer = z.object({
  balanced: z.boolean(),
  checked: z.number().int(),
  mismatches: z
    .object({
      depotId: z.number().int(),
      skuId: z.number().int(),
      book: z.number().int(),
      moved: z.number().int(),
    })
    .array(),
});

export const skuOption = z.object({ skuId: z.number().int(), skuName: z.string(), specName: z.string() });

/** What is still out of a lending, per sku. */
export const lendOutRow = z.object({
  skuId: z.number().int(),
  skuName: z.string(),
  specName: z.string(),
  lent: z.number().int(),
  returned: z.number().int(),
  out: z.number().int(),
});
export const lendOutAnswer = z.object({
  lendId: z.number().int(),
  docNo: z.string(),
  lendState: z.number().int(),
  receiver: z.string(),
  lines: lendOutRow.array(),
});

/** POST lend/return: some lines of a lending come back. */
export const lendReturnBody = z.object({
  lendId: positiveId('借用单'),
  returner: z.string().trim().max(20, '归还人不能超过20个字').optional(),
  remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
  lines: z
    .array(z.object({ skuId: positiveId('物品'), quantity }), { error: '请填写归还数量' })
    .min(1, '请填写归还数量')
    .max(MAX_LINES, `一次最多归还${MAX_LINES}种物品`)
    .refine(uniqueSkus, '同一物品不能重复添加'),
});
export type LendReturnBody = z.infer<typeof lendReturnBody>;
export const lendReturned = z.object({
  returnId: z.number().int(),
  docNo: z.string(),
  lendState: z.number().int(),
});
export const lendLogRow = z.object({
  returnId: z.number().int(),
  docNo: z.string(),
  returnTime: z.string(),
  returner: z.string(),
  handler: z.string(),
  remark: z.string(),
  totalQuantity: z.number().int(),
  lines: z.object({ skuId: z.number().int(), skuName: z.string(), quantity: z.number().int() }).array(),
});

export const countQuantity = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce
    .number({ error: '实盘数量必须是整数' })
    .int('实盘数量必须是整数')
    .min(0, '实盘数量不能小于0')
    .max(MAX_LINE_QUANTITY, `实盘数量不能超过${MAX_LINE_QUANTITY}`)
    .nullable(),
);

/**
 * POST inventory/0 and /1: without inventoryId a new stocktake of the depot (the book quantities
 * are snapshot); with it, the counts entered so far. `resnapshot` reads the book quantities again.
 */
export const inventoryBody = z.object({
  inventoryId: z.coerce.number().int().positive().optional().nullable(),
  depotId: z.coerce.number().int().positive().optional().nullable(),
  handler: z.string().trim().max(20, '盘点人不能超过20个字').optional(),
  remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
  resnapshot: z.boolean().optional(),
  lines: z
    .array(z.object({ skuId: positiveId('物品'), countQuantity }))
    .max(2000, '一次最多录入2000种物品')
    .refine(uniqueSkus, '同一物品不能重复添加')
    .optional(),
});
export type InventoryBody = z.infer<typeof inventoryBody>;

export const inventorySaved = z.object({
  id: z.number().int(),
  docNo: z.string(),
  invState: z.number().int(),
});
export const inventoryLineRow = z.object({
  skuId: z.number().int(),
  skuName: z.string(),
  specName: z.string(),
  bookQuantity: z.number().int(),
  countQuantity: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});
export const inventoryDetail = z.object({
  id: z.number().int(),
  docNo: z.string(),
  invState: z.number().int(),
  depotId: z.number().int(),
  depotName: z.string(),
  handler: z.string(),
  remark: z.string(),
  docTime: z.string(),
  postTime: z.string(),
  lines: inventoryLineRow.array(),
});
export type InventoryDetail = z.infer<typeof inventoryDetail>;
