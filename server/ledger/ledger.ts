import { sql } from 'kysely';
import { nowStamp } from '../../domain/clock.js';
import { Code } from '../../domain/codes.js';
import {
  type AccountKind,
  type AccountRef,
  accountKey,
  accountKinds,
  type OwnerType,
  shownBalance,
} from '../../domain/ledger.js';
import { formatYuan } from '../../domain/resource.js';
import type { Db } from '../db/index.js';
import { ApiFailure } from '../http/failure.js';

export interface TradeLine {
  account: AccountRef;
  /** Signed fen: positive debit, negative credit (domain/ledger.ts `raise` turns "add to what it shows"). */
  amountFen: number;
}

export interface TradeInput {
  orgId: number;
  txType: string;
  tradeType?: number | null;
  payWay?: string | null;
  oldmanId?: number | null;
  memo?: string;
  refType?: string | null;
  refId?: number | null;
  operatorId?: number | null;
  operatorName?: string;
  lines: TradeLine[];
  /** Let an elder's account show less than zero (an overdrawn receivable); never for money held. */
  allowNegative?: boolean;
  /** Set when this trade reverses another (void, anti-settle, revoke). */
  reversesTxId?: number;
}

export interface PostedTrade {
  txId: number;
  /** Shown balance of every touched account after the trade, by accountKey. */
  balances: Map<string, number>;
}

/**
 * Writes one trade: its lines must add up to zero fen and each moves its account's running balance.
 * Call it inside the route's transaction so a refusal (an elder's account would go below zero)
 * leaves nothing written. Lines on the same account are merged first.
 */
/** A trade's lines with those on one account merged and zero ones dropped; they must add up to zero. */
function mergedLines(input: TradeInput): TradeLine[] {
  const merged = new Map<string, TradeLine>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.amountFen))
      throw new Error(`amount is not integer fen: ${line.amountFen}`);
    const key = accountKey(line.account);
    const seen = merged.get(key);
    merged.set(key, { account: line.account, amountFen: (seen?.amountFen ?? 0) + line.amountFen });
  }
  const lines = [...merged.values()].filter((l) => l.amountFen !== 0);
  const sum = lines.reduce((s, l) => s + l.amountFen, 0);
  if (sum !== 0) throw new Error(`unbalanced trade ${input.txType}: lines add up to ${sum} fen`);
  return lines;
}

/** An account's raw balance after a line, refused when an elder's money would show below zero. */
function balanceAfter(
  balanceFen: number,
  line: TradeLine,
  input: TradeInput,
): { after: number; shown: number } {
  const after = balanceFen + line.amountFen;
  const shown = shownBalance(line.account.kind, after);
  if (shown < 0 && line.account.ownerType !== 'org' && !input.allowNegative)
    throw new ApiFailure(
      Code.insufficientBalance,
      `${accountKinds[line.account.kind].label}余额不足：现有 ${formatYuan(shownBalance(line.account.kind, balanceFen))} 元`,
    );
  return { after, shown };
}

export async function postTrade(db: Db, input: TradeInput): Promise<PostedTrade> {
  const lines = mergedLines(input);

  const createTime = nowStamp();
  const tx = await db
    .insertInto('ledgerTx')
    .values({
      orgId: input.orgId,
      txType: input.txType,
      tradeType: input.tradeType ?? null,
      payWay: input.payWay ?? null,
      oldmanId: input.oldmanId ?? null,
      memo: input.memo ?? '',
      refType: input.refType ?? null,
      refId: input.refId ?? null,
      reversesTxId: input.reversesTxId ?? null,
      reversedByTxId: null,
      operatorId: input.operatorId ?? null,
      operatorName: input.operatorName ?? '',
      createTime,
    })
    .returning('txId')
    .executeTakeFirstOrThrow();

  const balances = new Map<string, number>();
  for (const line of lines) {
    const account = await accountRow(db, input.orgId, line.account);
    const { after, shown } = balanceAfter(account.balanceFen, line, input);
    await db
      .updateTable('ledgerAccount')
      .set({ balanceFen: after })
      .where('accountId', '=', account.accountId)
      .execute();
    await db
      .insertInto('ledgerEntry')
      .values({
        txId: tx.txId,
        accountId: account.accountId,
        amountFen: line.amountFen,
        balanceAfterFen: after,
      })
      .execute();
    balances.set(accountKey(line.account), shown);
  }
  if (input.reversesTxId !== undefined) {
    await db
      .updateTable('ledgerTx')
      .set({ reversedByTxId: tx.txId })
      .where('txId', '=', input.reversesTxId)
      .execute();
  }
  return { txId: tx.txId, balances };
}

