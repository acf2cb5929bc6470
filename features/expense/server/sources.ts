import { sql } from 'kysely';
import type { Db } from '../../../server/db/index.js';
import type {
  BillSources,
  ChargeProject,
  CostSetting,
  DiscountRule,
  ElderLevelChange,
  LevelFeeChange,
} from './monthBill.js';

/** Rows grouped by a key, in the order read. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const list = out.get(key(r)) ?? [];
    list.push(r);
    out.set(key(r), list);
  }
  return out;
}

/** Enabled charge items, care level fees and discount rules of an organisation. */
export async function billSources(
  db: Db,
  orgId: number,
): Promise<BillSources & { giftRules: DiscountRule[] }> {
  const projects = await sql<ChargeProject>`select projectId, projectName, price, chargeUnit, chargeScope,
    coalesce(priceByBed, 0) as priceByBed
    from costProject where orgId = ${orgId} and coalesce(status, 1) = 1 order by sort, projectId`.execute(db);
  // beds priced in 机构档案 price the bed charge item (features/expense/server/monthBill.ts unitPrice)
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
  // 护理等级 changes (features/care/server/levelHistory.ts): bills charge each day at that day's level and fee
  const feeChanges = await sql<
    LevelFeeChange & { levelName: string }
  >`select levelName, effectiveDate, oldFee, newFee
    from careLevelFeeChange where orgId = ${orgId} order by effectiveDate, changeId`.execute(db);
  const elderChanges = await sql<
    ElderLevelChange & { oldmanId: number }
  >`select oldmanId, effectiveDate, oldLevel, newLevel
    from elderLevelChange where orgId = ${orgId} order by effectiveDate, changeId`.execute(db);
  return {
    levelFeeChanges: groupBy(feeChanges.rows, (r) => r.levelName),
    elderLevelChanges: groupBy(elderChanges.rows, (r) => r.oldmanId),
    projects: new Map(projects.rows.map((p) => [p.projectId, p])),
    levelFees: new Map(levels.rows.map((l) => [l.levelName, { levelName: l.levelName, fee: l.monthlyFee }])),
    discountRules: rules.rows.filter((r) => Number(r.ruleType) === 2),
    bedPrices: new Map(bedPrices.rows.map((b) => [b.bedId, b.price])),
    giftRules: rules.rows.filter((r) => Number(r.ruleType) === 1),
  };
}

/** The standing charges (费用设置) of these elders, by elder. */
export async function costSettings(
  db: Db,
  orgId: number,
  ids: readonly number[],
): Promise<Map<number, CostSetting[]>> {
  const out = new Map<number, CostSetting[]>();
  if (!ids.length) return out;
  const rows = await sql<
    CostSetting & { oldmanId: number }
  >`select oldmanId, projectId, price, quantity, startMonth, endMonth
    from costSet where orgId = ${orgId}`.execute(db);
  const wanted = new Set(ids);
  for (const r of rows.rows) {
    if (!wanted.has(r.oldmanId)) continue;
    const list = out.get(r.oldmanId) ?? [];
    list.push(r);
    out.set(r.oldmanId, list);
  }
  return out;
}
