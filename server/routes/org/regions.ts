import { z } from 'zod';
import { type AnyRoute, route } from '../../http/route.js';
import { REGION_CODE, ROOT_REGION, regionChildren, regionPath } from '../../regions/data.js';

/** An optional 6-digit code; an empty parameter counts as absent. */
const regionCode = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string({ error: '区划编码应为6位数字' }).regex(REGION_CODE, '区划编码应为6位数字').optional(),
);

/** Spec 000 §7 "Lookups": the region tree rooted at 000000 (server/regions/data.ts). */
export function regionRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/pims/web-org/common/pcd',
      auth: 'session',
      query: z.object({ parentCode: regionCode, code: regionCode }),
      // `code` gives the path from the province down to that code (to show a stored code's full
      // name and preselect the console's cascade); otherwise the children of `parentCode`.
      handler: async ({ query }) =>
        query.code ? regionPath(query.code) : regionChildren(query.parentCode ?? ROOT_REGION),
    }),
  ];
}
