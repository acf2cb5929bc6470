import { z } from 'zod';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { ResourceDef } from '../../../domain/resource.js';
import {
  HomecareAuthority as A,
  HOMECARE_APP as APP,
  HOME_TRADE_WAYS,
  HOMECARE_WEB as WEB,
} from '../../../domain/statuses/homecare.js';

/**
 * Service orders (serveOrder) and what hangs on them: after-sale orders, the order's operation log,
 * generation rules and evaluations. Status fields change only through serviceOrderMachine.
 */
export const serveOrderResource: ResourceDef = {
  name: 'serveOrder',
  title: '服务工单',
  table: 'serveOrder',
  idField: 'orderId',
  nameField: 'orderNo',
  fields: [
    { name: 'orderNo', label: '工单号', type: 'text', readOnly: true },
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'homeOldman', required: true },
    { name: 'projectId', label: '服务项目', type: 'ref', ref: 'serveProject', required: true },
    { name: 'quantity', label: '数量', type: 'int', required: true, min: 1, max: 100 },
    { name: 'serveTime', label: '预约服务时间', type: 'datetime', required: true },
    { name: 'address', label: '服务地址', type: 'text', maxLength: 100, hint: '留空则用长者的详细地址' },
    { name: 'source', label: '工单来源', type: 'dict', dict: 'serviceOrderSource' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
    { name: 'projectTypeId', label: '项目类型', type: 'ref', ref: 'serveProjectType', readOnly: true },
    { name: 'price', label: '单价（元）', type: 'money', readOnly: true },
    { name: 'amount', label: '金额（元）', type: 'money', readOnly: true },
    { name: 'duration', label: '服务时长（分钟）', type: 'int', readOnly: true },
    { name: 'serveStatus', label: '工单状态', type: 'dict', dict: 'serviceOrderStatus', readOnly: true },
    { name: 'nursingId', label: '服务人员', type: 'ref', ref: 'homeCarer', readOnly: true },
    { name: 'payWay', label: '支付方式', type: 'dict', dict: 'homePayWay', readOnly: true },
    { name: 'payTxId', label: '支付交易号', type: 'int', readOnly: true, hidden: true },
    { name: 'payTime', label: '支付时间', type: 'datetime', readOnly: true },
    { name: 'receiveTime', label: '接单时间', type: 'datetime', readOnly: true },
    { name: 'startTime', label: '开始服务时间', type: 'datetime', readOnly: true },
    { name: 'overTime', label: '完成时间', type: 'datetime', readOnly: true },
    { name: 'afterSaleStatus', label: '售后状态', type: 'dict', dict: 'afterSaleStatus', readOnly: true },
    { name: 'genRuleId', label: '生成规则', type: 'int', readOnly: true, hidden: true },
  ],
  columns: [
    'orderNo',
    'oldmanId',
    'projectId',
    'quantity',
    'amount',
    'serveTime',
    'serveStatus',
    'nursingId',
    'source',
    'createTime',
  ],
  filters: [
    { field: 'serveStatus', kind: 'in', param: 'serveStatuses', label: '工单状态' },
    { field: 'oldmanId', kind: 'eq' },
    { field: 'projectId', kind: 'eq' },
    { field: 'nursingId', kind: 'eq' },
    { field: 'serveTime', kind: 'range' },
  ],
  search: ['orderNo', 'address'],
  defaultSort: { field: 'orderId', order: 'desc' },
  sortable: ['serveTime', 'amount'],
  api: {
    list: `${WEB}/serveOrder`,
    get: `${WEB}/serveOrder/:id`,
    create: `${WEB}/serveOrder`,
    update: `${WEB}/serveOrder`,
    remove: `${WEB}/serveOrder/:ids`,
  },
  authority: { view: A.order, create: A.orderAdd, update: A.orderEdit, remove: A.orderDelete },
  deptScoped: true,
};

