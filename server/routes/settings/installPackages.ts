import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { pageQuery } from '../../../domain/settings.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { paged } from '../paging.js';

const BASE = '/tdms/web-td/device/package';
const byId = z.object({ packageId: z.coerce.number().int().positive() });
/** What may change after upload: the description, not the file (upload a new package for that). */
const packageEdit = z.object({
  packageName: z.string().trim().min(1, '请输入安装包名称').max(64),
  version: z.string().trim().min(1, '请输入版本号').max(32),
  deviceType: z.string().trim().min(1, '请选择设备类型').max(32),
  remark: z.string().max(200).default(''),
});

/** Installation packages for bedside units and devices (list and total size). */
export function installPackageRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: BASE,
      auth: Authority.installPackage,
      query: pageQuery,
      handler: ({ db, user, query }) =>
        paged(
          db
            .selectFrom('installPackage')
            .selectAll()
            .where('orgId', '=', user.orgId)
            .orderBy('packageId', 'desc'),
          query,
        ),
    }),
    route({
      method: 'GET',
      url: `${BASE}/:packageId`,
      auth: Authority.installPackage,
      params: byId,
      async handler({ db, user, params }) {
        const row = await db
          .selectFrom('installPackage')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .where('packageId', '=', params.packageId)
          .executeTakeFirst();
        if (!row) throw new ApiFailure(Code.notFound, '安装包不存在');
        return row;
      },
    }),
    route({
      method: 'PUT',
      url: `${BASE}/:packageId`,
      auth: Authority.installPackageAdd,
      params: byId,
      body: packageEdit,
      log: { type: 'UPDATE', name: '修改安装包' },
      async handler({ db, user, params, body, describe }) {
        const result = await db
          .updateTable('installPackage')
          .set(body)
          .where('orgId', '=', user.orgId)
          .where('packageId', '=', params.packageId)
          .executeTakeFirst();
        if (!result.numUpdatedRows) throw new ApiFailure(Code.notFound, '安装包不存在');
        describe(`修改安装包：${body.packageName} ${body.version}`);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: `${BASE}/sumSize`,
      auth: Authority.installPackage,
      async handler({ db, user }) {
        const row = await db
          .selectFrom('installPackage')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('fileSizeB'), eb.val(0)).as('sumSize'))
          .where('orgId', '=', user.orgId)
          .executeTakeFirstOrThrow();
        return Number(row.sumSize);
      },
    }),
  ];
}
