import { sql } from 'kysely';
import {
  AdminAuthority,
  AdminPaths,
  messageReadBody,
  personalReadBody,
  readAnswer,
} from '../../../domain/api/administration.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { rowSchema } from '../../../domain/resource.js';
import { NoticeStatus } from '../../../machines/noticeMachine.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery } from '../../../server/http/schemas.js';
import { escapeLike, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { messageResource } from '../resources/inbox.js';
import { inboxChanged } from './inboxPush.js';

/** Messages are the signed-in user's own: the list reads only theirs. */
export const messageHooks: ResourceHooks = {
  listWhere: (_q, user) => [sql`t.userId = ${user.userId}`],
};

/**
 * 我的公告 (notices/personal/list): the published announcements the user received, newest first,
 * each with whether and when the user read it.
 */
export const personalNoticeHooks: ResourceHooks = {
  async list(ctx, q, page) {
    const where = [
      sql`r.orgId = ${ctx.user.orgId}`,
      sql`r.userId = ${ctx.user.userId}`,
      sql`coalesce(n.status, ${NoticeStatus.published}) = ${NoticeStatus.published}`,
    ];
    if (q.title) where.push(sql`n.title like ${`%${escapeLike(String(q.title))}%`} escape '\\'`);
    if (q.isRead !== undefined && q.isRead !== null) where.push(sql`r.isRead = ${Number(q.isRead)}`);
    const cond = sql.join(where, sql` and `);
    const order = sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc');
    const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
    const rows = await sql<Row>`select n.noticeId, n.title, n.content, n.publishTime, r.isRead, r.readTime,
        n.createTime
      from noticeRecipient r join notice n on n.noticeId = r.noticeId
      where ${cond} order by n.noticeId ${order} ${limit}`.execute(ctx.db);
    const total = await sql<{ n: number }>`select count(*) as n
      from noticeRecipient r join notice n on n.noticeId = r.noticeId where ${cond}`.execute(ctx.db);
    return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
  },
};

const inList = (ids: readonly number[]) => sql.join(ids.map((v) => sql`${v}`));

/** One message, the PUT that reads messages, the PUT that reads announcements. */
export function messageRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: AdminPaths.message,
      auth: 'session',
      summary: '消息详情',
      params: idParams,
      query: noQuery,
      response: rowSchema(messageResource),
      async handler({ db, user, params }) {
        const found = await sql<Row>`select * from msgMessage where messageId = ${params.id}
          and orgId = ${user.orgId} and userId = ${user.userId}`.execute(db);
        const row = found.rows[0];
        if (!row) throw new ApiFailure(Code.notFound, '消息不存在');
        return row;
      },
    }),
    route({
      method: 'PUT',
      url: AdminPaths.messageRead,
      auth: 'session',
      summary: '标记消息已读',
      body: messageReadBody,
      response: readAnswer,
      log: { type: 'UPDATE', name: '标记消息已读' },
      async handler(ctx) {
        const { db, user, body } = ctx;
        const ids = [...new Set(body.messageIds)];
        const mine = await sql<{ n: number }>`select count(*) as n from msgMessage
          where orgId = ${user.orgId} and userId = ${user.userId} and messageId in (${inList(ids)})`.execute(
          db,
        );
        if (Number(mine.rows[0]?.n ?? 0) !== ids.length) throw new ApiFailure(Code.notFound, '消息不存在');
        const changed = await sql`update msgMessage set isRead = 1, readTime = ${nowStamp()}
          where userId = ${user.userId} and isRead = 0 and messageId in (${inList(ids)})`.execute(db);
        const read = Number(changed.numAffectedRows ?? 0);
        if (read) inboxChanged(ctx, [user.userId]);
        return { read };
      },
    }),
    route({
      method: 'PUT',
      url: AdminPaths.personalRead,
      auth: 'session',
      summary: '标记公告已读',
      body: personalReadBody,
      response: readAnswer,
      log: { type: 'UPDATE', name: '标记公告已读' },
      async handler(ctx) {
        const { db, user, body } = ctx;
        const ids = [...new Set(body.noticeIds)];
        const mine = await sql<{ noticeId: number; isRead: number }>`select r.noticeId, r.isRead
          from noticeRecipient r join notice n on n.noticeId = r.noticeId
          where r.orgId = ${user.orgId} and r.userId = ${user.userId} and r.noticeId in (${inList(ids)})
            and coalesce(n.status, ${NoticeStatus.published}) = ${NoticeStatus.published}`.execute(db);
        if (mine.rows.length !== ids.length) throw new ApiFailure(Code.notFound, '公告不存在');
        const unread = mine.rows.filter((r) => Number(r.isRead) === 0).map((r) => Number(r.noticeId));
        if (!unread.length) return { read: 0 };
        await sql`update noticeRecipient set isRead = 1, readTime = ${nowStamp()}
          where userId = ${user.userId} and noticeId in (${inList(unread)})`.execute(db);
        inboxChanged(ctx, [user.userId]);
        ctx.afterCommit(() => {
          for (const noticeId of unread)
            ctx.services.hub.toAuthority(user.orgId, AdminAuthority.notice, {
              type: 'notice.receipt',
              data: { noticeId },
            });
        });
        return { read: unread.length };
      },
    }),
  ];
}
