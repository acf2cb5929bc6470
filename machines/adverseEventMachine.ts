import { assign, setup } from 'xstate';
import { AdverseStatus, adverseStatuses } from '../domain/statuses/quality.js';
import { defineWorkflow } from './workflow.js';

/**
 * 不良事件 (issue #15): 已上报 → 调查中 (开始调查) → 整改中 (原因分析 and 整改措施 given) → 已结案 (a
 * closing conclusion; straight from 调查中 when no rectification is needed, but never without a
 * cause analysis). Investigation, rectification and follow-up entries (`adverse.follow`) are added
 * while it is open; the record is edited until it is closed and read-only after.
 */
export type AdverseEventEvent =
  | { type: 'adverse.edit' }
  | { type: 'adverse.investigate' }
  | { type: 'adverse.follow' }
  /** `cause`: a cause analysis is stored or comes with the event. */
  | { type: 'adverse.rectify'; cause: boolean }
  | { type: 'adverse.close'; cause: boolean };

export const adverseEventEvents: Record<AdverseEventEvent['type'], { label: string }> = {
  'adverse.edit': { label: '编辑' },
  'adverse.investigate': { label: '开始调查' },
  'adverse.follow': { label: '添加跟进记录' },
  'adverse.rectify': { label: '提交整改' },
  'adverse.close': { label: '结案' },
};

/** The eventStatus codes' labels (features/administration/api/quality.ts). */
export const stateLabels: Record<string, string> = adverseStatuses.labels;

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  withCause: '已有原因分析',
};

interface AdverseContext {
  eventStatus: number;
}

const withCause = ({ event }: { event: AdverseEventEvent }) =>
  (event.type === 'adverse.rectify' || event.type === 'adverse.close') && event.cause;

export const adverseEventMachine = setup({
  types: {} as { context: AdverseContext; events: AdverseEventEvent },
  guards: { withCause },
}).createMachine({
  id: 'adverseEvent',
  context: { eventStatus: AdverseStatus.reported },
  initial: 'reported',
  states: {
    reported: {
      on: {
        'adverse.edit': { target: 'reported' },
        'adverse.investigate': {
          target: 'investigating',
          actions: assign({ eventStatus: AdverseStatus.investigating }),
        },
      },
    },
    investigating: {
      on: {
        'adverse.edit': { target: 'investigating' },
        'adverse.follow': { target: 'investigating' },
        'adverse.rectify': {
          guard: 'withCause',
          target: 'rectifying',
          actions: assign({ eventStatus: AdverseStatus.rectifying }),
        },
        'adverse.close': {
          guard: 'withCause',
          target: 'closed',
          actions: assign({ eventStatus: AdverseStatus.closed }),
        },
      },
    },
    rectifying: {
      on: {
        'adverse.edit': { target: 'rectifying' },
        'adverse.follow': { target: 'rectifying' },
        'adverse.close': {
          guard: 'withCause',
          target: 'closed',
          actions: assign({ eventStatus: AdverseStatus.closed }),
        },
      },
    },
    closed: { type: 'final' },
  },
});

const adverseState = (row: Record<string, unknown>) =>
  adverseStatuses.keyOf(Number(row.eventStatus ?? AdverseStatus.reported)) ?? 'reported';

export const adverseEventWorkflow = defineWorkflow({
  machine: adverseEventMachine,
  stateOf: adverseState,
  contextOf: (row) => ({ eventStatus: Number(row.eventStatus ?? AdverseStatus.reported) }),
  fieldsOf: (context) => ({ eventStatus: context.eventStatus }),
  stateName: (row) => stateLabels[adverseState(row)] ?? adverseStatuses.labels.reported,
  initialFields: { eventStatus: AdverseStatus.reported },
});
