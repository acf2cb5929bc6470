import { sql } from 'kysely';
import { localDay, nowStamp } from '../../../domain/clock.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import type { Db } from '../../../server/db/index.js';
import { postTrade } from '../../../server/ledger/ledger.js';
import { TxType } from '../resources/costCommon.js';
import { cashAccount, elderAccount, line, stampReceipt } from './book.js';
import { type ElderRow, writeMonthBill } from './monthEnd.js';
import { billSources } from './sources.js';

/** Last month as YYYY-MM, by the home's calendar. */
export function previousMonth(now = new Date()): string {
  return localDay(new Date(now.getFullYear(), now.getMonth() - 1, 1).getTime()).slice(0, 7);
}

/**
 * The billing settings every institution starts with (charge categories and items, care-level
 * fees, one discount of each kind), and for the demonstration institution a month of money:
 * admission deposits and prepayments of residents and last month's bills (unpaid).
 * Runs once per organisation (when it has no charge category yet). A real home (`demo` false) gets the
 * categories, items and care levels, to set its own prices in; no discounts and no money.
 */
export async function seedBilling(db: Db, demo = true): Promise<void> {
  const orgs = await db.selectFrom('org').select('orgId').orderBy('orgId').execute();
  for (const [i, { orgId }] of orgs.entries()) {
    const has = await sql<{
      n: number;
    }>`select count(*) as n from projectCategory where orgId = ${orgId}`.execute(db);
    if (Number(has.rows[0]?.n ?? 0) > 0) continue;
    await db.transaction().execute(async (trx) => {
      const now = nowStamp();
      // Residents seeded before check-in dates were kept get a plausible one (bills count days from it).
      await sql`update oldman set checkInDate = date('2023-01-01', '+' || ((oldmanId * 37) % 900) || ' days')
        where orgId = ${orgId} and oldmanStatus in (1, 4) and checkInDate is null`.execute(trx);
      // Those who left did so within the last year (the dashboard's 近12个月退住), after a stay of some
      // months (some of them began within the year: 近12个月入住)
      await sql`update oldman set leaveDate = date('now', 'localtime', '-' || (5 + (oldmanId * 53) % 330) || ' days')
        where orgId = ${orgId} and oldmanStatus = ${LiveStatus.quit} and leaveDate is null`.execute(trx);
      await sql`update oldman set checkInDate = date(leaveDate, '-' || (60 + (oldmanId * 29) % 400) || ' days')
        where orgId = ${orgId} and oldmanStatus = ${LiveStatus.quit} and checkInDate is null`.execute(trx);
      const category = async (name: string, sort: number) =>
        Number(
          (
            await sql<{
              id: number;
            }>`insert into projectCategory (orgId, projectCategoryName, sort, createTime, updateTime)
              values (${orgId}, ${name}, ${sort}, ${now}, ${now}) returning projectCategoryId as id`.execute(
              trx,
            )
          ).rows[0]?.id,
        );
      const bed = await category('床位费', 1);
      await category('护理费', 2);
      const meal = await category('伙食费', 3);
      const other = await category('其他费用', 4);
      const project = (
        name: string,
        cat: number,
        price: number,
        unit: number,
        scope: number,
        sort: number,
        byBed = 0,
      ) =>
        sql`insert into costProject (orgId, projectName, projectCategoryId, price, chargeUnit, chargeScope, priceByBed,
            status, sort, createTime, updateTime)
            values (${orgId}, ${name}, ${cat}, ${price}, ${unit}, ${scope}, ${byBed}, 1, ${sort}, ${now}, ${now})`.execute(
          trx,
        );
      // the bed charge: 1,800.00 a month, or the bed's own price where 机构档案 gives it one
      await project('床位费', bed, 180000, 1, 1, 1, 1);
      await project('伙食费', meal, 90000, 1, 1, 2);
      await project('单人间差价', bed, 60000, 1, 0, 3);
      await project('水电费', other, 500, 2, 0, 4);
      await project('陪护费', other, 15000, 3, 0, 5);
      for (const [sort, [levelName, fee]] of (
        [
          ['自理', 30000],
          ['半护理', 80000],
          ['全护理', 150000],
          ['特级护理', 250000],
        ] as const
      ).entries())
        await sql`insert into careLevel (orgId, levelName, monthlyFee, sort, createTime, updateTime)
          values (${orgId}, ${levelName}, ${fee}, ${sort + 1}, ${now}, ${now})`.execute(trx);
      // a real home (SEED_DEMO=off) sets its own discounts; it has no made-up money either
      if (!demo) return;
      const year = now.slice(0, 4);
      await sql`insert into discountRule (orgId, discountRuleName, ruleType, threshold, benefit, startDate, endDate, status,
          createTime, updateTime) values (${orgId}, '预存满一万赠三百', 1, 1000000, 30000, ${`${year}-01-01`}, null, 1, ${now}, ${now})`.execute(
        trx,
      );
      await sql`insert into discountRule (orgId, discountRuleName, ruleType, threshold, benefit, startDate, endDate, status,
          createTime, updateTime) values (${orgId}, '月费满五千减一百', 2, 500000, 10000, ${`${year}-01-01`}, null, 0, ${now}, ${now})`.execute(
        trx,
      );
      if (i !== 0) return;
      const elders =
        await sql<ElderRow>`select oldmanId, oldmanName, oldmanIdcard, deptId, oldmanStatus, nursingLevel,
          checkInDate, leaveDate, bedId from oldman where orgId = ${orgId} and oldmanStatus in (1, 4)
          and checkInDate is not null order by oldmanId limit 60`.execute(trx);
      const who = { operatorId: null, operatorName: '系统初始化' };
      const sources = await billSources(trx, orgId);
      const month = previousMonth();
      for (const [n, e] of elders.rows.entries()) {
        const deposit = await postTrade(trx, {
          orgId,
          txType: TxType.receive,
          tradeType: 2,
          payWay: '8',
          oldmanId: e.oldmanId,
          memo: '入院押金（转账）',
          ...who,
          lines: [line(cashAccount(8), 500000), line(elderAccount(e.oldmanId, 'deposit'), 500000)],
        });
        await stampReceipt(trx, orgId, deposit.txId);
        const prestoreFen = 300000 + (n % 5) * 100000;
        const prestore = await postTrade(trx, {
          orgId,
          txType: TxType.receive,
          tradeType: 1,
          payWay: '2',
          oldmanId: e.oldmanId,
          memo: '预存款收款（现金）',
          ...who,
          lines: [line(cashAccount(2), prestoreFen), line(elderAccount(e.oldmanId, 'prestore'), prestoreFen)],
        });
        await stampReceipt(trx, orgId, prestore.txId);
        if (e.checkInDate && e.checkInDate <= `${month}-31`)
          await writeMonthBill(trx, orgId, e, month, [], sources, who);
      }
    });
  }
}
