import { z } from 'zod';
import { type SignKind, signKinds, signValues } from './careHealth.js';

/**
 * Spec 001 §7 "Care configuration": care projects, executions, the care levels' project
 * configuration, nursing plans and their tasks. The care level itself is levelResource
 * (features/expense/resources/cost.ts); project categories are projectCategoryResource there too.
 */
const ORG = '/pims/web-org';
const NURSING = '/pims/web-pi/nursing';
export const CarePaths = {
  projects: `${ORG}/projects`,
  executions: `${ORG}/executions`,
  executionProject: `${ORG}/executions/project`,
  levelProjectConfig: `${ORG}/levels/projectConfig`,
  setLevelProjectConfig: `${ORG}/levels/setProjectConfig`,
  plan: `${NURSING}/plan`,
  planStatus: `${NURSING}/plan/status`,
  planTask: `${NURSING}/plan/task`,
  /** Ours: the items of one plan (the spec names no call for them; docs/decisions.md). */
  planItem: `${NURSING}/plan/item`,
  taskRecord: `${NURSING}/task/record`,
  taskProject: `${NURSING}/task/project`,
  /** Ours: today's tasks of one floor, for the nurse's tablet screen. */
  taskToday: `${NURSING}/task/today`,
} as const;

/** 护理频次 (dictionary careFrequency). */
export const Frequency = { daily: 1, weekly: 2, shift: 3 } as const;

/**
 * The shifts of a day (每班 items make one task at each shift's start): 早班 07:00, 中班 15:00,
 * 夜班 23:00 — the three-shift rota most homes keep (docs/decisions.md).
 */
export const CARE_SHIFTS = [
  { slot: '07:00', name: '早班' },
  { slot: '15:00', name: '中班' },
  { slot: '23:00', name: '夜班' },
] as const;

/** The time of an item that names none. */
export const DEFAULT_SLOT = '09:00';

/** A pending task this long past its time is overdue (超时). */
export const TASK_OVERDUE_MINUTES = 60;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** '08:00,20:00' → ['08:00', '20:00'] sorted, or null when a time is malformed. */
export function parseTimes(text: string | null | undefined): string[] | null {
  const parts = (text ?? '')
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.every((p) => HHMM.test(p))) return null;
  return [...new Set(parts)].sort();
}
/** '1,3,5' (1 Monday … 7 Sunday) → [1, 3, 5], or null. */
export function parseWeekdays(text: string | null | undefined): number[] | null {
  const parts = (text ?? '')
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^[1-7]$/.test(p))) return null;
  return [...new Set(parts.map(Number))].sort();
}

/** How often an item is done: its frequency, the times of day, and the weekdays of a weekly one. */
export interface ItemFrequency {
  frequencyType: number;
  times: string | null;
  weekdays: string | null;
}

/** ISO weekday of 'YYYY-MM-DD': 1 Monday … 7 Sunday. */
export function weekdayOf(day: string): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return w === 0 ? 7 : w;
}

/** The task times ('HH:mm') of an item on a day: none on a day a weekly item skips. */
export function slotsOn(item: ItemFrequency, day: string): string[] {
  if (item.frequencyType === Frequency.shift) return CARE_SHIFTS.map((s) => s.slot);
  if (item.frequencyType === Frequency.weekly && !parseWeekdays(item.weekdays)?.includes(weekdayOf(day)))
    return [];
  const times = parseTimes(item.times);
  return times?.length ? times : [DEFAULT_SLOT];
}

/** The Chinese problem of an item's frequency, or null when it makes sense. */
export function frequencyProblem(item: ItemFrequency): string | null {
  if (parseTimes(item.times) === null) return '执行时间格式应为HH:mm，多个时间用逗号分隔，如 08:00,20:00';
  if (item.frequencyType === Frequency.weekly && !parseWeekdays(item.weekdays)?.length)
    return '每周执行的项目请填写执行星期（1-7，如 1,3,5）';
  if (item.frequencyType === Frequency.weekly && parseWeekdays(item.weekdays) === null)
    return '执行星期只能是1到7';
  return null;
}

/** PUT plan/status: the plan and the machine's event. */
export const planStatusBody = z.object({
  planId: z.coerce.number({ error: '缺少护理计划编号' }).int().positive('缺少护理计划编号'),
  event: z.enum(['plan.activate', 'plan.suspend', 'plan.resume', 'plan.end'], { error: '操作无效' }),
});

/** PUT task/project: 完成 or 未完成 (with its reason) of one task. */
export const taskProjectBody = z.object({
  taskId: z.coerce.number({ error: '缺少任务编号' }).int().positive('缺少任务编号'),
  event: z.enum(['task.done', 'task.miss'], { error: '操作无效' }),
  reason: z.string().trim().max(100, '原因不能超过100个字').optional(),
  remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
  /** 完成 of a measuring task (测量血压 …): the value(s) measured, written as its vital-sign record. */
  signs: signValues.optional(),
});

/** POST plan/task/{planId}: the day to make tasks for (today when left out). */
export const planTaskBody = z.object({
  taskDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD')
    .optional(),
});
export const planTaskAnswer = z.object({ created: z.number().int(), taskDate: z.string() });

/** POST levels/setProjectConfig: a level's whole project configuration at once. */
export const setProjectConfigBody = z.object({
  levelId: z.coerce.number({ error: '请选择护理等级' }).int().positive('请选择护理等级'),
  items: z
    .array(
      z.object({
        projectId: z.coerce.number({ error: '请选择护理项目' }).int().positive('请选择护理项目'),
        frequencyType: z.coerce.number().int().min(1).max(3).optional(),
        times: z.string().trim().max(100).nullable().optional(),
        weekdays: z.string().trim().max(20).nullable().optional(),
      }),
    )
    .max(50, '一个等级最多配置50个项目'),
});

/** One of today's tasks as the nurse's screen shows it. */
export const todayTask = z.object({
  taskId: z.number().int(),
  planId: z.number().int(),
  oldmanId: z.number().int(),
  oldmanName: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  taskDate: z.string(),
  slot: z.string(),
  taskStatus: z.number().int(),
  reason: z.string().nullable(),
  floorId: z.number().int().nullable(),
  floorName: z.string().nullable(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  bedName: z.string().nullable(),
  overdue: z.boolean(),
  /** The vital sign the task measures (measuredKind of its project): 完成 asks for its value. */
  measure: z.enum(signKinds as [SignKind, ...SignKind[]]).nullable(),
});
export type TodayTask = z.infer<typeof todayTask>;
export const todayTasksQuery = z.object({
  floorId: z.coerce.number({ error: '楼层无效' }).int().positive('楼层无效').optional(),
  taskDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD')
    .optional(),
});
export const todayTasksAnswer = z.object({
  taskDate: z.string(),
  floors: z.array(z.object({ floorId: z.number().int(), floorName: z.string(), pending: z.number().int() })),
  list: z.array(todayTask),
});
export type TodayTasksAnswer = z.infer<typeof todayTasksAnswer>;

/** POST executions/project/{executionId}: the plans to put in the execution group. */
export const executionPlansBody = z.object({
  nursingPlanIds: z
    .array(z.coerce.number().int().positive('护理计划编号无效'))
    .min(1, '请选择护理计划')
    .max(500),
});
