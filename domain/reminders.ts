import { z } from 'zod';

/**
 * The reminders list (spec 000 §7 "Startup and config": GET /pims/web-org/reminds): what waits for
 * the signed-in user now, worked out when asked, so a reminder goes as soon as its cause does.
 */
export const REMINDS_PATH = '/pims/web-org/reminds';

/** An elder out on an outing (外出中) past the expected return time (docs/decisions.md "Outings"). */
export const overdueOutingRemind = z.object({
  remindType: z.literal('outingOverdue'),
  /** Unique in the list: the kind and the record it is about. */
  remindKey: z.string(),
  title: z.string(),
  content: z.string(),
  outId: z.number().int(),
  oldmanId: z.number().int(),
  oldmanName: z.string(),
  deptName: z.string().nullable(),
  expectedReturnTime: z.string(),
  /** Whole minutes past the expected return time, at the server's time of the answer. */
  overdueMinutes: z.number().int().nonnegative(),
});
export type OverdueOutingRemind = z.infer<typeof overdueOutingRemind>;

/**
 * A remind the user wrote for themself (提醒事项, spec 001 §7 "Reminds"): in the list once its time
 * has come and until its owner reads it (reminds/editStatus); with `remindType=custom` every one.
 */
export const customRemind = z.looseObject({
  remindType: z.literal('custom'),
  remindKey: z.string(),
  remindId: z.number().int(),
  title: z.string(),
  content: z.string().nullable().optional(),
  remindTime: z.string(),
  /** 0 未读, 1 已读 (dictionary remindStatus). */
  status: z.number().int(),
});
export type CustomRemind = z.infer<typeof customRemind>;

/** Today's care tasks still to do in the user's departments (docs/decisions.md "Care"): one entry. */
export const careTasksRemind = z.object({
  remindType: z.literal('careTasks'),
  remindKey: z.string(),
  title: z.string(),
  content: z.string(),
  taskDate: z.string(),
  /** Pending tasks of the day whose time has come (due), overdue ones among them. */
  pending: z.number().int().positive(),
  overdue: z.number().int().nonnegative(),
});
export type CareTasksRemind = z.infer<typeof careTasksRemind>;

/**
 * A rectification of a government inspection past its deadline (已逾期, docs/decisions.md "Government
 * inspection"), to the users who may see rectifications in its department, until it is rectified.
 */
export const overdueRectifyRemind = z.object({
  remindType: z.literal('inspectionOverdue'),
  remindKey: z.string(),
  title: z.string(),
  content: z.string(),
  inspectRecordId: z.number().int(),
  itemName: z.string(),
  rectifyDeadline: z.string(),
  rectifyUserName: z.string().nullable(),
});
export type OverdueRectifyRemind = z.infer<typeof overdueRectifyRemind>;

/** A patrol task missed at its end time (漏巡), yesterday or today: 巡更管理 (issue #15). */
export const patrolMissedRemind = z.object({
  remindType: z.literal('patrolMissed'),
  remindKey: z.string(),
  title: z.string(),
  content: z.string(),
  taskId: z.number().int(),
  planName: z.string(),
  taskDate: z.string(),
  nursingName: z.string().nullable(),
});
export type PatrolMissedRemind = z.infer<typeof patrolMissedRemind>;

/** One entry of the list; the console drops kinds it does not know. */
export const remindItem = z.discriminatedUnion('remindType', [
  overdueOutingRemind,
  customRemind,
  careTasksRemind,
  overdueRectifyRemind,
  patrolMissedRemind,
]);
export type RemindItem = z.infer<typeof remindItem>;

/** The reminder's title, the same in the list and in the pushed `remind` message. */
export const overdueOutingTitle = (oldmanName: string | null, expectedReturnTime: string) =>
  `${oldmanName ?? '长者'}外出超时未返院（预计返院 ${expectedReturnTime.slice(0, 16)}）`;
