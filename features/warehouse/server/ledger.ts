import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';

/**
 * The stock ledger (issue #16), in the style of the money ledger (server/ledger): every movement is
 * a line of storageStockRecord with its signed quantity and the balance after it; storageStock keeps
 * the book quantity of each sku in each depot. The database refuses a negative book quantity by
 * itself (the triggers of ensureStockGuards), so no code path can write one.
 */
export interface MoveLine {
  depotId: number;
  skuId: number;
  /** Whole units: positive into the depot, negative out of it. */
  quantity: number;
  /** Why (a scrap line's reason). */
  reason?: string;
}

export interface Movement {
  orgId: number;
  movementType: string;
  docKind: string;
  docId: number;
  docNo: string;
  moveTime: string;
  operatorName: string;
  /** The verb in a refusal: 库存不足 …，不能出库. */
  verb: string;
  lines: MoveLine[];
}

/** The database's own guard: a book quantity below zero aborts the statement (and its transaction). */
export const STOCK_NEGATIVE = '库存不能为负数';
export async function ensureStockGuards(db: Db) {
  for (const statement of [
    'create unique index if not exists storageStock_one on storageStock(orgId, depotId, skuId)',
    // the ledger's (orgId, depotId, skuId, moveTime) index serves what this one did
    'drop index if exists storageStockRecord_i_orgId_depotId_skuId',
    `create trigger if not exists storageStock_nonneg_insert before insert on storageStock
      when new.quantity is null or new.quantity < 0 begin select raise(abort, '${STOCK_NEGATIVE}'); end`,
    `create trigger if not exists storageStock_nonneg_update before update of quantity on storageStock
      when new.quantity is null or new.quantity < 0 begin select raise(abort, '${STOCK_NEGATIVE}'); end`,
  ])
    await sql.raw(statement).execute(db);
}

async function describeLine(db: Db, line: MoveLine) {
  const { rows } = await sql<{
    skuName: string;
    specName: string | null;
    depotName: string;
    quantity: number | null;
  }>`
    select k.skuName, p.specName, d.depotName,
      (select quantity from storageStock s where s.depotId = ${line.depotId} and s.skuId = ${line.skuId}) as quantity
    from storageSku k left join storageSpec p on p.specId = k.specId, storageDepot d
    where k.skuId = ${line.skuId} and d.depotId = ${line.depotId}`.execute(db);
  const r = rows[0];
  return {
    name: r?.skuName ?? '',
    spec: r?.specName ?? '',
    depot: r?.depotName ?? '',
    have: Number(r?.quantity ?? 0),
  };
}

/**
 * Writes a document's movements. Call it inside the route's transaction: a line that would take a
 * depot below zero refuses the whole document (10801 库存不足) and nothing is written.
 */
export async function postMovements(db: Db, m: Movement): Promise<void> {
  for (const line of m.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity === 0)
      throw new Error(`movement is not a whole non-zero quantity: ${line.quantity}`);
    await sql`insert into storageStock (orgId, depotId, skuId, quantity, lastMoveTime, createTime, updateTime)
      values (${m.orgId}, ${line.depotId}, ${line.skuId}, 0, ${m.moveTime}, ${m.moveTime}, ${m.moveTime})
      on conflict (orgId, depotId, skuId) do nothing`.execute(db);
    // One conditional statement takes the units: fifty clerks at the last units, the book says who.
    const { rows } = await sql<{ quantity: number }>`update storageStock
      set quantity = quantity + ${line.quantity}, lastMoveTime = ${m.moveTime}, updateTime = ${m.moveTime}
      where orgId = ${m.orgId} and depotId = ${line.depotId} and skuId = ${line.skuId}
        and quantity + ${line.quantity} >= 0
      returning quantity`.execute(db);
    const after = rows[0];
    if (!after) {
      const d = await describeLine(db, line);
      throw new ApiFailure(
        Code.stockInsufficient,
        `库存不足：${d.name}在${d.depot}现有${d.have}${d.spec}，不能${m.verb}${-line.quantity}${d.spec}`,
      );
    }
    await sql`insert into storageStockRecord (orgId, moveTime, movementType, docNo, depotId, skuId, quantity,
        balanceAfter, reason, docKind, docId, operatorName, createTime, updateTime)
      values (${m.orgId}, ${m.moveTime}, ${m.movementType}, ${m.docNo}, ${line.depotId}, ${line.skuId},
        ${line.quantity}, ${after.quantity}, ${line.reason ?? ''}, ${m.docKind}, ${m.docId}, ${m.operatorName}, ${m.moveTime}, ${m.moveTime})`.execute(
      db,
    );
  }
}

export interface Mismatch {
  depotId: number;
  skuId: number;
  book: number;
  moved: number;
}

/** Book quantity = sum of movements, for every sku and depot of the institution (both directions). */
export async function reconcile(db: Db, orgId: number) {
  const { rows } = await sql<Mismatch>`
    select depotId, skuId, sum(book) as book, sum(moved) as moved from (
      select depotId, skuId, quantity as book, 0 as moved from storageStock where orgId = ${orgId}
      union all
      select depotId, skuId, 0 as book, quantity as moved from storageStockRecord where orgId = ${orgId}
    ) books group by depotId, skuId`.execute(db);
  const mismatches = rows
    .map((r) => ({
      depotId: Number(r.depotId),
      skuId: Number(r.skuId),
      book: Number(r.book),
      moved: Number(r.moved),
    }))
    .filter((r) => r.book !== r.moved);
  return { balanced: mismatches.length === 0, checked: rows.length, mismatches };
}
