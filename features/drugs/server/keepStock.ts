import { sql } from 'kysely';
import { today } from '../../../domain/clock.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import type { Ctx, ListRows, Row } from '../../../server/resources/engine.js';

/**
 * 代管库存 (GET keep/stock): per elder and drug, the rests of the open custody records, how many
 * there are and the nearest expiry, with the day's need from 用药设置 and the days it lasts. Read in
 * the user's data departments.
 */
export async function keepStockList(
  ctx: Ctx,
  q: Record<string, unknown>,
  page: { limit: number; offset: number } | null,
): Promise<ListRows> {
  const where = [
    sql`k.orgId = ${ctx.user.orgId}`,
    sql`k.keepState in (1, 2)`,
    inReadDepts(sql.ref('k.deptId'), ctx.user),
  ];
  if (q.oldmanId) where.push(sql`k.oldmanId = ${Number(q.oldmanId)}`);
  if (q.drugId) where.push(sql`k.drugId = ${Number(q.drugId)}`);
  const condition = sql.join(where, sql` and `);
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const day = today();
  const { rows } = await sql<Row>`select k.oldmanId, k.drugId, k.deptId,
      min(k.keepId) as stockKey,
      min(k.unit) as unit, sum(k.restQuantity) as quantity, count(*) as keepCount,
      min(k.expiryDate) as nearestExpiry,
      (select oldmanName from oldman o where o.oldmanId = k.oldmanId) as oldmanName,
      (select drugName from drugDict d where d.drugId = k.drugId) as drugName,
      (select deptName from dept p where p.deptId = k.deptId) as deptName,
      (select sum(s.dose * s.timesPerDay) from drugSet s where s.oldmanId = k.oldmanId
        and s.drugId = k.drugId and s.setStatus = 1 and s.startDate <= ${day}
        and (s.endDate is null or s.endDate = '' or s.endDate >= ${day})) as dailyDose
    from drugKeep k where ${condition}
    group by k.oldmanId, k.drugId, k.deptId order by k.oldmanId, k.drugId ${limit}`.execute(ctx.db);
  const count = await sql<{ n: number }>`select count(*) as n from (select 1 from drugKeep k
    where ${condition} group by k.oldmanId, k.drugId, k.deptId) kept`.execute(ctx.db);
  for (const r of rows) {
    r.quantity = Number(r.quantity);
    r.keepCount = Number(r.keepCount);
    const daily = r.dailyDose == null ? null : Number(r.dailyDose);
    r.dailyDose = daily;
    r.daysLeft = daily ? Math.floor(Number(r.quantity) / daily) : null;
  }
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}
