import type { AnyRoute } from '../http/route.js';
import { paymentRoutes } from '../payment/index.js';
import { costRoutes } from './cost/index.js';
import { homecareRoutes } from './homecare/index.js';
import { alarmRoutes } from './iot/alarms.js';
import { iotBedRoutes } from './iot/beds.js';
import { iotDeviceRoutes } from './iot/devices.js';
import { iotSettingRoutes } from './iot/settings.js';
import { iotStatusRoutes } from './iot/status.js';
import { consultRoutes } from './live/consult.js';
import { contractRoutes } from './live/contract.js';
import { oldmanRoutes } from './live/oldman.js';
import { oldmanExtraRoutes } from './live/oldmanExtras.js';
import { oldmanImportRoutes } from './live/oldmanImport.js';
import { outingRoutes } from './live/outing.js';
import { residenceRoutes } from './live/residence.js';
import { lookupRoutes } from './org/lookups.js';
import { lookupExtraRoutes } from './org/lookupsExtra.js';
import { regionRoutes } from './org/regions.js';
import { userRoutes } from './org/users.js';
import { loginRoutes } from './passport/logins.js';
import { sessionRoutes } from './passport/session.js';
import { configRoutes } from './settings/config.js';
import { dictionaryRoutes } from './settings/dictionarys.js';
import { formTemplateRoutes } from './settings/formTemplates.js';
import { installPackageRoutes } from './settings/installPackages.js';
import { miscSettingRoutes } from './settings/misc.js';
import { systemLogRoutes } from './settings/systemLogs.js';
import { uploadRoutes } from './uploads/index.js';

export interface RouteOptions {
  loginRatePerMinute: number;
}

/** Every REST route of the server, grouped by the spec's service prefixes. */
export function allRoutes(opts: RouteOptions): AnyRoute[] {
  return [
    ...loginRoutes(opts),
    ...sessionRoutes(),
    ...configRoutes(),
    ...systemLogRoutes(),
    ...dictionaryRoutes(),
    ...installPackageRoutes(),
    ...lookupRoutes(),
    ...lookupExtraRoutes(),
    ...regionRoutes(),
    ...userRoutes(),
    ...miscSettingRoutes(),
    ...formTemplateRoutes(),
    ...uploadRoutes(),
    ...alarmRoutes(),
    ...iotSettingRoutes(),
    ...iotDeviceRoutes(),
    ...iotStatusRoutes(),
    ...iotBedRoutes(),
    ...oldmanRoutes(),
    ...oldmanImportRoutes(),
    ...oldmanExtraRoutes(),
    ...residenceRoutes(),
    ...consultRoutes(),
    ...contractRoutes(),
    ...costRoutes(),
    ...homecareRoutes(),
    ...outingRoutes(),
    ...paymentRoutes(),
  ];
}
