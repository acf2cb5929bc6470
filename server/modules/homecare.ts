import { homeTemplateDataResource } from '../../domain/resources/documents.js';
import {
  costAccountResource,
  homeAreaResource,
  homeFamilyResource,
  homeOldmanResource,
  serveProjectResource,
  serveProjectTypeResource,
} from '../../domain/resources/homecare.js';
import {
  serveOrderEvaluationResource,
  serveOrderGenRuleResource,
  serveOrderLogResource,
  serveOrderResource,
} from '../../domain/resources/homecareOrder.js';
import { accountHooks } from '../routes/homecare/accounts.js';
import { homeTemplateDataHooks } from '../routes/homecare/documents.js';
import {
  areaHooks,
  homeFamilyHooks,
  homeOldmanHooks,
  projectTypeHooks,
  serveProjectHooks,
} from '../routes/homecare/elders.js';
import { homecareRoutes } from '../routes/homecare/index.js';
import { evaluationHooks, logHooks, orderHooks, ruleHooks } from '../routes/homecare/orders.js';
import type { ServerModule } from './types.js';

/** Spec 001 §7 "Home care (/homecare/web-api)" and the carers' app-api. */
export const homecareServer: ServerModule = {
  resources: {
    [homeOldmanResource.name]: { hooks: homeOldmanHooks },
    [homeAreaResource.name]: { hooks: areaHooks },
    [homeFamilyResource.name]: { hooks: homeFamilyHooks },
    [serveProjectTypeResource.name]: { hooks: projectTypeHooks },
    [serveProjectResource.name]: { hooks: serveProjectHooks },
    // An account is closed by its own call once its balance is settled (server/routes/homecare/accounts.ts).
    [costAccountResource.name]: { hooks: accountHooks, handwritten: ['remove'] },
    // A new order is priced and logged by serviceOrderMachine's create (server/routes/homecare/orders.ts).
    [serveOrderResource.name]: { hooks: orderHooks, handwritten: ['create'] },
    [serveOrderLogResource.name]: { hooks: logHooks },
    [serveOrderGenRuleResource.name]: { hooks: ruleHooks },
    [serveOrderEvaluationResource.name]: { hooks: evaluationHooks },
    [homeTemplateDataResource.name]: { hooks: homeTemplateDataHooks },
  },
  routes: homecareRoutes,
};
