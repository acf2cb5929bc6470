import { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { REMINDS_PATH } from '../../../domain/reminders.js';
import { pageQuery } from '../../../domain/settings.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route, tokenOf } from '../../http/route.js';
import { overdueOutingReminds } from '../live/outingOverdue.js';
import { configResource } from './configResource.js';

const recordId = z.object({ recordId: z.coerce.number().int().positive() });
const flag = z.coerce.number().int().min(0).max(1);

/** Version notes, reminders, broadcast notices, templates, settings and review configuration. */
export function miscSettingRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/pims/web-org/versionRecord/isShow',
      auth: 'session',
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
      url: '/pims/web-org/versionRecord/isShow/:recordId',
      auth: 'session',
      params: recordId,
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
      url: '/pims/web-org/versionRecord/:recordId',
      auth: 'session',
      params: recordId,
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
    route({
      method: 'GET',
      url: REMINDS_PATH,
      auth: 'session',
      query: pageQuery,
      // The only kind so far: overdue outings (notices have their own list, /pims/web-org/notices).
      handler: ({ db, user, query, services }) => overdueOutingReminds(db, user, services.now(), query),
    }),
    route({
      method: 'POST',
      url: '/wnms/web-wn/systemConfig/broad',
      auth: Authority.serveSave,
      body: z.object({
        title: z.string().trim().min(1, '请输入标题').max(64),
        content: z.string().trim().min(1, '请输入内容').max(2000),
      }),
      log: { type: 'ADD', name: '发布广播通知' },
      async handler({ db, user, body, services, afterCommit }) {
        const { noticeId } = await db
          .insertInto('notice')
          .values({ orgId: user.orgId, ...body, createTime: nowStamp() })
          .returning('noticeId')
          .executeTakeFirstOrThrow();
        afterCommit(() =>
          services.hub.notice(user.orgId, { type: 'notice', data: { noticeId, title: body.title } }),
        );
        return { noticeId };
      },
    }),
    ...configResource({
      key: 'template',
      url: '/pims/web-org/template',
      read: Authority.templateSet,
      write: Authority.templateSet,
      body: z.object({
        contractTemplateId: z.coerce.number().int().positive().nullable().default(null),
        printHeader: z.string().trim().min(1, '请输入打印抬头').max(64),
      }),
      name: '修改模板设置',
    }),
    ...configResource({
      key: 'setting',
      url: '/pims/web-org/setting',
      read: 'session',
      write: Authority.serveSave,
      body: z.object({
        elderNoPrefix: z
          .string()
          .trim()
          .max(8)
          .regex(/^[A-Za-z]*$/, '编号前缀只能是字母'),
        autoBill: flag,
        billDay: z.coerce.number().int().min(1).max(28),
      }),
      name: '修改机构设置',
    }),
    ...configResource({
      key: 'checkConfig',
      url: '/pims/web-org/checkConfig',
      read: Authority.checkConfig,
      write: Authority.checkConfig,
      body: z.object({ outingCheck: flag, settleCheck: flag, contractCheck: flag }),
      name: '修改审核配置',
    }),
    route({
      method: 'POST',
      url: '/omms/di-om/third/yly/screenPassLogin',
      auth: 'session',
      body: z.object({ orgId: z.coerce.number().int().positive() }),
      log: false,
      async handler({ db, user, body, req }) {
        if (body.orgId !== user.orgId) throw new ApiFailure(Code.noAuthority, '权限不足');
        const org = await db
          .selectFrom('org')
          .select(['orgId', 'orgName', 'orgCode', 'orgLevel'])
          .where('orgId', '=', user.orgId)
          .executeTakeFirstOrThrow();
        return { token: tokenOf(req), orgInfo: org };
      },
    }),
    route({
      method: 'PUT',
      url: '/passport/web-rbac/logins/updateIsPass',
      auth: 'session',
      log: { type: 'UPDATE', name: '确认密码提示' },
      // Acknowledges the password reminder; a password an administrator reset must be changed, not waved off.
      async handler({ db, user }) {
        const row = await db
          .selectFrom('users')
          .select('resetPassword')
          .where('userId', '=', user.userId)
          .executeTakeFirstOrThrow();
        if (row.resetPassword === 1)
          throw new ApiFailure(Code.invalidInput, '管理员重置的密码须先修改，不能跳过');
        return null;
      },
    }),
  ];
}
