/**
 * The IoT calls' paths (spec 000 §7 "Mattress, calls and alarms" and "Positioning (pnt)"), written
 * once for the server's routes and the console's requests. Fill `:name` segments with pathWith
 * (domain/http.ts).
 */
const PNT = '/loms/web-lo/pnt';
const ALARM_RECORD = `${PNT}/alarm/record`;
const MATTRESS_RULES = '/pims/web-pi/device/mattress/alarmRules';
const BEDS = '/pims/web-org/organization/bed';
const VMS = '/pims/web-org/aliVmsConfig';

export const IotPaths = {
  // alarm records
  mattressAlarms: '/pims/web-org/alarmRecord',
  pntAlarms: ALARM_RECORD,
  alarmHandle: `${ALARM_RECORD}/handle`,
  alarmDetail: `${ALARM_RECORD}/handle/:recordId`,
  alarmRemove: `${ALARM_RECORD}/:recordId`,
  alarmIgnoreAll: `${ALARM_RECORD}/oneClickIgnore`,
  /** Beyond the spec, for control rooms: acknowledge (stops the sound) and comments. */
  alarmAck: `${ALARM_RECORD}/ack`,
  /** Acknowledge many at once (issue #19: the operator's selection, one call, one transaction). */
  alarmAckBatch: `${ALARM_RECORD}/ack/batch`,
  /** Beyond the spec: 忽略 or 解除 a selection in one call. */
  alarmHandleBatch: `${ALARM_RECORD}/handle/batch`,
  alarmComment: `${ALARM_RECORD}/comment`,
  alarmClose: '/pims/web-pi/device/alarm/close',
  unhandledAlarms: '/loms/di-lo/alarm/sendUnhandledAlarms',

  // rules and rails
  mattressRules: MATTRESS_RULES,
  mattressRule: `${MATTRESS_RULES}/:id`,
  mattressRuleStatus: `${MATTRESS_RULES}/ruleStatus`,
  pntRules: `${PNT}/alarm/rule`,
  pntRule: `${PNT}/alarm/rule/:id`,
  pntRuleStatus: `${PNT}/alarm/rule/status`,
  rails: `${PNT}/rail`,
  railList: `${PNT}/rail/list`,
  rail: `${PNT}/rail/:id`,

  // positioning
  pntConfig: `${PNT}/config/:orgId`,
  pntEnabled: `${PNT}/config/:orgId/isEnable`,
  buildings: `${PNT}/building`,
  mapExists: `${PNT}/map/:buildingId/isHas`,
  floorMap: `${PNT}/map/one`,
  userBuilding: `${PNT}/device/user/building`,
  liveDevices: `${PNT}/device/list/rt`,
  deviceOnline: `${PNT}/device/online/:deviceId`,
  devicesOpened: `${PNT}/device/opened`,

  // nurse calls
  r6r7Calls: '/ecms/web-ec/callrecords/r6r7',
  a10Calls: '/ecms/web-ec/a10CallRecord',
  calls: '/ecms/web-org/callrecords',
  dealTypes: '/ecms/web-ec/callrecords/r6r7/dealType',
  realtimeCalls: '/ecms/web-ec/calls/r6r7/rt/list',
  cleanCalls: '/ecms/web-ec/calls/r6r7/rt/clean',
  callStatistics: '/ecms/web-org/callrecords/statistics',

  // monitors and health
  mattressMonitor: '/pims/web-org/mattressMonitor/:kind',
  mattressElders: '/pims/web-org/mattress/oldman',
  healthStatistics: '/tams/web-org/healthRecord/:oldmanId/:series/statistics',
  healthRecord: '/tams/web-org/healthRecord/:series',
  deviceStatistics: '/tdms/web-td/device/statistics',
  realtimeStatus: '/tdms/web-org/realtime/status',

  // settings
  callSetBase: '/tdms/web-org/callSetBase',
  callVoice: '/tdms/web-org/callVoice',
  alarmSetting: `${PNT}/alarm/setting`,
  beds: BEDS,
  bedDevices: `${BEDS}/devices`,
  bed: `${BEDS}/:bedId`,
  aliVms: VMS,
  aliVmsScenes: `${VMS}/scene`,
  /** The mattress part of the system config (served with the system settings): alarm sound repeats. */
  mattressSetting: '/pims/web-pi/device/set/mattress',
} as const;
