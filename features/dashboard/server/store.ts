import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import type { Db } from '../../../server/db/index.js';
import { DASHBOARD_PANELS, defaultShowSet, type ShowSet, showSet } from '../api.js';

/**
 * The dashboard's own table (each user's panels, in order) and the indexes its aggregates read by.
 * Made at start, after the resource tables exist (as ensureTaskIndexes does): the indexes are on
 * resource tables the numbered migrations do not make.
 */
export async function ensureDashboardStore(db: Db) {
  await sql`create table if not exists dashboardSetting (userId integer primary key, orgId integer not null,
    panels text not null, updateTime text not null)`.execute(db);
  // the resident panels: in residence (oldmanStatus) per department
  await sql`create index if not exists oldman_dash_status on oldman(orgId, oldmanStatus, deptId)`.execute(db);
  await sql`create index if not exists alarm_dash_first on alarmRecord(orgId, source, firstTime)`.execute(db);
  await sql`create index if not exists bed_dash_status on bed(orgId, useStatus, deptId, bedStatus)`.execute(
    db,
  );
  await sql`create index if not exists oldmanOut_dash_status on oldmanOut(orgId, outStatus, deptId)`.execute(
    db,
  );
  await sql`create index if not exists bill_dash_status on bill(orgId, billStatus, deptId)`.execute(db);
}

/** A user's panels: the stored order, with panels added since then shown at the end. */
export async function readShowSet(db: Db, userId: number): Promise<ShowSet> {
  const row = await sql<{
    panels: string;
  }>`select panels from dashboardSetting where userId = ${userId}`.execute(db);
  const stored = row.rows[0];
  if (!stored) return defaultShowSet();
  let parsed: ShowSet['panels'] = [];
  try {
    const list = (JSON.parse(stored.panels) as unknown[]).filter(
      (p): p is ShowSet['panels'][number] =>
        typeof p === 'object' && p !== null && DASHBOARD_PANELS.includes((p as { panel: never }).panel),
    );
    parsed = list.filter((p, i) => list.findIndex((q) => q.panel === p.panel) === i);
  } catch {
    return defaultShowSet();
  }
  const missing = DASHBOARD_PANELS.filter((panel) => !parsed.some((p) => p.panel === panel));
  return showSet.parse({ panels: [...parsed, ...missing.map((panel) => ({ panel, show: true }))] });
}

export async function writeShowSet(db: Db, orgId: number, userId: number, set: ShowSet) {
  const panels = JSON.stringify(set.panels);
  await sql`insert into dashboardSetting (userId, orgId, panels, updateTime)
    values (${userId}, ${orgId}, ${panels}, ${nowStamp()})
    on conflict (userId) do update set panels = excluded.panels, updateTime = excluded.updateTime`.execute(
    db,
  );
}
