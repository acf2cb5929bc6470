import type { AnyRoute } from '../../http/route.js';

export function consultRoutes(): AnyRoute[] {
  return [];
}
