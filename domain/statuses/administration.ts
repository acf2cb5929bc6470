import { defineStatuses } from '../status.js';

/** The statuses of the module its machine, the dictionaries and the module share (docs/architecture.md). */
/**
 * An announcement's status as stored (notice.status; noticeMachine's states; dictionary
 * noticeStatus). A row without one (a 广播通知) counts as published.
 */
export const noticeStatuses = defineStatuses([
  { key: 'draft', code: 0, label: '草稿' },
  { key: 'published', code: 1, label: '已发布' },
  { key: 'withdrawn', code: 2, label: '已撤回' },
] as const);
