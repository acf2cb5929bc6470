import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { satisfies } from '../../../domain/authorityExpr.js';
import type { ServerPushMessage } from '../../../domain/push.js';
import { LiveAuthority } from '../../../domain/resources/oldman.js';
import { localDateTime, OutStatus, OVERDUE_EVENT } from '../../../domain/resources/outing.js';
import type { Services } from '../../services.js';

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

const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

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
    const title = `${o.oldmanName ?? '长者'}外出超时未返院（预计返院 ${o.expectedReturnTime.slice(0, 16)}）`;
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
        createTime: stamp(),
      })
      .returning('recordId')
      .executeTakeFirstOrThrow();
    const message: ServerPushMessage = { type: 'remind', data: { remindId: recordId, title } };
    for (const client of services.hub.clients)
      if (
        client.user.orgId === o.orgId &&
        client.user.dataDeptIds.includes(o.deptId) &&
        satisfies(client.user.authority, LiveAuthority.outing)
      )
        services.hub.send(client, message);
    sent.push({ remindId: recordId, title, outId: o.outId });
  }
  return sent;
}

/** The periodic check; `stop` on app close. */
export function startOverdueWatch(services: Pick<Services, 'db' | 'hub' | 'now'>, log: FastifyBaseLogger) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    remindOverdueOutings(services)
      .catch((error: unknown) => log.error({ err: error }, 'overdue outing check failed'))
      .finally(() => {
        running = false;
      });
  }, OVERDUE_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
