import { sql } from 'kysely';
import { z } from 'zod';
import { Authority } from '../../../domain/menus.js';
import {
  iconConfigInput,
  mattressConfigInput,
  pageQuery,
  serverConfigInput,
  themeInput,
} from '../../../domain/settings.js';
import { defaultOrgId, readConfig, writeConfig } from '../../config.js';
import type { Db } from '../../db/index.js';
import { type AnyRoute, route } from '../../http/route.js';
import { paged } from '../paging.js';
import { configResource } from './configResource.js';
import { frontLogRoutes } from './frontLog.js';

const CONFIGS = '/passport/web-rbac/systemConfigs';
const orgOf = async (db: Db, user: { orgId: number } | null) => user?.orgId ?? (await defaultOrgId(db));

/** Spec 000 §7 "Startup and config": read before sign-in by the login page, so public. */
export function configRoutes(): AnyRoute[] {
  const publicEntry = (name: string, read: (db: Db, orgId: number) => Promise<unknown>) =>
    route({
      method: 'GET',
      url: `${CONFIGS}/${name}`,
      auth: 'public',
      handler: async ({ db, user }) => read(db, await orgOf(db, user)),
    });
  return [
    publicEntry('pwdConfig', (db, o) => readConfig(db, o, 'pwdConfig')),
    publicEntry('loginConfig', (db, o) => readConfig(db, o, 'loginConfig')),
    publicEntry('photoCodeConfig', (db, o) => readConfig(db, o, 'photoCodeConfig')),
    publicEntry('systemThemeColor', (db, o) => readConfig(db, o, 'Theme')),
    publicEntry('iconConfig', (db, o) => readConfig(db, o, 'iconConfig')),
    publicEntry(
      'loginPageConfig',
      async (db, o) => (await readConfig(db, o, 'loginPageConfig')).mainFirstUrl,
    ),
    publicEntry('recordNumConfig', (db, o) => readConfig(db, o, 'recordNumConfig')),
    publicEntry('preload', async (db, o) => {
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
      url: `${CONFIGS}/userIsPass`,
      auth: 'session',
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
      url: `${CONFIGS}/systemThemeColor`,
      auth: Authority.displaySave,
      body: themeInput,
      log: { type: 'UPDATE', name: '修改主题色' },
      handler: ({ db, user, body }) => writeConfig(db, user.orgId, 'Theme', body),
    }),
    ...configResource({
      key: 'iconConfig',
      url: '/passport/web-rbac/iconConfig',
      read: 'session',
      write: Authority.displaySave,
      body: iconConfigInput,
      name: '修改显示设置',
    }),
    ...configResource({
      key: 'serverConfigs',
      url: '/passport/web-rbac/serverConfigs',
      read: Authority.serve,
      write: Authority.serveSave,
      body: serverConfigInput,
      name: '修改服务器设置',
    }),
    ...configResource({
      key: 'mattress',
      url: '/pims/web-pi/device/set/mattress',
      read: 'session',
      // The alarm-setting screen saves it too (the voice and reminders of mattress alarms).
      write: `${Authority.iotAlarmSetting}|${Authority.displaySave}`,
      body: mattressConfigInput,
      name: '修改床垫告警设置',
      method: 'POST',
    }),
    ...frontLogRoutes(),
    route({
      method: 'GET',
      url: '/pims/web-org/notices',
      auth: 'session',
      query: pageQuery,
      handler: ({ db, user, query }) =>
        paged(
          db.selectFrom('notice').selectAll().where('orgId', '=', user.orgId).orderBy('noticeId', 'desc'),
          query,
        ),
    }),
    route({
      method: 'GET',
      url: '/pims/web-org/versionRecord',
      auth: 'session',
      query: pageQuery.extend({ version: z.string().trim().max(32).optional() }),
      // Each record says whether this user has read it (isRead 0/1); version filters by part of the number.
      handler({ db, user, query }) {
        let q = db
          .selectFrom('versionRecord')
          .leftJoin('versionRead', (join) =>
            join
              .onRef('versionRead.recordId', '=', 'versionRecord.recordId')
              .on('versionRead.userId', '=', user.userId),
          )
          .select([
            'versionRecord.recordId',
            'versionRecord.version',
            'versionRecord.content',
            'versionRecord.publishTime',
            sql<number>`case when versionRead.userId is null then 0 else 1 end`.as('isRead'),
          ]);
        if (query.version) q = q.where('versionRecord.version', 'like', `%${query.version}%`);
        return paged(q.orderBy('versionRecord.recordId', 'desc'), query);
      },
    }),
  ];
}
