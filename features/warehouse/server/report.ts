import { sql } from 'kysely';
import { localDay } from '../../../domain/clock.js';
import type { Db } from '../../../server/db/index.js';
import type { ListRows, ResourceHooks } from '../../../server/resources/engine.js';
import { tableVersions } from '../../../server/resources/fastRead.js';
import { MovementType as M } from '../api.js';
import { stockReportFigures } from '../resources.js';

/** The first moment of the month after `month` (YYYY-MM), as the ledger writes times. */
export function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { start: `${month}-01 00:00:00`, end: `${next}-01 00:00:00` };
}

const inOut = (type: string, sign: '>' | '<') =>
  sql`coalesce(sum(case when m.movementType = ${type} and m.quantity ${sql.raw(sign)} 0 then m.quantity else 0 end), 0)`;
const net = (type: string) =>
  sql`coalesce(sum(case when m.movementType = ${type} then m.quantity else 0 end), 0)`;

/** The book of a depot's goods just before `at`: the balance after its last earlier movement. */
const balanceBefore = (at: string) => sql`coalesce((select r.balanceAfter from storageStockRecord r
  where r.orgId = s.orgId and r.depotId = s.depotId and r.skuId = s.skuId and r.moveTime < ${at}
  order by r.moveTime desc, r.recordId desc limit 1), 0)`;

/**
 * 库存月报 from the ledger in one statement. Every movement line carries the book after it, so the
 * opening and closing quantities are one index seek each per depot and goods (the last line before
 * the month, the last line in it), whatever the month's age; the month's own lines are summed by
 * kind. A red punch is a negative line of its own kind, so 入库 and 出库 are net of their reversals;
 * transfers and stocktakes count each direction apart. Rows with nothing at either end and no
 * movement in the month are left out.
 */
export async function stockReport(
  ctx: Parameters<NonNullable<ResourceHooks['list']>>[0],
  query: Record<string, unknown>,
  page: { limit: number; offset: number } | null,
): Promise<ListRows> {
  const month = (query.month as string | undefined) ?? localDay(ctx.services.now()).slice(0, 7);
  const org = ctx.user.orgId;
  const depotId = query.depotId as number | undefined;
  const skuId = query.skuId as number | undefined;
  const key = `${org}|${month}|${depotId ?? ''}|${skuId ?? ''}`;
  const versions = (await tableVersions(ctx.db, READS))?.join(',');
  let all = versions ? keptReports.get(key)?.(versions) : undefined;
  if (!all) {
    all = await readReport(ctx.db, org, month, depotId, skuId);
    if (versions) keep(key, versions, all);
  }
  return {
    rows: page ? all.slice(page.offset, page.offset + page.limit) : all,
    total: all.length,
  };
}

async function readReport(db: Db, org: number, month: string, depotId?: number, skuId?: number) {
  const { start, end } = monthBounds(month);
  // (the figures are filtered by their names one level up: PostgreSQL has no names of the select list in having)
  const { rows } = await sql<Record<string, number | string | null>>`select * from (
    select s.stockId, s.depotId, s.skuId, dp.depotName, k.skuName,
      ${balanceBefore(start)} as opening, ${balanceBefore(end)} as closing, count(m.quantity) as moves,
      ${net(M.STORE)} as storeIn, ${net(M.RETURN)} as returnIn,
      ${inOut(M.TRANSFER, '>')} as transferIn, ${inOut(M.INVENTORY, '>')} as inventoryGain,
      -${net(M.DELIVER)} as deliverOut, -${net(M.LEND)} as lendOut, -${net(M.SCRAP)} as scrapOut,
      -${inOut(M.TRANSFER, '<')} as transferOut, -${inOut(M.INVENTORY, '<')} as inventoryLoss
    from storageStock s
    join storageDepot dp on dp.depotId = s.depotId
    join storageSku k on k.skuId = s.skuId
    left join storageStockRecord m on m.orgId = s.orgId and m.depotId = s.depotId and m.skuId = s.skuId
      and m.moveTime >= ${start} and m.moveTime < ${end}
    where s.orgId = ${org} ${depotId ? sql`and s.depotId = ${depotId}` : sql``}
      ${skuId ? sql`and s.skuId = ${skuId}` : sql``}
    group by s.stockId, dp.depotId, k.skuId
    ) figures
    where opening <> 0 or closing <> 0 or moves > 0
    order by depotName, skuName, stockId`.execute(db);
  const figures = stockReportFigures.map(([name]) => name);
  return rows.map((r) => {
    const row: Record<string, unknown> = {
      stockId: Number(r.stockId),
      month,
      depotId: Number(r.depotId),
      depotName: String(r.depotName),
      skuId: Number(r.skuId),
      skuName: String(r.skuName),
    };
    for (const f of figures) row[f] = Number(r[f] ?? 0);
    return row;
  });
}

/**
 * The last few reports read, each with the ledger's version it was read at: turning the pages of a
 * report reads it once, and any movement reads it afresh.
 */
const keptReports = new Map<string, (versions: string) => Record<string, unknown>[] | undefined>();
function keep(key: string, versions: string, rows: Record<string, unknown>[]) {
  keptReports.delete(key);
  keptReports.set(key, (now) => (now === versions ? rows : undefined));
  if (keptReports.size > 8) keptReports.delete(keptReports.keys().next().value as string);
}

const READS = ['storageDepot', 'storageSku', 'storageStock', 'storageStockRecord'];

export const stockReportHooks: ResourceHooks = {
  list: stockReport,
  // kept and sent again until the ledger moves
  listReads: READS,
};
