import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { BillStatus } from '../../../machines/billMachine.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import { placesOfBeds } from '../../../server/db/bedPlaces.js';
import type { Db } from '../../../server/db/index.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { postTrades, setColumnByIds, type TradeInput } from '../../../server/ledger/ledger.js';
import type { BillPreview } from '../resources/costBills.js';
import { TxType } from '../resources/costCommon.js';
import { discountAccount, elderAccount, incomeOf, line, type Operator } from './book.js';
import { type CostSetting, monthBill } from './monthBill.js';
import { billSources, costSettings } from './sources.js';

/**
 * Month-end billing (spec 001 "Expense": 生成账单): each resident present in the month and not yet
 * billed for it gets one bill from the charge items, the care level, their own cost settings and the
 * 满免 rules (monthBill.ts), charged to the money book in the same step.
 */

/** An elder as billing reads them. */
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

const residents = [LiveStatus.living, LiveStatus.trial];

/** The trade of a month's bill: the elder owes what is payable, the discount and each charge's income. */
function billTrade(
  orgId: number,
  elder: ElderRow,
  month: string,
  bill: NonNullable<ReturnType<typeof monthBill>>,
  who: Operator,
): TradeInput {
  const charges = bill.lines.filter((l) => l.kind === 'charge');
  return {
    orgId,
    txType: TxType.bill,
    oldmanId: elder.oldmanId,
    memo: `${month} 月账单`,
    ...who,
    lines: [
      line(elderAccount(elder.oldmanId, 'receivable'), bill.payableFen),
      ...(bill.discountFen > 0 && bill.discountRule
        ? [line(discountAccount(`rule:${bill.discountRule.setId}`), bill.discountFen)]
        : []),
      ...charges.map((l) => line(incomeOf(l.projectId), l.amountFen)),
    ],
  };
}

/**
 * Writes one elder's bill for a month: the bill, its lines and the charge trade (receivable
 * against income, discounts as an expense). Returns null when there is nothing to bill.
 */
export async function writeMonthBill(
  db: Db,
  orgId: number,
  elder: ElderRow,
  month: string,
  settings: CostSetting[],
  sources: Awaited<ReturnType<typeof billSources>>,
  who: Operator,
): Promise<number | null> {
  return (await writeMonthBills(db, orgId, month, [{ elder, settings }], sources, who))[0] ?? null;
}

/**
 * Writes the month's bills of many elders as writeMonthBill writes one, in a few statements per
 * thousand residents (each statement is a round trip to PostgreSQL: ten thousand bills one by one took
 * 73 s there). Returns the new bills' ids; an elder with nothing to bill gets none.
 */
export async function writeMonthBills(
  db: Db,
  orgId: number,
  month: string,
  elders: readonly { elder: ElderRow; settings: CostSetting[] }[],
  sources: Awaited<ReturnType<typeof billSources>>,
  who: Operator,
): Promise<number[]> {
  const bills = elders.flatMap(({ elder, settings }) => {
    const bill = monthBill(elder, month, settings, sources);
    return bill && bill.totalFen !== 0 ? [{ elder, bill }] : [];
  });
  const posted = await postTrades(
    db,
    orgId,
    bills.map(({ elder, bill }) => ({ ...billTrade(orgId, elder, month, bill, who), refType: 'bill' })),
  );
  const billIds = new Map<number, number>();
  const createTime = nowStamp();
  for (let at = 0; at < bills.length; at += 1000) {
    const rows = await db
      .insertInto('bill')
      .values(
        bills.slice(at, at + 1000).map(({ elder, bill }, i) => ({
          orgId,
          deptId: elder.deptId,
          oldmanId: elder.oldmanId,
          billMonth: month,
          billStatus: BillStatus.unpaid,
          totalFen: bill.totalFen,
          discountFen: bill.discountFen,
          payableFen: bill.payableFen,
          chargeTxId: posted[at + i]?.txId as number,
          payTxId: null,
          payWay: null,
          payTime: null,
          settleId: null,
          remark: '',
          createBy: who.operatorId,
          createTime,
        })),
      )
      .returning(['billId', 'oldmanId'])
      .execute();
    for (const r of rows) billIds.set(r.oldmanId, r.billId);
  }
  const idOf = (elder: ElderRow) => billIds.get(elder.oldmanId) as number;
  await setColumnByIds(
    db,
    'ledgerTx',
    'txId',
    'refId',
    bills.map(({ elder }, i) => [posted[i]?.txId as number, idOf(elder)] as const),
  );
  const items = bills.flatMap(({ elder, bill }) =>
    bill.lines.map((l) => ({
      billId: idOf(elder),
      projectId: l.projectId,
      projectName: l.projectName,
      quantity: l.quantity,
      unitFen: l.unitFen,
      days: l.days,
      amountFen: l.amountFen,
      kind: l.kind,
    })),
  );
  for (let at = 0; at < items.length; at += 1000)
    await db
      .insertInto('billItem')
      .values(items.slice(at, at + 1000))
      .execute();
  return bills.map(({ elder }) => idOf(elder));
}

