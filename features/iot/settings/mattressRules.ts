import { fieldsOf, type MattressRuleInput } from '../../../domain/alarmRules.js';
import { MattressAlarmType } from '../../../domain/alarms.js';

/** A mattress alarm rule as listed (spec 000 §3: alarm rule status 0 on, 1 off). */
export type MattressRule = MattressRuleInput & { ruleId: number; status: number };

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
