import { sql } from 'kysely';
import type { Db } from '../../../server/db/index.js';
import type { Row } from '../../../server/resources/engine.js';
import { SignType } from '../api/careHealth.js';

/**
 * The elder's weight is one fact with one owner: the 体重 readings (护理计划 › 体重, a measuring task's
 * 完成, 录入体征), kept with their history and one decimal. The archive's 体重（kg） and its 测量时间 are
 * the newest reading, shown and never typed there (docs/decisions.md "One weight, the readings'").
 * An archive whose whole-kilogram weight was typed before (a home set up earlier keeps the old
 * column) shows that value until the elder's first reading.
 */
export async function addLatestWeights(db: Db, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => Number(r.oldmanId)).filter(Number.isInteger))];
  if (!ids.length) return;
  // the newest reading of each elder; newest entered first, so the first one seen of an elder wins a tie
  const found = await sql<{ oldmanId: number; weight: string; measureTime: string }>`
    select s.oldmanId, s.weight, s.measureTime from piOldmanSign s
    where s.signType = ${SignType.weight} and s.oldmanId in (${sql.join(ids)})
      and s.measureTime = (select max(l.measureTime) from piOldmanSign l
        where l.oldmanId = s.oldmanId and l.signType = s.signType)
    order by s.signId desc`.execute(db);
  const newest = new Map<number, { weight: string; measureTime: string }>();
  for (const r of found.rows) if (!newest.has(r.oldmanId)) newest.set(r.oldmanId, r);
  for (const row of rows) {
    const reading = newest.get(Number(row.oldmanId));
    const typed = row.weightKg;
    row.weightKg = reading ? reading.weight : typed === null || typed === undefined ? null : String(typed);
    row.weightTime = reading ? reading.measureTime : null;
  }
}
