import type { AnyRoute } from '../../http/route.js';

export function residenceRoutes(): AnyRoute[] {
  return [];
}
