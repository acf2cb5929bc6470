import type { AnyRoute } from '../../../http/route.js';
import { bedMapRoutes } from './bedMap.js';
import { elderRoutes } from './elder.js';
import { legendRoutes } from './legend.js';
import { workflowRoutes } from './workflow.js';

export { residenceListHooks } from './list.js';

/** Spec 001 §7 "Residence", and the bed and room map of §7 "Dashboard". */
export function residenceRoutes(): AnyRoute[] {
  return [...elderRoutes, ...workflowRoutes, ...bedMapRoutes, ...legendRoutes];
}
