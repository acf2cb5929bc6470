import { sql } from 'kysely';
import { z } from 'zod';
import {
  AdminAuthority,
  AdminPaths,
  noticeReachAnswer,
  nursingTreeAnswer,
} from '../../../domain/api/administration.js';
import { satisfies } from '../../../domain/authorityExpr.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { rowSchema } from '../../../domain/resource.js';
import { NoticeStatus, noticeStatusOf } from '../../../machines/noticeMachine.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery } from '../../../server/http/schemas.js';
import { type Ctx, loadRow, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { noticeResource } from '../resources/inbox.js';
import { inboxChanged } from './inboxPush.js';

const manages = (user: SessionUser) => satisfies(user.authority, AdminAuthority.notice);
const published = sql`coalesce(t.status, ${NoticeStatus.published}) = ${NoticeStatus.published}`;
/** Addressed to the user: to everyone (no recipients chosen) or with the user among them. */
const addressedTo = (userId: number) =>
  sql`(t.recipientIds is null or json_array_length(t.recipientIds) = 0
    or exists (select 1 from json_each(t.recipientIds) where value = ${userId}))`;

const ids = (rows: Row[]) => sql.join(rows.map((r) => sql`${Number(r.noticeId)}`));

/** Active accounts of the organisation: who "everyone" is when an announcement names no one. */
async function everyone(db: Db, orgId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('userId')
    .where('orgId', '=', orgId)
    .where('status', '=', 0)
    .execute();
  return rows.map((r) => r.userId);
}

/** The recipients of a notice when it is published: one receipt row each, unread. */
async function publish(ctx: Ctx, row: Row) {
  const chosen = Array.isArray(row.recipientIds) ? (row.recipientIds as number[]) : [];
  const users = chosen.length ? chosen : await everyone(ctx.db, ctx.user.orgId);
  const noticeId = Number(row.noticeId);
  await sql`update notice set publishTime = ${nowStamp()} where noticeId = ${noticeId}`.execute(ctx.db);
  await sql`delete from noticeRecipient where noticeId = ${noticeId}`.execute(ctx.db);
  const stamp = nowStamp();
  for (const userId of users)
    await sql`insert into noticeRecipient (orgId, noticeId, userId, isRead, createTime, updateTime)
      values (${ctx.user.orgId}, ${noticeId}, ${userId}, 0, ${stamp}, ${stamp})`.execute(ctx.db);
  inboxChanged(ctx, users);
  ctx.afterCommit(() => {
    for (const userId of users)
      ctx.services.hub.toUser(ctx.user.orgId, userId, {
        type: 'notice',
        data: { noticeId, title: String(row.title) },
      });
  });
}

/**
 * 公告: managers (公告管理, `manage=1`) list every announcement; everyone else — the workbench, any
 * signed-in user on GET notices — the published ones addressed to them. A draft is edited and
 * deleted, a published one withdrawn first; publishing writes the receipts and tells the recipients.
 */
export const noticeHooks: ResourceHooks = {
  listParams: {
    manage: z.coerce.number({ error: '参数无效' }).int().min(0).max(1).optional(),
  },
  listWhere(q, user) {
    if (q.manage === 1) {
      if (!manages(user)) throw new ApiFailure(Code.noAuthority, '权限不足');
      return [];
    }
    return [published, addressedTo(user.userId)];
  },
  async decorate(db, rows) {
    if (!rows.length) return;
    const counts = await sql<{ noticeId: number; total: number; read: number }>`select noticeId,
        count(*) as total, sum(isRead) as read from noticeRecipient
      where noticeId in (${ids(rows)}) group by noticeId`.execute(db);
    const byId = new Map(counts.rows.map((c) => [Number(c.noticeId), c]));
    for (const row of rows) {
      const c = byId.get(Number(row.noticeId));
      row.recipientCount = Number(c?.total ?? 0);
      row.readCount = Number(c?.read ?? 0);
    }
  },
  async prepare(ctx, row, existing) {
    if (existing && noticeStatusOf(existing) !== NoticeStatus.draft)
      throw new ApiFailure(Code.actionRefused, '公告已发布，不能编辑');
    if (Array.isArray(row.recipientIds)) {
      const chosen = [...new Set(row.recipientIds as number[])];
      if (chosen.length) {
        const found = await ctx.db
          .selectFrom('users')
          .select('userId')
          .where('orgId', '=', ctx.user.orgId)
          .where('userId', 'in', chosen)
          .execute();
        if (found.length !== chosen.length) throw new ApiFailure(Code.invalidInput, '接收人不存在');
      }
      row.recipientIds = chosen;
    }
  },
  async beforeRemove(_ctx, row) {
    if (noticeStatusOf(row) === NoticeStatus.published)
      throw new ApiFailure(Code.actionRefused, '公告已发布，请先撤回再删除');
    await sql`delete from noticeRecipient where noticeId = ${Number(row.noticeId)}`.execute(_ctx.db);
  },
  async afterChange(ctx, change) {
    if (change.action !== 'update') return;
    for (const noticeId of change.ids) {
      const row = await loadRow(ctx, noticeResource, noticeId);
      const status = noticeStatusOf(row);
      if (status === NoticeStatus.published && !row.publishTime) await publish(ctx, row);
      if (status === NoticeStatus.withdrawn) {
        const unread = await sql<{ userId: number }>`select userId from noticeRecipient
          where noticeId = ${noticeId} and isRead = 0`.execute(ctx.db);
        inboxChanged(
          ctx,
          unread.rows.map((r) => Number(r.userId)),
        );
      }
    }
  },
};

/** One announcement: any of them for a manager, a published one addressed to them for anyone else. */
export function noticeRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: AdminPaths.notice,
      auth: 'session',
      summary: '公告详情',
      params: idParams,
      query: noQuery,
      response: rowSchema(noticeResource),
      async handler(ctx) {
        const row = await loadRow(ctx, noticeResource, ctx.params.id, noticeHooks);
        if (manages(ctx.user)) return row;
        const visible = await sql`select 1 from notice as t where t.noticeId = ${ctx.params.id}
          and ${published} and ${addressedTo(ctx.user.userId)}`.execute(ctx.db);
        if (!visible.rows.length) throw new ApiFailure(Code.notFound, '公告不存在');
        return row;
      },
    }),
    route({
      method: 'GET',
      url: AdminPaths.noticeReach,
      auth: AdminAuthority.notice,
      summary: '全体人员的范围（员工、有账号的员工、账号）',
      query: noQuery,
      response: noticeReachAnswer,
      async handler({ db, user }) {
        // the same accounts publish() sends to when no one is chosen
        const accounts = (await everyone(db, user.orgId)).length;
        const counts = await sql<{ staff: number; withAccount: number }>`select count(*) as staff,
            coalesce(sum(case when exists (select 1 from users u where u.empId = e.empId
              and u.orgId = e.orgId and u.status = 0) then 1 else 0 end), 0) as withAccount
          from emp e where e.orgId = ${user.orgId} and e.status = 0`.execute(db);
        const c = counts.rows[0];
        return { staff: Number(c?.staff ?? 0), staffWithAccount: Number(c?.withAccount ?? 0), accounts };
      },
    }),
    route({
      method: 'GET',
      url: AdminPaths.nursingTree,
      auth: AdminAuthority.notice,
      summary: '部门与员工（选择接收人）',
      query: noQuery,
      response: nursingTreeAnswer,
      async handler({ db, user }) {
        const depts = await db
          .selectFrom('dept')
          .select(['deptId', 'deptName'])
          .where('orgId', '=', user.orgId)
          .orderBy('deptId')
          .execute();
        const people = await db
          .selectFrom('users')
          .innerJoin('emp', 'emp.empId', 'users.empId')
          .select(['users.userId', 'emp.empName', 'emp.deptId'])
          .where('users.orgId', '=', user.orgId)
          .where('users.status', '=', 0)
          .orderBy('users.userId')
          .execute();
        return depts
          .map((d) => ({
            deptId: d.deptId,
            deptName: d.deptName,
            users: people
              .filter((p) => p.deptId === d.deptId)
              .map((p) => ({ userId: p.userId, empName: p.empName })),
          }))
          .filter((d) => d.users.length > 0);
      },
    }),
  ];
}

/** Receipts name who each recipient is. */
export const noticeReceiptHooks: ResourceHooks = {
  async decorate(db, rows) {
    if (!rows.length) return;
    const people = await db
      .selectFrom('users')
      .innerJoin('emp', 'emp.empId', 'users.empId')
      .leftJoin('dept', 'dept.deptId', 'emp.deptId')
      .select(['users.userId', 'emp.empName', 'dept.deptName'])
      .where(
        'users.userId',
        'in',
        rows.map((r) => Number(r.userId)),
      )
      .execute();
    const byId = new Map(people.map((p) => [p.userId, p]));
    for (const row of rows) {
      const p = byId.get(Number(row.userId));
      row.empName = p?.empName ?? '';
      row.deptName = p?.deptName ?? '';
    }
  },
};
