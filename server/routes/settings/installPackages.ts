import { Authority } from '../../../domain/menus.js';
import { pageQuery } from '../../../domain/settings.js';
import { type AnyRoute, route } from '../../http/route.js';
import { paged } from '../paging.js';

const BASE = '/tdms/web-td/device/package';

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
