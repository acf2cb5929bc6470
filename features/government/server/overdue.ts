import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { satisfies } from '../../../domain/authorityExpr.js';
import { localDay, nowStamp } from '../../../domain/clock.js';
import type { OverdueRectifyRemind } from '../../../domain/reminders.js';
import { RecordStatus } from '../../../domain/statuses/government.js';
import { type InspectionEvent, inspectionWorkflow } from '../../../machines/inspectionMachine.js';
import { advance } from '../../../machines/workflow.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import { onOneNode } from '../../../server/cluster/exclusive.js';
import type { Db } from '../../../server/db/index.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import type { Services } from '../../../server/services.js';
import { GovernmentAuthority as A } from '../api.js';

/** How often the server looks for rectifications past their deadline. */
const OVERDUE_CHECK_MS = 60_000;

type Due = {
  inspectRecordId: number;
  orgId: number;
  deptId: number;
  itemName: string;
  rectifyDeadline: string;
  rectifyUserName: string | null;
  recordStatus: number;
  overdue: number;
};

/** The reminder's title, pushed as a `remind` message. */
export const overdueRectifyTitle = (r: Pick<Due, 'itemName' | 'rectifyDeadline' | 'rectifyUserName'>) =>
  `整改逾期：${r.itemName}（期限 ${r.rectifyDeadline}${r.rectifyUserName ? `，责任人 ${r.rectifyUserName}` : ''}）`;

/**
 * Rectifications still 整改中 after their deadline day become 已逾期 (inspectionMachine's
 * `inspection.expire`, so the machine has the last word), once each; every one pushes a `remind` to
 * the signed-in users who may see rectifications in its department. `orgId` limits the check to
 * one institution (a list being read). Returns what was reminded.
 */
export async function expireRectifications(
  db: Db,
  services: Pick<Services, 'hub' | 'now'>,
  orgId?: number,
): Promise<{ inspectRecordId: number; title: string }[]> {
  const today = localDay(services.now());
  const due =
    await sql<Due>`select inspectRecordId, orgId, deptId, itemName, rectifyDeadline, rectifyUserName,
      recordStatus, overdue from inspectRecord
    where recordStatus = ${RecordStatus.rectifying} and rectifyDeadline < ${today}
      ${orgId === undefined ? sql`` : sql`and orgId = ${orgId}`}
    order by inspectRecordId`.execute(db);
  const sent: { inspectRecordId: number; title: string }[] = [];
  const expire: InspectionEvent = { type: 'inspection.expire', today };
  for (const r of due.rows) {
    const next = advance(inspectionWorkflow, r, expire, '逾期');
    if (!next.ok) continue;
    const changed = await sql`update inspectRecord set recordStatus = ${Number(next.fields.recordStatus)},
        overdue = 1, updateTime = ${nowStamp()}
      where inspectRecordId = ${r.inspectRecordId} and recordStatus = ${RecordStatus.rectifying}`.execute(db);
    if (!Number(changed.numAffectedRows ?? 0)) continue;
    const title = overdueRectifyTitle(r);
    services.hub.toDepartment(r.orgId, r.deptId, A.rectify, {
      type: 'remind',
      data: { remindId: r.inspectRecordId, title },
    });
    sent.push({ inspectRecordId: r.inspectRecordId, title });
  }
  return sent;
}

/** The periodic check; `stop` on app close. */
export function startRectifyWatch(services: Pick<Services, 'db' | 'hub' | 'now'>, log: FastifyBaseLogger) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    onOneNode(services.db, 'overdue rectification check', () =>
      expireRectifications(services.db, services).then(() => undefined),
    )
      .catch((error: unknown) => log.error({ err: error }, 'overdue rectification check failed'))
      .finally(() => {
        running = false;
      });
  }, OVERDUE_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The reminders list's entries for rectifications past their deadline (已逾期) in the user's data
 * departments, oldest deadline first — for those who may see 整改管理; gone once rectified.
 */
export async function overdueRectifyReminds(db: Db, user: SessionUser): Promise<OverdueRectifyRemind[]> {
  if (!satisfies(user.authority, A.rectify)) return [];
  const rows = await sql<Pick<Due, 'inspectRecordId' | 'itemName' | 'rectifyDeadline' | 'rectifyUserName'>>`
    select inspectRecordId, itemName, rectifyDeadline, rectifyUserName from inspectRecord
    where orgId = ${user.orgId} and recordStatus = ${RecordStatus.overdue} and ${inReadDepts('deptId', user)}
    order by rectifyDeadline, inspectRecordId`.execute(db);
  return rows.rows.map((r) => ({
    remindType: 'inspectionOverdue',
    remindKey: `inspectionOverdue:${r.inspectRecordId}`,
    title: overdueRectifyTitle(r),
    content: '整改已过期限，请尽快完成整改并提交照片',
    inspectRecordId: r.inspectRecordId,
    itemName: r.itemName,
    rectifyDeadline: r.rectifyDeadline,
    rectifyUserName: r.rectifyUserName,
  }));
}
