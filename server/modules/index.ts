import { modules } from '../../domain/modules/index.js';
import type { ResourceDef } from '../../domain/resource.js';
import type { AnyRoute } from '../http/route.js';
import { actionRoutes } from '../resources/actions.js';
import { type ResourceHooks, resourceRoutes } from '../resources/engine.js';
import { administrationServer } from './administration.js';
import { archivesServer } from './archives.js';
import { baseDataServer } from './baseData.js';
import { callboardServer } from './callboard.js';
import { careServer } from './care.js';
import { dashboardServer } from './dashboard.js';
import { drugsServer } from './drugs.js';
import { educationServer } from './education.js';
import { expenseServer } from './expense.js';
import { governmentServer } from './government.js';
import { homecareServer } from './homecare.js';
import { iotServer } from './iot.js';
import { liveServer } from './live.js';
import { shellServer } from './shell.js';
import { systemServer } from './system.js';
import type { RouteOptions, ServerModule, ServerResource } from './types.js';
import { warehouseServer } from './warehouse.js';

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
    return [
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
  });
}
