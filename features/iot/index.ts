import { monitorScreens } from '../../domain/screens.js';
import { type ViewLoaders, view } from '../../src/router/views.js';

/** Spec 001 §2 "IoT, base /yunmuIot"; the map pages carry deck.gl and maplibre in their own chunks. */
export const iotViews: ViewLoaders = {
  'iot.AllAlarms': view(() => import('./AlarmConsole.js'), 'AllAlarms'),
  'iot.MattressAlarms': view(() => import('./AlarmConsole.js'), 'MattressAlarms'),
  'iot.LocateAlarms': view(() => import('./AlarmConsole.js'), 'LocateAlarms'),
  'iot.PositionMap': view(() => import('./PositionMap.js'), 'PositionMap'),
  'iot.FenceEditor': view(() => import('./FenceEditor.js'), 'FenceEditor'),
  'iot.MattressAlarmRules': view(() => import('./settings/MattressAlarmRules.js'), 'MattressAlarmRules'),
  'iot.LocateAlarmRules': view(() => import('./settings/LocateAlarmRules.js'), 'LocateAlarmRules'),
  'iot.AlarmSetting': view(() => import('./settings/AlarmSetting.js'), 'AlarmSetting'),
  'iot.BedDevices': view(() => import('./settings/BedDevices.js'), 'BedDevices'),
  'iot.CallSetting': view(() => import('./settings/CallSetting.js'), 'CallSetting'),
  'iot.AlarmStats': view(() => import('./stats/AlarmStats.js'), 'AlarmStats'),
  'iot.CallRecords': view(() => import('./settings/CallRecords.js'), 'CallRecords'),
  'iot.BedCards': view(() => import('./monitor/BedCards.js'), 'BedCards'),
  'iot.HealthPersonal': view(() => import('./monitor/HealthPersonal.js'), 'HealthPersonal'),
  ...Object.fromEntries(
    monitorScreens.flatMap(({ kind }) => [
      [`iot.Monitor${kind}`, () => import('./monitor/MonitorPage.js').then((m) => m.monitorPages[kind])],
      [`iot.Personal${kind}`, () => import('./monitor/PersonalView.js').then((m) => m.personalViews[kind])],
    ]),
  ),
};
