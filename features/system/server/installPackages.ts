import { packageFields, packageParams, packageRow, packageSumAnswer } from '../../../domain/api/settings.js';
import { PackagePaths } from '../../../domain/api/settingsPaths.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery, noResult } from '../../../server/http/schemas.js';

/**
 * Installation packages for bedside units and devices: one package, its description, the total size.
 * The list is the engine's (features/system/resources.ts); uploads and deletion are server/routes/uploads.
 */
export function installPackageRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: PackagePaths.one,
      auth: Authority.installPackage,
      summary: '安装包详情',
      params: packageParams,
      query: noQuery,
      response: packageRow,
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
      url: PackagePaths.one,
      auth: Authority.installPackageAdd,
      params: packageParams,
      body: packageFields,
      response: noResult,
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
      url: PackagePaths.sumSize,
      auth: Authority.installPackage,
      summary: '安装包总大小',
      query: noQuery,
      response: packageSumAnswer,
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
