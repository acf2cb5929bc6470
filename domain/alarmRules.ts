import { z } from 'zod';
import {
  MattressAlarmType,
  mattressAlarmTypeName,
  type PositionAlarmType,
  positionAlarmTypes,
} from './alarms.js';
import { durationText, hhmm } from './schedule.js';

/**
 * Alarm rules as the rules engine evaluates them (server/rules/evaluate.ts) and the rule lists
 * read them (spec 000 §7 "Mattress, calls and alarms", "Positioning"): the whole rule's checks,
 * which fields a type uses, and its condition in one line.
 */

/** Spec 000 §3: alarm rule status 0 on, 1 off (mattress); rule status 0 off, 1 on (positioning). */
export const MattressRuleStatus = { on: 0, off: 1 } as const;
export const PntRuleStatus = { on: 1, off: 0 } as const;

/** A whole mattress rule, defaults filled: the checks across fields that one field alone cannot make. */
export const mattressRuleInput = z
  .object({
    ruleName: z.string().trim().min(1, '请输入规则名称').max(32),
    alarmType: z.coerce.number().int().min(1).max(5),
    minValue: z.coerce.number().int().min(0).max(250).nullable().default(null),
    maxValue: z.coerce.number().int().min(0).max(250).nullable().default(null),
    durationSeconds: z.coerce.number().int().min(0).max(86_400).default(0),
    startTime: hhmm('开始时间').default('00:00'),
    endTime: hhmm('结束时间').default('24:00'),
    remark: z.string().max(200).default(''),
  })
  .refine((r) => r.minValue === null || r.maxValue === null || r.minValue < r.maxValue, {
    message: '下限必须小于上限',
    path: ['maxValue'],
  })
  .refine((r) => ![3, 4].includes(r.alarmType) || r.minValue !== null || r.maxValue !== null, {
    message: '呼吸与心率规则需设置上限或下限',
    path: ['minValue'],
  })
  // A body-movement rule fires when movements exceed maxValue; without one it would never fire.
  .refine((r) => r.alarmType !== 2 || r.maxValue !== null, {
    message: '体动规则需设置体动次数上限',
    path: ['maxValue'],
  });
export type MattressRuleInput = z.infer<typeof mattressRuleInput>;

/** A whole positioning rule, defaults filled. */
export const pntRuleInput = z
  .object({
    ruleName: z.string().trim().min(1, '请输入规则名称').max(32),
    alarmType: z.enum(positionAlarmTypes),
    railId: z.coerce.number().int().positive().nullable().default(null),
    railTrigger: z.enum(['enter', 'exit'], { error: '触发方式只能是进入或离开围栏' }).default('enter'),
    threshold: z.coerce.number().int().min(1).max(99).nullable().default(null),
    startTime: hhmm('开始时间').default('00:00'),
    endTime: hhmm('结束时间').default('24:00'),
    weekdays: z
      .string()
      .regex(/^[1-7](,[1-7])*$/, '星期格式错误')
      .default('1,2,3,4,5,6,7'),
    remark: z.string().max(200).default(''),
  })
  .refine((r) => r.alarmType !== 'railAlarm' || r.railId !== null, {
    message: '围栏报警需选择围栏',
    path: ['railId'],
  });
export type PntRuleInput = z.infer<typeof pntRuleInput>;

/** A fence: a closed ring of [lng, lat] on a floor plan. */
export const railPolygon = z
  .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]), {
    error: '围栏范围应为顶点列表',
  })
  .min(4, '围栏至少需要三个顶点')
  .max(200, '围栏顶点不能超过199个')
  .refine((r) => {
    const [first, last] = [r[0], r[r.length - 1]];
    return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  }, '围栏多边形必须闭合');

type TypeValue = (typeof MattressAlarmType)[keyof typeof MattressAlarmType];
interface TypeFields {
  /** What the lower and upper limit mean for this type; absent when the type has none. */
  min?: string;
  max?: string;
  unit: string;
  duration: string;
}

/** Which limits each mattress type uses (server/rules/evaluate.ts evaluateVitals). */
const mattressTypeFields: Record<TypeValue, TypeFields> = {
  [MattressAlarmType.outOfBed]: { unit: '', duration: '离床超过（秒）' },
  [MattressAlarmType.bodyMovement]: { max: '体动次数上限', unit: '次', duration: '持续（秒）' },
  [MattressAlarmType.breathing]: { min: '呼吸下限', max: '呼吸上限', unit: '次/分', duration: '持续（秒）' },
  [MattressAlarmType.heartRate]: { min: '心率下限', max: '心率上限', unit: '次/分', duration: '持续（秒）' },
  [MattressAlarmType.urineWet]: { unit: '', duration: '持续（秒）' },
};
export const fieldsOf = (alarmType: number): TypeFields =>
  mattressTypeFields[alarmType as TypeValue] ?? { unit: '', duration: '持续（秒）' };

/** The mattress rule's condition in one line: 心率 < 45 或 > 120 次/分，持续 30 秒. */
export function mattressCondition(rule: {
  alarmType: number;
  minValue: number | null;
  maxValue: number | null;
  durationSeconds: number;
}): string {
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

export const railTriggerName = { enter: '进入围栏', exit: '离开围栏' } as const;
/** What raises the positioning types without parameters (server/rules/engine.ts). */
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

/** Which extra fields a positioning type uses: rail rules a rail and a direction, low battery a percentage. */
export const usesRail = (type: PositionAlarmType) => type === 'railAlarm';
export const usesThreshold = (type: PositionAlarmType) => type === 'lowPowerAlarm';

/** The positioning rule's condition in one line: 离开围栏「1号楼东侧楼梯口」, 电量 ≤ 20%. */
export function pntCondition(rule: {
  alarmType: PositionAlarmType;
  railName: string | null;
  railTrigger: 'enter' | 'exit';
  threshold: number | null;
}): string {
  if (rule.alarmType === 'railAlarm')
    return `${railTriggerName[rule.railTrigger] ?? ''}「${rule.railName ?? '围栏已删除'}」`;
  if (rule.alarmType === 'lowPowerAlarm') return `电量 ≤ ${rule.threshold ?? DEFAULT_LOW_POWER_PERCENT}%`;
  return eventText[rule.alarmType] ?? rule.alarmType;
}
