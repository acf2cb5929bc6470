import { assign, setup } from 'xstate';
import { noticeStatuses } from '../domain/statuses/administration.js';
import { defineWorkflow } from './workflow.js';

/** Announcement status as stored (notice.status); a row without one (a 广播通知) is published. */
export const NoticeStatus = noticeStatuses.code;
export type NoticeStatusValue = (typeof NoticeStatus)[keyof typeof NoticeStatus];

export type NoticeEvent = { type: 'notice.publish' } | { type: 'notice.withdraw' };

/**
 * An announcement (公告, spec 001 §7 "Announcements"): written as a draft (edited and deleted
 * freely), published to its recipients (read receipts start; no more edits), withdrawn (gone from
 * the recipients' lists, kept with its receipts, may be deleted). Withdrawn is final: a corrected
 * text is a new announcement, so a receipt always belongs to the text that was read.
 */
export const noticeMachine = setup({
  types: {} as { context: { status: NoticeStatusValue }; events: NoticeEvent },
}).createMachine({
  id: 'notice',
  context: { status: NoticeStatus.draft },
  initial: 'draft',
  states: {
    draft: {
      meta: { label: noticeStatuses.labels.draft },
      on: {
        'notice.publish': { target: 'published', actions: assign({ status: NoticeStatus.published }) },
      },
    },
    published: {
      meta: { label: noticeStatuses.labels.published },
      on: {
        'notice.withdraw': { target: 'withdrawn', actions: assign({ status: NoticeStatus.withdrawn }) },
      },
    },
    withdrawn: { meta: { label: noticeStatuses.labels.withdrawn }, type: 'final' },
  },
});

/** The stored status of a row: null (a broadcast notice from 系统设置) counts as published. */
export const noticeStatusOf = (row: Record<string, unknown>): NoticeStatusValue => {
  const s = Number(row.status ?? NoticeStatus.published);
  return s === 0 || s === 2 ? s : NoticeStatus.published;
};

export const noticeWorkflow = defineWorkflow({
  machine: noticeMachine,
  stateOf: (row) => noticeStatuses.keyOf(noticeStatusOf(row)) ?? 'published',
  contextOf: (row) => ({ status: noticeStatusOf(row) }),
  fieldsOf: (context) => ({ status: context.status }),
  stateName: (row) => noticeStatuses.label[noticeStatusOf(row)],
  initialFields: { status: NoticeStatus.draft },
});

/** Chinese names of the machine's events (npm run paths, test-case sheets). */
export const eventLabels: Record<string, string> = {
  'notice.publish': '发布公告',
  'notice.withdraw': '撤回公告',
};
