import { z } from 'zod';
import { AlarmStatus, alarmComment, alarmRecord } from '../../../domain/alarms.js';

/**
 * Requests and answers of the alarm-record calls (spec 000 §7: handle, detail, delete, one-click
 * ignore, release, unhandled; beyond the spec: acknowledge and comments). Paths in IotPaths; the
 * lists are resources (features/iot/resources/records.ts).
 */

const recordIdField = z.coerce
  .number({ error: '请选择告警记录' })
  .int('请选择告警记录')
  .positive('请选择告警记录');

/** A record as the server answers a change to it: the record and the department it belongs to. */
export const scopedAlarm = alarmRecord.extend({ deptId: z.number().int() });

/** POST …/record/handle: 3 handled (a note required), 2 ignored. */
export const handleInput = z.object({
  recordId: recordIdField,
  status: z.coerce
    .number({ error: '处理结果无效' })
    .int('处理结果无效')
    .pipe(
      z.union([z.literal(AlarmStatus.handled), z.literal(AlarmStatus.ignored)], { error: '处理结果无效' }),
    ),
  handleNote: z.string().trim().max(500, '处理说明不能超过500个字').optional(),
});

/** GET …/record/handle/{recordId}: the record with its comments. */
export const alarmDetailAnswer = scopedAlarm.extend({ comments: z.array(alarmComment) });

/** POST …/record/oneClickIgnore: the given open records, or every open one the user holds. */
export const ignoreAllInput = z.object({
  recordIds: z.array(z.number().int().positive()).max(1000, '一次最多忽略1000条').optional(),
});
export const countAnswer = z.object({ count: z.number().int() });

/** DELETE /pims/web-pi/device/alarm/close?recordId=: release the device's alarm. */
export const closeQuery = z.object({ recordId: recordIdField });

/** POST …/record/ack. */
export const ackInput = z.object({ recordId: recordIdField });

/** The most records one batch acknowledge takes. */
export const ACK_BATCH_MAX = 200;

/** POST …/record/ack/batch: the records chosen on the console. */
export const ackBatchInput = z.object({
  recordIds: z
    .array(recordIdField, { error: '请选择告警记录' })
    .min(1, '请选择告警记录')
    .max(ACK_BATCH_MAX, `一次最多确认${ACK_BATCH_MAX}条`),
});
/** Which records were acknowledged, and which refused and why (another's, already acknowledged, closed …). */
export const ackBatchAnswer = z.object({
  acknowledged: z.array(scopedAlarm),
  refused: z.array(z.object({ recordId: z.number().int(), reason: z.string() })),
});

/**
 * POST …/record/handle/batch (beyond the spec, for control rooms): 忽略 (with one reason for all) or
 * 解除 the selected records in one call, as ack/batch does for 确认.
 */
export const handleBatchInput = z
  .object({
    recordIds: z
      .array(recordIdField, { error: '请选择告警记录' })
      .min(1, '请选择告警记录')
      .max(ACK_BATCH_MAX, `一次最多处理${ACK_BATCH_MAX}条`),
    action: z.enum(['ignore', 'release'], { error: '操作无效（ignore 忽略、release 解除）' }),
    reason: z.string().trim().max(500, '忽略原因不能超过500个字').optional(),
  })
  .refine((b) => b.action !== 'ignore' || !!b.reason, { message: '请填写忽略原因', path: ['reason'] });
/** Which records were ignored or released, and which refused and why. */
export const handleBatchAnswer = z.object({
  done: z.array(scopedAlarm),
  refused: z.array(z.object({ recordId: z.number().int(), reason: z.string() })),
});

/** POST …/record/comment. */
export const commentInput = z.object({
  recordId: recordIdField,
  content: z.string().trim().min(1, '请填写备注').max(500, '备注不能超过500个字'),
});

/** GET /loms/di-lo/alarm/sendUnhandledAlarms: open records, and since `since` (ms) the ones closed. */
export const unhandledQuery = z.object({
  since: z.coerce.number({ error: '时间无效' }).int('时间无效').nonnegative('时间无效').optional(),
});
export const unhandledAnswer = z.array(alarmRecord);
