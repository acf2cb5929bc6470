import { z } from 'zod';
import type { ResourceDef } from '../../../domain/resource.js';
import { ExpensePaths } from '../api.js';
import { ExpenseAuthority as A } from './cost.js';

/** 缴费提醒 (spec 001 §7 remind GET): elders with unpaid bills, the oldest debt first. */
export const remindResource: ResourceDef = {
  name: 'payRemind',
  title: '缴费提醒',
  table: 'bill',
  idField: 'oldmanId',
  nameField: 'oldmanName',
  fields: [
    { name: 'oldmanName', label: '长者', type: 'text' },
    { name: 'billCount', label: '待缴期数', type: 'int', computed: true },
    { name: 'firstMonth', label: '最早账单', type: 'text', computed: true },
    { name: 'dueFen', label: '待缴合计（元）', type: 'money', computed: true },
    { name: 'familyPhone', label: '家属电话', type: 'text', computed: true },
    { name: 'lastRemindTime', label: '上次提醒', type: 'datetime', computed: true },
  ],
  columns: ['oldmanName', 'billCount', 'firstMonth', 'dueFen', 'familyPhone', 'lastRemindTime'],
  search: ['oldmanName'],
  defaultSort: { field: 'firstMonth', order: 'asc' },
  sortable: ['dueFen', 'billCount'],
  sums: ['dueFen'],
  api: { list: ExpensePaths.remind },
  authority: { view: A.remind },
  deptScoped: true,
};

/** The reminder templates: 1 缴费通知, 2 欠费催缴. */
export const remindTemplate = z.coerce
  .number({ error: '请选择提醒模板' })
  .int()
  .refine((v) => v === 1 || v === 2, '提醒模板无效（1缴费通知、2欠费催缴）');
export const remindSendBody = z.object({ remindTemplate });

const unpaidBill = z.object({
  billId: z.number().int(),
  billMonth: z.string(),
  payableFen: z.number().int(),
  createTime: z.string(),
});

/** A reminder sent. */
const remindRecord = z.looseObject({
  remindId: z.number().int(),
  oldmanId: z.number().int(),
  remindTemplate: z.number().int(),
  phones: z.string(),
  content: z.string(),
  amountFen: z.number().int(),
  sendName: z.string(),
  sendTime: z.string(),
});
export type RemindRecord = z.output<typeof remindRecord>;

/** remind/{oldmanId}/bill: the unpaid bills and the last reminders sent. */
export const remindBills = z.object({ bills: z.array(unpaidBill), records: z.array(remindRecord) });
export type RemindBills = z.output<typeof remindBills>;

/** remind/send/{oldmanId}/{remindTemplate}: the text that would go, and to whom. */
export const remindPreview = z.object({
  content: z.string(),
  dueFen: z.number().int(),
  phones: z.array(z.string()),
});
export const remindSent = z.object({ phones: z.array(z.string()), content: z.string() });
