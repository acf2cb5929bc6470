import type { ServerModule } from '../../../server/modules/types.js';
import { withLevelFeeHistory } from '../../care/server/levelHistory.js';
import {
  costSetResource,
  discountRuleResource,
  levelResource,
  projectCategoryResource,
  projectResource,
} from '../resources/cost.js';
import { costRoutes } from './routes.js';
import { categoryHooks, costProjectHooks, costSetHooks, discountHooks } from './settings.js';

/** Spec 001 §7 "Expense and billing" (/pims/web-pi/cost/...); the money book is server/ledger. */
export const expenseServer: ServerModule = {
  resources: {
    [projectCategoryResource.name]: { hooks: categoryHooks },
    [projectResource.name]: { hooks: costProjectHooks },
    [costSetResource.name]: { hooks: costSetHooks },
    [discountRuleResource.name]: { hooks: discountHooks },
    // a fee change is kept so month-end bills prorate it (features/care/server/levelHistory.ts)
    [levelResource.name]: { hooks: withLevelFeeHistory() },
  },
  routes: costRoutes,
};