export const serveAfterOrderResource: ResourceDef = {
  name: 'serveAfterOrder',
  title: '售后工单',
  table: 'serveAfterOrder',
  idField: 'afterOrderId',
  nameField: 'orderNo',
  fields: [
    { name: 'orderId', label: '服务工单', type: 'int', readOnly: true, hidden: true },
    { name: 'orderNo', label: '工单号', type: 'text', readOnly: true },
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'homeOldman', readOnly: true },
    { name: 'reason', label: '售后原因', type: 'text', readOnly: true },
    { name: 'content', label: '问题描述', type: 'textarea', readOnly: true },
    { name: 'afterStatus', label: '售后状态', type: 'dict', dict: 'afterSaleStatus', readOnly: true },
    { name: 'refundFen', label: '退款（元）', type: 'money', readOnly: true },
    { name: 'auditRemark', label: '处理意见', type: 'textarea', readOnly: true },
    { name: 'auditorName', label: '审核人', type: 'text', readOnly: true },
    { name: 'auditTime', label: '审核时间', type: 'datetime', readOnly: true },
  ],
  columns: [
    'orderNo',
    'oldmanId',
    'reason',
    'afterStatus',
    'refundFen',
    'auditorName',
    'auditTime',
    'createTime',
  ],
  filters: [
    { field: 'afterStatus', kind: 'eq' },
    { field: 'oldmanId', kind: 'eq' },
  ],
  search: ['orderNo', 'reason'],
  defaultSort: { field: 'afterOrderId', order: 'desc' },
  api: { list: `${WEB}/serveAfterOrder`, get: `${WEB}/serveAfterOrder/detail/:id` },
  authority: { view: A.afterSale },
  deptScoped: true,
};

/** One row per change of a service order, written in the change's transaction (ServeOrderOperateLog). */
export const serveOrderLogResource: ResourceDef = {
  name: 'serveOrderOperateLog',
  title: '工单操作记录',
  table: 'serveOrderOperateLog',
  idField: 'logId',
  nameField: 'actionName',
  fields: [
    { name: 'orderId', label: '服务工单', type: 'int', readOnly: true },
    { name: 'action', label: '操作', type: 'text', readOnly: true },
    { name: 'actionName', label: '操作名称', type: 'text', readOnly: true },
    { name: 'fromStatus', label: '原状态', type: 'dict', dict: 'serviceOrderStatus', readOnly: true },
    { name: 'toStatus', label: '新状态', type: 'dict', dict: 'serviceOrderStatus', readOnly: true },
    { name: 'note', label: '说明', type: 'text', readOnly: true },
    { name: 'operatorName', label: '操作人', type: 'text', readOnly: true },
  ],
  columns: ['actionName', 'fromStatus', 'toStatus', 'note', 'operatorName', 'createTime'],
  filters: [{ field: 'orderId', kind: 'eq' }],
  defaultSort: { field: 'logId', order: 'asc' },
  api: { list: `${WEB}/ServeOrderOperateLog` },
  authority: { view: A.order },
};

/**
 * Order generation rule (serveOrderGenRule): every week on the chosen weekdays, one order of a
 * project for an elder at a time of day, between two dates. Orders are made by a call
 * (POST serveOrderGenRule/generate), never in the background; a day already made is skipped.
 */
