import { sql } from 'kysely';
import { localDay, nowStamp } from '../../../domain/clock.js';
import type { Db } from '../../../server/db/index.js';

const DAY = 24 * 60 * 60 * 1000;

/** [days ago, 收支事项, 1 收入 / 2 支出, fen, pay way (batchPayWay), 经手人, 备注] */
const records: [number, string, 1 | 2, number, number, string, string][] = [
  [26, '民政局运营补贴（第三季度）', 1, 3680000, 8, '王建国', '按实际入住床位数核拨'],
  [19, '采购护理耗材（纸尿裤、护理垫）', 2, 236050, 8, '李秀英', '供应商：康乐医疗用品'],
  [12, '慈善基金会捐赠', 1, 500000, 8, '王建国', '定向用于康复器材'],
  [8, '中央空调维修', 2, 88000, 2, '王建国', ''],
  [4, '员工急救技能培训费', 2, 120000, 3, '王建国', '外请讲师两课时'],
];

/** 收支记录 of the demonstration institution: a month of the home's own income and expense. */
export async function seedInOut(db: Db): Promise<void> {
  const org = await db.selectFrom('org').select('orgId').orderBy('orgId').executeTakeFirst();
  if (!org) return;
  const has = await sql<{
    n: number;
  }>`select count(*) as n from inOutRecord where orgId = ${org.orgId}`.execute(db);
  if (Number(has.rows[0]?.n ?? 0) > 0) return;
  const now = nowStamp();
  await db.transaction().execute(async (trx) => {
    for (const [ago, itemName, direction, amount, payWay, handler, remark] of records)
      await sql`insert into inOutRecord (orgId, itemName, direction, amount, occurDate, payWay, handler, remark,
          createTime, updateTime) values (${org.orgId}, ${itemName}, ${direction}, ${amount},
          ${localDay(Date.now() - ago * DAY)}, ${payWay}, ${handler}, ${remark}, ${now}, ${now})`.execute(
        trx,
      );
  });
}
