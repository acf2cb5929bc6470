import { z } from 'zod';
import type { FieldDef, FilterDef, ResourceDef } from '../../../domain/resource.js';
import { IN_OUT, RECONCILIATION } from '../api.js';
import { ExpenseAuthority } from './cost.js';

/**
 * The expense report screens of spec 001 §2 "Expense reports" (each also under /billManagement/...)
 * as definitions: what each reads from the money book and which columns it shows. The server
 * answers GET /pims/web-pi/cost/reconciliation/{name}; one console screen renders any of them.
 */

export type ReportColumnType = 'text' | 'money' | 'datetime' | 'int';
export interface ReportColumn {
  key: string;
  label: string;
  type: ReportColumnType;
  /** false: a money column whose 合计 means nothing (a running balance); the screen leaves it blank. */
  sum?: false;
}

export type ReportSource =
  /** Money received and paid out, per pay way. */
  | { kind: 'payWaySummary' }
  /** Trades of these ledger types, one row each, with the money that moved. */
  | { kind: 'trades'; txTypes: readonly string[]; payWay?: number }
  /** Every elder's balance of one account kind (non-zero). */
  | { kind: 'balances'; account: 'prestore' | 'deposit' | 'medicalDeposit' | 'reservation' | 'receivable' }
  /** Every line of one account kind, with the running balance. */
  | { kind: 'entries'; account: 'prestore' | 'deposit' | 'medicalDeposit' | 'reservation' }
  /** Bill lines (category: only items of categories whose name contains it). */
  | { kind: 'billItems'; category?: string }
  /** Bill lines added up per charge item. */
  | { kind: 'projectSummary' }
  /** Check-out settlements. */
  | { kind: 'settlements' }
  /** 收支记录: the home's income and expense outside the elders' accounts (printed only). */
  | { kind: 'inOut' };

export interface ReportDef {
  name: string;
  title: string;
  source: ReportSource;
  columns: ReportColumn[];
  /** How the period is chosen: by day (createTime), by bill month, or by 发生日期 (收支记录). */
  period: 'date' | 'month' | 'none' | 'occurDate';
}

const c = (key: string, label: string, type: ReportColumnType = 'text'): ReportColumn => ({
  key,
  label,
  type,
});

const tradeColumns = [
  c('createTime', '时间', 'datetime'),
  c('oldmanName', '长者'),
  c('txTypeName', '业务'),
  c('payWayName', '支付方式'),
  c('amount', '金额（元）', 'money'),
  c('receiptNo', '收据号'),
  c('operatorName', '经办人'),
  c('memo', '摘要'),
];
const balanceColumns = [
  c('oldmanName', '长者'),
  c('oldmanIdcard', '身份证号'),
  c('oldmanStatusName', '入住状态'),
  c('balance', '余额（元）', 'money'),
];
const entryColumns: ReportColumn[] = [
  c('createTime', '时间', 'datetime'),
  c('oldmanName', '长者'),
  c('memo', '摘要'),
  c('payWayName', '支付方式'),
  c('amount', '发生额（元）', 'money'),
  { ...c('balance', '余额（元）', 'money'), sum: false },
  c('operatorName', '经办人'),
];
const itemColumns = [
  c('billMonth', '账单月份'),
  c('oldmanName', '长者'),
  c('projectName', '项目'),
  c('quantity', '数量', 'int'),
  c('unitFen', '单价（元）', 'money'),
  c('days', '计费天数', 'int'),
  c('amountFen', '金额（元）', 'money'),
  c('billStatusName', '账单状态'),
];

