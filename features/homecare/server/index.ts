import { homeTemplateDataResource } from '../../../domain/resources/documents.js';
import type { ServerModule } from '../../../server/modules/types.js';
import {
  costAccountResource,
  homeAreaResource,
  homeFamilyResource,
  homeOldmanResource,
  serveProjectResource,
  serveProjectTypeResource,
} from '../resources/elders.js';
import {
  serveOrderEvaluationResource,
  serveOrderGenRuleResource,
  serveOrderLogResource,
  serveOrderResource,
} from '../resources/orders.js';
import { accountHooks } from './accounts.js';
import { homeTemplateDataHooks } from './documents.js';
import {
  areaHooks,
  homeFamilyHooks,
  homeOldmanHooks,
  projectTypeHooks,
  serveProjectHooks,
} from './elders.js';
import { evaluationHooks, logHooks, orderHooks, ruleHooks } from './orders.js';
import { homecareRoutes } from './routes.js';

/** Spec 001 §7 "Home care (/homecare/web-api)" and the carers' app-api. */
export const homecareServer: ServerModule = {
  resources: {
    [homeOldmanResource.name]: { hooks: homeOldmanHooks },
    [homeAreaResource.name]: { hooks: areaHooks },
    [homeFamilyResource.name]: { hooks: homeFamilyHooks },
    [serveProjectTypeResource.name]: { hooks: projectTypeHooks },
    [serveProjectResource.name]: { hooks: serveProjectHooks },
    // An account is closed by its own call once its balance is settled (./accounts.ts).
    [costAccountResource.name]: { hooks: accountHooks, handwritten: ['remove'] },
    // A new order is priced and logged by serviceOrderMachine's create (./orders.ts).
    [serveOrderResource.name]: { hooks: orderHooks, handwritten: ['create'] },
    [serveOrderLogResource.name]: { hooks: logHooks },
    [serveOrderGenRuleResource.name]: { hooks: ruleHooks },
    [serveOrderEvaluationResource.name]: { hooks: evaluationHooks },
    [homeTemplateDataResource.name]: { hooks: homeTemplateDataHooks },
  },
  routes: homecareRoutes,
};
