import type { PositionAlarmType } from '../../../domain/alarms.js';
import type { PntRuleInput } from '../../../domain/iot.js';
import { formatWeekdays, parseWeekdays } from './schedule.js';

/** A positioning alarm rule as listed (spec 000 §3: rule status 0 off, 1 on). */
export type PntRule = PntRuleInput & {
  ruleId: number;
  status: number;
  updateTime: string;
  railName: string | null;
};
export const PntRuleStatus = { on: 1, off: 0 } as const;

export interface Rail {
  railId: number;
  railName: string;
}

export const railTriggerName = { enter: '进入围栏', exit: '离开围栏' } as const;
/** What raises the types without parameters (server/rules/engine.ts). */
const eventText: Record<Exclude<PositionAlarmType, 'railAlarm' | 'lowPowerAlarm'>, string> = {
  manualAlarm: '手动触发',
  locationOffline: '设备定位离线',
  communicationOffline: '设备通讯离线',
  tamperAlarm: '手表被摘下',
  maintenanceAlarm: '设备上报需要维护',
  sos: '长者按下 SOS',
};
/** The engine's low-battery threshold when a rule leaves it empty (server/rules/evaluate.ts). */
const DEFAULT_LOW_POWER_PERCENT = 20;

/** Which extra fields a type uses: rail rules a rail and a direction, low battery a percentage. */
export const usesRail = (type: PositionAlarmType) => type === 'railAlarm';
export const usesThreshold = (type: PositionAlarmType) => type === 'lowPowerAlarm';

export interface PntRuleForm {
  ruleName: string;
  alarmType: PositionAlarmType;
  railId: string;
  railTrigger: 'enter' | 'exit';
  threshold: string;
  startTime: string;
  endTime: string;
  weekdays: number[];
  remark: string;
}

export const pntFormOf = (rule: PntRule | null): PntRuleForm => ({
  ruleName: rule?.ruleName ?? '',
  alarmType: rule?.alarmType ?? 'railAlarm',
  railId: rule?.railId ? String(rule.railId) : '',
  railTrigger: rule?.railTrigger ?? 'enter',
  threshold: rule?.threshold === null || rule?.threshold === undefined ? '' : String(rule.threshold),
  startTime: rule?.startTime ?? '00:00',
  endTime: rule?.endTime ?? '24:00',
  weekdays: parseWeekdays(rule?.weekdays ?? '1,2,3,4,5,6,7'),
  remark: rule?.remark ?? '',
});

/** The body of POST/PUT: fields the type does not use go empty. */
export function pntPayload(form: PntRuleForm) {
  const rail = usesRail(form.alarmType);
  return {
    ruleName: form.ruleName,
    alarmType: form.alarmType,
    railId: rail && form.railId !== '' ? Number(form.railId) : null,
    railTrigger: form.railTrigger,
    threshold: usesThreshold(form.alarmType) && form.threshold.trim() !== '' ? Number(form.threshold) : null,
    startTime: form.startTime.trim(),
    endTime: form.endTime.trim(),
    weekdays: formatWeekdays(form.weekdays),
    remark: form.remark,
  };
}

/** The rule's condition in one line: 离开围栏「1号楼东侧楼梯口」, 电量 ≤ 20%. */
export function pntCondition(rule: Pick<PntRule, 'alarmType' | 'railName' | 'railTrigger' | 'threshold'>) {
  if (rule.alarmType === 'railAlarm')
    return `${railTriggerName[rule.railTrigger]}「${rule.railName ?? '围栏已删除'}」`;
  if (rule.alarmType === 'lowPowerAlarm') return `电量 ≤ ${rule.threshold ?? DEFAULT_LOW_POWER_PERCENT}%`;
  return eventText[rule.alarmType];
}
