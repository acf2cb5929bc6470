import { z } from 'zod';
import type { ResourceDef } from '../../../domain/resource.js';
import { ExpensePaths } from '../api.js';
import { ExpenseAuthority as A } from './cost.js';
import { billPayWay, chosenId, idList, monthParam } from './costCommon.js';

/**
 * 费用账单 (spec 001 §7 payBack GET): the monthly bills of the user's departments; a bill's status
 * changes only through machines/billMachine.ts.
 */
export const billResource: ResourceDef = {
  name: 'bill',
  title: '费用账单',
  table: 'bill',
  idField: 'billId',
  nameField: 'oldmanName',
  fields: [
    { name: 'billMonth', label: '账单月份', type: 'text' },
    { name: 'oldmanName', label: '长者', type: 'text', computed: true },
    { name: 'totalFen', label: '费用合计（元）', type: 'money' },
    { name: 'discountFen', label: '优惠（元）', type: 'money' },
    { name: 'payableFen', label: '应缴（元）', type: 'money' },
    { name: 'billStatus', label: '状态', type: 'dict', dict: 'billStatus' },
    /** The offline ways' and the scanned ones' names (the dictionaries hold them apart). */
    { name: 'payWayName', label: '支付方式', type: 'text', computed: true },
    { name: 'payTime', label: '缴费时间', type: 'datetime' },
  ],
  columns: [
    'billMonth',
    'oldmanName',
    'totalFen',
    'discountFen',
    'payableFen',
    'billStatus',
    'payWayName',
    'payTime',
  ],
  filters: [
    { field: 'billMonth', kind: 'month' },
    { field: 'billStatus', kind: 'eq' },
  ],
  search: ['oldmanName'],
  defaultSort: { field: 'billMonth', order: 'desc' },
  sortable: ['payableFen', 'payTime'],
  sums: ['totalFen', 'discountFen', 'payableFen'],
  api: { list: ExpensePaths.bills },
  authority: { view: A.bill },
  deptScoped: true,
};

/** A bill row of the lists. */
export interface BillRow {
  billId: number;
  oldmanId: number;
  oldmanName: string;
  billMonth: string;
  billStatus: number;
  totalFen: number;
  discountFen: number;
  payableFen: number;
  payWay: number | null;
  payWayName: string;
  payTime: string | null;
  createTime: string;
}

/** A bill as stored. */
export const storedBill = z.looseObject({
  billId: z.number().int(),
  deptId: z.number().int(),
  oldmanId: z.number().int(),
  billMonth: z.string(),
  billStatus: z.number().int(),
  totalFen: z.number().int(),
  discountFen: z.number().int(),
  payableFen: z.number().int(),
  payTxId: z.number().int().nullable(),
  payWay: z.number().int().nullable(),
  payTime: z.string().nullable(),
  settleId: z.number().int().nullable(),
  createTime: z.string(),
});

/** A line of a bill: a charge, or a discount (negative amount). */
export const billItem = z.looseObject({
  itemId: z.number().int(),
  billId: z.number().int(),
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  quantity: z.number().int(),
  unitFen: z.number().int(),
  days: z.number().int().nullable(),
  amountFen: z.number().int(),
  kind: z.string(),
});
export type BillItem = z.output<typeof billItem>;

/** payBack/detail/{billId}: the bill with the elder and its lines. */
export const billDetail = storedBill.extend({
  oldmanName: z.string(),
  oldmanIdcard: z.string(),
  items: z.array(billItem),
});
export type BillDetail = z.output<typeof billDetail>;

/** A line as month-end billing computes it (features/expense/server/monthBill.ts). */
const billLine = z.object({
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  quantity: z.number().int(),
  unitFen: z.number().int(),
  days: z.number().int().nullable(),
  amountFen: z.number().int(),
  kind: z.enum(['charge', 'discount']),
});

