import { assign, setup } from 'xstate';
import { DoseState, type DoseStateCode, doseStates } from '../domain/statuses/drugs.js';
import { defineWorkflow } from './workflow.js';

/**
 * One due dose of the medication round (今日用药, issue #42 point 3): the nurse records it as given
 * (服药, the 用药记录 written with it), refused by the elder (拒服) or held (暂停: asleep, out, the
 * doctor said so), the last two always with their reason.
 */
export type MedicationDoseEvent =
  | { type: 'dose.give' }
  | { type: 'dose.refuse'; reason: string }
  | { type: 'dose.hold'; reason: string };
export type MedicationDoseEventType = MedicationDoseEvent['type'];

export const medicationDoseEvents: Record<MedicationDoseEventType, { label: string }> = {
  'dose.give': { label: '服药' },
  'dose.refuse': { label: '拒服' },
  'dose.hold': { label: '暂停' },
};

/** The doseState codes' labels (domain/statuses/drugs.ts). */
export const stateLabels: Record<string, string> = doseStates.labels;

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  hasReason: '已填原因',
};

interface DoseContext {
  doseState: DoseStateCode;
  reason: string | null;
}

const reasonOf = (e: MedicationDoseEvent) => ('reason' in e ? e.reason.trim() : '');

/**
 * 待服 → 已服 | 拒服 | 暂停. Every end is final, as a care task's is: a dose given is in the custody
 * ledger, and a record of what was done at the bedside is not rewritten (docs/decisions.md
 * "The medication round").
 */
export const medicationDoseMachine = setup({
  types: {} as { context: DoseContext; events: MedicationDoseEvent },
  guards: {
    /** 拒服 and 暂停 say why. */
    hasReason: ({ event }) => reasonOf(event).length > 0,
  },
}).createMachine({
  id: 'medicationDose',
  context: { doseState: DoseState.pending, reason: null },
  initial: 'pending',
  states: {
    pending: {
      on: {
        'dose.give': { target: 'given', actions: assign({ doseState: DoseState.given }) },
        'dose.refuse': {
          guard: 'hasReason',
          target: 'refused',
          actions: assign({ doseState: DoseState.refused, reason: ({ event }) => reasonOf(event) }),
        },
        'dose.hold': {
          guard: 'hasReason',
          target: 'held',
          actions: assign({ doseState: DoseState.held, reason: ({ event }) => reasonOf(event) }),
        },
      },
    },
    given: { type: 'final' },
    refused: { type: 'final' },
    held: { type: 'final' },
  },
});

const doseState = (row: Record<string, unknown>) =>
  doseStates.keyOf(Number(row.doseState ?? DoseState.pending)) ?? 'pending';

export const medicationDoseWorkflow = defineWorkflow({
  machine: medicationDoseMachine,
  stateOf: doseState,
  contextOf: (row) => ({
    doseState: Number(row.doseState ?? DoseState.pending),
    reason: (row.reason as string | null) ?? null,
  }),
  fieldsOf: (context) => ({ doseState: context.doseState, reason: context.reason ?? null }),
  stateName: (row) => stateLabels[doseState(row)] ?? doseStates.labels.pending,
  initialFields: { doseState: DoseState.pending },
});
