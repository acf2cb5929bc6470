import { z } from 'zod';
import { shiftResource } from '../../../domain/resources/attendanceBase.js';
import {
  assessUserResource,
  finalGradeResource,
  oldmanNursingResource,
} from '../../../domain/resources/careBase.js';
import {
  PatrolPaths,
  patrolLineResource,
  patrolPlanResource,
  patrolPointResource,
} from '../../../domain/resources/patrolBase.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import type { ServerModule } from '../../../server/modules/types.js';
import { loadRow, updateRow } from '../../../server/resources/engine.js';
import {
  assessUserHooks,
  finalGradeHooks,
  oldmanNursingHooks,
  patrolLineHooks,
  patrolPlanHooks,
  patrolPointHooks,
  shiftHooks,
} from './lookupHooks.js';
import { lookupExtraRoutes } from './lookupsExtra.js';

/** The base records of later modules' dropdowns (spec 000 §3 "Dropdown data sets"). */
export const baseDataServer: ServerModule = {
  resources: {
    [patrolPointResource.name]: { hooks: patrolPointHooks },
    [patrolLineResource.name]: { hooks: patrolLineHooks },
    [patrolPlanResource.name]: { hooks: patrolPlanHooks },
    [shiftResource.name]: { hooks: shiftHooks },
    [finalGradeResource.name]: { hooks: finalGradeHooks },
    [assessUserResource.name]: { hooks: assessUserHooks },
    [oldmanNursingResource.name]: { hooks: oldmanNursingHooks },
  },
  routes: () => [...lookupExtraRoutes(), planStatusRoute()],
};

/**
 * PUT plan/planStatus (spec 001 §7): 启用 or 停用 one plan, as its edit would, under the same
 * authority, organisation and hooks; the other fields stay.
 */
function planStatusRoute(): AnyRoute {
  const def = patrolPlanResource;
  return route({
    method: 'PUT',
    url: PatrolPaths.planStatus,
    auth: def.authority.update ?? 'session',
    summary: '启用或停用巡更计划',
    log: { type: 'UPDATE', name: '修改巡更计划状态' },
    body: z.object({
      planPkId: z.number({ error: '请选择巡更计划' }).int().positive('巡更计划无效'),
      planStatus: z.union([z.literal(0), z.literal(1)], { error: '计划状态只能是0（启用）或1（停用）' }),
    }),
    response: z.object({ planPkId: z.number().int() }),
    async handler(ctx) {
      const existing = await loadRow(ctx, def, ctx.body.planPkId, patrolPlanHooks);
      await updateRow(ctx, def, patrolPlanHooks, existing, { planStatus: ctx.body.planStatus });
      return { planPkId: ctx.body.planPkId };
    },
  });
}
