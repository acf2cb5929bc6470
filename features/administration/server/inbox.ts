import { sql } from 'kysely';
import {
  AdminAuthority,
  AdminPaths,
  INBOX_ITEMS,
  type InboxItem,
  type InboxSummary,
  inboxAnswer,
  readAnswer,
} from '../../../domain/api/administration.js';
import { satisfies } from '../../../domain/authorityExpr.js';
import { localDateTime, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { LiveAuthority } from '../../../domain/resources/oldman.js';
import { NoticeStatus } from '../../../machines/noticeMachine.js';
import { readScopeKey } from '../../../server/http/deptScope.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { noBody, noQuery } from '../../../server/http/schemas.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { listAnswers, sendAnswer, tableVersions } from '../../../server/resources/fastRead.js';
import { overdueOutingCount } from '../../live/server/outingOverdue.js';
import { inboxChanged } from './inboxPush.js';
import { dueReminds } from './reminds.js';

const publishedNotice = sql`coalesce(n.status, ${NoticeStatus.published}) = ${NoticeStatus.published}`;

/** The bell's answer: the user's unread counts and newest unread items. */
async function inbox({ db, user, services }: Pick<Ctx, 'db' | 'user' | 'services'>): Promise<InboxSummary> {
  const [messages, notices] = await Promise.all([
    sql<{ id: number; title: string; time: string; total: number }>`select messageId as id, title,
        createTime as time, count(*) over () as total
      from msgMessage where orgId = ${user.orgId} and userId = ${user.userId} and isRead = 0
      order by messageId desc limit ${INBOX_ITEMS}`.execute(db),
    sql<{ id: number; title: string; time: string; total: number }>`select n.noticeId as id, n.title,
        coalesce(n.publishTime, n.createTime) as time, count(*) over () as total
      from noticeRecipient r join notice n on n.noticeId = r.noticeId
      where r.orgId = ${user.orgId} and r.userId = ${user.userId} and r.isRead = 0 and ${publishedNotice}
      order by n.noticeId desc limit ${INBOX_ITEMS}`.execute(db),
  ]);
  const now = services.now();
  const due = await dueReminds(db, user, now);
  const outings = await overdueOutingCount(db, user, now);
  const items: InboxItem[] = [
    ...messages.rows.map((r) => ({ kind: 'message' as const, id: r.id, title: r.title, time: r.time })),
    ...notices.rows.map((r) => ({ kind: 'notice' as const, id: r.id, title: r.title, time: r.time })),
    ...due.map((r) => ({
      kind: 'remind' as const,
      id: r.remindId,
      title: r.title,
      time: r.remindTime,
    })),
  ]
    .sort((a, b) => b.time.localeCompare(a.time))
    .slice(0, INBOX_ITEMS);
  const counts = {
    messages: Number(messages.rows[0]?.total ?? 0),
    notices: Number(notices.rows[0]?.total ?? 0),
    reminds: due.length + outings,
  };
  return { ...counts, total: counts.messages + counts.notices + counts.reminds, items };
}

/** What the bell's answer reads: it is kept until one of these changes (or the minute does: a remind comes due). */
const INBOX_READS = ['msgMessage', 'notice', 'noticeRecipient', 'oldmanOut', 'remind'];

/**
 * GET inbox, answered from the user's kept answer while none of its tables changed within the same
 * minute: every console asks on opening, on each push that concerns its user and on focus, and an
 * announcement to the whole home makes every console ask at once.
 */
async function keptInbox(ctx: Ctx) {
  const versions = await tableVersions(ctx.db, INBOX_READS);
  if (!versions) return inbox(ctx);
  const { user } = ctx;
  const minute = localDateTime(ctx.services.now()).slice(0, 16);
  const outings = satisfies(user.authority, LiveAuthority.outing) ? readScopeKey(user) : '-';
  const key = `inbox|${user.orgId}|${user.userId}|${outings}|${minute}`;
  let body = listAnswers.get(ctx.db, key, versions);
  if (body === null) {
    body = JSON.stringify({ code: Code.ok, msg: '成功', result: await inbox(ctx) });
    listAnswers.set(ctx.db, key, versions, body);
  }
  sendAnswer(ctx.db, key, ctx.req, ctx.reply, body);
  return SENT;
}

/**
 * The bell of the shell header: how many messages, announcements and reminds wait unread, and the
 * newest of them; 全部已读 reads them all at once. Each change tells every console of the user.
 */
export function inboxRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: AdminPaths.inbox,
      auth: 'session',
      summary: '未读消息、公告与提醒',
      query: noQuery,
      response: inboxAnswer,
      handler: keptInbox,
    }),
    route({
      method: 'PUT',
      url: AdminPaths.readAll,
      auth: 'session',
      summary: '全部已读',
      body: noBody,
      response: readAnswer,
      log: { type: 'UPDATE', name: '全部已读' },
      async handler(ctx) {
        const { db, user, services } = ctx;
        const stamp = nowStamp();
        const m = await sql`update msgMessage set isRead = 1, readTime = ${stamp}
          where orgId = ${user.orgId} and userId = ${user.userId} and isRead = 0`.execute(db);
        const unreadNotices = await sql<{ noticeId: number }>`select r.noticeId from noticeRecipient r
          join notice n on n.noticeId = r.noticeId
          where r.orgId = ${user.orgId} and r.userId = ${user.userId} and r.isRead = 0 and ${publishedNotice}`.execute(
          db,
        );
        const noticeIds = unreadNotices.rows.map((r) => Number(r.noticeId));
        if (noticeIds.length)
          await sql`update noticeRecipient set isRead = 1, readTime = ${stamp}
            where userId = ${user.userId} and noticeId in (${sql.join(noticeIds)})`.execute(db);
        const r = await sql`update remind set status = 1, updateTime = ${stamp}
          where orgId = ${user.orgId} and userId = ${user.userId} and status = 0
            and remindTime <= ${localDateTime(services.now())}`.execute(db);
        const read = Number(m.numAffectedRows ?? 0) + noticeIds.length + Number(r.numAffectedRows ?? 0);
        if (read) inboxChanged(ctx, [user.userId]);
        ctx.afterCommit(() => {
          for (const noticeId of noticeIds)
            services.hub.toAuthority(user.orgId, AdminAuthority.notice, {
              type: 'notice.receipt',
              data: { noticeId },
            });
        });
        return { read };
      },
    }),
  ];
}
