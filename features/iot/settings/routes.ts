import type { RouteDef } from '../../../src/router/registry.js';
import { AlarmSetting } from './AlarmSetting.js';
import { BedDevices } from './BedDevices.js';
import { CallRecords } from './CallRecords.js';
import { CallSetting } from './CallSetting.js';
import { LocateAlarmRules } from './LocateAlarmRules.js';
import { MattressAlarmRules } from './MattressAlarmRules.js';

/** Alarm rules, alarm setting, bed devices, call setting, locate-alarm rules and call records (spec 001 /yunmuIot). */
export const settingsRoutes: RouteDef[] = [
  { path: '/yunmuIot/alarmRules', title: '床垫告警规则', component: MattressAlarmRules },
  { path: '/yunmuIot/locateAlarmRule', title: '定位告警规则', component: LocateAlarmRules },
  { path: '/yunmuIot/alarmSetting', title: '告警设置', component: AlarmSetting },
  { path: '/yunmuIot/bedDevices', title: '床位设备', component: BedDevices },
  { path: '/yunmuIot/callSetting', title: '呼叫设置', component: CallSetting },
  { path: '/yunmuIot/callRecord', title: '呼叫记录', component: CallRecords },
];
