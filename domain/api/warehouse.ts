import { z } from 'zod';

/**
 * Spec 001 §7 "Warehouse (/pims/web-pi/storage)": store and deliver documents (GET list, GET
 * detail, POST /0 save, POST /1 save and print, POST /print; POST on the base path for a negative
 * red-punch entry), the goods (sku) and the derived stock, stock/sku and stock/record/list.
 */
const STORAGE = '/pims/web-pi/storage';

export type StockDocKind = 'store' | 'deliver';

export const docPaths = (kind: StockDocKind) => {
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
} as const;

/** Spec 000 §3 stock movement types; this part of issue #16 writes STORE and DELIVER. */
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

/** A document's state code (stockDocumentMachine). */
export const DocState = { posted: 1, printed: 2, reversed: 3, redPunch: 4 } as const;
export const docStateNames: Record<number, string> = {
  1: '已入账',
  2: '已打印',
  3: '已冲红',
  4: '冲红单',
};

/** Most units one line may move, and most lines on one document. */
export const MAX_LINE_QUANTITY = 100_000;
export const MAX_LINES = 50;

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`${label}无效`)
    .positive(`请选择${label}`);

export const docLine = z.object({
  skuId: positiveId('物品'),
  quantity: z.coerce
    .number({ error: '数量必须是整数' })
    .int('数量必须是整数')
    .min(1, '数量至少为1')
    .max(MAX_LINE_QUANTITY, `数量不能超过${MAX_LINE_QUANTITY}`),
});

/** POST …/0 and …/1: a store or deliver document with its lines. */
export const docBody = z.object({
  depotId: positiveId('仓库'),
  supplierId: z.coerce.number().int().positive().optional().nullable(),
  handler: z.string().trim().max(20, '经办人不能超过20个字').optional(),
  receiver: z.string().trim().max(20, '领用人不能超过20个字').optional(),
  remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
  lines: z
    .array(docLine, { error: '请添加物品明细' })
    .min(1, '请添加物品明细')
    .max(MAX_LINES, `一张单据最多${MAX_LINES}行明细`)
    .refine((ls) => new Set(ls.map((l) => l.skuId)).size === ls.length, '同一物品不能重复添加'),
});
export type DocBody = z.infer<typeof docBody>;

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
});
export const docDetail = z.object({
  id: z.number().int(),
  docNo: z.string(),
  docState: z.number().int(),
  depotId: z.number().int(),
  depotName: z.string(),
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
