import { defineStatuses } from '../status.js';

/** The statuses of the module its machine, the dictionaries and the module share (docs/architecture.md). */
/** Authority codes of the two patrol screens (spec 000 §6 style: screen:button). */
export const PatrolAuthority = {
  manage: 'patrolManage',
  create: 'patrolManage:createTask',
  record: 'patrolRecord',
  recordPoint: 'patrolRecord:point',
} as const;

/** Task status (patrolTaskMachine; dictionary patrolTaskStatus). */
export const patrolTaskStatuses = defineStatuses([
  { key: 'scheduled', code: 0, label: '待巡查' },
  { key: 'inProgress', code: 1, label: '巡查中' },
  { key: 'completed', code: 2, label: '已完成' },
  { key: 'missed', code: 3, label: '漏巡' },
] as const);
export const PatrolTaskStatus = patrolTaskStatuses.code;
export type PatrolTaskStatusCode = (typeof PatrolTaskStatus)[keyof typeof PatrolTaskStatus];
/** Result of a completed task: 1 正常, 2 异常. */
export const PatrolResult = { normal: 1, abnormal: 2 } as const;
/** A point of a task (dictionary patrolStatus): 0 未巡查, 1 正常, 2 异常. */
export const PointStatus = { none: 0, normal: 1, abnormal: 2 } as const;
