import type { AnyRoute } from '../../http/route.js';

export function contractRoutes(): AnyRoute[] {
  return [];
}
