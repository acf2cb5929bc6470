import type { RouteDef } from '../../../src/router/registry.js';

/** Alarm rules, alarm setting, call setting, locate-alarm rules and call records (spec 001 /yunmuIot). */
export const settingsRoutes: RouteDef[] = [];
