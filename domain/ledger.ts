/**
 * The money book shared by billing (spec 001 "Expense and billing") and home care ("costAccount").
 * Every trade is a double entry: its lines add up to zero fen. Amounts are signed integer fen,
 * positive = debit, negative = credit. An account's balance as people read it is its raw balance
 * turned by the account's normal side: what the house holds (cash, receivables) is debit-normal,
 * what it owes (an elder's prepaid money, deposits) or earned (income) is credit-normal.
 */

export type NormalSide = 'debit' | 'credit';

/** Kinds of account and their normal side. Owner 'oldman'/'homeOldman' accounts are an elder's. */
export const accountKinds = {
  /** 预存款 (statement type 1). */
  prestore: { label: '预存款', side: 'credit' },
  /** 入院押金 (statement type 2). */
  deposit: { label: '入院押金', side: 'credit' },
  /** 医疗押金 (statement type 6). */
  medicalDeposit: { label: '医疗押金', side: 'credit' },
  /** 预订金 (statement type 5). */
  reservation: { label: '预订金', side: 'credit' },
  /** 应收款: billed and not yet paid. */
  receivable: { label: '应收款', side: 'debit' },
  /** 收款账户 per trade way: money the house received. */
  cash: { label: '收款', side: 'debit' },
  /** 收入 per charge item. */
  income: { label: '收入', side: 'credit' },
  /** 优惠: discounts granted (an expense). */
  discount: { label: '优惠', side: 'debit' },
  /** 居家账户余额 (home care). */
  homeBalance: { label: '账户余额', side: 'credit' },
  /** 居家押金 (home care). */
  homeDeposit: { label: '押金', side: 'credit' },
} as const satisfies Record<string, { label: string; side: NormalSide }>;

export type AccountKind = keyof typeof accountKinds;

/** Who an account belongs to: an elder of the institution, a home-care elder, or the house itself. */
export type OwnerType = 'oldman' | 'homeOldman' | 'org';

/** One account: a kind held by an owner; `sub` splits the house's accounts (trade way, charge item). */
export interface AccountRef {
  ownerType: OwnerType;
  ownerId: number;
  kind: AccountKind;
  sub?: string;
}

/** The balance as people read it (a prepaid account with money in it is positive). */
export function shownBalance(kind: AccountKind, rawFen: number): number {
  return accountKinds[kind].side === 'debit' || rawFen === 0 ? rawFen : -rawFen;
}

/** The raw signed amount that raises an account's shown balance by `fen` (negative lowers it). */
export function raise(kind: AccountKind, fen: number): number {
  return accountKinds[kind].side === 'debit' || fen === 0 ? fen : -fen;
}

export const accountKey = (a: AccountRef) => `${a.ownerType}:${a.ownerId}:${a.kind}:${a.sub ?? ''}`;