export const monthQuery = z.object({ billMonth: monthParam });
/** GET addBill: who would be billed for the month and for how much; nothing is written. */
export const billPreview = z.object({
  billMonth: z.string(),
  count: z.number().int(),
  payableSum: z.number().int(),
  list: z.array(
    z.object({
      oldmanId: z.number().int(),
      oldmanName: z.string(),
      /** The elder's bed as people say it (1号楼1层1103-2床), so two of one name are told apart. */
      bedPath: z.string(),
      lines: z.array(billLine),
      totalFen: z.number().int(),
      discountFen: z.number().int(),
      payableFen: z.number().int(),
    }),
  ),
});
export type BillPreview = z.output<typeof billPreview>;
export const generateBody = z.object({
  billMonth: monthParam,
  oldmanIds: z.array(chosenId('长者')).max(5000).optional(),
});
export const generated = z.object({
  billMonth: z.string(),
  created: z.number().int(),
  payableSum: z.number().int(),
});

/** GET payBatch: each elder's unpaid bills. */
export const payBatchQuery = z.object({ oldmanIds: idList('长者') });
export const elderDues = z.array(
  z.object({
    oldmanId: z.number().int(),
    oldmanName: z.string(),
    bills: z.array(storedBill),
    payableSum: z.number().int(),
  }),
);
export type ElderDues = z.output<typeof elderDues>;
export const payBatchBody = z.object({
  billIds: z.array(chosenId('账单')).min(1, '请选择账单').max(1000),
  payWay: billPayWay,
});
/** A bill paid: the trade and its receipt. */
const paidBill = z.object({ billId: z.number().int(), txId: z.number().int(), receiptNo: z.string() });
export const payBatchAnswer = z.object({ count: z.number().int(), paid: z.array(paidBill) });

/** Bill lines and payments are statement type 3 (缴费) in the spec's paths. */
export const PAYMENT = 3;
export const paymentTradeType = z.coerce
  .number()
  .int()
  .refine((v) => v === PAYMENT, '交易类型无效');
export const payParams = z.object({
  tradeType: paymentTradeType,
  print: z.coerce.number().int().min(0).max(1, '打印标记无效'),
});
export const payBody = z.object({ billId: chosenId('账单'), payWay: billPayWay });
export const payAnswer = paidBill.extend({ printUrl: z.string().nullable() });

export const billBody = z.object({ billId: chosenId('账单') });
export const antiSettled = z.object({ billId: z.number().int(), txId: z.number().int() });
export const voided = z.object({ billId: z.number().int() });

/** payBack/{tradeMonthId}/{3|4}: a bill's payments, or their reversals. */
export const billTradeType = z.coerce
  .number()
  .int()
  .refine((v) => v === 3 || v === 4, '交易类型无效（3缴费、4退款）');

const unitFen = z.coerce.number().int('单价须以分为单位').min(0, '单价不能为负').max(100_000_000, '单价过大');
export const billItemsQuery = z.object({ billId: chosenId('账单') });
export const addItemBody = z.object({
  billId: chosenId('账单'),
  projectId: chosenId('收费项目'),
  quantity: z.coerce.number().int().min(1, '数量至少为1').max(999, '数量过大').default(1),
  unitFen: unitFen.optional(),
});
export const changeItemBody = z.object({
  tradeMonthDetailId: chosenId('账单明细'),
  quantity: z.coerce.number().int().min(1, '数量至少为1').max(999, '数量过大'),
  unitFen,
});
export const printBody = z.object({
  billIds: z.array(chosenId('账单')).min(1, '请选择账单').max(500),
});

/** proFile/{oldmanId}/costProject: what the elder is charged each month, with the balances. */
export const elderCost = z.object({
  oldmanId: z.number().int(),
  month: z.string(),
  items: z.array(billLine),
  monthlyFen: z.number().int(),
  costSettings: z.array(
    z.object({
      costSetId: z.number().int(),
      projectId: z.number().int(),
      projectName: z.string(),
      price: z.number().int().nullable(),
      quantity: z.number().int(),
      startMonth: z.string().nullable(),
      endMonth: z.string().nullable(),
      remark: z.string().nullable(),
    }),
  ),
  balances: z.object({
    prestore: z.number().int(),
    deposit: z.number().int(),
    medicalDeposit: z.number().int(),
    reservation: z.number().int(),
    receivable: z.number().int(),
  }),
});
