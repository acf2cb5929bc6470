import { type PntRuleInput, usesRail, usesThreshold } from '../../../domain/alarmRules.js';
import type { PositionAlarmType } from '../../../domain/alarms.js';
import { formatWeekdays, parseWeekdays } from '../../../domain/schedule.js';

/** A positioning alarm rule as listed (spec 000 §3: rule status 0 off, 1 on). */
export type PntRule = PntRuleInput & { ruleId: number; status: number; railName: string | null };

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
