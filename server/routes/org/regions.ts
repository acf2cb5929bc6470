import { LookupPaths, regionQuery, regionsAnswer } from '../../../domain/api/lookups.js';
import { type AnyRoute, route } from '../../http/route.js';
import { ROOT_REGION, regionChildren, regionPath } from '../../regions/data.js';

/** Spec 000 §7 "Lookups": the region tree rooted at 000000 (server/regions/data.ts). */
export function regionRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: LookupPaths.regions,
      auth: 'session',
      summary: '省市区',
      query: regionQuery,
      response: regionsAnswer,
      handler: async ({ query }) =>
        query.code ? regionPath(query.code) : regionChildren(query.parentCode ?? ROOT_REGION),
    }),
  ];
}
