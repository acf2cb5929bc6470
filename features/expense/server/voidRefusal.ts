import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { type AccountKind, accountKinds, shownBalance } from '../../../domain/ledger.js';
import { formatYuan } from '../../../domain/resource.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { TxType, txTypeName } from '../resources/costCommon.js';
import { type BalanceKind, balanceKinds, elderBalances } from './accountList.js';

/** How many of the trades that spent the money a refusal names before it says 等. */
const NAMED_USES = 3;

type Part = { txId: number; txType: string; fen: number };
type Taken = { oldmanId: number; kind: AccountKind; fen: number; parts: Part[] };

const yuan = (fen: number) => `${formatYuan(fen)} 元`;

/**
 * What voiding `txIds` would take back from each elder account, in the figures 长者账户 shows
 * (positive: the account would show that much less).
 */
async function takenBack(db: Db, txIds: readonly number[]): Promise<Taken[]> {
  const rows = await sql<{ txId: number; txType: string; ownerId: number; kind: string; amountFen: number }>`
    select t.txId, t.txType, a.ownerId, a.kind, e.amountFen
    from ledgerEntry e join ledgerTx t on t.txId = e.txId join ledgerAccount a on a.accountId = e.accountId
    where e.txId in (${sql.join(txIds)}) and a.ownerType = 'oldman' order by t.txId`.execute(db);
  const taken = new Map<string, Taken>();
  for (const r of rows.rows) {
    const kind = r.kind as AccountKind;
    const fen = shownBalance(kind, Number(r.amountFen));
    const key = `${r.ownerId}:${kind}`;
    const seen = taken.get(key) ?? { oldmanId: Number(r.ownerId), kind, fen: 0, parts: [] };
    seen.fen += fen;
    seen.parts.push({ txId: Number(r.txId), txType: r.txType, fen });
    taken.set(key, seen);
  }
  return [...taken.values()].filter((t) => t.fen > 0);
}

/**
 * The trades after `afterTxId` that lowered one elder account and still stand, as the clerk reads
 * them: a bill by its elder, month and amount (as 月度账单 lists it), anything else by day and kind.
 */
async function usesSince(db: Db, account: Taken, afterTxId: number, voiding: readonly number[]) {
  const rows = await sql<{
    txId: number;
    txType: string;
    createTime: string;
    amountFen: number;
    billMonth: string | null;
    billElder: string | null;
  }>`select t.txId, t.txType, t.createTime, e.amountFen, b.billMonth, o.oldmanName as billElder
    from ledgerTx t join ledgerEntry e on e.txId = t.txId join ledgerAccount a on a.accountId = e.accountId
    left join bill b on t.refType = 'bill' and b.billId = t.refId
    left join oldman o on o.oldmanId = b.oldmanId
    where a.ownerType = 'oldman' and a.ownerId = ${account.oldmanId} and a.kind = ${account.kind}
      and t.txId > ${afterTxId} and t.txId not in (${sql.join(voiding)})
      and t.reversedByTxId is null and t.reversesTxId is null
    order by t.txId`.execute(db);
  return rows.rows
    .map((r) => ({ ...r, fen: -shownBalance(account.kind, Number(r.amountFen)) }))
    .filter((r) => r.fen > 0)
    .map((r) => ({
      bill: r.txType === TxType.payment && r.billMonth !== null,
      text:
        r.txType === TxType.payment && r.billMonth !== null
          ? `缴纳 ${r.billElder ?? ''} ${r.billMonth} 月账单 ${yuan(r.fen)}`
          : `${String(r.createTime).slice(0, 10)} ${txTypeName[r.txType] ?? r.txType} ${yuan(r.fen)}`,
    }));
}

/**
 * Refuses, before anything is written, a void (作废) that would take an elder's account below zero:
 * the refusal names what the void takes back (with a 满赠 gift voided alongside), the balance as
 * 长者账户 shows it (elderBalances, the screen's own figure) and what used the money since.
 */
export async function refuseUnaffordableVoid(
  db: Db,
  orgId: number,
  voided: { txId: number; oldmanId: number | null },
  txIds: readonly number[],
) {
  const taken = (await takenBack(db, txIds)).filter((t) =>
    (balanceKinds as readonly string[]).includes(t.kind),
  );
  if (!taken.length) return;
  const balances = await elderBalances(
    db,
    orgId,
    taken.map((t) => t.oldmanId),
  );
  for (const account of taken) {
    const shown = balances.get(account.oldmanId)?.[account.kind as BalanceKind] ?? 0;
    if (shown - account.fen >= 0) continue;
    const label = accountKinds[account.kind].label;
    const owner =
      account.oldmanId === voided.oldmanId
        ? ''
        : `${
            (
              await db
                .selectFrom('oldman')
                .select('oldmanName')
                .where('oldmanId', '=', account.oldmanId)
                .executeTakeFirst()
            )?.oldmanName ?? ''
          }的`;
    const parts =
      account.parts.length > 1
        ? `（${account.parts.map((p) => `${txTypeName[p.txType] ?? p.txType} ${yuan(p.fen)}`).join('，')}）`
        : '';
    const uses = await usesSince(db, account, voided.txId, txIds);
    const named = uses.slice(0, NAMED_USES).map((u) => u.text);
    const more = uses.length > NAMED_USES ? `等 ${uses.length} 笔` : '';
    const bills = uses.filter((u) => u.bill).length;
    const hint = bills ? `，请先反结算${bills > 1 ? '这些' : '该'}账单` : '';
    const reason = named.length ? `；其中已用于${named.join('、')}${more}${hint}` : '';
    throw new ApiFailure(
      Code.insufficientBalance,
      `${label}余额不足，不能作废：作废要扣回${owner ? `${owner}${label}` : ''} ${yuan(account.fen)}${parts}，` +
        `${owner}长者账户现有 ${yuan(shown)}${reason}`,
    );
  }
}
