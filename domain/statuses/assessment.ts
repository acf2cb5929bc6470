import { defineStatuses } from '../status.js';

/** The statuses of the module its machine, the dictionaries and the module share (docs/architecture.md). */
/** assessment.status: the record's state in assessmentMachine (dictionary assessmentStatus). */
export const assessmentStatuses = defineStatuses([
  { key: 'draft', code: 0, label: '暂存' },
  { key: 'submitted', code: 1, label: '已提交' },
  { key: 'unbound', code: 2, label: '已解绑' },
] as const);
export const AssessmentStatus = assessmentStatuses.code;
export type AssessmentStatusCode = (typeof AssessmentStatus)[keyof typeof AssessmentStatus];
