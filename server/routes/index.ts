import type { AnyRoute } from '../http/route.js';
import { loginRoutes } from './passport/logins.js';
import { sessionRoutes } from './passport/session.js';

export interface RouteOptions {
  loginRatePerMinute: number;
}

/** Every REST route of the server, grouped by the spec's service prefixes. */
export function allRoutes(opts: RouteOptions): AnyRoute[] {
  return [...loginRoutes(opts), ...sessionRoutes()];
}
