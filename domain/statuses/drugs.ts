import { defineStatuses } from '../status.js';

// The statuses its machine, the dictionaries and the module share (docs/architecture.md, "Layers").
/** A custody record's state (machines/drugCustodyMachine.ts; dictionary drugKeepState). */
export const keepStates = defineStatuses([
  { key: 'kept', code: 1, label: '代管中' },
  { key: 'partlyUsed', code: 2, label: '使用中' },
  { key: 'usedUp', code: 3, label: '已用完' },
  { key: 'returned', code: 4, label: '已退还' },
  { key: 'destroyed', code: 5, label: '已销毁' },
] as const);
export const KeepState = keepStates.code;
export const keepStateNames: Record<number, string> = keepStates.label;
/**
 * One due dose of 今日用药 (the medication round, issue #42 point 3; machines/medicationDoseMachine.ts;
 * dictionary drugDoseState). 待服 is a dose the schedule makes due with nothing recorded yet.
 */
export const doseStates = defineStatuses([
  { key: 'pending', code: 0, label: '待服' },
  { key: 'given', code: 1, label: '已服' },
  { key: 'refused', code: 2, label: '拒服' },
  { key: 'held', code: 3, label: '暂停' },
] as const);
export const DoseState = doseStates.code;
export type DoseStateCode = (typeof DoseState)[keyof typeof DoseState];