/** Residents of the user's departments billable for a month (present that month, without a bill). */
async function billableElders(db: Db, user: SessionUser, month: string, oldmanIds?: readonly number[]) {
  const last = `${month}-31`;
  const rows = await sql<ElderRow>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.deptId, o.oldmanStatus,
      o.nursingLevel, o.checkInDate, o.leaveDate, o.bedId from oldman o
    where o.orgId = ${user.orgId} and ${inReadDepts('o.deptId', user)}
      and o.oldmanStatus in (${sql.join(residents)}) and o.checkInDate is not null and o.checkInDate <= ${last}
      ${oldmanIds ? sql`and o.oldmanId in (${sql.join(oldmanIds.length ? oldmanIds : [-1])})` : sql``}
      and not exists (select 1 from bill b where b.oldmanId = o.oldmanId and b.billMonth = ${month}
        and b.billStatus <> ${BillStatus.voided})
    order by o.oldmanId`.execute(db);
  return rows.rows;
}

/** Who generating the month would bill and for how much; nothing is written. */
export async function previewMonth(db: Db, user: SessionUser, month: string): Promise<BillPreview> {
  const elders = await billableElders(db, user, month);
  const sources = await billSources(db, user.orgId);
  const settings = await costSettings(
    db,
    user.orgId,
    elders.map((e) => e.oldmanId),
  );
  const beds = await placesOfBeds(
    db,
    elders.flatMap((e) => (e.bedId ? [e.bedId] : [])),
  );
  const list: BillPreview['list'] = [];
  for (const e of elders) {
    const bill = monthBill(e, month, settings.get(e.oldmanId) ?? [], sources);
    if (bill && bill.totalFen > 0)
      list.push({
        oldmanId: e.oldmanId,
        oldmanName: e.oldmanName,
        bedPath: (e.bedId && beds.get(e.bedId)?.path) || '',
        lines: bill.lines,
        totalFen: bill.totalFen,
        discountFen: bill.discountFen,
        payableFen: bill.payableFen,
      });
  }
  return {
    billMonth: month,
    count: list.length,
    payableSum: list.reduce((s, b) => s + b.payableFen, 0),
    list,
  };
}

/** Writes the month's bills of the billable residents (of those named, when named). */
export async function generateMonth(
  db: Db,
  user: SessionUser,
  month: string,
  oldmanIds: readonly number[] | undefined,
  who: Operator,
) {
  const elders = await billableElders(db, user, month, oldmanIds);
  const sources = await billSources(db, user.orgId);
  const settings = await costSettings(
    db,
    user.orgId,
    elders.map((e) => e.oldmanId),
  );
  const made = await writeMonthBills(
    db,
    user.orgId,
    month,
    elders.map((elder) => ({ elder, settings: settings.get(elder.oldmanId) ?? [] })),
    sources,
    who,
  );
  const created = made.length;
  const sum = await db
    .selectFrom('bill')
    .select((eb) => eb.fn.sum<number>('payableFen').as('s'))
    .where('orgId', '=', user.orgId)
    .where('billMonth', '=', month)
    .where('billStatus', '<>', BillStatus.voided)
    .executeTakeFirst();
  return { billMonth: month, created, payableSum: Number(sum?.s ?? 0) };
}
