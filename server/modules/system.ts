import { userRoutes } from '../routes/org/users.js';
import { dictionaryRoutes } from '../routes/settings/dictionarys.js';
import { formTemplateRoutes } from '../routes/settings/formTemplates.js';
import { installPackageRoutes } from '../routes/settings/installPackages.js';
import { miscSettingRoutes } from '../routes/settings/misc.js';
import { systemLogRoutes } from '../routes/settings/systemLogs.js';
import type { ServerModule } from './types.js';

/** Spec 000 §7 "System settings" and the users of user management. */
export const systemServer: ServerModule = {
  routes: () => [
    ...systemLogRoutes(),
    ...dictionaryRoutes(),
    ...installPackageRoutes(),
    ...userRoutes(),
    ...miscSettingRoutes(),
    ...formTemplateRoutes(),
  ],
};
