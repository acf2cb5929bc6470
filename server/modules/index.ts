import type { ResourceDef } from '../../domain/resource.js';
import { administrationServer } from '../../features/administration/server/index.js';
import { archivesServer } from '../../features/archives/server/index.js';
import { baseDataServer } from '../../features/baseData/server/index.js';
import { callboardServer } from '../../features/callboard/server/index.js';
import { careServer } from '../../features/care/server/index.js';
import { dashboardServer } from '../../features/dashboard/server/index.js';
import { drugsServer } from '../../features/drugs/server/index.js';
import { educationServer } from '../../features/education/server/index.js';
import { expenseServer } from '../../features/expense/server/index.js';
import { governmentServer } from '../../features/government/server/index.js';
import { homecareServer } from '../../features/homecare/server/index.js';
import { iotServer } from '../../features/iot/server/index.js';
import { liveServer } from '../../features/live/server/index.js';
import { modules } from '../../features/modules.js';
import { systemServer } from '../../features/system/server/index.js';
import { warehouseServer } from '../../features/warehouse/server/index.js';
import type { AnyRoute } from '../http/route.js';
import { actionRoutes } from '../resources/actions.js';
import { type ResourceHooks, resourceRoutes } from '../resources/engine.js';
import { shellServer } from './shell.js';
import type { RouteOptions, ServerModule, ServerResource } from './types.js';

/** The server's part of each module descriptor, by module name (a plain CRUD module needs none). */
export const serverModules: Readonly<Record<string, ServerModule>> = {
  shell: shellServer,
  dashboard: dashboardServer,
  archives: archivesServer,
  live: liveServer,
  iot: iotServer,
  system: systemServer,
  expense: expenseServer,
  homecare: homecareServer,
  baseData: baseDataServer,
  callboard: callboardServer,
  care: careServer,
  government: governmentServer,
  education: educationServer,
  administration: administrationServer,
  warehouse: warehouseServer,
  drugs: drugsServer,
};

/** A new record of a workflow starts in the machine's initial state. */
function withInitialState(def: ResourceDef, own: ServerResource | undefined): ResourceHooks | undefined {
  const initial = def.workflow?.initialFields;
  if (!initial) return own?.hooks;
  const prepare = own?.hooks?.prepare;
  return {
    ...own?.hooks,
    async prepare(ctx, row, existing) {
      if (!existing) Object.assign(row, initial);
      await prepare?.(ctx, row, existing);
    },
  };
}

/**
 * Every REST route of the server: for each module of the registry, the engine's routes of its
 * resources (with the module's hooks) and the module's own calls.
 */
export function allRoutes(opts: RouteOptions, registry = modules): AnyRoute[] {
  return registry.flatMap((module) => {
    const part = serverModules[module.name] ?? {};
    const routes: AnyRoute[] = [
      ...module.resources.flatMap((def) => {
        const own = part.resources?.[def.name];
        if (def.actions?.length && !def.workflow) throw new Error(`${def.name} 有流程动作但未登记流程`);
        const hooks = withInitialState(def, own);
        return [
          ...resourceRoutes(def, hooks, own?.handwritten),
          ...(def.workflow ? actionRoutes(def, def.workflow, hooks) : []),
        ];
      }),
      ...(part.routes?.(opts) ?? []),
    ];
    return routes.map((r) => ({ ...r, module: module.name }));
  });
}
