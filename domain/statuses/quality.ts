import { defineStatuses } from '../status.js';

/** The statuses of the module its machine, the dictionaries and the module share (docs/architecture.md). */
/** 交接班状态 (handoverMachine; dictionary handoverStatus). */
export const handoverStatuses = defineStatuses([
  { key: 'pending', code: 0, label: '待接班' },
  { key: 'confirmed', code: 1, label: '已接班' },
] as const);
export const HandoverStatus = handoverStatuses.code;
/** 不良事件状态 (adverseEventMachine; dictionary adverseEventStatus). */
export const adverseStatuses = defineStatuses([
  { key: 'reported', code: 0, label: '已上报' },
  { key: 'investigating', code: 1, label: '调查中' },
  { key: 'rectifying', code: 2, label: '整改中' },
  { key: 'closed', code: 3, label: '已结案' },
] as const);
export const AdverseStatus = adverseStatuses.code;
/** 投诉状态 (complaintMachine; dictionary complaintStatus). */
export const complaintStatuses = defineStatuses([
  { key: 'received', code: 0, label: '已受理' },
  { key: 'handling', code: 1, label: '处理中' },
  { key: 'replied', code: 2, label: '已答复' },
  { key: 'closed', code: 3, label: '已办结' },
] as const);
export const ComplaintStatus = complaintStatuses.code;
