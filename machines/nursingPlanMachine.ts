import { assign, setup } from 'xstate';
import { CareAuthority, PlanStatus, type PlanStatusCode, planStatuses } from '../domain/statuses/care.js';
import { defineWorkflow } from './workflow.js';

export type NursingPlanEvent =
  | { type: 'plan.activate' }
  | { type: 'plan.suspend' }
  | { type: 'plan.resume' }
  | { type: 'plan.end' };
export type NursingPlanEventType = NursingPlanEvent['type'];

/** Each event's Chinese name (buttons, refusals, npm run paths) and its authority. */
export const nursingPlanEvents: Record<NursingPlanEventType, { label: string; authority: string }> = {
  'plan.activate': { label: '启用', authority: CareAuthority.nursingStatus },
  'plan.suspend': { label: '暂停', authority: CareAuthority.nursingStatus },
  'plan.resume': { label: '恢复', authority: CareAuthority.nursingStatus },
  'plan.end': { label: '结束', authority: CareAuthority.nursingStatus },
};
export const nursingPlanEventTypes = Object.keys(nursingPlanEvents) as NursingPlanEventType[];

/** The planStatus codes' labels (features/care/api/care.ts). */
export const stateLabels: Record<string, string> = planStatuses.labels;

/**
 * One elder's nursing plan (spec 001 §4 "Care plan has a status change"; the states are ours,
 * docs/decisions.md): 草稿 → 启用 → 执行中 ⇄ 暂停/恢复 → 结束. Only an active plan makes tasks; a
 * suspended or ended one cancels its pending tasks (features/care/server/planTasks.ts).
 */
export const nursingPlanMachine = setup({
  types: {} as { context: { planStatus: PlanStatusCode }; events: NursingPlanEvent },
}).createMachine({
  id: 'nursingPlan',
  context: { planStatus: PlanStatus.draft },
  initial: 'draft',
  states: {
    draft: {
      on: { 'plan.activate': { target: 'active', actions: assign({ planStatus: PlanStatus.active }) } },
    },
    active: {
      on: {
        'plan.suspend': { target: 'suspended', actions: assign({ planStatus: PlanStatus.suspended }) },
        'plan.end': { target: 'ended', actions: assign({ planStatus: PlanStatus.ended }) },
      },
    },
    suspended: {
      on: {
        'plan.resume': { target: 'active', actions: assign({ planStatus: PlanStatus.active }) },
        'plan.end': { target: 'ended', actions: assign({ planStatus: PlanStatus.ended }) },
      },
    },
    ended: { type: 'final' },
  },
});

const planState = (row: Record<string, unknown>) =>
  planStatuses.keyOf(Number(row.planStatus ?? PlanStatus.draft)) ?? 'draft';

/** The server's check and the console's greyed buttons (machines/workflow.ts). */
export const nursingPlanWorkflow = defineWorkflow({
  machine: nursingPlanMachine,
  stateOf: planState,
  contextOf: (row) => ({ planStatus: Number(row.planStatus ?? PlanStatus.draft) }),
  fieldsOf: (context) => ({ planStatus: context.planStatus }),
  stateName: (row) => stateLabels[planState(row)] ?? planStatuses.labels.draft,
  initialFields: { planStatus: PlanStatus.draft },
});
