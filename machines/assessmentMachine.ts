import { setup } from 'xstate';
import { type AssessmentStatusCode, assessmentStatuses } from '../domain/statuses/assessment.js';
import { defineWorkflow } from './workflow.js';

/**
 * One assessment of one elder (spec 001 §4 "Assessments have an interim submit and a final submit
 * per type"): saved as a draft as often as needed (any assessor on the list may resume it), then
 * submitted once — the server computes the grade and the record becomes read-only — and later
 * unbound (PUT unbind) when it no longer stands for the elder. A draft or an unbound record may be
 * deleted; a submitted one may not.
 */
export type AssessmentEvent =
  | { type: 'assessment.save' }
  | { type: 'assessment.submit' }
  | { type: 'assessment.edit' }
  | { type: 'assessment.unbind' }
  | { type: 'assessment.remove' };
export type AssessmentEventType = AssessmentEvent['type'];

export const assessmentEvents: Record<AssessmentEventType, { label: string }> = {
  'assessment.save': { label: '暂存' },
  'assessment.submit': { label: '提交评估' },
  'assessment.edit': { label: '修改' },
  'assessment.unbind': { label: '解绑' },
  'assessment.remove': { label: '删除' },
};

/** No record yet (new) and a deleted one (removed) have no stored status; the others are assessment.status. */
export const stateLabels: Record<string, string> = {
  new: '未开始',
  ...assessmentStatuses.labels,
  removed: '已删除',
};

export const assessmentMachine = setup({ types: {} as { events: AssessmentEvent } }).createMachine({
  id: 'assessment',
  initial: 'new',
  states: {
    new: { on: { 'assessment.save': 'draft', 'assessment.submit': 'submitted' } },
    draft: {
      on: {
        'assessment.save': 'draft',
        'assessment.edit': 'draft',
        'assessment.submit': 'submitted',
        'assessment.remove': 'removed',
      },
    },
    submitted: { on: { 'assessment.unbind': 'unbound' } },
    unbound: { on: { 'assessment.remove': 'removed' } },
    removed: { type: 'final' },
  },
});

/** The machine state of a stored record (no record: `new`). */
export const assessmentState = (row: { status?: unknown } | null): string =>
  row ? (assessmentStatuses.keyOf(row.status) ?? 'draft') : 'new';

/** The status a record is stored with in a machine state. */
export const assessmentStatusOf = (state: string): AssessmentStatusCode | undefined =>
  assessmentStatuses.codeOf(state);

/** The server's check and the console's greyed buttons (machines/workflow.ts). */
export const assessmentWorkflow = defineWorkflow({
  machine: assessmentMachine,
  stateOf: (row) => assessmentState(row),
  contextOf: () => ({}),
  fieldsOf: () => ({}),
  stateName: (row) => stateLabels[assessmentState(row)] ?? '未知',
});
