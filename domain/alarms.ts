import { z } from 'zod';
import { defineStatuses } from './status.js';

/** Spec 000 §3: alarm status (alarmMachine's top states; dictionary alarmStatus). */
export const alarmStatuses = defineStatuses([
  { key: 'unhandled', code: 0, label: '未处理' },
  { key: 'ignored', code: 2, label: '已忽略' },
  { key: 'handled', code: 3, label: '已处理' },
  { key: 'released', code: 4, label: '已解除' },
] as const);
export const AlarmStatus = alarmStatuses.code;
export type AlarmStatusValue = (typeof AlarmStatus)[keyof typeof AlarmStatus];
export const alarmStatusName: Record<AlarmStatusValue, string> = alarmStatuses.label;

/**
 * The notes an operator most often writes when handling an alarm (issue #38: 确认并处理 in one click):
 * each is a button of the handle dialog that acknowledges, if need be, and closes the alarm with it.
 */
export const HANDLE_PRESETS = [
  '已到场查看，长者安好',
  '已协助长者回床',
  '误触，已与长者确认',
  '已通知家属',
  '已联系医生处理',
  '设备故障，已报修',
] as const;

/** Spec 000 §3: mattress alarm types 1 out-of-bed, 2 body movement, 3 breathing, 4 heart rate, 5 urine wet. */
export const MattressAlarmType = {
  outOfBed: 1,
  bodyMovement: 2,
  breathing: 3,
  heartRate: 4,
  urineWet: 5,
} as const;
export const mattressAlarmTypeName: Record<string, string> = {
  '1': '离床报警',
  '2': '体动报警',
  '3': '呼吸报警',
  '4': '心率报警',
  '5': '尿湿报警',
  // hand-entered vital signs outside the alarm thresholds (features/care/api/careHealth.ts), shown with the
  // mattress alarms: the health alarms of 告警中心
  'sign.bloodPressure': '血压异常（体征录入）',
  'sign.bloodOxygen': '血氧过低（体征录入）',
  'sign.bloodSugar': '血糖异常（体征录入）',
  'sign.heartRate': '心率异常（体征录入）',
  'sign.temperature': '体温异常（体征录入）',
};

/**
 * A nurse call nobody answered (issue #38 point 3): the call escalates into an alarm record after the
 * organisation's callAlarmAfterSeconds (server/rules/engine.ts). Call buttons are mattress-side devices, so
 * it is a mattress-side alarm, named beside the mattress's own types but raised by no mattress rule.
 */
export const CALL_UNANSWERED = 'call.unanswered';
export const callAlarmTypeName: Record<string, string> = { [CALL_UNANSWERED]: '呼叫未应答' };

/** The alarm type of a hand-entered reading of a kind (bloodOxygen → sign.bloodOxygen). */
export const signAlarmType = (kind: string) => `sign.${kind}`;

/** Spec 000 §3: positioning alarm types. */
export const positionAlarmTypes = [
  'railAlarm',
  'manualAlarm',
  'locationOffline',
  'communicationOffline',
  'lowPowerAlarm',
  'tamperAlarm',
  'maintenanceAlarm',
  'sos',
] as const;
export type PositionAlarmType = (typeof positionAlarmTypes)[number];
export const positionAlarmTypeName: Record<PositionAlarmType, string> = {
  railAlarm: '围栏报警',
  manualAlarm: '手动报警',
  locationOffline: '定位离线',
  communicationOffline: '通讯离线',
  lowPowerAlarm: '低电量报警',
  tamperAlarm: '防拆报警',
  maintenanceAlarm: '维护报警',
  sos: 'SOS报警',
};

/** Where an alarm record comes from: a mattress rule or a positioning (pnt) rule. */
export const alarmSources = ['mattress', 'pnt'] as const;
export type AlarmSource = (typeof alarmSources)[number];

/**
 * Severity decides the order of the live console (highest first) and the sound.
 * Not in the spec: SOS and breathing/heart alarms are life-threatening, the rest follow.
 */
