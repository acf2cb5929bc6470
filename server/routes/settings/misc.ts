import { z } from 'zod';
import {
  LoginPaths,
  SessionPaths,
  screenPassLoginAnswer,
  screenPassLoginBody,
} from '../../../domain/api/session.js';
import {
  broadcastAnswer,
  broadcastBody,
  ConfigPaths,
  checkConfigAnswer,
  remindsAnswer,
  ShellPaths,
  settingAnswer,
  templateSettingAnswer,
} from '../../../domain/api/settings.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { REMINDS_PATH } from '../../../domain/reminders.js';
import { pageQuery } from '../../../domain/settings.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route, tokenOf } from '../../http/route.js';
import { noBody, noResult } from '../../http/schemas.js';
import { withCareTasks } from '../../modules/care/reminds.js';
import { overdueOutingReminds } from '../live/outingOverdue.js';
import { configResource } from './configResource.js';

const flag = z.coerce.number().int().min(0).max(1);

/** Reminders, broadcast notices, template and institution settings, review configuration. */
export function miscSettingRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: REMINDS_PATH,
      auth: 'session',
      query: pageQuery,
      response: remindsAnswer,
      // Overdue outings, and today's care tasks still to do (notices have their own list, ShellPaths.notices).
      handler: async ({ db, user, query, services }) =>
        withCareTasks(
          db,
          user,
          services.now(),
          query,
          await overdueOutingReminds(db, user, services.now(), query),
        ),
    }),
    route({
      method: 'POST',
      url: ShellPaths.broadcast,
      auth: Authority.serveSave,
      body: broadcastBody,
      response: broadcastAnswer,
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
      url: ConfigPaths.templateSetting,
      read: Authority.templateSet,
      write: Authority.templateSet,
      body: z.object({
        contractTemplateId: z.coerce.number().int().positive().nullable().default(null),
        printHeader: z.string().trim().min(1, '请输入打印抬头').max(64),
      }),
      answer: templateSettingAnswer,
      name: '修改模板设置',
    }),
    ...configResource({
      key: 'setting',
      url: ConfigPaths.setting,
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
      answer: settingAnswer,
      name: '修改机构设置',
    }),
    ...configResource({
      key: 'checkConfig',
      url: ConfigPaths.checkConfig,
      read: Authority.checkConfig,
      write: Authority.checkConfig,
      body: z.object({ outingCheck: flag, settleCheck: flag, contractCheck: flag }),
      answer: checkConfigAnswer,
      name: '修改审核配置',
    }),
    route({
      method: 'POST',
      url: SessionPaths.screenPassLogin,
      auth: 'session',
      body: screenPassLoginBody,
      response: screenPassLoginAnswer,
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
      url: LoginPaths.updateIsPass,
      auth: 'session',
      body: noBody,
      response: noResult,
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
