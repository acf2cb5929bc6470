import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { satisfies } from '../../../domain/authorityExpr.js';
import { localDateTime, localDateTimeMs, nowStamp } from '../../../domain/clock.js';
import type { Page } from '../../../domain/codes.js';
import { type OverdueOutingRemind, overdueOutingTitle } from '../../../domain/reminders.js';
import { LiveAuthority } from '../../../domain/resources/oldman.js';
import { OutStatus, OVERDUE_EVENT } from '../../../domain/resources/outing.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import { onOneNode } from '../../../server/cluster/exclusive.js';
import type { Db } from '../../../server/db/index.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import type { Services } from '../../../server/services.js';

/** How often the server looks for outings past their expected return. */
const OVERDUE_CHECK_MS = 60_000;

interface Overdue {
  outId: number;
  orgId: number;
  deptId: number;
  oldmanId: number;
  oldmanName: string | null;
  expectedReturnTime: string;
}

/**
 * Outings out past their expected return time get one reminder each (again after a postponement
 * that passes too): a history row, then a `remind` push to every signed-in user who may see the
 * outing (outing authority and the elder's data department). Returns the reminders sent.
 */
export async function remindOverdueOutings(services: Pick<Services, 'db' | 'hub' | 'now'>) {
  const now = localDateTime(services.now());
  const due = await sql<Overdue>`select o.outId, o.orgId, o.deptId, o.oldmanId, m.oldmanName,
      o.expectedReturnTime from oldmanOut o left join oldman m on m.oldmanId = o.oldmanId
    where o.outStatus = ${OutStatus.out} and o.expectedReturnTime < ${now}
      and not exists (select 1 from oldmanOutRecord r where r.outId = o.outId and r.eventType = ${OVERDUE_EVENT}
        and r.expectedReturnTime = o.expectedReturnTime)
    order by o.outId`.execute(services.db);
  const sent: { remindId: number; title: string; outId: number }[] = [];
  for (const o of due.rows) {
    const title = overdueOutingTitle(o.oldmanName, o.expectedReturnTime);
    const { recordId } = await services.db
      .insertInto('oldmanOutRecord')
      .values({
        orgId: o.orgId,
        outId: o.outId,
        oldmanId: o.oldmanId,
        deptId: o.deptId,
        eventType: OVERDUE_EVENT,
        eventName: '超时未返院提醒',
        fromStatus: OutStatus.out,
        toStatus: OutStatus.out,
        expectedReturnTime: o.expectedReturnTime,
        eventTime: now,
        note: title,
        userId: null,
        userName: '系统',
        createTime: nowStamp(),
      })
      .returning('recordId')
      .executeTakeFirstOrThrow();
    services.hub.toDepartment(o.orgId, o.deptId, LiveAuthority.outing, {
      type: 'remind',
      data: { remindId: recordId, title },
    });
    sent.push({ remindId: recordId, title, outId: o.outId });
  }
  return sent;
}

interface OverdueRow {
  outId: number;
  oldmanId: number;
  oldmanName: string | null;
  deptName: string | null;
  destination: string | null;
  companionName: string | null;
  companionPhone: string | null;
  expectedReturnTime: string;
}

const overdueWhere = (user: SessionUser, nowMs: number) =>
  sql`o.orgId = ${user.orgId} and o.outStatus = ${OutStatus.out}
    and o.expectedReturnTime < ${localDateTime(nowMs)} and ${inReadDepts('o.deptId', user)}`;

/** How many overdue outings a user is reminded of (the bell's count); 0 for users who may not see outings. */
export async function overdueOutingCount(db: Db, user: SessionUser, nowMs: number): Promise<number> {
  if (!satisfies(user.authority, LiveAuthority.outing)) return 0;
  const counted = await sql<{ total: number }>`select count(*) as total from oldmanOut o
    where ${overdueWhere(user, nowMs)}`.execute(db);
  return Number(counted.rows[0]?.total ?? 0);
}

/**
 * The overdue outings a user is reminded of in the reminders list: 外出中 past the expected return
 * now, in the user's data departments, for users who may see outings; the most overdue first. Read
 * from the outings themselves, so one leaves the list as soon as the elder is back or the plan is
 * postponed past now, whether or not the periodic check has reminded of it yet.
 */
export async function overdueOutingReminds(
  db: Db,
  user: SessionUser,
  nowMs: number,
  page: { pageNum: number; pageSize: number; pageHelper?: number | undefined },
): Promise<Page<OverdueOutingRemind>> {
  const all = page.pageHelper === 0;
  const total = await overdueOutingCount(db, user, nowMs);
  if (!total)
    return { list: [], total: 0, pageNum: all ? 1 : page.pageNum, pageSize: all ? 0 : page.pageSize };
  const where = overdueWhere(user, nowMs);
  const window = all ? sql`` : sql`limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`;
  const rows = await sql<OverdueRow>`select o.outId, o.oldmanId, m.oldmanName, d.deptName, o.destination,
      o.companionName, o.companionPhone, o.expectedReturnTime
    from oldmanOut o left join oldman m on m.oldmanId = o.oldmanId left join dept d on d.deptId = o.deptId
    where ${where} order by o.expectedReturnTime, o.outId ${window}`.execute(db);
  const list = rows.rows.map((r): OverdueOutingRemind => {
    const companion = [r.companionName, r.companionPhone].filter(Boolean).join(' ');
    return {
      remindType: 'outingOverdue',
      remindKey: `outingOverdue:${r.outId}`,
      title: overdueOutingTitle(r.oldmanName, r.expectedReturnTime),
      content: [r.destination && `外出地点：${r.destination}`, companion && `陪同人：${companion}`]
        .filter(Boolean)
        .join('；'),
      outId: Number(r.outId),
      oldmanId: Number(r.oldmanId),
      oldmanName: r.oldmanName ?? '',
      deptName: r.deptName,
      expectedReturnTime: r.expectedReturnTime,
      overdueMinutes: Math.max(0, Math.floor((nowMs - localDateTimeMs(r.expectedReturnTime)) / 60_000)),
    };
  });
  return { list, total, pageNum: all ? 1 : page.pageNum, pageSize: all ? total : page.pageSize };
}

/** The periodic check; `stop` on app close. */
export function startOverdueWatch(services: Pick<Services, 'db' | 'hub' | 'now'>, log: FastifyBaseLogger) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    onOneNode(services.db, 'overdue outing check', () => remindOverdueOutings(services).then(() => undefined))
      .catch((error: unknown) => log.error({ err: error }, 'overdue outing check failed'))
      .finally(() => {
        running = false;
      });
  }, OVERDUE_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
