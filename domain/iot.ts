import { z } from 'zod';
import { mattressAlarmTypeName, positionAlarmTypeName, positionAlarmTypes } from './alarms.js';

/** Inputs of the IoT screens (spec 000 §7 "Mattress, calls and alarms", "Positioning"), shared by console and server. */
const hhmm = (label: string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, `${label}格式应为 HH:mm`);

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

const ring = z
  .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
  .min(4, '围栏至少需要三个顶点')
  .max(200)
  .refine((r) => {
    const [first, last] = [r[0], r[r.length - 1]];
    return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  }, '围栏多边形必须闭合');

export const railInput = z.object({
  railName: z.string().trim().min(1, '请输入围栏名称').max(32),
  buildingId: z.coerce.number().int().positive(),
  floorNo: z.coerce.number().int(),
  polygon: ring,
  remark: z.string().max(200).default(''),
});
export type RailInput = z.infer<typeof railInput>;

export const pntRuleInput = z
  .object({
    ruleName: z.string().trim().min(1, '请输入规则名称').max(32),
    alarmType: z.enum(positionAlarmTypes),
    railId: z.coerce.number().int().positive().nullable().default(null),
    railTrigger: z.enum(['enter', 'exit']).default('enter'),
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

export const callSetBaseInput = z.object({
  answerTimeoutSeconds: z.coerce.number().int().min(10).max(600),
  remindRepeat: z.coerce.number().int().min(0).max(1),
  nightStart: hhmm('夜间时段开始'),
  nightEnd: hhmm('夜间时段结束'),
});
export const callVoiceInput = z.object({
  status: z.coerce.number().int().min(0).max(1),
  times: z.coerce.number().int().min(1).max(10),
  voiceText: z.string().trim().min(1).max(64),
});
export const alarmSettingInput = z.object({
  escalateAfterMinutes: z.coerce.number().int().min(1).max(120),
  sound: z.coerce.number().int().min(0).max(1),
});

/** Voice scenes: every alarm type of both sources, as `source:alarmType`. */
export const voiceScenes = [
  ...Object.entries(mattressAlarmTypeName).map(([type, name]) => ({
    scene: `mattress:${type}`,
    sceneName: name,
  })),
  ...Object.entries(positionAlarmTypeName).map(([type, name]) => ({ scene: `pnt:${type}`, sceneName: name })),
];
/** Shown instead of a stored secret; sending it back keeps the stored one. */
export const SECRET_MASK = '******';
const phone = z.string().regex(/^1\d{10}$/, '手机号格式错误');
export const aliVmsConfigInput = z
  .object({
    status: z.coerce.number().int().min(0).max(1),
    accessKeyId: z.string().trim().max(64),
    accessKeySecret: z.string().trim().max(128),
    calledShowNumber: z.string().trim().max(20),
    ttsCode: z.string().trim().max(40),
    phones: z.array(phone).max(10, '最多 10 个号码'),
    scenes: z
      .array(z.string())
      .max(20)
      .refine((xs) => xs.every((x) => voiceScenes.some((s) => s.scene === x)), '未知的告警场景'),
  })
  .refine((c) => c.status === 0 || (c.phones.length > 0 && c.accessKeyId !== '' && c.ttsCode !== ''), {
    message: '开启语音通知需填写 AccessKey、模板编号和至少一个号码',
    path: ['status'],
  });

/** Binding of a bed's mattress and call button (PUT /pims/web-org/organization/bed/{bedId}). */
export const bedDevicesInput = z.object({
  mattressDeviceId: z.coerce.number().int().positive().nullable().default(null),
  callDeviceId: z.coerce.number().int().positive().nullable().default(null),
});
