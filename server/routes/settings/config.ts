import type { z } from 'zod';
import {
  iconConfigAnswer,
  loginConfigAnswer,
  loginPageConfigAnswer,
  mattressConfigAnswer,
  photoCodeConfigAnswer,
  preloadAnswer,
  pwdConfigAnswer,
  recordNumAnswer,
  serverConfigsAnswer,
  themeAnswer,
  userIsPassAnswer,
} from '../../../domain/api/settings.js';
import { ConfigPaths } from '../../../domain/api/settingsPaths.js';
import { Authority } from '../../../domain/menus.js';
import {
  iconConfigInput,
  mattressConfigInput,
  serverConfigInput,
  themeInput,
} from '../../../domain/settings.js';
import { defaultOrgId, readConfig, writeConfig } from '../../config.js';
import type { Db } from '../../db/index.js';
import { type AnyRoute, route } from '../../http/route.js';
import { noQuery, noResult } from '../../http/schemas.js';
import { configResource } from './configResource.js';
import { frontLogRoutes } from './frontLog.js';

const orgOf = async (db: Db, user: { orgId: number } | null) => user?.orgId ?? (await defaultOrgId(db));

/** Spec 000 §7 "Startup and config": read before sign-in by the login page, so public. */
export function configRoutes(): AnyRoute[] {
  const publicEntry = (
    url: string,
    summary: string,
    answer: z.ZodType,
    read: (db: Db, orgId: number) => Promise<unknown>,
  ) =>
    route({
      method: 'GET',
      url,
      auth: 'public',
      summary,
      query: noQuery,
      response: answer,
      handler: async ({ db, user }) => read(db, await orgOf(db, user)),
    });
  return [
    publicEntry(ConfigPaths.pwdConfig, '密码规则', pwdConfigAnswer, (db, o) =>
      readConfig(db, o, 'pwdConfig'),
    ),
    publicEntry(ConfigPaths.loginConfig, '登录会话与锁定规则', loginConfigAnswer, (db, o) =>
      readConfig(db, o, 'loginConfig'),
    ),
    publicEntry(ConfigPaths.photoCodeConfig, '图形验证码设置', photoCodeConfigAnswer, (db, o) =>
      readConfig(db, o, 'photoCodeConfig'),
    ),
    publicEntry(ConfigPaths.systemThemeColor, '主题色', themeAnswer, (db, o) => readConfig(db, o, 'Theme')),
    publicEntry(ConfigPaths.iconConfig, '系统图标与名称', iconConfigAnswer, (db, o) =>
      readConfig(db, o, 'iconConfig'),
    ),
    publicEntry(
      ConfigPaths.loginPageConfig,
      '登录后首页地址',
      loginPageConfigAnswer,
      async (db, o) => (await readConfig(db, o, 'loginPageConfig')).mainFirstUrl,
    ),
    publicEntry(ConfigPaths.recordNumConfig, '备案号与版权信息', recordNumAnswer, (db, o) =>
      readConfig(db, o, 'recordNumConfig'),
    ),
    publicEntry(ConfigPaths.preload, '登录页图标与背景', preloadAnswer, async (db, o) => {
      const [record, pwdConfig, photoCodeConfig, preload] = await Promise.all([
        readConfig(db, o, 'recordNumConfig'),
        readConfig(db, o, 'pwdConfig'),
        readConfig(db, o, 'photoCodeConfig'),
        readConfig(db, o, 'preload'),
      ]);
      return { ...record, pwdConfig, photoCodeConfig, ...preload };
    }),
    route({
      method: 'GET',
      url: ConfigPaths.userIsPass,
      auth: 'session',
      summary: '是否须修改密码',
      query: noQuery,
      response: userIsPassAnswer,
      async handler({ db, user }) {
        const row = await db
          .selectFrom('users')
          .select('resetPassword')
          .where('userId', '=', user.userId)
          .executeTakeFirstOrThrow();
        return { isPass: row.resetPassword === 0 };
      },
    }),
    route({
      method: 'PUT',
      url: ConfigPaths.systemThemeColor,
      auth: Authority.displaySave,
      body: themeInput,
      response: noResult,
      log: { type: 'UPDATE', name: '修改主题色' },
      handler: ({ db, user, body }) => writeConfig(db, user.orgId, 'Theme', body),
    }),
    ...configResource({
      key: 'iconConfig',
      url: ConfigPaths.displayIcon,
      read: 'session',
      write: Authority.displaySave,
      body: iconConfigInput,
      answer: iconConfigAnswer,
      name: '修改显示设置',
    }),
    ...configResource({
      key: 'serverConfigs',
      url: ConfigPaths.serverConfigs,
      read: Authority.serve,
      write: Authority.serveSave,
      body: serverConfigInput,
      answer: serverConfigsAnswer,
      name: '修改服务器设置',
    }),
    ...configResource({
      key: 'mattress',
      url: ConfigPaths.mattress,
      read: 'session',
      // The alarm-setting screen saves it too (the voice and reminders of mattress alarms).
      write: `${Authority.iotAlarmSetting}|${Authority.displaySave}`,
      body: mattressConfigInput,
      answer: mattressConfigAnswer,
      name: '修改床垫告警设置',
      method: 'POST',
    }),
    ...frontLogRoutes(),
    // GET notices (announcements addressed to the user): the 公告 resource of features/administration/server/index.ts
  ];
}