export const serveOrderGenRuleResource: ResourceDef = {
  name: 'serveOrderGenRule',
  title: '派单规则',
  table: 'serveOrderGenRule',
  idField: 'ruleId',
  nameField: 'ruleName',
  fields: [
    { name: 'ruleName', label: '规则名称', type: 'text', required: true, maxLength: 30 },
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'homeOldman', required: true },
    { name: 'projectId', label: '服务项目', type: 'ref', ref: 'serveProject', required: true },
    { name: 'quantity', label: '数量', type: 'int', required: true, min: 1, max: 100 },
    {
      name: 'weekdays',
      label: '每周服务日',
      type: 'text',
      required: true,
      maxLength: 13,
      hint: '1–7，逗号分隔，1为周一',
    },
    { name: 'serveClock', label: '服务时刻', type: 'text', required: true, maxLength: 5, hint: 'HH:mm' },
    { name: 'startDate', label: '开始日期', type: 'date', required: true },
    { name: 'endDate', label: '结束日期', type: 'date', required: true },
    { name: 'enabled', label: '启用', type: 'bool' },
    { name: 'lastGenDate', label: '已生成至', type: 'date', readOnly: true },
  ],
  columns: [
    'ruleName',
    'oldmanId',
    'projectId',
    'quantity',
    'weekdays',
    'serveClock',
    'startDate',
    'endDate',
    'enabled',
    'lastGenDate',
  ],
  filters: [{ field: 'oldmanId', kind: 'eq' }],
  search: ['ruleName'],
  defaultSort: { field: 'ruleId', order: 'desc' },
  api: {
    list: `${WEB}/serveOrderGenRule`,
    get: `${WEB}/serveOrderGenRule/:id`,
    create: `${WEB}/serveOrderGenRule`,
    update: `${WEB}/serveOrderGenRule`,
    remove: `${WEB}/serveOrderGenRule/:ids`,
  },
  authority: {
    view: A.orderRule,
    create: A.orderRuleAdd,
    update: A.orderRuleEdit,
    remove: A.orderRuleDelete,
  },
  deptScoped: true,
};

/**
 * 服务评价: one per completed order (9/13), made on the order's detail page. The order's elder,
 * project and carer are copied in so the list filters by elder without a join.
 */
export const serveOrderEvaluationResource: ResourceDef = {
  name: 'serveOrderEvaluation',
  title: '服务评价',
  table: 'serveOrderEvaluation',
  idField: 'evaluationId',
  nameField: 'orderNo',
  fields: [
    { name: 'orderId', label: '服务工单', type: 'int', required: true, min: 1 },
    { name: 'orderNo', label: '工单号', type: 'text', readOnly: true },
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'homeOldman', readOnly: true },
    { name: 'projectId', label: '服务项目', type: 'ref', ref: 'serveProject', readOnly: true },
    { name: 'nursingId', label: '服务人员', type: 'ref', ref: 'homeCarer', readOnly: true },
    { name: 'score', label: '评分', type: 'dict', dict: 'serviceScore', required: true },
    { name: 'content', label: '评价内容', type: 'textarea', maxLength: 300, wide: true },
  ],
  // fits a 1280-wide window; the project can be added in 列设置
  columns: ['orderNo', 'oldmanId', 'nursingId', 'score', 'content', 'createTime'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'score', kind: 'eq' },
    { field: 'createTime', kind: 'range', label: '评价日期' },
    { field: 'orderId', kind: 'eq' },
  ],
  search: ['orderNo', 'content'],
  defaultSort: { field: 'evaluationId', order: 'desc' },
  sortable: ['score', 'createTime'],
  api: { list: `${WEB}/serveOrderEvaluation`, create: `${WEB}/serveOrderEvaluation` },
  authority: { view: A.order, create: A.orderEvaluate },
  deptScoped: true,
};

export const homecareOrderResources = [
  serveOrderResource,
  serveAfterOrderResource,
  serveOrderLogResource,
  serveOrderGenRuleResource,
  serveOrderEvaluationResource,
];

/** Paths of the order workflow calls. */
export const ServeOrderPaths = {
  pay: `${WEB}/serveOrder/flow/pay`,
  distribute: `${WEB}/serveOrder/distribute`,
  cancel: `${WEB}/serveOrder/cancel`,
  abolish: `${WEB}/serveOrder/abolish`,
  afterSales: `${WEB}/serveOrder/afterSales`,
  totalDuration: `${WEB}/serveOrder/totalDuration`,
  amount: `${WEB}/serveOrder/amount`,
  audit: `${WEB}/serveAfterOrder/audit`,
  receive: `${APP}/serveOrder/receive`,
  start: `${APP}/serveOrder/start`,
  over: `${APP}/serveOrder/over`,
  generate: `${WEB}/serveOrderGenRule/generate`,
  nursingWorkers: `${WEB}/nursingWorker`,
  orgConfig: `${WEB}/orgConfig`,
  operateLog: `${WEB}/operateLog`,
} as const;

