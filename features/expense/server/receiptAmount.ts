import { type RawBuilder, sql } from 'kysely';
import { TxType } from '../resources/costCommon.js';

/**
 * What a receipt says was paid, read from the trade's own ledger lines (fen, never negative):
 * a bill payment is the receivable it cleared, whichever way it was paid — from the prepaid
 * balance (pay way 1) no money reaches a cash account, so its cash line does not exist —; every
 * other trade (a prepayment, a refund, a check-out settlement, a scanned payment) is the money
 * that came in or went out through its pay way's cash account.
 */
export function receiptAmountFen(txId: RawBuilder<unknown> | number, txType: RawBuilder<unknown> | string) {
  const sumOf = (kind: string) => sql`(select sum(e.amountFen) from ledgerEntry e
    join ledgerAccount a on a.accountId = e.accountId where e.txId = ${txId} and a.kind = ${kind})`;
  return sql<number>`abs(coalesce(case when ${txType} = ${TxType.payment}
    then ${sumOf('receivable')} else ${sumOf('cash')} end, 0))`;
}
