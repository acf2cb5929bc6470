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
