import { alarmRoutes } from '../routes/iot/alarms.js';
import { iotBedRoutes } from '../routes/iot/beds.js';
import { iotDeviceRoutes } from '../routes/iot/devices.js';
import { iotSettingRoutes } from '../routes/iot/settings.js';
import { iotStatusRoutes } from '../routes/iot/status.js';
import type { ServerModule } from './types.js';

/** Spec 000 §7 "Mattress, calls and alarms" and "Positioning". */
export const iotServer: ServerModule = {
  routes: () => [
    ...alarmRoutes(),
    ...iotSettingRoutes(),
    ...iotDeviceRoutes(),
    ...iotStatusRoutes(),
    ...iotBedRoutes(),
  ],
};
