import { sql } from 'kysely';
import { newestVersionAnswer, popsUpAnswer, versionParams } from '../../../domain/api/settings.js';
import { VersionPaths } from '../../../domain/api/settingsPaths.js';
import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noBody, noQuery, noResult } from '../../../server/http/schemas.js';
import { escapeLike, type ResourceHooks, type Row } from '../../../server/resources/engine.js';

/**
 * The version list (features/callboard/resources.ts) through the engine: each note says whether this
 * user has read it (isRead 0/1), so the list is read for each user (never a kept answer).
 */
export const versionRecordHooks: ResourceHooks = {
  async list(ctx, q, page) {
    const version = q.version as string | undefined;
    const where = version ? sql`r.version like ${`%${escapeLike(version)}%`} escape '\\'` : sql`1 = 1`;
    const order = sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc');
    const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
    const rows = await sql<Row>`select r.recordId, r.version, r.content, r.publishTime,
        case when v.userId is null then 0 else 1 end as isRead
      from versionRecord r
      left join versionRead v on v.recordId = r.recordId and v.userId = ${ctx.user.userId}
      where ${where} order by r.recordId ${order} ${limit}`.execute(ctx.db);
    const total = await sql<{ n: number }>`select count(*) as n from versionRecord r where ${where}`.execute(
      ctx.db,
    );
    // Published as an instant; shown as the day it was, here.
    for (const row of rows.rows) {
      const at = Date.parse(String(row.publishTime));
      if (!Number.isNaN(at)) row.publishTime = localDay(at);
    }
    return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
  },
};

/** The newest note, whether it pops up for this user, and marking a note read. */
export function versionRecordRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: VersionPaths.newest,
      auth: 'session',
      summary: '最新版本记录',
      query: noQuery,
      response: newestVersionAnswer,
      async handler({ db, user }) {
        const newest = await db
          .selectFrom('versionRecord')
          .selectAll()
          .orderBy('recordId', 'desc')
          .executeTakeFirst();
        if (!newest) return { isShow: false, record: null };
        const read = await db
          .selectFrom('versionRead')
          .select('recordId')
          .where('userId', '=', user.userId)
          .where('recordId', '=', newest.recordId)
          .executeTakeFirst();
        return { isShow: !read, record: newest };
      },
    }),
    route({
      method: 'GET',
      url: VersionPaths.popsUp,
      auth: 'session',
      summary: '版本记录是否弹出',
      params: versionParams,
      query: noQuery,
      response: popsUpAnswer,
      // Whether the console pops this note up: unread, and published after the account was created.
      // A new account (or a first installation) starts without a pop-up about changes it never saw;
      // the note still shows as unread in 版本记录.
      async handler({ db, user, params }) {
        const [record, account, read] = await Promise.all([
          db
            .selectFrom('versionRecord')
            .select('publishTime')
            .where('recordId', '=', params.recordId)
            .executeTakeFirst(),
          db
            .selectFrom('users')
            .select('createdAt')
            .where('userId', '=', user.userId)
            .executeTakeFirstOrThrow(),
          db
            .selectFrom('versionRead')
            .select('recordId')
            .where('userId', '=', user.userId)
            .where('recordId', '=', params.recordId)
            .executeTakeFirst(),
        ]);
        return (
          record !== undefined &&
          !read &&
          new Date(record.publishTime).getTime() > new Date(account.createdAt).getTime()
        );
      },
    }),
    route({
      method: 'PUT',
      url: VersionPaths.read,
      auth: 'session',
      params: versionParams,
      body: noBody,
      response: noResult,
      log: { type: 'UPDATE', name: '已读版本说明' },
      async handler({ db, user, params }) {
        const exists = await db
          .selectFrom('versionRecord')
          .select('recordId')
          .where('recordId', '=', params.recordId)
          .executeTakeFirst();
        if (!exists) throw new ApiFailure(Code.notFound, '版本记录不存在');
        await db
          .insertInto('versionRead')
          .values({ userId: user.userId, recordId: params.recordId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return null;
      },
    }),
  ];
}