const orderId = z.coerce.number({ error: '请选择工单' }).int('工单无效').positive('请选择工单');
const note = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.string({ error: '说明必须是文字' }).trim().max(200, '说明不能超过200个字').optional(),
);

/** flow/pay: from the elder's balance (BALANCE) or money taken by one of the home trade ways. */
export const payWays = ['BALANCE', ...HOME_TRADE_WAYS] as const;
export const payWayLabel = (way: string) => dictLabel('homePayWay', way) || way;
export const paySchema = z.object({
  orderId,
  payWay: z.enum(payWays, { error: '支付方式无效' }).default('BALANCE'),
  note,
});
export const distributeSchema = z.object({
  orderId,
  nursingId: z.coerce.number({ error: '请选择服务人员' }).int('服务人员无效').positive('请选择服务人员'),
  note,
});
/** cancel, abolish, receive, start, over. */
export const orderStepSchema = z.object({ orderId, note });
export const afterSalesSchema = z.object({
  orderId,
  reason: z
    .string({ error: '请填写售后原因' })
    .trim()
    .min(1, '请填写售后原因')
    .max(50, '售后原因不能超过50个字'),
  content: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: '问题描述必须是文字' }).trim().max(500, '问题描述不能超过500个字').optional(),
  ),
});
export const auditSchema = z.object({
  afterOrderId: z.coerce.number({ error: '请选择售后工单' }).int().positive('请选择售后工单'),
  refundFen: z.coerce
    .number({ error: '退款金额必须是数字' })
    .int('退款金额必须是整数分')
    .min(0, '退款金额不能小于0')
    .default(0),
  auditRemark: z
    .string({ error: '请填写处理意见' })
    .trim()
    .min(1, '请填写处理意见')
    .max(300, '处理意见不能超过300个字'),
});
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD');
export const generateSchema = z
  .object({
    ruleId: z.coerce.number({ error: '请选择派单规则' }).int().positive('请选择派单规则'),
    fromDate: day,
    toDate: day,
  })
  .refine((b) => b.fromDate <= b.toDate, '结束日期不能早于开始日期')
  .refine(
    (b) => (Date.parse(b.toDate) - Date.parse(b.fromDate)) / 86_400_000 <= 92,
    '一次最多生成92天的工单',
  );
export const statsQuerySchema = z.object({
  oldmanId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive('长者无效').optional(),
  ),
  nursingId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive('服务人员无效').optional(),
  ),
  serveTimeStart: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
  serveTimeEnd: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
});

/** Home-care settings of the organisation (orgConfig). */
export const orgConfigSchema = z.object({
  /** An unpaid order older than this is closed when the order list is read (0: never). */
  payTimeoutMinutes: z.coerce
    .number({ error: '未支付自动关闭时间必须是数字' })
    .int('未支付自动关闭时间必须是整数')
    .min(0, '未支付自动关闭时间不能小于0')
    .max(43_200, '未支付自动关闭时间不能超过30天'),
  /** Days after completion during which an after-sale may be asked for. */
  afterSaleDays: z.coerce
    .number({ error: '售后期限必须是数字' })
    .int('售后期限必须是整数')
    .min(0, '售后期限不能小于0')
    .max(365, '售后期限不能超过365天'),
});
export type OrgConfig = z.infer<typeof orgConfigSchema>;
export const defaultOrgConfig: OrgConfig = { payTimeoutMinutes: 0, afterSaleDays: 30 };
