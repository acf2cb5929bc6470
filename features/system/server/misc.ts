import { z } from 'zod';
import { screenPassLoginAnswer, screenPassLoginBody } from '../../../domain/api/session.js';
import { LoginPaths, SessionPaths } from '../../../domain/api/sessionPaths.js';
import {
  broadcastAnswer,
  broadcastBody,
  checkConfigAnswer,
  settingAnswer,
  templateSettingAnswer,
} from '../../../domain/api/settings.js';
import { ConfigPaths, ShellPaths } from '../../../domain/api/settingsPaths.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { createSession } from '../../../server/auth/tokens.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route, tokenOf } from '../../../server/http/route.js';
import { noBody, noResult } from '../../../server/http/schemas.js';
import { configResource } from '../../../server/routes/settings/configResource.js';

const flag = z.coerce.number().int().min(0).max(1);

/** Reminders, broadcast notices, template and institution settings, review configuration. */
export function miscSettingRoutes(): AnyRoute[] {
  return [
    // GET reminds (overdue outings merged with the user's own reminds): features/administration/server/reminds.ts
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
      summary: '大屏登录',
      body: screenPassLoginBody,
      response: screenPassLoginAnswer,
      log: false,
      /**
       * The wall's own session (issue #38 point 7): a console session opens a wall session of the same
       * user, department and authority, which a sign-in of the account elsewhere does not end; the
       * console session's sign-out, the usual expiry and a password or role change do. A wall session
       * asking again gets its own token back.
       */
      async handler({ db, user, body, req, services }) {
        if (body.orgId !== user.orgId) throw new ApiFailure(Code.noAuthority, '权限不足');
        const org = await db
          .selectFrom('org')
          .select(['orgId', 'orgName', 'orgCode', 'orgLevel'])
          .where('orgId', '=', user.orgId)
          .executeTakeFirstOrThrow();
        if (user.kind === 'wall') return { token: tokenOf(req), orgInfo: org };
        const { keyVersion } = await db
          .selectFrom('users')
          .select('keyVersion')
          .where('userId', '=', user.userId)
          .executeTakeFirstOrThrow();
        const token = await createSession(db, user.userId, keyVersion, req.ip, services.now(), {
          origin: user.tokenHash,
          selectedDeptId: user.selectedDeptId,
        });
        return { token, orgInfo: org };
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
