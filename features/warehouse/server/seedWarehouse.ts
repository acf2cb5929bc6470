import { sql } from 'kysely';
import { localDateTime, nowStamp } from '../../../domain/clock.js';
import type { Db } from '../../../server/db/index.js';
import { kinds, saveDocument, type Who } from './documents.js';
import { ensureStockGuards } from './ledger.js';
import { returnLend } from './lending.js';
import { postStocktake, saveStocktake } from './stocktake.js';

const GOODS: [string, string, string, number][] = [
  // name, code, spec, price in fen
  ['成人纸尿裤（L号）', 'WP001', '包', 6800],
  ['一次性护理垫', 'WP002', '包', 3500],
  ['医用酒精75%', 'WP003', '瓶', 1200],
  ['一次性手套', 'WP004', '盒', 2500],
  ['84消毒液', 'WP005', '瓶', 900],
  ['纯棉床单', 'WP006', '件', 8900],
];

/**
 * Issue #16 demo: the database's guards on the book quantity, the goods of the warehouse and a few
 * store and deliver documents of the last days for every institution with depots.
 */
export async function seedWarehouseLedger(db: Db) {
  await ensureStockGuards(db);
  const orgs = await sql<{ orgId: number }>`select distinct orgId from storageDepot order by orgId`.execute(
    db,
  );
  for (const { orgId } of orgs.rows) {
    const have = await sql<{
      n: number;
    }>`select count(*) as n from storageSku where orgId = ${orgId}`.execute(db);
    if (Number(have.rows[0]?.n ?? 0) > 0) continue;
    const now = nowStamp();
    const skuIds: number[] = [];
    for (const [skuName, skuCode, specName, price] of GOODS) {
      const { rows } = await sql<{
        id: number;
      }>`insert into storageSku (orgId, skuName, skuCode, specId, price,
          warnQuantity, createTime, updateTime)
        values (${orgId}, ${skuName}, ${skuCode},
          (select specId from storageSpec where orgId = ${orgId} and specName = ${specName}), ${price}, 10, ${now}, ${now})
        returning skuId as id`.execute(db);
      skuIds.push(Number(rows[0]?.id));
    }
    const depots = await sql<{ depotId: number }>`select depotId from storageDepot where orgId = ${orgId}
      order by depotId limit 2`.execute(db);
    const supplier = await sql<{
      supplierId: number;
    }>`select supplierId from storageSupplier where orgId = ${orgId}
      order by supplierId limit 1`.execute(db);
    const [main, care] = depots.rows.map((d) => d.depotId);
    if (!main) continue;
    const user = { orgId, empId: null, loginName: '王建华' };
    const day = (daysAgo: number, hour: number) => {
      return `${localDateTime(Date.now() - daysAgo * 86_400_000).slice(0, 10)} ${String(hour).padStart(2, '0')}:30:00`;
    };
    const [a, b, c, e, f, g] = skuIds as [number, number, number, number, number, number];
    await db.transaction().execute(async (trx) => {
      const body = (depotId: number, lines: [number, number][], extra: Record<string, string> = {}) => ({
        depotId,
        supplierId: supplier.rows[0]?.supplierId ?? null,
        handler: '王建华',
        ...extra,
        lines: lines.map(([skuId, quantity]) => ({ skuId, quantity })),
      });
      await saveDocument(
        trx,
        kinds.store,
        user,
        body(
          main,
          [
            [a, 120],
            [b, 80],
            [c, 40],
            [e, 30],
            [f, 50],
            [g, 60],
          ],
          { remark: '月度采购' },
        ),
        true,
        day(6, 9),
      );
      if (care)
        await saveDocument(
          trx,
          kinds.store,
          user,
          body(care, [
            [a, 40],
            [b, 30],
          ]),
          false,
          day(5, 10),
        );
      await saveDocument(
        trx,
        kinds.deliver,
        user,
        body(
          main,
          [
            [a, 24],
            [b, 16],
          ],
          { receiver: '李秀兰', remark: '护理一部领用' },
        ),
        true,
        day(3, 14),
      );
      await saveDocument(
        trx,
        kinds.deliver,
        user,
        body(
          main,
          [
            [e, 6],
            [f, 10],
          ],
          { receiver: '赵德明', remark: '食堂清洁' },
        ),
        false,
        day(1, 8),
      );
      await seedOtherDocuments(trx, user, { main, care, skus: { a, b, c, g } }, day);
    });
  }
}

/**
 * The rest of issue #16's documents in the demo (yesterday, after the documents above, so the
 * ledger's balances read in time order): an expired scrap, a transfer to the nursing store,
 * bed sheets lent for an activity and partly returned, a posted stocktake of the nursing store.
 */
async function seedOtherDocuments(
  db: Db,
  user: Who,
  at: { main: number; care: number | undefined; skus: { a: number; b: number; c: number; g: number } },
  day: (daysAgo: number, hour: number) => string,
) {
  const { main, care, skus } = at;
  await saveDocument(
    db,
    kinds.scrap,
    user,
    {
      depotId: main,
      handler: '王建华',
      remark: '月度检查',
      lines: [{ skuId: skus.c, quantity: 2, reason: '超过有效期' }],
    },
    true,
    day(1, 9),
  );
  if (care)
    await saveDocument(
      db,
      kinds.transfer,
      user,
      {
        depotId: main,
        toDepotId: care,
        handler: '王建华',
        remark: '护理站补货',
        lines: [{ skuId: skus.a, quantity: 20 }],
      },
      true,
      day(1, 10),
    );
  const lent = await saveDocument(
    db,
    kinds.lend,
    user,
    {
      depotId: main,
      receiver: '活动中心刘芳',
      handler: '王建华',
      remark: '重阳节活动布置',
      lines: [{ skuId: skus.g, quantity: 10 }],
    },
    true,
    day(1, 13),
  );
  await returnLend(
    db,
    user,
    { lendId: lent.id, returner: '刘芳', lines: [{ skuId: skus.g, quantity: 6 }] },
    day(1, 16),
  );
  if (care) {
    const take = await saveStocktake(
      db,
      user,
      { depotId: care, handler: '李秀兰', remark: '周盘点' },
      day(1, 17),
    );
    const lines = await sql<{ skuId: number; bookQuantity: number }>`select skuId, bookQuantity
      from storageInventoryLine where inventoryId = ${take.id}`.execute(db);
    await saveStocktake(
      db,
      user,
      {
        inventoryId: take.id,
        lines: lines.rows.map((l) => ({
          skuId: l.skuId,
          countQuantity: Number(l.bookQuantity) - (l.skuId === skus.b ? 1 : 0),
        })),
      },
      day(1, 18),
    );
    await postStocktake(db, user, take.id, day(1, 18));
  }
}
