import { assign, setup } from 'xstate';
import { ComplaintStatus, complaintStatuses } from '../domain/statuses/quality.js';
import { defineWorkflow } from './workflow.js';

/**
 * 投诉 (issue #15): 已受理 → 处理中 (开始处理) → 已答复 (处理经过 and the reply to the complainant)
 * → 已办结 (the complainant's satisfaction). Edited while 已受理 or 处理中; read-only once answered.
 */
export type ComplaintEvent =
  | { type: 'complaint.edit' }
  | { type: 'complaint.handle' }
  | { type: 'complaint.reply' }
  | { type: 'complaint.close' };

export const complaintEvents: Record<ComplaintEvent['type'], { label: string }> = {
  'complaint.edit': { label: '编辑' },
  'complaint.handle': { label: '开始处理' },
  'complaint.reply': { label: '答复' },
  'complaint.close': { label: '办结' },
};

/** The complaintStatus codes' labels (features/administration/api/quality.ts). */
export const stateLabels: Record<string, string> = complaintStatuses.labels;

export const complaintMachine = setup({
  types: {} as { context: { complaintStatus: number }; events: ComplaintEvent },
}).createMachine({
  id: 'complaint',
  context: { complaintStatus: ComplaintStatus.received },
  initial: 'received',
  states: {
    received: {
      on: {
        'complaint.edit': { target: 'received' },
        'complaint.handle': {
          target: 'handling',
          actions: assign({ complaintStatus: ComplaintStatus.handling }),
        },
      },
    },
    handling: {
      on: {
        'complaint.edit': { target: 'handling' },
        'complaint.reply': {
          target: 'replied',
          actions: assign({ complaintStatus: ComplaintStatus.replied }),
        },
      },
    },
    replied: {
      on: {
        'complaint.close': { target: 'closed', actions: assign({ complaintStatus: ComplaintStatus.closed }) },
      },
    },
    closed: { type: 'final' },
  },
});

const complaintState = (row: Record<string, unknown>) =>
  complaintStatuses.keyOf(Number(row.complaintStatus ?? ComplaintStatus.received)) ?? 'received';

export const complaintWorkflow = defineWorkflow({
  machine: complaintMachine,
  stateOf: complaintState,
  contextOf: (row) => ({ complaintStatus: Number(row.complaintStatus ?? ComplaintStatus.received) }),
  fieldsOf: (context) => ({ complaintStatus: context.complaintStatus }),
  stateName: (row) => stateLabels[complaintState(row)] ?? complaintStatuses.labels.received,
  initialFields: { complaintStatus: ComplaintStatus.received },
});
