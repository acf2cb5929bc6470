import { z } from 'zod';

/**
 * Spec 001 §7 "Patrol (/ptms/web-pt/patrol)": the tasks the plans make, their records point by
 * point, and the two calls of /ptms/patrol that make tasks and mark the missed ones.
 */
const PATROL = '/ptms/web-pt/patrol';
export const PatrolTaskPaths = {
  /** GET: the tasks (巡更管理). */
  task: `${PATROL}/task`,
  /** GET ?month=YYYY-MM: the days of a month that have tasks. */
  taskDate: `${PATROL}/task/taskDate`,
  /** GET: the records (a task with its points' progress), 巡更记录. */
  record: `${PATROL}/record`,
  /** GET: one task's record. */
  recordOne: `${PATROL}/record/:id`,
  /** GET: the points of a task, in walking order. */
  recordPoints: `${PATROL}/record/:id/point`,
  /** GET ?taskId=: the points of a task as a list (the detail screen's list). */
  pointList: `${PATROL}/record/point`,
  /** GET: the patroller of a task. */
  recordNursing: `${PATROL}/record/:id/nursing`,
  /** PUT: records one point of a task (:id is the taskPointPkId). */
  recordPoint: `${PATROL}/record/:id/point`,
  /** GET ?from&to: makes the plans' tasks of those days (once). */
  createTask: '/ptms/patrol/createTask',
  /** GET: marks the tasks past their end as missed (漏巡). */
  updateTask: '/ptms/patrol/updateTask',
} as const;

/** The alarm an abnormal point raises (告警中心 › 定位告警, docs/decisions.md). */
export const PATROL_ALARM_TYPE = 'patrol.abnormal';
export const PATROL_ALARM_NAME = '巡更异常';

export const recordPointBody = z
  .object({
    patrolStatus: z.union([z.literal(1), z.literal(2)], { error: '巡查结果应为正常或异常' }),
    note: z.string().trim().max(200, { error: '异常说明不能超过200字' }).nullish(),
  })
  .refine((b) => b.patrolStatus !== 2 || !!b.note, { error: '请填写异常说明', path: ['note'] });

export const taskPoint = z.object({
  taskPointPkId: z.number().int(),
  taskId: z.number().int(),
  pointPkId: z.number().int(),
  pointName: z.string(),
  place: z.string().nullable(),
  sort: z.number().int(),
  patrolStatus: z.number().int(),
  note: z.string().nullable(),
  recordTime: z.string().nullable(),
});
export type TaskPoint = z.infer<typeof taskPoint>;

export const recordPointAnswer = z.object({
  taskId: z.number().int(),
  taskStatus: z.number().int(),
  taskResult: z.number().int().nullable(),
  alarmRecordId: z.number().int().nullable(),
});

export const createTaskQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '开始日期格式应为YYYY-MM-DD' })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '结束日期格式应为YYYY-MM-DD' })
    .optional(),
});
export const createTaskAnswer = z.object({ created: z.number().int() });
export const updateTaskAnswer = z.object({ missed: z.number().int() });
export const taskDateQuery = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/, { error: '月份格式应为YYYY-MM' }),
});
export const taskDateAnswer = z.array(z.string());
export const nursingAnswer = z.object({
  nursingId: z.number().int(),
  nursingName: z.string(),
});

/** The most days one createTask call makes (a quarter). */
export const MAX_CREATE_DAYS = 93;
