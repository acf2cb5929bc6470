import { today } from '../../../domain/clock.js';
import { type AccountKind, type AccountRef, raise } from '../../../domain/ledger.js';
import type { Db } from '../../../server/db/index.js';
import type { TradeLine } from '../../../server/ledger/ledger.js';

/**
 * Billing's accounts in the money book (server/ledger): an elder's own accounts, the house's cash
 * per pay way, income per charge item and discounts per rule; and the receipts of its trades.
 */
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

/** The income account of a bill line: by charge item, care-level fees together. */
export const incomeOf = (projectId: number | null) =>
  incomeAccount(projectId ? `project:${projectId}` : 'careLevel');

/** A line raising (positive fen) or lowering what an account shows. */
export const line = (account: AccountRef, shownFen: number): TradeLine => ({
  account,
  amountFen: raise(account.kind, shownFen),
});

/** Who made a trade, for the book and the receipt. */
export interface Operator {
  operatorId: number | null;
  operatorName: string;
}

/** The next receipt number of the day: SJ + YYYYMMDD + 4 digits. */
async function nextReceiptNo(db: Db, orgId: number): Promise<string> {
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
