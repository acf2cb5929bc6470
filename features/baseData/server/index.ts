import { shiftResource } from '../../../domain/resources/attendanceBase.js';
import {
  assessUserResource,
  finalGradeResource,
  oldmanNursingResource,
} from '../../../domain/resources/careBase.js';
import {
  patrolLineResource,
  patrolPlanResource,
  patrolPointResource,
} from '../../../domain/resources/patrolBase.js';
import type { ServerModule } from '../../../server/modules/types.js';
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
  routes: lookupExtraRoutes,
};