export const Severity = { critical: 3, high: 2, normal: 1 } as const;
export function severityOf(source: AlarmSource, alarmType: string): 1 | 2 | 3 {
  if (source === 'pnt') {
    if (alarmType === 'sos') return 3;
    if (alarmType === 'railAlarm' || alarmType === 'tamperAlarm' || alarmType === 'manualAlarm') return 2;
    if (alarmType === 'patrol.abnormal') return 2;
    if (alarmType === 'adverse.serious') return 3;
    return 1;
  }
  if (alarmType === '3' || alarmType === '4') return 3;
  if (alarmType === 'sign.bloodOxygen' || alarmType === 'sign.bloodSugar') return 3;
  if (alarmType.startsWith('sign.')) return 2;
  if (alarmType === '1') return 2;
  if (alarmType === CALL_UNANSWERED) return 2;
  return 1;
}

/** Alarms no device raises, shown with the positioning alarms: a patrol point found abnormal (issue #15). */
export const otherPntAlarmTypeName: Record<string, string> = {
  'patrol.abnormal': '巡更异常',
  'adverse.serious': '严重不良事件',
};

export const alarmTypeName = (source: AlarmSource, alarmType: string): string =>
  source === 'pnt'
    ? (positionAlarmTypeName[alarmType as PositionAlarmType] ?? otherPntAlarmTypeName[alarmType] ?? alarmType)
    : // a mattress's or call button's 通讯离线 is a mattress-side alarm of a positioning type; a call
      // nobody answered is a call button's
      (mattressAlarmTypeName[alarmType] ??
      callAlarmTypeName[alarmType] ??
      positionAlarmTypeName[alarmType as PositionAlarmType] ??
      alarmType);

/** How people name the three severities (3 most severe). */
export const severityNames: Record<1 | 2 | 3, string> = { 3: '紧急', 2: '重要', 1: '一般' };

/** One alarm record as stored, listed, pushed and published (every change bumps version). */
export const alarmRecord = z.object({
  recordId: z.number().int(),
  orgId: z.number().int(),
  source: z.enum(alarmSources),
  alarmType: z.string(),
  alarmTypeName: z.string(),
  severity: z.number().int().min(1).max(3),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  oldmanId: z.number().int().nullable(),
  oldmanName: z.string().nullable(),
  bedId: z.number().int().nullable(),
  bedName: z.string().nullable(),
  roomName: z.string().nullable(),
  buildingId: z.number().int().nullable(),
  floorNo: z.number().int().nullable(),
  /** Position of the alarm on the floor plan, when known. */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  content: z.string(),
  status: z.union([z.literal(0), z.literal(2), z.literal(3), z.literal(4)]),
  /** Times the rule fired while the record stayed open. */
  count: z.number().int().min(1),
  firstTime: z.number().int(),
  lastTime: z.number().int(),
  ackBy: z.number().int().nullable(),
  ackName: z.string().nullable(),
  ackTime: z.number().int().nullable(),
  escalated: z.boolean(),
  handlerId: z.number().int().nullable(),
  handlerName: z.string().nullable(),
  handleTime: z.number().int().nullable(),
  handleNote: z.string().nullable(),
  version: z.number().int().min(1),
});
export type AlarmRecord = z.infer<typeof alarmRecord>;

/** A comment on an alarm (control rooms: "called the family", "doctor on the way"). */
export const alarmComment = z.object({
  commentId: z.number().int(),
  recordId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  content: z.string(),
  createTime: z.number().int(),
});
export type AlarmComment = z.infer<typeof alarmComment>;

/** Not in the spec: minutes an unacknowledged alarm waits before it is escalated (configurable). */
export const DEFAULT_ESCALATE_AFTER_MINUTES = 5;

/** Dedupe key of a record version: a stream passes a version of a record only once. */
export const alarmVersionKey = (record: Pick<AlarmRecord, 'recordId' | 'version'>) =>
  `${record.recordId}:${record.version}`;

/** Where an alarm or a call comes from, as people name it: 1103 2床; null when neither is known. */
export const placeText = (r: { roomName: string | null; bedName: string | null }): string | null =>
  [r.roomName, r.bedName].filter(Boolean).join(' ') || null;
