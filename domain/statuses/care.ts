import { defineStatuses } from '../status.js';

/** The statuses of the module its machine, the dictionaries and the module share (docs/architecture.md). */
/** Authority codes of the care-plan screens (spec 000 §6: the menu's codes). */
export const CareAuthority = {
  record: 'careplan:record',
  nursing: 'careplan:nursing',
  nursingEdit: 'careplan:nursing:edit',
  nursingStatus: 'careplan:nursing:status',
  projects: 'careplan:projects',
  projectsEdit: 'careplan:projects:edit',
  levels: 'careplan:levels',
  levelsEdit: 'careplan:levels:edit',
  tasks: 'careplan:tasks',
  /** 完成 / 未完成 a task at the bedside. */
  taskDo: 'careplan:tasks:do',
} as const;

/** nursingPlan.planStatus (nursingPlanMachine; dictionary nursingPlanStatus). */
export const planStatuses = defineStatuses([
  { key: 'draft', code: 0, label: '草稿' },
  { key: 'active', code: 1, label: '执行中' },
  { key: 'suspended', code: 2, label: '已暂停' },
  { key: 'ended', code: 3, label: '已结束' },
] as const);
export const PlanStatus = planStatuses.code;
export type PlanStatusCode = (typeof PlanStatus)[keyof typeof PlanStatus];
/** nursingTask.taskStatus (nursingTaskMachine; dictionary nursingTaskStatus). */
export const taskStatuses = defineStatuses([
  { key: 'pending', code: 0, label: '待执行' },
  { key: 'done', code: 1, label: '已完成' },
  { key: 'missed', code: 2, label: '未完成' },
  { key: 'cancelled', code: 3, label: '已取消' },
] as const);
export const TaskStatus = taskStatuses.code;
export type TaskStatusCode = (typeof TaskStatus)[keyof typeof TaskStatus];
