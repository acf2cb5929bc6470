import type { AnyRoute } from '../../../server/http/route.js';
import { bedMapRoutes } from './bedMap.js';
import { elderRoutes } from './residenceElder.js';
import { legendRoutes } from './residenceLegend.js';
import { workflowRoutes } from './residenceWorkflow.js';

export { residenceListHooks } from './residenceList.js';

/** Spec 001 §7 "Residence", and the bed and room map of §7 "Dashboard". */
export function residenceRoutes(): AnyRoute[] {
  return [...elderRoutes, ...workflowRoutes, ...bedMapRoutes, ...legendRoutes];
}
