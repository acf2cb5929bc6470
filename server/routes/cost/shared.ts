import { sql } from 'kysely';
import { z } from 'zod';
import { today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { type AccountKind, type AccountRef, raise } from '../../../domain/ledger.js';
import type { BillSources, ChargeProject, DiscountRule } from '../../billing/monthBill.js';
import type { Db } from '../../db/index.js';
import { ApiFailure } from '../../http/failure.js';
import type { TradeLine } from '../../ledger/ledger.js';
import type { Ctx } from '../../resources/engine.js';

/** Statement types of spec 001 §9 that are accounts: 1 prepaid, 2 and 6 deposits, 5 reservation. */
export const accountOfTradeType: Record<number, AccountKind> = {
  1: 'prestore',
  2: 'deposit',
  6: 'medicalDeposit',
  5: 'reservation',
};
export const tradeTypeOfAccount: Partial<Record<AccountKind, number>> = {
  prestore: 1,
  deposit: 2,
  medicalDeposit: 6,
  reservation: 5,
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

/** Trades a person may make obsolete from the account screens (bills and settlements have their own undo). */
export const obsoletable = new Set<string>([TxType.receive, TxType.refund, TxType.transfer, TxType.remit]);

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

export const payWayLabel = (payWay: number | null) =>
  payWay === null ? '' : dictLabel('batchPayWay', payWay) || dictLabel('scanPayWay', payWay);

/** A positive amount in fen (integer: money never travels as floating point). */
export const fenAmount = (label = '金额') =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}须以分为单位的整数`)
    .min(1, `${label}必须大于0`)
    .max(100_000_000_00, `${label}过大`);

export const elderAccount = (oldmanId: number, kind: AccountKind): AccountRef => ({
  ownerType: 'oldman',
  ownerId: oldmanId,
  kind,
});
export const cashAccount = (payWay: number): AccountRef => ({
  ownerType: 'org',
  ownerId: 0,
  kind: 'cash',
  sub: String(payWay),
});
export const incomeAccount = (sub: string): AccountRef => ({
  ownerType: 'org',
  ownerId: 0,
  kind: 'income',
  sub,
});
export const discountAccount = (sub: string): AccountRef => ({
  ownerType: 'org',
  ownerId: 0,
  kind: 'discount',
  sub,
});

/** A line raising (positive fen) or lowering what an account shows. */
export const line = (account: AccountRef, shownFen: number): TradeLine => ({
  account,
  amountFen: raise(account.kind, shownFen),
});

export interface ElderRow {
  oldmanId: number;
  oldmanName: string;
  oldmanIdcard: string | null;
  deptId: number;
  oldmanStatus: number;
  nursingLevel: string | null;
  checkInDate: string | null;
  leaveDate: string | null;
  bedId: number | null;
}

/** An elder of the user's organisation and data departments, or 10004 / 10301. */
export async function elderOf(ctx: Ctx, oldmanId: number): Promise<ElderRow> {
  const found =
    await sql<ElderRow>`select oldmanId, oldmanName, oldmanIdcard, deptId, oldmanStatus, nursingLevel,
      checkInDate, leaveDate, bedId from oldman where oldmanId = ${oldmanId} and orgId = ${ctx.user.orgId}`.execute(
      ctx.db,
    );
  const elder = found.rows[0];
  if (!elder) throw new ApiFailure(Code.notFound, '长者不存在');
  ctx.requireDept(elder.deptId);
  return elder;
}

export interface Operator {
  operatorId: number | null;
  operatorName: string;
}

/** Who did it, for trades and receipts. */
export async function operator(ctx: Ctx): Promise<Operator> {
  const emp = await ctx.db
    .selectFrom('emp')
    .select('empName')
    .where('empId', '=', ctx.user.empId)
    .executeTakeFirst();
  return { operatorId: ctx.user.userId, operatorName: emp?.empName ?? ctx.user.loginName };
}

/** The next receipt number of the day: SJ + YYYYMMDD + 4 digits. */
export async function nextReceiptNo(db: Db, orgId: number): Promise<string> {
  const prefix = `SJ${today().replaceAll('-', '')}`;
  const last = await db
    .selectFrom('ledgerTx')
    .select('receiptNo')
    .where('orgId', '=', orgId)
    .where('receiptNo', 'like', `${prefix}%`)
    .orderBy('receiptNo', 'desc')
    .limit(1)
    .executeTakeFirst();
  const seq = last?.receiptNo ? Number(last.receiptNo.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

/** Gives a trade its receipt number. */
export async function stampReceipt(db: Db, orgId: number, txId: number): Promise<string> {
  const receiptNo = await nextReceiptNo(db, orgId);
  await db.updateTable('ledgerTx').set({ receiptNo }).where('txId', '=', txId).execute();
  return receiptNo;
}

/** Enabled charge items, care level fees and discount rules of an organisation. */
export async function billSources(
  db: Db,
  orgId: number,
): Promise<BillSources & { giftRules: DiscountRule[] }> {
  const projects = await sql<ChargeProject>`select projectId, projectName, price, chargeUnit, chargeScope,
    coalesce(priceByBed, 0) as priceByBed
    from costProject where orgId = ${orgId} and coalesce(status, 1) = 1 order by sort, projectId`.execute(db);
  // beds priced in 机构档案 price the bed charge item (server/billing/monthBill.ts unitPrice)
  const bedPrices = await sql<{ bedId: number; price: number }>`select bedId, price from bed
    where orgId = ${orgId} and price is not null`.execute(db);
  const levels = await sql<{
    levelName: string;
    monthlyFee: number;
  }>`select levelName, monthlyFee from careLevel
    where orgId = ${orgId}`.execute(db);
  const rules =
    await sql<DiscountRule>`select setId, discountRuleName, ruleType, threshold, benefit, startDate, endDate
    from discountRule where orgId = ${orgId} and coalesce(status, 1) = 1`.execute(db);
  return {
    projects: new Map(projects.rows.map((p) => [p.projectId, p])),
    levelFees: new Map(levels.rows.map((l) => [l.levelName, { levelName: l.levelName, fee: l.monthlyFee }])),
    discountRules: rules.rows.filter((r) => Number(r.ruleType) === 2),
    bedPrices: new Map(bedPrices.rows.map((b) => [b.bedId, b.price])),
    giftRules: rules.rows.filter((r) => Number(r.ruleType) === 1),
  };
}

export const monthParam = z
  .string({ error: '请选择账单月份' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '账单月份格式应为YYYY-MM');

/** Ids in a path like "3,5,8". */
export const idList = (label: string) =>
  z
    .string()
    .regex(/^\d+(,\d+)*$/, `${label}无效`)
    .transform((s) => s.split(',').map(Number));
