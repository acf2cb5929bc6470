import { alarmRoutes } from '../routes/iot/alarms.js';
import { iotBedRoutes } from '../routes/iot/beds.js';
import { iotCallRoutes } from '../routes/iot/calls.js';
import { iotMonitorRoutes } from '../routes/iot/monitors.js';
import { iotPositioningRoutes } from '../routes/iot/positioning.js';
import { recordResources } from '../routes/iot/records.js';
import { ruleResources, ruleStatusRoutes } from '../routes/iot/rules.js';
import { iotSettingRoutes } from '../routes/iot/settings.js';
import { iotStatusRoutes } from '../routes/iot/status.js';
import type { ServerModule } from './types.js';

/**
 * Spec 000 §7 "Mattress, calls and alarms" and "Positioning": the rules, rails and record lists are
 * the engine's (their hooks here), the live and device calls the module's own.
 */
export const iotServer: ServerModule = {
  resources: { ...ruleResources, ...recordResources },
  routes: () => [
    ...alarmRoutes(),
    ...ruleStatusRoutes(),
    ...iotPositioningRoutes(),
    ...iotCallRoutes(),
    ...iotMonitorRoutes(),
    ...iotSettingRoutes(),
    ...iotStatusRoutes(),
    ...iotBedRoutes(),
  ],
};
