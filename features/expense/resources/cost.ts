import { z } from 'zod';
import { staticDictionaries } from '../../../domain/dictionaries.js';
import { ownedName, type ResourceDef, restApi } from '../../../domain/resource.js';
import { COST_SET, DISCOUNT_RULE, LEVELS, PROJECT, PROJECT_CATEGORYS, PROJECT_CHILD } from '../api.js';

export const ExpenseAuthority = {
  account: 'expense:account',
  /** 收款、退款、转账、划转. */
  accountTrade: 'expense:account:trade',
  /** 作废交易. */
  accountObsolete: 'expense:account:obsolete',
  bill: 'expense:bill',
  billCreate: 'expense:bill:create',
  billPay: 'expense:bill:pay',
  billAntiSettle: 'expense:bill:antiSettle',
  settle: 'expense:settle',
  settleDo: 'expense:settle:do',
  settleRevoke: 'expense:settle:revoke',
  remind: 'expense:paymentRemind',
  receipt: 'expense:receipt',
  baseCharge: 'expense:baseCharge',
  baseChargeEdit: 'expense:baseCharge:edit',
  costSet: 'expense:costSet',
  costSetEdit: 'expense:costSet:edit',
  preferential: 'expense:preferential',
  preferentialEdit: 'expense:preferential:edit',
  report: 'expense:report',
} as const;

const A = ExpenseAuthority;

