import { z } from 'zod';
import { bodySchema, pageSchema, rowSchema } from '../../domain/resource.js';
import { HOMECARE_WEB as WEB } from '../../domain/statuses/homecare.js';
import { homeOldmanResource, homeOldmanSectionFields } from './resources/elders.js';
import { serveOrderResource } from './resources/orders.js';

/**
 * The home-care calls beyond the engine's CRUD (spec 001 §7 "Home care"): home elders' extras, the
 * import, project shelves, settings, the order workflow and the account money calls. The order and
 * account paths are `ServeOrderPaths` (resources/orders.ts) and `CostAccountPaths`
 * (resources/accounts.ts), their bodies next to them; the answers are here.
 */
export const HomecarePaths = {
  /** GET: home elders without a cost account (开户's picker). */
  noAccount: `${WEB}/oldmanBase/noAccount`,
  /** GET ?oldmanId, PUT: an elder's health and home situation (the extend section). */
  extend: `${WEB}/oldmanBase/extend`,
  /** GET ?type&format: the import template. */
  download: `${WEB}/download`,
  /** POST multipart: the home-elder import. */
  import: `${WEB}/oldmanBase/import`,
  /** PUT: every project of a type on or off the shelf. */
  shelves: `${WEB}/serveProject/shelves/:type`,
} as const;

/** The operation-log paths of the home-care calls (a LIKE pattern: web-api and app-api). */
export const HOMECARE_LOG_PATHS = '/homecare/%';

const id = z.number().int();

/** GET oldmanBase/noAccount. */
export const noAccountElders = pageSchema(
  z.looseObject({
    oldmanId: id,
    oldmanName: z.string(),
    oldmanIdcard: z.string().nullable(),
    phone: z.string().nullable(),
    deptId: id,
  }),
);

export const extendFields = homeOldmanSectionFields('extend');
export const oldmanIdQuery = z.object({
  oldmanId: z.coerce.number({ error: '请选择长者' }).int().positive('请选择长者'),
});
const elderRow = rowSchema(homeOldmanResource).shape;
/** GET oldmanBase/extend: the elder's name and the extend section. */
export const elderExtend = z.object({
  oldmanId: id,
  oldmanName: z.string(),
  ...Object.fromEntries(extendFields.map((k) => [k, elderRow[k] ?? z.unknown()])),
});
/** PUT oldmanBase/extend. */
export const extendBody = bodySchema(homeOldmanResource, 'update', extendFields);
export const elderSaved = z.object({ oldmanId: id });

/** GET download. */
export const downloadQuery = z.object({
  type: z.enum(['oldmanBase'], { error: '下载类型无效' }).default('oldmanBase'),
  format: z.enum(['xlsx', 'csv'], { error: '下载格式只能是xlsx或csv' }).default('xlsx'),
});

/** PUT serveProject/shelves/{type}. */
export const shelvesBody = z.object({
  onShelf: z.coerce
    .number({ error: '请选择上架或下架' })
    .refine((v) => v === 0 || v === 1, '请选择上架或下架'),
});
export const shelved = z.object({ updated: z.number().int() });

/** GET nursingWorker?carer=1. */
export const carerQuery = z.object({
  carer: z.coerce.number({ error: '服务人员范围无效' }).int().min(0).max(1).optional(),
});
export const carers = pageSchema(
  z.object({ nursingId: id, realName: z.string(), phoneNum: z.string().nullable(), deptId: id }),
);

/** GET operateLog: the home-care calls of the operation log, newest first. */
export const operateLogQuery = z.object({
  pageNum: z.coerce.number().int().min(1, '页码无效').default(1),
  pageSize: z.coerce.number().int().min(1, '每页条数无效').max(200, '每页最多200条').default(20),
});
export const operateLogPage = pageSchema(
  z.looseObject({
    logId: id,
    userName: z.string(),
    operationType: z.string(),
    operationName: z.string(),
    method: z.string(),
    path: z.string(),
    createTime: z.string(),
  }),
);

/** GET serveOrder/totalDuration (minutes of completed orders) and serveOrder/amount (fen paid). */
export const orderDuration = z.object({ orders: z.number().int(), totalDuration: z.number() });
export const orderAmount = z.object({ orders: z.number().int(), amount: z.number() });

/** POST serveOrder (priced and logged by the order machine's create). */
export const orderCreate = bodySchema(serveOrderResource, 'create');
export const orderCreated = z.object({ orderId: id });
/** Every workflow step answers the order's new status. */
export const orderMoved = z.object({ orderId: id, serveStatus: id });
export const afterSaleOpened = z.object({ orderId: id, afterOrderId: id });
export const afterSaleAudited = z.object({ afterOrderId: id, orderId: id });
export const ordersGenerated = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  orderIds: z.array(id),
});

/** The account calls. */
export const accountSaved = z.object({ accountId: id });
export const traded = z.object({ tradeId: id });
export const toppedUp = z.object({ tradeIds: z.array(id) });
export const tradeVoided = z.object({ tradeId: id, reversalId: id });
/** A line of a home elder's account (`HomeTradeRow`). */
export const tradeRow = z.object({
  tradeId: id,
  entryId: id,
  oldmanId: id,
  oldmanName: z.string(),
  kind: z.enum(['homeBalance', 'homeDeposit']),
  txType: z.string(),
  txTypeName: z.string(),
  payWay: z.string().nullable(),
  amountFen: z.number(),
  balanceAfterFen: z.number(),
  memo: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
  voided: z.boolean(),
  reversal: z.boolean(),
});
export const tradePage = pageSchema(tradeRow);
