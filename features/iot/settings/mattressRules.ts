import { MattressAlarmType, mattressAlarmTypeName } from '../../../domain/alarms.js';
import type { MattressRuleInput } from '../../../domain/iot.js';
import { durationText } from './schedule.js';

/** A mattress alarm rule as listed (spec 000 §3: alarm rule status 0 on, 1 off). */
export type MattressRule = MattressRuleInput & { ruleId: number; status: number; updateTime: string };
export const MattressRuleStatus = { on: 0, off: 1 } as const;

type TypeValue = (typeof MattressAlarmType)[keyof typeof MattressAlarmType];
interface TypeFields {
  /** What the lower and upper limit mean for this type; absent when the type has none. */
  min?: string;
  max?: string;
  unit: string;
  duration: string;
}

/** Which limits each type uses (server/rules/evaluate.ts evaluateVitals). */
export const mattressTypeFields: Record<TypeValue, TypeFields> = {
  [MattressAlarmType.outOfBed]: { unit: '', duration: '离床超过（秒）' },
  [MattressAlarmType.bodyMovement]: { max: '体动次数上限', unit: '次', duration: '持续（秒）' },
  [MattressAlarmType.breathing]: { min: '呼吸下限', max: '呼吸上限', unit: '次/分', duration: '持续（秒）' },
  [MattressAlarmType.heartRate]: { min: '心率下限', max: '心率上限', unit: '次/分', duration: '持续（秒）' },
  [MattressAlarmType.urineWet]: { unit: '', duration: '持续（秒）' },
};
export const fieldsOf = (alarmType: number): TypeFields =>
  mattressTypeFields[alarmType as TypeValue] ?? { unit: '', duration: '持续（秒）' };

/** What the dialog edits: number fields as typed, so an empty limit stays empty. */
export interface MattressRuleForm {
  ruleName: string;
  alarmType: number;
  minValue: string;
  maxValue: string;
  durationSeconds: string;
  startTime: string;
  endTime: string;
  remark: string;
}

const text = (n: number | null) => (n === null ? '' : String(n));
export const mattressFormOf = (rule: MattressRule | null): MattressRuleForm => ({
  ruleName: rule?.ruleName ?? '',
  alarmType: rule?.alarmType ?? MattressAlarmType.outOfBed,
  minValue: text(rule?.minValue ?? null),
  maxValue: text(rule?.maxValue ?? null),
  durationSeconds: String(rule?.durationSeconds ?? 0),
  startTime: rule?.startTime ?? '00:00',
  endTime: rule?.endTime ?? '24:00',
  remark: rule?.remark ?? '',
});

/** An empty number is null; anything else goes as typed for the server to judge. */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** The body of POST/PUT: limits the type does not use are sent empty, so none linger unseen. */
export function mattressPayload(form: MattressRuleForm) {
  const fields = fieldsOf(form.alarmType);
  return {
    ruleName: form.ruleName,
    alarmType: form.alarmType,
    minValue: fields.min ? numberOrNull(form.minValue) : null,
    maxValue: fields.max ? numberOrNull(form.maxValue) : null,
    durationSeconds: numberOrNull(form.durationSeconds) ?? 0,
    startTime: form.startTime.trim(),
    endTime: form.endTime.trim(),
    remark: form.remark,
  };
}

/** The rule's condition in one line: 心率 < 45 或 > 120 次/分，持续 30 秒. */
export function mattressCondition(
  rule: Pick<MattressRule, 'alarmType' | 'minValue' | 'maxValue' | 'durationSeconds'>,
): string {
  const fields = fieldsOf(rule.alarmType);
  const lasting = rule.durationSeconds > 0 ? `，持续 ${durationText(rule.durationSeconds)}` : '';
  switch (rule.alarmType) {
    case MattressAlarmType.outOfBed:
      return rule.durationSeconds > 0 ? `离床超过 ${durationText(rule.durationSeconds)}` : '离床即告警';
    case MattressAlarmType.bodyMovement:
      return `体动 > ${rule.maxValue ?? '-'} ${fields.unit}${lasting}`;
    case MattressAlarmType.breathing:
    case MattressAlarmType.heartRate: {
      const name = rule.alarmType === MattressAlarmType.breathing ? '呼吸' : '心率';
      const bounds = [
        rule.minValue !== null ? `< ${rule.minValue}` : null,
        rule.maxValue !== null ? `> ${rule.maxValue}` : null,
      ].filter(Boolean);
      return `${name} ${bounds.join(' 或 ')} ${fields.unit}${lasting}`;
    }
    case MattressAlarmType.urineWet:
      return `检测到尿湿${lasting}`;
    default:
      return mattressAlarmTypeName[String(rule.alarmType)] ?? String(rule.alarmType);
  }
}
