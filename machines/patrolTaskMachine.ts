import { assign, setup } from 'xstate';
import {
  PatrolAuthority,
  PatrolResult,
  PatrolTaskStatus,
  type PatrolTaskStatusCode,
  patrolTaskStatuses,
} from '../domain/statuses/patrol.js';
import { defineWorkflow } from './workflow.js';

/**
 * `patrol.record`: a guard recorded a point; `patrol.finish`: the last point was recorded (abnormal
 * when any point was); `patrol.miss`: the server's minute pass, the end time passed first.
 */
export type PatrolTaskEvent =
  | { type: 'patrol.record' }
  | { type: 'patrol.finish'; abnormal: boolean }
  | { type: 'patrol.miss' };
export type PatrolTaskEventType = PatrolTaskEvent['type'];

export const patrolTaskEvents: Record<PatrolTaskEventType, { label: string; authority: string }> = {
  'patrol.record': { label: '记录巡更点', authority: PatrolAuthority.recordPoint },
  'patrol.finish': { label: '完成巡更', authority: PatrolAuthority.recordPoint },
  'patrol.miss': { label: '标记漏巡', authority: PatrolAuthority.manage },
};

/** The taskStatus codes' labels (features/administration/api/patrol.ts). */
export const stateLabels: Record<string, string> = patrolTaskStatuses.labels;

interface PatrolContext {
  taskStatus: PatrolTaskStatusCode;
  taskResult: number | null;
}

/**
 * One patrol task: 待巡查 → 巡查中 (first point recorded) → 已完成 (正常 | 异常) | 漏巡 (its end
 * time passed first). Both ends are final: a patrol record is not rewritten.
 */
export const patrolTaskMachine = setup({
  types: {} as { context: PatrolContext; events: PatrolTaskEvent },
}).createMachine({
  id: 'patrolTask',
  context: { taskStatus: PatrolTaskStatus.scheduled, taskResult: null },
  initial: 'scheduled',
  states: {
    scheduled: {
      on: {
        'patrol.record': {
          target: 'inProgress',
          actions: assign({ taskStatus: PatrolTaskStatus.inProgress }),
        },
        'patrol.miss': { target: 'missed', actions: assign({ taskStatus: PatrolTaskStatus.missed }) },
      },
    },
    inProgress: {
      on: {
        'patrol.record': { actions: assign({ taskStatus: PatrolTaskStatus.inProgress }) },
        'patrol.finish': {
          target: 'completed',
          actions: assign({
            taskStatus: PatrolTaskStatus.completed,
            taskResult: ({ event }) => (event.abnormal ? PatrolResult.abnormal : PatrolResult.normal),
          }),
        },
        'patrol.miss': { target: 'missed', actions: assign({ taskStatus: PatrolTaskStatus.missed }) },
      },
    },
    completed: { type: 'final' },
    missed: { type: 'final' },
  },
});

const taskState = (row: Record<string, unknown>) =>
  patrolTaskStatuses.keyOf(Number(row.taskStatus ?? PatrolTaskStatus.scheduled)) ?? 'scheduled';

export const patrolTaskWorkflow = defineWorkflow({
  machine: patrolTaskMachine,
  stateOf: taskState,
  contextOf: (row) => ({
    taskStatus: Number(row.taskStatus ?? PatrolTaskStatus.scheduled),
    taskResult: row.taskResult == null ? null : Number(row.taskResult),
  }),
  fieldsOf: (context) => ({ taskStatus: context.taskStatus, taskResult: context.taskResult ?? null }),
  stateName: (row) => stateLabels[taskState(row)] ?? patrolTaskStatuses.labels.scheduled,
  initialFields: { taskStatus: PatrolTaskStatus.scheduled, taskResult: null },
});
