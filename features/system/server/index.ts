import type { ServerModule } from '../../../server/modules/types.js';
import { userResource } from '../resources.js';
import { dictionaryRoutes } from './dictionarys.js';
import { formTemplateRoutes } from './formTemplates.js';
import { installPackageRoutes } from './installPackages.js';
import { miscSettingRoutes } from './misc.js';
import { testPathRoutes } from './testPaths.js';
import { userListHooks, userRoutes } from './users.js';

/**
 * Spec 000 §7 "System settings" and the users of user management: the lists through the engine
 * (features/system/resources.ts), the dialogs' and uploads' calls written here.
 */
export const systemServer: ServerModule = {
  resources: { [userResource.name]: { hooks: userListHooks } },
  routes: () => [
    ...dictionaryRoutes(),
    ...installPackageRoutes(),
    ...userRoutes(),
    ...miscSettingRoutes(),
    ...formTemplateRoutes(),
    ...testPathRoutes(),
  ],
};
