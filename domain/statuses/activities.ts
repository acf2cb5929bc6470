import { defineStatuses } from '../status.js';

/** The statuses of the module its machine, the dictionaries and the module share (docs/architecture.md). */
/**
 * An activity's phase (activityMachine's states; dictionary activityState): the clock gives the
 * first five from the stored times, the stored activityStatus gives 已取消.
 */
export const activityPhases = defineStatuses([
  { key: 'published', code: 1, label: '未开始报名' },
  { key: 'registrationOpen', code: 2, label: '报名中' },
  { key: 'registrationClosed', code: 3, label: '报名截止' },
  { key: 'held', code: 4, label: '进行中' },
  { key: 'finished', code: 5, label: '已结束' },
  { key: 'cancelled', code: 6, label: '已取消' },
] as const);
