import { assign, setup } from 'xstate';
import { HandoverStatus, handoverStatuses } from '../domain/statuses/quality.js';
import { defineWorkflow } from './workflow.js';

/**
 * 交接班 (issue #15): 待接班 while the handing nurse writes it (edit, elders' notes) → 已接班 when the
 * receiving nurse confirms it (接班确认); a confirmed handover is read-only.
 */
export type HandoverEvent = { type: 'handover.edit' } | { type: 'handover.confirm' };

export const handoverEvents: Record<HandoverEvent['type'], { label: string }> = {
  'handover.edit': { label: '编辑' },
  'handover.confirm': { label: '接班确认' },
};

/** The handoverStatus codes' labels (features/administration/api/quality.ts). */
export const stateLabels: Record<string, string> = handoverStatuses.labels;

export const handoverMachine = setup({
  types: {} as { context: { handoverStatus: number }; events: HandoverEvent },
}).createMachine({
  id: 'handover',
  context: { handoverStatus: HandoverStatus.pending },
  initial: 'pending',
  states: {
    pending: {
      on: {
        'handover.edit': { target: 'pending' },
        'handover.confirm': {
          target: 'confirmed',
          actions: assign({ handoverStatus: HandoverStatus.confirmed }),
        },
      },
    },
    confirmed: { type: 'final' },
  },
});

const handoverState = (row: Record<string, unknown>) =>
  Number(row.handoverStatus) === HandoverStatus.confirmed ? 'confirmed' : 'pending';

export const handoverWorkflow = defineWorkflow({
  machine: handoverMachine,
  stateOf: handoverState,
  contextOf: (row) => ({ handoverStatus: Number(row.handoverStatus ?? HandoverStatus.pending) }),
  fieldsOf: (context) => ({ handoverStatus: context.handoverStatus }),
  stateName: (row) => stateLabels[handoverState(row)] ?? handoverStatuses.labels.pending,
  initialFields: { handoverStatus: HandoverStatus.pending },
});
