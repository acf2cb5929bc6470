import type { ServerModule } from '../../../server/modules/types.js';
import { alarmStatsRoutes } from './alarmStats.js';
import { alarmRoutes } from './alarms.js';
import { iotBedRoutes } from './beds.js';
import { iotCallRoutes } from './calls.js';
import { iotMonitorRoutes } from './monitors.js';
import { iotPositioningRoutes } from './positioning.js';
import { recordResources } from './records.js';
import { ruleResources, ruleStatusRoutes } from './rules.js';
import { iotSettingRoutes } from './settings.js';
import { iotStatusRoutes } from './status.js';

/**
 * Spec 000 §7 "Mattress, calls and alarms" and "Positioning": the rules, rails and record lists are
 * the engine's (their hooks here), the live and device calls the module's own.
 */
export const iotServer: ServerModule = {
  resources: { ...ruleResources, ...recordResources },
  routes: () => [
    ...alarmRoutes(),
    ...alarmStatsRoutes(),
    ...ruleStatusRoutes(),
    ...iotPositioningRoutes(),
    ...iotCallRoutes(),
    ...iotMonitorRoutes(),
    ...iotSettingRoutes(),
    ...iotStatusRoutes(),
    ...iotBedRoutes(),
  ],
};
