import { modules } from '../../domain/modules/index.js';
import type { AnyRoute } from '../http/route.js';
import { resourceRoutes } from '../resources/engine.js';
import { baseDataServer } from './baseData.js';
import { callboardServer } from './callboard.js';
import { expenseServer } from './expense.js';
import { homecareServer } from './homecare.js';
import { iotServer } from './iot.js';
import { liveServer } from './live.js';
import { shellServer } from './shell.js';
import { systemServer } from './system.js';
import type { RouteOptions, ServerModule } from './types.js';

/** The server's part of each module descriptor, by module name (a plain CRUD module needs none). */
export const serverModules: Readonly<Record<string, ServerModule>> = {
  shell: shellServer,
  live: liveServer,
  iot: iotServer,
  system: systemServer,
  expense: expenseServer,
  homecare: homecareServer,
  baseData: baseDataServer,
  callboard: callboardServer,
};

/**
 * Every REST route of the server: for each module of the registry, the engine's routes of its
 * resources (with the module's hooks) and the module's own calls.
 */
export function allRoutes(opts: RouteOptions, registry = modules): AnyRoute[] {
  return registry.flatMap((module) => {
    const part = serverModules[module.name] ?? {};
    return [
      ...module.resources.flatMap((def) => {
        const own = part.resources?.[def.name];
        return resourceRoutes(def, own?.hooks, own?.handwritten);
      }),
      ...(part.routes?.(opts) ?? []),
    ];
  });
}
