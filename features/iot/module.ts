import { Authority as A } from '../../domain/menus.js';
import { defineModule, group, type MenuNode, screen } from '../../domain/module.js';
import { IotScreens, monitorScreens, personalPath } from '../../domain/screens.js';
import { ALARM_STATS_SCREEN, AlarmStatsAuthority } from './api/alarmStats.js';
import {
  a10CallRecordResource,
  callRecordResource,
  mattressAlarmRecordResource,
  pntAlarmRecordResource,
  r6r7CallRecordResource,
} from './resources/records.js';
import { mattressAlarmRuleResource, pntAlarmRuleResource, railResource } from './resources/rules.js';

const monitors: MenuNode[] = monitorScreens.flatMap((m) => [
  screen(m.path, m.title, { code: `yunmuIot:${m.path.split('/').at(-1)}`, view: `iot.Monitor${m.kind}` }),
  // The elder's detail screen; detail screens are not tabs (spec 001 §2).
  screen(personalPath(m.path), `${m.title} · 个人`, { tab: false, view: `iot.Personal${m.kind}` }),
]);

export const iotModule = defineModule({
  name: 'iot',
  menu: { code: 'yunmuIot', name: '智能物联', icon: 'satellite' },
  resources: [
    mattressAlarmRuleResource,
    pntAlarmRuleResource,
    railResource,
    mattressAlarmRecordResource,
    pntAlarmRecordResource,
    callRecordResource,
    r6r7CallRecordResource,
    a10CallRecordResource,
  ],
  items: [
    group('yunmuIot:alarmCenter', '告警中心', 'notifications', [
      // one list of every open alarm, most severe first (床垫 and 定位 keep their own with the history)
      screen(IotScreens.allAlarms, '全部告警', {
        code: A.iotAllAlarms,
        view: 'iot.AllAlarms',
      }),
      screen(IotScreens.alarm, '床垫告警', {
        code: A.iotAlarm,
        view: 'iot.MattressAlarms',
        buttons: [
          { code: A.iotAlarmHandle, menuName: '处理告警' },
          { code: A.iotAlarmDelete, menuName: '删除告警' },
        ],
      }),
      screen(IotScreens.locateAlarm, '定位告警', {
        code: A.iotLocateAlarm,
        view: 'iot.LocateAlarms',
        buttons: [
          { code: A.iotLocateAlarmHandle, menuName: '处理定位告警' },
          { code: A.iotLocateAlarmDelete, menuName: '删除定位告警' },
        ],
      }),
      screen(IotScreens.callRecord, '呼叫记录', {
        code: A.iotCallRecord,
        view: 'iot.CallRecords',
        buttons: [{ code: A.iotCallRecordClean, menuName: '清除实时呼叫' }],
      }),
      // issue #38 point 9: how fast the alarms were answered, and the 交班报告
      screen(ALARM_STATS_SCREEN, '告警响应统计', {
        code: AlarmStatsAuthority.view,
        view: 'iot.AlarmStats',
      }),
    ]),
    group(A.iotMonitor, '健康监测', 'pulse', [
      screen(IotScreens.bedCards, '床位卡片', { code: 'yunmuIot:bedCards', view: 'iot.BedCards' }),
      ...monitors,
      screen(IotScreens.healthPersonal, '个人健康', { code: A.iotHealth, view: 'iot.HealthPersonal' }),
    ]),
    group('yunmuIot:positioning', '定位管理', 'map-marker', [
      screen(IotScreens.position, '实时定位', { code: A.iotPosition, view: 'iot.PositionMap' }),
      screen(IotScreens.fence, '电子围栏', {
        code: A.iotFence,
        view: 'iot.FenceEditor',
        buttons: [{ code: A.iotFenceEdit, menuName: '编辑围栏' }],
      }),
      screen(IotScreens.locateAlarmRule, '定位告警规则', {
        code: A.iotLocateAlarmRule,
        view: 'iot.LocateAlarmRules',
        buttons: [{ code: A.iotLocateAlarmRuleEdit, menuName: '编辑定位告警规则' }],
      }),
    ]),
    group('yunmuIot:settings', '物联设置', 'settings', [
      screen(IotScreens.alarmRules, '床垫告警规则', {
        code: A.iotAlarmRules,
        view: 'iot.MattressAlarmRules',
        buttons: [{ code: A.iotAlarmRulesEdit, menuName: '编辑床垫告警规则' }],
      }),
      screen(IotScreens.alarmSetting, '告警设置', { code: A.iotAlarmSetting, view: 'iot.AlarmSetting' }),
      screen(IotScreens.bedDevices, '床位设备', { code: A.iotBedDevices, view: 'iot.BedDevices' }),
      screen(IotScreens.callSetting, '呼叫设置', { code: A.iotCallSetting, view: 'iot.CallSetting' }),
    ]),
  ],
});