/**
 * Reverses a trade with a new one carrying the opposite lines (the original stays, marked). A trade
 * that was already reversed, or is itself a reversal, is refused with 10502.
 */
export async function reverseTrade(
  db: Db,
  orgId: number,
  txId: number,
  by: {
    txType: string;
    memo?: string;
    operatorId?: number | null;
    operatorName?: string;
    allowNegative?: boolean;
  },
): Promise<PostedTrade> {
  const original = await db
    .selectFrom('ledgerTx')
    .selectAll()
    .where('txId', '=', txId)
    .where('orgId', '=', orgId)
    .executeTakeFirst();
  if (!original) throw new ApiFailure(Code.notFound, '交易记录不存在');
  if (original.reversedByTxId !== null || original.reversesTxId !== null)
    throw new ApiFailure(Code.tradeVoided);
  const entries = await db
    .selectFrom('ledgerEntry as e')
    .innerJoin('ledgerAccount as a', 'a.accountId', 'e.accountId')
    .select(['a.ownerType', 'a.ownerId', 'a.kind', 'a.sub', 'e.amountFen'])
    .where('e.txId', '=', txId)
    .execute();
  return postTrade(db, {
    orgId,
    txType: by.txType,
    tradeType: original.tradeType,
    payWay: original.payWay,
    oldmanId: original.oldmanId,
    memo: by.memo ?? `冲销 #${txId}`,
    refType: original.refType,
    refId: original.refId,
    operatorId: by.operatorId ?? null,
    operatorName: by.operatorName ?? '',
    reversesTxId: txId,
    allowNegative: by.allowNegative,
    lines: entries.map((e) => ({
      account: {
        ownerType: e.ownerType as OwnerType,
        ownerId: e.ownerId,
        kind: e.kind as AccountKind,
        sub: e.sub,
      },
      amountFen: -e.amountFen,
    })),
  });
}

async function accountRow(db: Db, orgId: number, ref: AccountRef) {
  const where = db
    .selectFrom('ledgerAccount')
    .select(['accountId', 'balanceFen'])
    .where('orgId', '=', orgId)
    .where('ownerType', '=', ref.ownerType)
    .where('ownerId', '=', ref.ownerId)
    .where('kind', '=', ref.kind)
    .where('sub', '=', ref.sub ?? '');
  const found = await where.executeTakeFirst();
  if (found) return found;
  return db
    .insertInto('ledgerAccount')
    .values({
      orgId,
      ownerType: ref.ownerType,
      ownerId: ref.ownerId,
      kind: ref.kind,
      sub: ref.sub ?? '',
      balanceFen: 0,
    })
    .returning(['accountId', 'balanceFen'])
    .executeTakeFirstOrThrow();
}

/** Shown balances of one owner's accounts, by kind (sub-accounts added up). Missing kinds are 0. */
export async function ownerBalances(
  db: Db,
  orgId: number,
  ownerType: OwnerType,
  ownerIds: readonly number[],
): Promise<Map<number, Partial<Record<AccountKind, number>>>> {
  const result = new Map<number, Partial<Record<AccountKind, number>>>();
  if (ownerIds.length === 0) return result;
  const rows = await db
    .selectFrom('ledgerAccount')
    .select(['ownerId', 'kind', (eb) => eb.fn.sum<number>('balanceFen').as('raw')])
    .where('orgId', '=', orgId)
    .where('ownerType', '=', ownerType)
    .where('ownerId', 'in', ownerIds)
    .groupBy(['ownerId', 'kind'])
    .execute();
  for (const row of rows) {
    const kinds = result.get(row.ownerId) ?? {};
    kinds[row.kind as AccountKind] = shownBalance(row.kind as AccountKind, Number(row.raw));
    result.set(row.ownerId, kinds);
  }
  return result;
}

export interface Reconciliation {
  ok: boolean;
  accounts: number;
  trades: number;
  entries: number;
  /** Sum of every raw balance of the organisation: 0 when the book balances. */
  totalFen: number;
  /** Shown totals per kind of account, in fen. */
  byKind: Partial<Record<AccountKind, number>>;
  /** Each problem found, in Chinese (empty when ok). */
  problems: string[];
}

