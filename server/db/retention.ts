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
