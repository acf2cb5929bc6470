import { z } from 'zod';
import { pageSchema, type ResourceDef } from '../../../domain/resource.js';
import { ExpensePaths } from '../api.js';
import { ExpenseAuthority as A } from './cost.js';
import { accountOfTradeType, cashPayWay, chosenId, fenAmount, remarkText } from './costCommon.js';

const money = (name: string, label: string) => ({ name, label, type: 'money', computed: true }) as const;

/**
 * 长者账户 (spec 001 §7 account GET): every elder of the user's departments with the balances of
 * their accounts, read from the money book (server/ledger), and their 合计.
 */
export const accountResource: ResourceDef = {
  name: 'costAccount',
  title: '长者账户',
  table: 'oldman',
  idField: 'oldmanId',
  nameField: 'oldmanName',
  fields: [
    { name: 'oldmanName', label: '姓名', type: 'text' },
    { name: 'oldmanIdcard', label: '身份证号', type: 'idcard' },
    { name: 'oldmanStatus', label: '入住状态', type: 'dict', dict: 'liveStatus' },
    { name: 'bedName', label: '床位', type: 'text', computed: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept' },
    money('prestore', '预存款（元）'),
    money('deposit', '入院押金（元）'),
    money('medicalDeposit', '医疗押金（元）'),
    money('reservation', '预订金（元）'),
    money('receivable', '待缴（元）'),
  ],
  columns: [
    'oldmanName',
    'oldmanStatus',
    'bedName',
    'prestore',
    'deposit',
    'medicalDeposit',
    'reservation',
    'receivable',
  ],
  filters: [
    { field: 'oldmanStatus', kind: 'in', param: 'oldmanStatuses' },
    { field: 'deptId', kind: 'eq' },
  ],
  search: ['oldmanName', 'oldmanIdcard'],
  defaultSort: { field: 'oldmanId', order: 'desc' },
  sortable: ['oldmanName'],
  sums: ['prestore', 'deposit', 'medicalDeposit', 'reservation', 'receivable'],
  api: { list: ExpensePaths.accounts },
  authority: { view: A.account },
  deptScoped: true,
};

/** One elder's account row: balances in fen as people read them. */
export type AccountRow = {
  oldmanId: number;
  oldmanName: string;
  oldmanIdcard: string | null;
  oldmanStatus: number;
  deptId: number;
  bedName: string | null;
  prestore: number;
  deposit: number;
  medicalDeposit: number;
  reservation: number;
  /** Billed and unpaid. */
  receivable: number;
};

export const accountTradeType = z.coerce
  .number({ error: '账户类型无效' })
  .int('账户类型无效')
  .refine((v) => v in accountOfTradeType, '账户类型无效（1预存款、2入院押金、6医疗押金、5预订金）');

/** account/{oldmanId}/{tradeType}: 1 预存, 2,6 押金, 5 预订金, 3 缴费, 4 退款. */
export const statementType = z
  .string()
  .regex(/^(1|2|3|4|5|6|2,6)$/, '账单类型无效（1预存、2,6押金、5预订金、3缴费、4退款）');

/** One statement line: the shown change of the account and its balance after, in fen. */
export const statementRow = z.object({
  /** The ledger entry: one line (a trade between two accounts of one statement has two). */
  entryId: z.number().int(),
  txId: z.number().int(),
  txType: z.string(),
  tradeType: z.number().int().nullable(),
  payWay: z.string().nullable(),
  payWayName: z.string(),
  memo: z.string(),
  receiptNo: z.string().nullable(),
  operatorName: z.string(),
  createTime: z.string(),
  amount: z.number().int(),
  balance: z.number().int(),
  reversesTxId: z.number().int().nullable(),
  reversedByTxId: z.number().int().nullable(),
});
export type StatementRow = z.output<typeof statementRow>;
export const statementPage = pageSchema(statementRow);

/** account/{tradeType}/{print}: money in (1, 2, 6, 5) or a refund (4). */
export const receiveParams = z.object({
  tradeType: z.coerce
    .number()
    .int()
    .refine(
      (v) => [1, 2, 4, 5, 6].includes(v),
      '交易类型无效（1预存、2入院押金、6医疗押金、5预订金、4退款）',
    ),
  print: z.coerce.number().int().min(0).max(1, '打印标记无效'),
});
export const receiveBody = z.object({
  oldmanId: chosenId('长者'),
  amount: fenAmount(),
  payWay: cashPayWay,
  remark: remarkText,
  /** For refunds (tradeType 4): which account the money leaves. */
  fromType: accountTradeType.optional(),
});
/** A receipt's trade: its number, the 满赠 gift it brought and the account's balance after. */
export const receivedTrade = z.object({
  txId: z.number().int(),
  receiptNo: z.string(),
  gift: z.number().int(),
  balance: z.number().int(),
});
export type ReceivedTrade = z.output<typeof receivedTrade>;
export const receiveAnswer = receivedTrade.extend({ printUrl: z.string().nullable() });

/** 满赠 preview: the prepayment being typed in (fen). */
export const giftPreviewQuery = z.object({ amount: fenAmount() });
/** The gift that prepayment would bring (0 when no 满赠 rule reaches it), and the rule that gives it. */
export const giftPreviewAnswer = z.object({
  gift: z.number().int(),
  threshold: z.number().int().nullable(),
  ruleName: z.string().nullable(),
});
export type GiftPreview = z.output<typeof giftPreviewAnswer>;

export const batchReceiveParams = z.object({ batchPayType: cashPayWay });
export const batchReceiveBody = z.object({
  tradeType: accountTradeType,
  items: z
    .array(z.object({ oldmanId: chosenId('长者'), amount: fenAmount() }), { error: '请选择长者' })
    .min(1, '请至少选择一位长者')
    .max(1000, '一次最多1000位长者'),
  remark: remarkText,
});
export const batchReceiveAnswer = z.object({
  count: z.number().int(),
  total: z.number().int(),
  trades: z.array(receivedTrade),
});

export const transferBody = z.object({
  oldmanId: chosenId('转出长者'),
  accountNumTo: chosenId('转入长者'),
  tradeType: accountTradeType.default(1),
  amount: fenAmount('转账金额'),
  remark: remarkText,
});
export const remitBody = z.object({
  oldmanId: chosenId('长者'),
  fromType: accountTradeType,
  toType: accountTradeType,
  amount: fenAmount('划转金额'),
  remark: remarkText,
});

/**
 * 账户明细's lines (account/{oldmanId}/{tradeType}), drawn by the one list table from this
 * display-only definition: one line per ledger entry, newest first as the server sends them.
 */
export const statementResource: ResourceDef = {
  name: 'accountStatement',
  title: '账户明细',
  table: 'ledgerEntry',
  idField: 'entryId',
  nameField: 'memo',
  fields: [
    { name: 'createTime', label: '时间', type: 'text' },
    { name: 'memo', label: '摘要', type: 'textarea' },
    { name: 'payWayName', label: '支付方式', type: 'text' },
    { name: 'amount', label: '发生额（元）', type: 'money' },
    { name: 'balance', label: '余额（元）', type: 'money' },
    { name: 'receiptNo', label: '收据号', type: 'text' },
    { name: 'operatorName', label: '经办人', type: 'text' },
  ],
  columns: ['createTime', 'memo', 'payWayName', 'amount', 'balance', 'receiptNo', 'operatorName'],
  // the ledger's order: nothing to sort by
  defaultSort: { field: 'entryId', order: 'desc' },
  api: {},
  authority: { view: A.account },
};
