import { z } from 'zod';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { AccountKind } from '../../../domain/ledger.js';

/** What the calls of spec 001 §7 "Expense and billing" share: pay ways, money, months, trades. */

/** Statement types of spec 001 §9 that are accounts: 1 prepaid, 2 and 6 deposits, 5 reservation. */
export const accountOfTradeType: Record<number, AccountKind> = {
  1: 'prestore',
  2: 'deposit',
  6: 'medicalDeposit',
  5: 'reservation',
};

/** Ledger trade types of billing (ledgerTx.txType). */
export const TxType = {
  /** Money into an elder's account (tradeType says which). */
  receive: 'receive',
  /** Money back out of an elder's account. */
  refund: 'refund',
  /** 满赠: a gift into the prepaid account. */
  gift: 'gift',
  /** A monthly bill's charge (receivable against income). */
  bill: 'bill',
  /** A change to an unpaid bill's lines. */
  billAdjust: 'billAdjust',
  /** A bill paid (tradeType 3). */
  payment: 'payment',
  transfer: 'transfer',
  remit: 'remit',
  settle: 'settle',
  /** Reversals. */
  obsolete: 'obsolete',
  antiSettle: 'antiSettle',
  voidBill: 'voidBill',
  revokeSettle: 'revokeSettle',
} as const;

/** Chinese names of the ledger's trade types, for statements, receipts and reports. */
export const txTypeName: Record<string, string> = {
  [TxType.receive]: '收款',
  [TxType.refund]: '退款',
  [TxType.gift]: '满赠',
  [TxType.bill]: '月度账单',
  [TxType.billAdjust]: '账单调整',
  [TxType.payment]: '账单缴费',
  [TxType.transfer]: '转账',
  [TxType.remit]: '划转',
  [TxType.settle]: '退住结算',
  [TxType.obsolete]: '作废',
  [TxType.antiSettle]: '反结算',
  [TxType.voidBill]: '作废账单',
  [TxType.revokeSettle]: '撤销结算',
};

/** A pay way's name: the offline ways (spec 000 §3 batchPayWay) and the scanned ones. */
export const payWayLabel = (payWay: number | null) =>
  payWay === null ? '' : dictLabel('batchPayWay', payWay) || dictLabel('scanPayWay', payWay);

/** Offline pay ways of batch payments (spec 000 §3 batchPayWay) besides 1 (balance). */
export const cashPayWay = z.coerce
  .number({ error: '请选择支付方式' })
  .int('支付方式无效')
  .refine((v) => [2, 3, 4, 5, 7, 8].includes(v), '支付方式无效');
/** Bills can also be paid from the prepaid balance (1). */
export const billPayWay = z.coerce
  .number({ error: '请选择支付方式' })
  .int('支付方式无效')
  .refine((v) => [1, 2, 3, 4, 5, 7, 8].includes(v), '支付方式无效');

/** A positive amount in fen (integer: money never travels as floating point). */
export const fenAmount = (label = '金额') =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}须以分为单位的整数`)
    .min(1, `${label}必须大于0`)
    .max(100_000_000_00, `${label}过大`);

export const monthParam = z
  .string({ error: '请选择账单月份' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '账单月份格式应为YYYY-MM');

/** Ids in a path or query like "3,5,8". */
export const idList = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(/^\d{1,12}(,\d{1,12}){0,999}$/, `${label}无效`)
    .transform((s) => s.split(',').map(Number));

/** A record chosen in a body: `请选择长者` when missing or not a positive whole number. */
export const chosenId = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`${label}无效`)
    .positive(`请选择${label}`);

export const remarkText = z.string().trim().max(200, '备注不能超过200个字').optional();

/** An answer's trade: the ledger trade it wrote. */
export const txAnswer = z.object({ txId: z.number().int() });

/** An answer that is where to open a print page. */
export const printAnswer = z.object({ printUrl: z.string() });

/** A ledger trade as stored (ledgerTx). */
export const ledgerTxRow = z.looseObject({
  txId: z.number().int(),
  txType: z.string(),
  tradeType: z.number().int().nullable(),
  payWay: z.string().nullable(),
  oldmanId: z.number().int().nullable(),
  memo: z.string(),
  refType: z.string().nullable(),
  refId: z.number().int().nullable(),
  reversesTxId: z.number().int().nullable(),
  reversedByTxId: z.number().int().nullable(),
  operatorName: z.string(),
  createTime: z.string(),
  receiptNo: z.string().nullable(),
});