export const costReports: ReportDef[] = [
  {
    name: 'payment',
    title: '缴费汇总',
    source: { kind: 'payWaySummary' },
    period: 'date',
    columns: [
      c('payWayName', '支付方式'),
      c('inFen', '收入（元）', 'money'),
      c('outFen', '支出（元）', 'money'),
      c('netFen', '净额（元）', 'money'),
      c('count', '笔数', 'int'),
    ],
  },
  {
    name: 'monthIn',
    title: '月度收费明细',
    source: { kind: 'billItems' },
    period: 'month',
    columns: itemColumns,
  },
  {
    name: 'inDetail',
    title: '缴费明细表',
    source: { kind: 'trades', txTypes: ['receive', 'payment', 'settle'] },
    period: 'date',
    columns: tradeColumns,
  },
  {
    name: 'refund',
    title: '退款汇总',
    source: { kind: 'trades', txTypes: ['refund'] },
    period: 'date',
    columns: tradeColumns,
  },
  {
    name: 'balance',
    title: '预存余额管理',
    source: { kind: 'balances', account: 'prestore' },
    period: 'none',
    columns: balanceColumns,
  },
  {
    name: 'advance',
    title: '预存收退明细',
    source: { kind: 'entries', account: 'prestore' },
    period: 'date',
    columns: entryColumns,
  },
  {
    name: 'reservation',
    title: '预订金管理',
    source: { kind: 'balances', account: 'reservation' },
    period: 'none',
    columns: balanceColumns,
  },
  {
    name: 'booking',
    title: '预订金明细',
    source: { kind: 'entries', account: 'reservation' },
    period: 'date',
    columns: entryColumns,
  },
  {
    name: 'deposit',
    title: '入院押金',
    source: { kind: 'balances', account: 'deposit' },
    period: 'none',
    columns: balanceColumns,
  },
  {
    name: 'refundable',
    title: '入院押金明细',
    source: { kind: 'entries', account: 'deposit' },
    period: 'date',
    columns: entryColumns,
  },
  {
    name: 'balanceDeposit',
    title: '医疗押金',
    source: { kind: 'balances', account: 'medicalDeposit' },
    period: 'none',
    columns: balanceColumns,
  },
  {
    name: 'medical',
    title: '医疗押金明细',
    source: { kind: 'entries', account: 'medicalDeposit' },
    period: 'date',
    columns: entryColumns,
  },
  {
    name: 'collectFees',
    title: '费用汇总',
    source: { kind: 'projectSummary' },
    period: 'month',
    columns: [c('projectName', '项目'), c('count', '笔数', 'int'), c('amountFen', '金额（元）', 'money')],
  },
  {
    name: 'chargeProject',
    title: '收费项目明细',
    source: { kind: 'billItems' },
    period: 'month',
    columns: itemColumns,
  },
  {
    name: 'difference',
    title: '差额明细',
    source: {
      kind: 'trades',
      txTypes: ['billAdjust', 'gift', 'voidBill', 'antiSettle', 'obsolete', 'revokeSettle'],
    },
    period: 'date',
    columns: tradeColumns,
  },
  {
    name: 'rent',
    title: '租金明细',
    source: { kind: 'billItems', category: '床位' },
    period: 'month',
    columns: itemColumns,
  },
  {
    name: 'receivalbe',
    title: '应收统计',
    source: { kind: 'balances', account: 'receivable' },
    period: 'none',
    columns: balanceColumns,
  },
  {
    name: 'checkOut',
    title: '退住结算明细',
    source: { kind: 'settlements' },
    period: 'date',
    columns: [
      c('createTime', '结算时间', 'datetime'),
      c('oldmanName', '长者'),
      c('billFen', '未缴账单（元）', 'money'),
      c('extraFen', '其他费用（元）', 'money'),
      c('prestoreFen', '预存款（元）', 'money'),
      c('depositFen', '押金（元）', 'money'),
      c('refundFen', '退还（元）', 'money'),
      c('collectFen', '补缴（元）', 'money'),
      c('settleStatusName', '状态'),
      c('createName', '经办人'),
    ],
  },
  {
    name: 'consumeDetail',
    title: '消费明细',
    source: { kind: 'trades', txTypes: ['payment'], payWay: 1 },
    period: 'date',
    columns: tradeColumns,
  },
];

export const reportByName = new Map(costReports.map((r) => [r.name, r]));

