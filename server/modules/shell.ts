import { paymentRoutes } from '../payment/index.js';
import { lookupRoutes } from '../routes/org/lookups.js';
import { regionRoutes } from '../routes/org/regions.js';
import { loginRoutes } from '../routes/passport/logins.js';
import { sessionRoutes } from '../routes/passport/session.js';
import { configRoutes } from '../routes/settings/config.js';
import { uploadRoutes } from '../routes/uploads/index.js';
import type { ServerModule } from './types.js';

/** Spec 000 §7: sign-in, session, start-up config, uploads, lookups, and the payment gateway. */
export const shellServer: ServerModule = {
  routes: (opts) => [
    ...loginRoutes(opts),
    ...sessionRoutes(),
    ...configRoutes(),
    ...uploadRoutes(),
    ...lookupRoutes(),
    ...regionRoutes(),
    ...paymentRoutes(),
  ],
};