/**
 * Proves the organisation's book to the fen: every trade adds up to zero, every account's balance
 * is the sum of its lines and equals its last running balance, each running balance follows from
 * the one before, and all balances add up to zero.
 */
export async function reconcile(db: Db, orgId: number): Promise<Reconciliation> {
  const problems: string[] = [];
  const unbalanced = await sql<{ txId: number; total: number }>`
    select t.txId, sum(e.amountFen) as total from ledgerTx t join ledgerEntry e on e.txId = t.txId
    where t.orgId = ${orgId} group by t.txId having sum(e.amountFen) <> 0`.execute(db);
  for (const row of unbalanced.rows) problems.push(`交易 #${row.txId} 借贷不平：差 ${row.total} 分`);

  const drift = await sql<{ accountId: number; balanceFen: number; summed: number; last: number | null }>`
    select a.accountId, a.balanceFen,
      coalesce((select sum(amountFen) from ledgerEntry where accountId = a.accountId), 0) as summed,
      (select balanceAfterFen from ledgerEntry where accountId = a.accountId order by entryId desc limit 1) as last
    from ledgerAccount a where a.orgId = ${orgId}`.execute(db);
  for (const row of drift.rows) {
    if (row.balanceFen !== row.summed || (row.last ?? 0) !== row.balanceFen)
      problems.push(`账户 #${row.accountId} 余额 ${row.balanceFen} 分与明细合计 ${row.summed} 分不符`);
  }

  const chain = await sql<{ entryId: number }>`
    select entryId from (
      select e.entryId, e.amountFen, e.balanceAfterFen,
        lag(e.balanceAfterFen, 1, 0) over (partition by e.accountId order by e.entryId) as before
      from ledgerEntry e join ledgerAccount a on a.accountId = e.accountId where a.orgId = ${orgId}
    ) chained where balanceAfterFen <> before + amountFen`.execute(db);
  for (const row of chain.rows) problems.push(`明细 #${row.entryId} 的滚动余额不连续`);

  const kinds = await db
    .selectFrom('ledgerAccount')
    .select([
      'kind',
      (eb) => eb.fn.sum<number>('balanceFen').as('raw'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('orgId', '=', orgId)
    .groupBy('kind')
    .execute();
  let totalFen = 0;
  let accounts = 0;
  const byKind: Partial<Record<AccountKind, number>> = {};
  for (const row of kinds) {
    totalFen += Number(row.raw);
    accounts += Number(row.n);
    byKind[row.kind as AccountKind] = shownBalance(row.kind as AccountKind, Number(row.raw));
  }
  if (totalFen !== 0) problems.push(`全部账户合计 ${totalFen} 分，不为零`);

  const counts = await sql<{ trades: number; entries: number }>`
    select (select count(*) from ledgerTx where orgId = ${orgId}) as trades,
      (select count(*) from ledgerEntry e join ledgerTx t on t.txId = e.txId where t.orgId = ${orgId}) as entries`.execute(
    db,
  );
  const { trades = 0, entries = 0 } = counts.rows[0] ?? {};
  return { ok: problems.length === 0, accounts, trades, entries, totalFen, byKind, problems };
}

/** Rows per multi-row statement of postTrades (at most 13 parameters a row: within both databases' limits). */
const BATCH_ROWS = 1000;

const chunks = <T>(items: readonly T[], size = BATCH_ROWS): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Writes many trades of one organisation as postTrade writes each, in a handful of statements instead of
 * a dozen per trade (month-end bills: ten thousand trades; each statement is a round trip to
 * PostgreSQL). Balances run through the trades in order, each line checked as postTrade checks it; a
 * refusal throws before anything is written. Trades that reverse another go through postTrade.
 */
export async function postTrades(
  db: Db,
  orgId: number,
  inputs: readonly TradeInput[],
): Promise<PostedTrade[]> {
  if (inputs.length === 0) return [];
  const trades = inputs.map((input) => {
    if (input.orgId !== orgId || input.reversesTxId !== undefined)
      throw new Error('postTrades: one organisation, no reversals');
    return { input, lines: mergedLines(input) };
  });

  // every account the trades touch: read at once, the missing ones made at once
  const refs = new Map<string, AccountRef>();
  for (const t of trades) for (const l of t.lines) refs.set(accountKey(l.account), l.account);
  const accounts = new Map<string, { accountId: number; balanceFen: number }>();
  const owners = [...new Set([...refs.values()].map((r) => r.ownerId))];
  for (const part of chunks(owners)) {
    const rows = await db
      .selectFrom('ledgerAccount')
      .select(['accountId', 'balanceFen', 'ownerType', 'ownerId', 'kind', 'sub'])
      .where('orgId', '=', orgId)
      .where('ownerId', 'in', part)
      .execute();
    for (const r of rows) {
      const key = accountKey({
        ownerType: r.ownerType as OwnerType,
        ownerId: r.ownerId,
        kind: r.kind as AccountKind,
        sub: r.sub,
      });
      if (refs.has(key)) accounts.set(key, { accountId: r.accountId, balanceFen: r.balanceFen });
    }
  }
  const missing = [...refs.entries()].filter(([key]) => !accounts.has(key));
  for (const part of chunks(missing)) {
    const made = await db
      .insertInto('ledgerAccount')
      .values(
        part.map(([, ref]) => ({
          orgId,
          ownerType: ref.ownerType,
          ownerId: ref.ownerId,
          kind: ref.kind,
          sub: ref.sub ?? '',
          balanceFen: 0,
        })),
      )
      .returning(['accountId', 'ownerType', 'ownerId', 'kind', 'sub'])
      .execute();
    for (const r of made)
      accounts.set(
        accountKey({
          ownerType: r.ownerType as OwnerType,
          ownerId: r.ownerId,
          kind: r.kind as AccountKind,
          sub: r.sub,
        }),
        { accountId: r.accountId, balanceFen: 0 },
      );
  }

  // balances run through the trades in order, checked as postTrade checks them
  const posted = trades.map(({ input, lines }) => {
    const balances = new Map<string, number>();
    const entries = lines.map((line) => {
      const key = accountKey(line.account);
      const account = accounts.get(key);
      if (!account) throw new Error(`account not made: ${key}`);
      const { after, shown } = balanceAfter(account.balanceFen, line, input);
      account.balanceFen = after;
      balances.set(key, shown);
      return { accountId: account.accountId, amountFen: line.amountFen, balanceAfterFen: after };
    });
    return { input, entries, balances };
  });

  const createTime = nowStamp();
  const txIds: number[] = [];
  for (const part of chunks(posted)) {
    const rows = await db
      .insertInto('ledgerTx')
      .values(
        part.map(({ input }) => ({
          orgId,
          txType: input.txType,
          tradeType: input.tradeType ?? null,
          payWay: input.payWay ?? null,
          oldmanId: input.oldmanId ?? null,
          memo: input.memo ?? '',
          refType: input.refType ?? null,
          refId: input.refId ?? null,
          reversesTxId: null,
          reversedByTxId: null,
          operatorId: input.operatorId ?? null,
          operatorName: input.operatorName ?? '',
          createTime,
        })),
      )
      .returning('txId')
      .execute();
    // ids are given in the order of the rows of one statement
    txIds.push(...rows.map((r) => r.txId).sort((a, b) => a - b));
  }
  const entries = posted.flatMap((p, i) => p.entries.map((e) => ({ txId: txIds[i] as number, ...e })));
  for (const part of chunks(entries)) await db.insertInto('ledgerEntry').values(part).execute();
  const finals = [...new Map([...accounts.values()].map((a) => [a.accountId, a.balanceFen])).entries()];
  await setColumnByIds(db, 'ledgerAccount', 'accountId', 'balanceFen', finals);
  return posted.map((p, i) => ({ txId: txIds[i] as number, balances: p.balances }));
}

/**
 * Sets one number column of many rows by id, in a statement per thousand rows (`update … from (values …)`,
 * which SQLite and PostgreSQL both take; their VALUES columns are column1, column2).
 */
export async function setColumnByIds(
  db: Db,
  table: 'ledgerAccount' | 'ledgerTx',
  idColumn: string,
  column: string,
  pairs: readonly (readonly [number, number])[],
) {
  for (const part of chunks(pairs))
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = v.column2
      from (values ${sql.join(part.map(([id, value]) => sql`(${id}, ${value})`))}) as v
      where ${sql.ref(`${table}.${idColumn}`)} = v.column1`.execute(db);
}
