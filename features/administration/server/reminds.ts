import { sql } from 'kysely';
import { z } from 'zod';
import { AdminPaths, remindStatusBody } from '../../../domain/api/administration.js';
import { remindsAnswer } from '../../../domain/api/settings.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import type { CustomRemind, RemindItem } from '../../../domain/reminders.js';
import { listQuerySchema } from '../../../domain/resource.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams } from '../../../server/http/schemas.js';
import { listRows, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { careTasksRemind } from '../../care/server/reminds.js';
import { overdueRectifyReminds } from '../../government/server/overdue.js';
import { overdueOutingReminds } from '../../live/server/outingOverdue.js';
import { remindResource } from '../resources/inbox.js';
import { inboxChanged } from './inboxPush.js';
import { patrolMissedReminds } from './patrolTasks.js';

const notYours = () => new ApiFailure(Code.notFound, '提醒不存在');

/** A remind is its owner's: only they list, change or delete it. */
export const remindHooks: ResourceHooks = {
  listWhere: (_q, user) => [sql`t.userId = ${user.userId}`],
  prepare(ctx, row, existing) {
    if (existing && Number(existing.userId) !== ctx.user.userId) throw notYours();
    if (!existing) {
      row.userId = ctx.user.userId;
      row.status = 0;
    } else if (row.remindTime !== undefined && row.remindTime !== existing.remindTime) row.status = 0;
  },
  beforeRemove(ctx, row) {
    if (Number(row.userId) !== ctx.user.userId) throw notYours();
  },
  afterChange(ctx) {
    inboxChanged(ctx, [ctx.user.userId]);
  },
};

const asItem = (row: Row): CustomRemind => ({
  ...row,
  remindType: 'custom',
  remindKey: `custom:${String(row.remindId)}`,
  remindId: Number(row.remindId),
  title: String(row.title ?? ''),
  content: (row.content as string | null) ?? null,
  remindTime: String(row.remindTime ?? ''),
  status: Number(row.status ?? 0),
});

/** The user's reminds whose time has come and that they have not read yet, earliest first. */
export async function dueReminds(db: Db, user: SessionUser, nowMs: number): Promise<CustomRemind[]> {
  const rows = await sql<Row>`select * from remind where orgId = ${user.orgId} and userId = ${user.userId}
    and status = 0 and remindTime <= ${localDateTime(nowMs)} order by remindTime, remindId`.execute(db);
  return rows.rows.map(asItem);
}

const remindsQuery = listQuerySchema(remindResource).extend({
  remindType: z
    .enum(['custom', 'careTasks', 'outingOverdue', 'inspectionOverdue', 'patrolMissed'], {
      error: '提醒类别无效',
    })
    .optional(),
});

/**
 * GET reminds (spec 000 §7, 001 §7 "Reminds"): what waits for the user now — today's care tasks still
 * to do (one entry), overdue outings, overdue rectifications, then their own reminds that are due and
 * unread. `remindType` keeps one kind; `remindType=custom` lists every remind of the user instead (read
 * ones too), with the list's filters (提醒事项).
 */
export function remindRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: AdminPaths.reminds,
      auth: 'session',
      summary: '提醒列表',
      query: remindsQuery,
      response: remindsAnswer,
      async handler({ db, user, query, services }) {
        const q = query as Record<string, unknown>;
        const all = query.pageHelper === 0;
        const pageNum = Number(query.pageNum);
        const pageSize = Number(query.pageSize);
        if (query.remindType === 'custom') {
          const { rows, total } = await listRows(
            db,
            remindResource,
            remindHooks,
            q,
            user,
            all ? null : { limit: pageSize, offset: (pageNum - 1) * pageSize },
          );
          return {
            list: rows.map(asItem),
            total,
            pageNum: all ? 1 : pageNum,
            pageSize: all ? total : pageSize,
          };
        }
        const now = services.now();
        const outings = await overdueOutingReminds(db, user, now, { pageNum: 1, pageSize, pageHelper: 0 });
        // today's care tasks still to do (one entry) first, overdue outings and rectifications, the user's own
        const care = await careTasksRemind(db, user, now);
        const merged: RemindItem[] = [
          ...(care ? [care] : []),
          ...outings.list,
          ...(await overdueRectifyReminds(db, user)),
          ...(await patrolMissedReminds(db, user, now)),
          ...(await dueReminds(db, user, now)),
        ];
        const kept = query.remindType ? merged.filter((r) => r.remindType === query.remindType) : merged;
        const list = all ? kept : kept.slice((pageNum - 1) * pageSize, pageNum * pageSize);
        return {
          list,
          total: kept.length,
          pageNum: all ? 1 : pageNum,
          pageSize: all ? kept.length : pageSize,
        };
      },
    }),
    route({
      method: 'PUT',
      url: AdminPaths.remindStatus,
      auth: 'session',
      summary: '修改提醒状态',
      params: idParams,
      body: remindStatusBody,
      response: z.object({ remindId: z.number().int() }),
      log: { type: 'UPDATE', name: '修改提醒状态' },
      async handler(ctx) {
        const { db, user, params, body } = ctx;
        const found = await sql<Row>`select remindId, title from remind where remindId = ${params.id}
          and orgId = ${user.orgId} and userId = ${user.userId}`.execute(db);
        const row = found.rows[0];
        if (!row) throw notYours();
        await sql`update remind set status = ${body.status}, updateTime = ${localDateTime(Date.now())}
          where remindId = ${params.id}`.execute(db);
        ctx.describe(`提醒：${String(row.title)}`);
        inboxChanged(ctx, [user.userId]);
        return { remindId: params.id };
      },
    }),
  ];
}