/** 打印 of a report (ours): its print page, with the list's filters and sort. */
export const REPORT_PRINT = `${RECONCILIATION}/:report/print`;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD');
const monthText = z.string().regex(/^\d{4}-\d{2}$/, '月份格式应为YYYY-MM');
/** The query of a report's print page: what its list takes, without paging. */
export const reportPrintQuery = z.object({
  createTimeStart: dateText.optional(),
  createTimeEnd: dateText.optional(),
  startMonth: monthText.optional(),
  endMonth: monthText.optional(),
  occurDateStart: dateText.optional(),
  occurDateEnd: dateText.optional(),
  direction: z.coerce.number().int().min(1).max(2).optional(),
  keyword: z.string().max(50).optional(),
  sortField: z.string().max(40).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

/** The print page of a report for the list's current filters (empty ones left out). */
export function reportPrintUrl(name: string, filters: Readonly<Record<string, string | number>>) {
  const search = new URLSearchParams();
  for (const key of Object.keys(reportPrintQuery.shape)) {
    const value = filters[key];
    if (value !== undefined && value !== '') search.append(key, String(value));
  }
  const query = search.toString();
  return `${REPORT_PRINT.replace(':report', name)}${query ? `?${query}` : ''}`;
}

/** The period a report covers, as its print page heads it. */
export function reportPeriod(def: ReportDef, q: z.output<typeof reportPrintQuery>, day: string): string {
  const span = (from?: string, to?: string) =>
    from && to ? `${from} 至 ${to}` : from ? `${from} 起` : to ? `截至 ${to}` : '全部';
  if (def.period === 'date') return span(q.createTimeStart, q.createTimeEnd);
  if (def.period === 'month') return span(q.startMonth, q.endMonth);
  if (def.period === 'occurDate') return span(q.occurDateStart, q.occurDateEnd);
  return `截至 ${day}`;
}

/** The filters of a report's period: 日期 (createTime) from and to, or the first and last bill month. */
const periodFilters: Record<ReportDef['period'], FilterDef[]> = {
  date: [{ field: 'createTime', kind: 'range', label: '日期' }],
  month: [
    { field: 'billMonth', kind: 'month', param: 'startMonth', label: '开始月份' },
    { field: 'billMonth', kind: 'month', param: 'endMonth', label: '结束月份' },
  ],
  none: [],
  occurDate: [{ field: 'occurDate', kind: 'range', label: '发生日期' }],
};

/**
 * A report as a list definition for the shared list screen and the engine's list call: its
 * columns (computed from the book, never stored), its period as filters, the elder's name as the
 * keyword, its money columns added up as the 合计 row. Rows are numbered (rowNo) in the report's
 * own order, which is also its default sort.
 */
export function reportResource(def: ReportDef): ResourceDef {
  const fields: FieldDef[] = [
    { name: 'rowNo', label: '序号', type: 'int', computed: true },
    ...def.columns.map((c): FieldDef => ({ name: c.key, label: c.label, type: c.type, computed: true })),
  ];
  if (!fields.some((f) => f.name === 'oldmanName'))
    fields.push({ name: 'oldmanName', label: '长者', type: 'text', computed: true });
  return {
    name: `report-${def.name}`,
    title: def.title,
    table: 'ledgerEntry',
    idField: 'rowNo',
    nameField: def.columns.find((c) => c.type === 'text')?.key ?? 'rowNo',
    fields,
    columns: def.columns.map((c) => c.key),
    filters: periodFilters[def.period],
    search: ['oldmanName'],
    defaultSort: { field: 'rowNo', order: 'asc' },
    sortable: def.columns.map((c) => c.key),
    sums: def.columns.filter((c) => c.type === 'money' && c.sum !== false).map((c) => c.key),
    api: { list: `${RECONCILIATION}/${def.name}` },
    authority: { view: ExpenseAuthority.report },
    deptScoped: true,
  };
}

export const reportResources = costReports.map(reportResource);

/** 收支记录 (spec 001 income: /pims/web-pi/reconciliation/inOut): income and expense outside the elders' accounts. */
export const inOutResource: ResourceDef = {
  name: 'inOut',
  title: '收支记录',
  table: 'inOutRecord',
  idField: 'projectId',
  nameField: 'itemName',
  fields: [
    { name: 'itemName', label: '收支事项', type: 'text', required: true, maxLength: 50 },
    { name: 'direction', label: '收支类型', type: 'dict', dict: 'inOutDirection', required: true },
    { name: 'amount', label: '金额（元）', type: 'money', required: true, min: 1 },
    { name: 'occurDate', label: '发生日期', type: 'date', required: true },
    { name: 'payWay', label: '支付方式', type: 'dict', dict: 'batchPayWay' },
    { name: 'handler', label: '经手人', type: 'text', maxLength: 20 },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 300, wide: true },
  ],
  columns: ['occurDate', 'itemName', 'direction', 'amount', 'payWay', 'handler', 'remark'],
  filters: [
    { field: 'direction', kind: 'eq' },
    { field: 'occurDate', kind: 'range' },
  ],
  search: ['itemName', 'handler'],
  defaultSort: { field: 'occurDate', order: 'desc' },
  sortable: ['occurDate', 'amount'],
  api: { list: IN_OUT, get: `${IN_OUT}/:id`, create: IN_OUT, update: IN_OUT, remove: `${IN_OUT}/:id` },
  authority: {
    view: ExpenseAuthority.report,
    create: ExpenseAuthority.report,
    update: ExpenseAuthority.report,
    remove: ExpenseAuthority.report,
  },
};

/** 收支记录 as its print view reads it: 收入 and 支出 in columns of their own, so each has a total. */
export const inOutReport: ReportDef = {
  name: 'inOut',
  title: '收支记录',
  source: { kind: 'inOut' },
  period: 'occurDate',
  columns: [
    c('occurDate', '发生日期'),
    c('itemName', '收支事项'),
    c('directionName', '收支类型'),
    c('incomeFen', '收入（元）', 'money'),
    c('expenseFen', '支出（元）', 'money'),
    c('payWayName', '支付方式'),
    c('handler', '经手人'),
    c('remark', '备注'),
  ],
};

/** Every report that prints: the expense reports and 收支记录. */
export const printedReports: readonly ReportDef[] = [...costReports, inOutReport];

/** reconciliation/ledger (账务核对): the money book proved to the fen, or what is wrong with it. */
export const reconciliation = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  trades: z.number().int(),
  entries: z.number().int(),
  totalFen: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
  problems: z.array(z.string()),
});
export type Reconciliation = z.output<typeof reconciliation>;

/** balanceStatistics/{2|5|6}: what the elders hold in deposits (2), reservations (5) or medical deposits (6). */
export const balanceStatisticsParams = z.object({
  tradeType: z.coerce
    .number()
    .int()
    .refine((v) => v === 2 || v === 5 || v === 6, '账户类型无效（2押金、5预订金、6医疗押金）'),
});
export const balanceStatistics = z.object({
  tradeType: z.number().int(),
  totalFen: z.number().int(),
  count: z.number().int(),
});
