import { defineStatuses } from '../status.js';

/**
 * The statuses of 政府监管 that its machine (inspectionMachine), the dictionaries and the module share:
 * they stay in domain/ while the rest of the module lives in features/government/.
 */
/** An inspection record's state (inspectionMachine). */
export const recordStatuses = defineStatuses([
  { key: 'registered', code: 1, label: '待整改' },
  { key: 'rectifying', code: 2, label: '整改中' },
  { key: 'rectified', code: 3, label: '已整改' },
  { key: 'overdue', code: 4, label: '已逾期' },
] as const);
export const RecordStatus = recordStatuses.code;
export type RecordStatusCode = (typeof RecordStatus)[keyof typeof RecordStatus];
export const recordStatusNames: Record<RecordStatusCode, string> = recordStatuses.label;