/** 收费类别: 床位费, 护理费, 伙食费, … (spec 000 §3 "project category"). */
export const projectCategoryResource: ResourceDef = {
  name: 'projectCategory',
  title: '收费类别',
  table: 'projectCategory',
  idField: 'projectCategoryId',
  nameField: 'projectCategoryName',
  fields: [
    {
      name: 'projectCategoryName',
      label: '类别名称',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 20,
    },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['projectCategoryName', 'sort', 'remark'],
  search: ['projectCategoryName'],
  defaultSort: { field: 'sort', order: 'asc' },
  sortable: ['sort', 'createTime'],
  // spec 001 §7: "/{id(s)} PUT, DELETE" — PUT with the id in the path too (issue #39 point 3)
  api: { ...restApi(PROJECT_CATEGORYS, { get: false, remove: 'ids' }), updateAt: `${PROJECT_CATEGORYS}/:id` },
  authority: {
    view: A.baseCharge,
    create: A.baseChargeEdit,
    update: A.baseChargeEdit,
    remove: A.baseChargeEdit,
  },
};

/** 收费项目: what a month's bill is made of. */
export const projectResource: ResourceDef = {
  name: 'costProject',
  title: '收费项目',
  table: 'costProject',
  idField: 'projectId',
  nameField: 'projectName',
  fields: [
    { name: 'projectName', label: '项目名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'projectCategoryId', label: '收费类别', type: 'ref', ref: 'projectCategory', required: true },
    { name: 'price', label: '单价（元）', type: 'money', required: true },
    { name: 'chargeUnit', label: '计费单位', type: 'dict', dict: 'chargeUnit', required: true },
    {
      name: 'chargeScope',
      label: '收费范围',
      type: 'dict',
      dict: 'chargeScope',
      required: true,
      hint: '全部在住长者：每月自动计入；按长者费用设置：在费用设置中为长者单独配置',
    },
    {
      name: 'priceByBed',
      label: '按床位定价',
      type: 'bool',
      hint: '按月计费的床位费：长者的床位在机构档案中设有价格时，按床位价格计费',
    },
    { name: 'status', label: '启用', type: 'bool' },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['projectName', 'projectCategoryId', 'price', 'chargeUnit', 'chargeScope', 'status', 'sort'],
  filters: [
    { field: 'projectCategoryId', kind: 'eq' },
    { field: 'status', kind: 'eq' },
  ],
  search: ['projectName'],
  defaultSort: { field: 'sort', order: 'asc' },
  sortable: ['projectName', 'price', 'sort', 'createTime'],
  api: { list: PROJECT, get: `${PROJECT}/:id`, create: PROJECT, update: PROJECT, remove: `${PROJECT}/:id` },
  authority: {
    view: A.baseCharge,
    create: A.baseChargeEdit,
    update: A.baseChargeEdit,
    remove: A.baseChargeEdit,
  },
};

/** 收费子项目: a priced variant of a project (e.g. 单人间床位费 under 床位费). */
export const projectChildResource: ResourceDef = {
  name: 'costProjectChild',
  title: '收费子项目',
  table: 'costProjectChild',
  idField: 'projectChildId',
  nameField: 'projectChildName',
  fields: [
    { name: 'projectId', label: '所属项目', type: 'ref', ref: 'costProject', required: true },
    {
      name: 'projectChildName',
      label: '子项目名称',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 30,
    },
    { name: 'price', label: '单价（元）', type: 'money', required: true },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['projectChildName', 'projectId', 'price', 'remark'],
  filters: [{ field: 'projectId', kind: 'eq' }],
  search: ['projectChildName'],
  defaultSort: { field: 'projectChildId', order: 'asc' },
  sortable: ['projectChildName', 'price'],
  api: restApi(PROJECT_CHILD, { get: false }),
  authority: {
    view: A.baseCharge,
    create: A.baseChargeEdit,
    update: A.baseChargeEdit,
    remove: A.baseChargeEdit,
  },
};

/**
 * 护理等级 with its monthly fee (spec 000 §7 lookup /pims/web-org/levels). An elder's profile names
 * a care level (nursingLevel); the level of the same name prices it on the monthly bill.
 */
export const levelResource: ResourceDef = {
  name: 'level',
  title: '护理等级',
  table: 'careLevel',
  idField: 'levelId',
  nameField: 'levelName',
  fields: [
    { name: 'levelName', label: '等级名称', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'monthlyFee', label: '护理费（元/月）', type: 'money', required: true },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
    { name: 'remark', label: '说明', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['levelName', 'monthlyFee', 'sort', 'remark'],
  search: ['levelName'],
  defaultSort: { field: 'sort', order: 'asc' },
  sortable: ['sort', 'monthlyFee'],
  // spec 001 §7 reads PUT /levels and also GET, PUT /levels/{levelId} (issue #39 point 3)
  api: {
    list: LEVELS,
    get: `${LEVELS}/:id`,
    create: LEVELS,
    update: LEVELS,
    updateAt: `${LEVELS}/:id`,
    remove: `${LEVELS}/:id`,
  },
  authority: {
    view: A.baseCharge,
    create: A.baseChargeEdit,
    update: A.baseChargeEdit,
    remove: A.baseChargeEdit,
  },
};

/** 费用设置: a standing monthly charge of one elder (items billed 按长者费用设置). */
export const costSetResource: ResourceDef = {
  name: 'costSet',
  title: '费用设置',
  table: 'costSet',
  idField: 'costSetId',
  nameField: 'remark',
  // one elder's charge: 张三的床位费
  recordName: (row) => ownedName(row.oldmanName, row.projectName),
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', required: true },
    { name: 'projectId', label: '收费项目', type: 'ref', ref: 'costProject', required: true },
    { name: 'price', label: '单价（元）', type: 'money', hint: '留空则按项目单价' },
    { name: 'quantity', label: '数量', type: 'int', min: 1, max: 999, required: true },
    { name: 'startMonth', label: '开始月份', type: 'date', hint: '含当月' },
    { name: 'endMonth', label: '结束月份', type: 'date', hint: '留空为长期' },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
  ],
  columns: ['oldmanId', 'projectId', 'price', 'quantity', 'startMonth', 'endMonth', 'remark'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'projectId', kind: 'eq' },
  ],
  defaultSort: { field: 'costSetId', order: 'desc' },
  sortable: ['startMonth', 'createTime'],
  api: { list: COST_SET, create: COST_SET, update: COST_SET, remove: `${COST_SET}/:ids` },
  authority: { view: A.costSet, create: A.costSetEdit, update: A.costSetEdit, remove: A.costSetEdit },
  deptScoped: true,
};

/**
 * 优惠规则 (spec 000 §3: 1 满赠 full-gift, 2 满免 full-free). 满赠: a prepayment of at least
 * `threshold` adds `benefit` to the prepaid account. 满免: a monthly bill of at least `threshold`
 * is reduced by `benefit`.
 */
export const discountRuleResource: ResourceDef = {
  name: 'discountRule',
  title: '优惠规则',
  table: 'discountRule',
  idField: 'setId',
  nameField: 'discountRuleName',
  fields: [
    {
      name: 'discountRuleName',
      label: '规则名称',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 30,
    },
    { name: 'ruleType', label: '优惠方式', type: 'dict', dict: 'preferentialRule', required: true },
    { name: 'threshold', label: '满（元）', type: 'money', required: true, min: 1 },
    { name: 'benefit', label: '赠送/减免（元）', type: 'money', required: true, min: 1 },
    { name: 'startDate', label: '生效日期', type: 'date', required: true },
    { name: 'endDate', label: '失效日期', type: 'date', hint: '留空为长期' },
    { name: 'status', label: '启用', type: 'bool' },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['discountRuleName', 'ruleType', 'threshold', 'benefit', 'startDate', 'endDate', 'status'],
  filters: [
    { field: 'ruleType', kind: 'eq' },
    { field: 'status', kind: 'eq' },
  ],
  search: ['discountRuleName'],
  defaultSort: { field: 'setId', order: 'desc' },
  sortable: ['threshold', 'startDate'],
  api: restApi(DISCOUNT_RULE),
  authority: {
    view: A.preferential,
    create: A.preferentialEdit,
    update: A.preferentialEdit,
    remove: A.preferentialEdit,
  },
};

export const costResources: ResourceDef[] = [
  projectCategoryResource,
  projectResource,
  projectChildResource,
  levelResource,
  costSetResource,
  discountRuleResource,
];

/** Every pay way staff can take money by: the offline ways and the scanned ones (spec 000 §3). */
export const allTradeWays = [...staticDictionaries.batchPayWay, ...staticDictionaries.scanPayWay].filter(
  (w) => w.value !== 1,
);

/** A pay way of set/tradeWay with whether the organisation takes it. */
export const tradeWayRow = z.object({
  tradeWay: z.number().int(),
  tradeWayName: z.string(),
  enabled: z.number().int(),
});
export type TradeWayRow = z.output<typeof tradeWayRow>;
export const tradeWaysBody = z.object({
  tradeWays: z
    .array(
      z.object({
        tradeWay: z.coerce
          .number()
          .int()
          .refine((v) => allTradeWays.some((w) => w.value === v), '支付方式无效'),
        enabled: z.coerce.number().int().min(0).max(1, '启用标记无效'),
      }),
    )
    .min(1, '请提供支付方式'),
});

/** project/sort: the projects in their new order. */
export const projectSortBody = z.object({
  projectIds: z.array(z.coerce.number().int().positive('项目无效')).min(1, '请提供项目顺序').max(1000),
});

/** project/projectName, project/child/projectChildName: whether a name is free. */
export const nameCheckQuery = (column: string, idColumn: string, label: string) =>
  z.object({
    [column]: z
      .string({ error: `请填写${label}` })
      .trim()
      .min(1, `请填写${label}`)
      .max(30),
    [idColumn]: z.coerce.number().int().positive().optional(),
  });
export const nameCheckAnswer = z.object({ available: z.boolean(), message: z.string() });
