import { z } from 'zod';
import { callModels } from '../../../domain/devices.js';

/**
 * Requests and answers of the nurse-call calls (spec 000 §7 "Mattress, calls and alarms"); paths in
 * IotPaths. The call-record lists are resources (features/iot/resources/records.ts).
 */

const nullableInt = z.number().int().nullable();

/** One nurse call as stored: times are epoch ms. */
export const callRecord = z.looseObject({
  callId: z.number().int(),
  deptId: z.number().int(),
  deviceId: z.number().int(),
  model: z.enum(callModels),
  oldmanId: nullableInt,
  oldmanName: z.string().nullable(),
  bedId: nullableInt,
  bedName: z.string().nullable(),
  roomName: z.string().nullable(),
  callTime: z.number().int(),
  answerTime: nullableInt,
  clearTime: nullableInt,
  /** Spec 000 §3 R10 call status: 1 responded, 2 no response, 3 cancelled. */
  callStatus: z.number().int(),
  /** Call connect: 1 answer, 3 clear. */
  connect: nullableInt,
  dealType: nullableInt,
  /** 1 while it shows on the real-time call board. */
  realtime: z.number().int(),
});
export type CallRecord = z.infer<typeof callRecord>;

/** GET …/callrecords/r6r7/dealType: how a call can be dealt with (spec 000 §3 call deal type). */
export const dealTypesAnswer = z.array(z.object({ dealType: z.number().int(), dealTypeName: z.string() }));

/** GET /ecms/web-ec/calls/r6r7/rt/list: the calls on the real-time board, oldest first. */
export const realtimeCallsAnswer = z.array(callRecord);

/** POST …/rt/clean: these calls (or every one on the board) leave the board. */
export const cleanCallsInput = z.object({
  callIds: z.array(z.number().int().positive()).max(1000, '一次最多清除1000条').optional(),
});
export const cleanCallsAnswer = z.object({ count: z.number().int() });

/** GET /ecms/web-org/callrecords/statistics: calls since the start of the day, or since `since` (ms). */
export const callStatisticsQuery = z.object({
  since: z.coerce.number({ error: '时间无效' }).int('时间无效').nonnegative('时间无效').optional(),
});
export const callStatisticsAnswer = z.object({
  since: z.number().int(),
  total: z.number().int(),
  answered: z.number().int(),
  waiting: z.number().int(),
  averageAnswerSeconds: nullableInt,
  byModel: z.record(z.enum(callModels), z.number().int()),
});
export type CallStatistics = z.infer<typeof callStatisticsAnswer>;
