import { z } from 'zod';
import { callAlarmTypeName, mattressAlarmTypeName, positionAlarmTypeName } from './alarms.js';
import { hhmm } from './schedule.js';

/** Inputs of the IoT settings screens (spec 000 §7 "Mattress, calls and alarms"), shared by console and server. */
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
  /** 0: a call is an alarm the moment it is pressed (server/rules/engine.ts). */
  callAlarmAfterSeconds: z.coerce.number().int().min(0).max(600),
});

/** Voice scenes: every alarm type of both sources (a call nobody answered among them), as `source:alarmType`. */
export const voiceScenes = [
  ...Object.entries(mattressAlarmTypeName).map(([type, name]) => ({
    scene: `mattress:${type}`,
    sceneName: name,
  })),
  // a call nobody answered is a mattress-side alarm (domain/alarms.ts CALL_UNANSWERED)
  ...Object.entries(callAlarmTypeName).map(([type, name]) => ({
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

const nullableInt = z.number().int().nullable();
const boundDevice = z
  .object({
    deviceId: z.number().int(),
    deviceCode: z.string(),
    deviceName: z.string(),
    online: z.number().int(),
  })
  .nullable();

/** GET /pims/web-org/organization/bed: beds with their elder and bound devices, narrowed by place or name. */
export const bedsQuery = z.object({
  buildingId: z.coerce.number({ error: '楼栋无效' }).int('楼栋无效').positive('楼栋无效').optional(),
  floorNo: z.coerce.number({ error: '楼层无效' }).int('楼层无效').optional(),
  keyword: z.string().trim().max(32, '关键字不能超过32个字').optional(),
});
export const bedsAnswer = z.array(
  z.object({
    bedId: z.number().int(),
    bedName: z.string(),
    bedStatus: z.number().int(),
    roomId: z.number().int(),
    roomName: z.string(),
    floorNo: z.number().int(),
    floorName: z.string(),
    buildingId: z.number().int(),
    buildingName: z.string(),
    oldmanId: nullableInt,
    oldmanName: z.string().nullable(),
    mattress: boundDevice,
    callButton: boundDevice,
  }),
);
export type BedDevicesRow = z.infer<typeof bedsAnswer>[number];

/** GET …/organization/bed/devices?kind=: the mattresses or call buttons and the bed each is on. */
export const bedDeviceChoicesQuery = z.object({
  kind: z.enum(['mattress', 'callButton'], { error: '设备种类只能是床垫或呼叫按钮' }),
});
export const bedDeviceChoicesAnswer = z.array(
  z.object({
    deviceId: z.number().int(),
    deviceCode: z.string(),
    deviceName: z.string(),
    online: z.number().int(),
    bedId: nullableInt,
    bedName: z.string().nullable(),
    roomName: z.string().nullable(),
  }),
);
export type BedDeviceChoice = z.infer<typeof bedDeviceChoicesAnswer>[number];

/** GET /pims/web-org/aliVmsConfig: the voice notification as stored, its secret masked. */
export const aliVmsConfigAnswer = z.object({
  status: z.number().int(),
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  calledShowNumber: z.string(),
  ttsCode: z.string(),
  phones: z.array(z.string()),
  scenes: z.array(z.string()),
});
/** GET …/aliVmsConfig/scene. */
export const voiceScenesAnswer = z.array(z.object({ scene: z.string(), sceneName: z.string() }));
