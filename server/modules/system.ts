import { userResource } from '../../domain/resources/system.js';
import { userListHooks, userRoutes } from '../routes/org/users.js';
import { dictionaryRoutes } from '../routes/settings/dictionarys.js';
import { formTemplateRoutes } from '../routes/settings/formTemplates.js';
import { installPackageRoutes } from '../routes/settings/installPackages.js';
import { miscSettingRoutes } from '../routes/settings/misc.js';
import type { ServerModule } from './types.js';

/**
 * Spec 000 §7 "System settings" and the users of user management: the lists through the engine
 * (domain/resources/system.ts), the dialogs' and uploads' calls written here.
 */
export const systemServer: ServerModule = {
  resources: { [userResource.name]: { hooks: userListHooks } },
  routes: () => [
    ...dictionaryRoutes(),
    ...installPackageRoutes(),
    ...userRoutes(),
    ...miscSettingRoutes(),
    ...formTemplateRoutes(),
  ],
};
