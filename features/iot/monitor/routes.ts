import type { RouteDef } from '../../../src/router/registry.js';

/** Mattress monitors, their personal views, health/personal and the bed-card grid (spec 001 /yunmuIot). */
export const monitorRoutes: RouteDef[] = [];
