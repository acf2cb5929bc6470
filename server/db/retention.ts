import { localDateTime } from '../../domain/clock.js';
import { readConfig } from '../config.js';
import type { Db } from './index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Drops operation-log rows older than each organisation's keepLogDays (server settings). */
export async function pruneOperationLogs(db: Db, now: number): Promise<number> {
  let removed = 0;
  for (const { orgId } of await db.selectFrom('org').select('orgId').execute()) {
    const { keepLogDays } = await readConfig(db, orgId, 'serverConfigs');
    const before = localDateTime(now - keepLogDays * DAY_MS);
    const result = await db
      .deleteFrom('operationLog')
      .where('orgId', '=', orgId)
      .where('createTime', '<', before)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** The front log never holds more rows than this, whatever the settings (a backstop for the disk). */
const FRONT_LOG_MAX_ROWS = 200_000;

/**
 * Drops front-log rows older than their organisation's keepLogDays (anonymous rows by the default
 * organisation's), and the oldest beyond FRONT_LOG_MAX_ROWS.
 */
export async function pruneFrontLogs(db: Db, now: number): Promise<number> {
  let removed = 0;
  const orgs = await db.selectFrom('org').select('orgId').orderBy('orgId').execute();
  for (const [i, { orgId }] of orgs.entries()) {
    const { keepLogDays } = await readConfig(db, orgId, 'serverConfigs');
    const before = now - keepLogDays * DAY_MS;
    const result = await db
      .deleteFrom('frontLog')
      .where((eb) =>
        i === 0 ? eb.or([eb('orgId', '=', orgId), eb('orgId', 'is', null)]) : eb('orgId', '=', orgId),
      )
      .where('createdAt', '<', before)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  const edge = await db
    .selectFrom('frontLog')
    .select('id')
    .orderBy('id', 'desc')
    .offset(FRONT_LOG_MAX_ROWS)
    .limit(1)
    .executeTakeFirst();
  if (edge)
    removed += Number(
      (await db.deleteFrom('frontLog').where('id', '<=', edge.id).executeTakeFirst()).numDeletedRows,
    );
  return removed;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const lastPruned = new WeakMap<Db, number>();

/** Prunes the front log at most once an hour, called as rows are written (no timer to stop). */
export async function pruneFrontLogsHourly(db: Db, now: number): Promise<void> {
  if (now - (lastPruned.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  await pruneFrontLogs(db, now);
}
