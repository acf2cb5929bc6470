import {
  costSetResource,
  discountRuleResource,
  levelResource,
  projectCategoryResource,
  projectResource,
} from '../../domain/resources/cost.js';
import { costRoutes } from '../routes/cost/index.js';
import { categoryHooks, costProjectHooks, costSetHooks, discountHooks } from '../routes/cost/settings.js';
import { withLevelFeeHistory } from './care/levelHistory.js';
import type { ServerModule } from './types.js';

/** Spec 001 §7 "Expense and billing" (/pims/web-pi/cost/...); the money book is server/ledger. */
export const expenseServer: ServerModule = {
  resources: {
    [projectCategoryResource.name]: { hooks: categoryHooks },
    [projectResource.name]: { hooks: costProjectHooks },
    [costSetResource.name]: { hooks: costSetHooks },
    [discountRuleResource.name]: { hooks: discountHooks },
    // a fee change is kept so month-end bills prorate it (server/modules/care/levelHistory.ts)
    [levelResource.name]: { hooks: withLevelFeeHistory() },
  },
  routes: costRoutes,
};
