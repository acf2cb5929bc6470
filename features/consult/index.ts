import type { RouteDef } from '../../src/router/registry.js';

export const routes: RouteDef[] = [];
