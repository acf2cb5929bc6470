import { z } from 'zod';
import type { ResourceDef } from '../../../domain/resource.js';
import { ExpensePaths } from '../api.js';
import { ExpenseAuthority as A } from './cost.js';
import { cashPayWay, chosenId, fenAmount, remarkText } from './costCommon.js';

/**
 * 退住结算 (spec 001 §7 settle): the elders who have left and wait for settlement, with what their
 * money covers, and the settlement records. Whether an elder may be settled is the settlement
 * machine's answer (machines/settlementMachine.ts).
 */
export const settleAwaitingResource: ResourceDef = {
  name: 'settleAwaiting',
  title: '待结算长者',
  table: 'oldman',
  idField: 'oldmanId',
  nameField: 'oldmanName',
  fields: [
    { name: 'oldmanName', label: '长者', type: 'text' },
    { name: 'oldmanStatus', label: '状态', type: 'dict', dict: 'liveStatus' },
    { name: 'leaveDate', label: '退住日期', type: 'date' },
    { name: 'billFen', label: '未缴账单（元）', type: 'money', computed: true },
    { name: 'prestoreFen', label: '预存款（元）', type: 'money', computed: true },
    { name: 'depositFen', label: '入院押金（元）', type: 'money', computed: true },
    { name: 'medicalDepositFen', label: '医疗押金（元）', type: 'money', computed: true },
    { name: 'reservationFen', label: '预订金（元）', type: 'money', computed: true },
    /** What the money covers beyond the bills: positive 应退, negative 应补. */
    { name: 'netFen', label: '预计退补（元）', type: 'money', computed: true },
  ],
  columns: [
    'oldmanName',
    'oldmanStatus',
    'leaveDate',
    'billFen',
    'prestoreFen',
    'depositFen',
    'medicalDepositFen',
    'netFen',
  ],
  search: ['oldmanName'],
  defaultSort: { field: 'leaveDate', order: 'desc' },
  api: { list: ExpensePaths.settleAwaiting },
  authority: { view: A.settle },
  deptScoped: true,
};

/** 结算记录 (settle GET): every settlement, revoked ones with their status. */
export const settlementResource: ResourceDef = {
  name: 'settlement',
  title: '结算记录',
  table: 'settlement',
  idField: 'settleId',
  nameField: 'oldmanName',
  fields: [
    { name: 'createTime', label: '结算时间', type: 'datetime', readOnly: true },
    { name: 'oldmanName', label: '长者', type: 'text', computed: true },
    { name: 'billFen', label: '未缴账单（元）', type: 'money' },
    { name: 'extraFen', label: '其他费用（元）', type: 'money' },
    { name: 'refundFen', label: '退还（元）', type: 'money' },
    { name: 'collectFen', label: '补缴（元）', type: 'money' },
    { name: 'settleStatus', label: '状态', type: 'dict', dict: 'settleStatus' },
    { name: 'createName', label: '经办人', type: 'text' },
  ],
  columns: [
    'createTime',
    'oldmanName',
    'billFen',
    'extraFen',
    'refundFen',
    'collectFen',
    'settleStatus',
    'createName',
  ],
  filters: [{ field: 'settleStatus', kind: 'eq' }],
  search: ['oldmanName'],
  defaultSort: { field: 'settleId', order: 'desc' },
  api: { list: ExpensePaths.settlements },
  authority: { view: A.settle },
  deptScoped: true,
};

/** settleStatus: 1 已结算, 0 已撤销. */
export const SettleStatus = { revoked: 0, settled: 1 } as const;

const billDue = z.object({
  billId: z.number().int(),
  billMonth: z.string(),
  payableFen: z.number().int(),
});

/** settle/{oldmanId}/bill: what a settlement would take and give back, in fen. */
export const settlePreview = z.object({
  oldmanId: z.number().int(),
  oldmanName: z.string(),
  state: z.enum(['inResidence', 'awaiting', 'settled']),
  canSettle: z.boolean(),
  reason: z.string().nullable(),
  bills: z.array(billDue),
  billFen: z.number().int(),
  prestoreFen: z.number().int(),
  depositFen: z.number().int(),
  medicalDepositFen: z.number().int(),
  reservationFen: z.number().int(),
  /** What the elder's money covers beyond the bills (positive: to refund; negative: to collect). */
  netFen: z.number().int(),
});
export type SettlePreview = z.output<typeof settlePreview>;

export const settleCheckBody = z.object({ oldmanId: chosenId('长者') });
export const settleCheckAnswer = settlePreview.pick({
  oldmanId: true,
  canSettle: true,
  reason: true,
  state: true,
});

/** 其他费用 charged at check-out. */
const extraItem = z.object({
  projectName: z.string().trim().min(1, '请填写费用名称').max(30, '费用名称不能超过30个字'),
  amount: fenAmount('费用金额'),
});
export const settleBody = z.object({
  payWay: cashPayWay,
  extraItems: z.array(extraItem).max(50, '其他费用最多50项').default([]),
  remark: remarkText,
});
export const settled = z.object({
  settleId: z.number().int(),
  txId: z.number().int(),
  refundFen: z.number().int(),
  collectFen: z.number().int(),
});

export const revokeBody = z.object({ settleId: chosenId('结算记录') });
export const revoked = z.object({ settleId: z.number().int(), txId: z.number().int() });

/** A settlement as stored. */
const storedSettlement = z.looseObject({
  settleId: z.number().int(),
  oldmanId: z.number().int(),
  settleStatus: z.number().int(),
  billFen: z.number().int(),
  extraFen: z.number().int(),
  prestoreFen: z.number().int(),
  depositFen: z.number().int(),
  medicalDepositFen: z.number().int(),
  reservationFen: z.number().int(),
  refundFen: z.number().int(),
  collectFen: z.number().int(),
  payWay: z.number().int().nullable(),
  txId: z.number().int(),
  revokeTxId: z.number().int().nullable(),
  remark: z.string(),
  createName: z.string(),
  createTime: z.string(),
  revokeTime: z.string().nullable(),
});

/** settle/{oldmanId}/detail: every settlement of the elder with its 其他费用 and bills. */
export const settleDetail = z.object({
  oldmanId: z.number().int(),
  oldmanName: z.string(),
  records: z.array(
    storedSettlement.extend({
      detail: z.array(z.object({ projectName: z.string(), amount: z.number().int() })),
      bills: z.array(billDue.extend({ settleId: z.number().int().nullable() })),
    }),
  ),
});
export type SettlementRecord = z.output<typeof settleDetail>['records'][number];
