import { assign, setup } from 'xstate';
import { CareAuthority, TaskStatus, type TaskStatusCode, taskStatuses } from '../domain/statuses/care.js';
import { defineWorkflow } from './workflow.js';

/**
 * `task.cancel` is the server's own (the plan was suspended or ended, the elder went out or left);
 * staff send done and miss, a miss always with its reason.
 */
export type NursingTaskEvent =
  | { type: 'task.done' }
  | { type: 'task.miss'; reason: string }
  | { type: 'task.cancel'; reason: string };
export type NursingTaskEventType = NursingTaskEvent['type'];

export const nursingTaskEvents: Record<NursingTaskEventType, { label: string; authority: string }> = {
  'task.done': { label: '完成', authority: CareAuthority.taskDo },
  'task.miss': { label: '未完成', authority: CareAuthority.taskDo },
  'task.cancel': { label: '取消', authority: CareAuthority.taskDo },
};

/** The taskStatus codes' labels (features/care/api/care.ts). */
export const stateLabels: Record<string, string> = taskStatuses.labels;

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  hasReason: '已填原因',
};

interface TaskContext {
  taskStatus: TaskStatusCode;
  reason: string | null;
}

const reasonOf = (e: NursingTaskEvent) => ('reason' in e ? e.reason.trim() : '');

/**
 * One care task of one elder at one time: 待执行 → 已完成 | 未完成 (with its reason) | 已取消.
 * Every end is final: a record of care is not rewritten (docs/decisions.md).
 */
export const nursingTaskMachine = setup({
  types: {} as { context: TaskContext; events: NursingTaskEvent },
  guards: {
    /** 未完成 and 取消 say why. */
    hasReason: ({ event }) => reasonOf(event).length > 0,
  },
}).createMachine({
  id: 'nursingTask',
  context: { taskStatus: TaskStatus.pending, reason: null },
  initial: 'pending',
  states: {
    pending: {
      on: {
        'task.done': { target: 'done', actions: assign({ taskStatus: TaskStatus.done }) },
        'task.miss': {
          guard: 'hasReason',
          target: 'missed',
          actions: assign({ taskStatus: TaskStatus.missed, reason: ({ event }) => reasonOf(event) }),
        },
        'task.cancel': {
          guard: 'hasReason',
          target: 'cancelled',
          actions: assign({ taskStatus: TaskStatus.cancelled, reason: ({ event }) => reasonOf(event) }),
        },
      },
    },
    done: { type: 'final' },
    missed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

const taskState = (row: Record<string, unknown>) =>
  taskStatuses.keyOf(Number(row.taskStatus ?? TaskStatus.pending)) ?? 'pending';

export const nursingTaskWorkflow = defineWorkflow({
  machine: nursingTaskMachine,
  stateOf: taskState,
  contextOf: (row) => ({
    taskStatus: Number(row.taskStatus ?? TaskStatus.pending),
    reason: (row.reason as string | null) ?? null,
  }),
  fieldsOf: (context) => ({ taskStatus: context.taskStatus, reason: context.reason ?? null }),
  stateName: (row) => stateLabels[taskState(row)] ?? taskStatuses.labels.pending,
  initialFields: { taskStatus: TaskStatus.pending },
});
