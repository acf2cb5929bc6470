import { z } from 'zod';
import { REMINDS_PATH } from '../reminders.js';

/**
 * Spec 001 §7 "Administration": messages, announcements and reminds, on the spec's paths. Where a
 * screen needs a call the spec does not show (the bell's summary, publishing, read receipts) the
 * path sits beside the spec's under the same prefix (docs/decisions.md "Administration I").
 */
const MSG = '/pims/web-org/msg';
const NOTICES = '/pims/web-org/notices';
export const AdminPaths = {
  messages: `${MSG}/message`,
  message: `${MSG}/message/:id`,
  messageRead: `${MSG}/message/read`,
  todos: `${MSG}/todo`,
  todo: `${MSG}/todo/:ids`,
  /** The bell: unread counts and the newest unread items of the three kinds. */
  inbox: `${MSG}/inbox`,
  /** The bell's 全部已读: messages, personal notices and due reminds at once. */
  readAll: `${MSG}/readAll`,
  personalNotices: `${NOTICES}/personal/list`,
  personalRead: `${NOTICES}/personal/read`,
  notices: NOTICES,
  notice: `${NOTICES}/:id`,
  noticeRemove: `${NOTICES}/:ids`,
  noticeEdit: `${NOTICES}/noticeEdit`,
  noticePublish: `${NOTICES}/publish/:id`,
  noticeWithdraw: `${NOTICES}/withdraw/:id`,
  /** Who an announcement went to and whether each has read it. */
  noticeReceipts: `${NOTICES}/receipts`,
  nursingTree: '/pims/web-pi/nursing/tree',
  /** GET: whom 全体人员 reaches: the staff, those of them with an account, every account (our path). */
  noticeReach: '/pims/web-pi/nursing/reach',
  familyInforms: '/pims/web-pi/family/inform',
  familyInform: '/pims/web-pi/family/inform/:id',
  oldManTree: '/pims/web-org/common/oldManTree',
  reminds: REMINDS_PATH,
  remind: `${REMINDS_PATH}/:id`,
  remindStatus: `${REMINDS_PATH}/editStatus/:id`,
} as const;

/** Authority codes of the administration screens (spec 000 §6 style: screen:button). */
export const AdminAuthority = {
  remind: 'administration:info/remind',
  notice: 'administration:notice',
  noticeAdd: 'administration:notice:add',
  noticeEdit: 'administration:notice:edit',
  noticeDelete: 'administration:notice:delete',
  noticePublish: 'administration:notice:publish',
  message: 'administration:msg/message',
  personalNotice: 'administration:msg/notice',
  todo: 'administration:msg/todo',
  familyInform: 'administration:notice/famliy',
  familyInformAdd: 'administration:notice/famliy:add',
  familyInformEdit: 'administration:notice/famliy:edit',
  familyInformDelete: 'administration:notice/famliy:delete',
  /** 营销人员: the 接待人员 and what came of the consultations each received. */
  salesman: 'administration:salesman',
} as const;

/** Which of the user's things a bell entry is. */
export const inboxKind = z.enum(['message', 'notice', 'remind']);
export type InboxKind = z.infer<typeof inboxKind>;

export const inboxItem = z.object({
  kind: inboxKind,
  id: z.number().int(),
  title: z.string(),
  time: z.string(),
});
export type InboxItem = z.infer<typeof inboxItem>;

/** GET inbox: what the bell shows. `reminds` counts due reminds and computed ones (overdue outings). */
export const inboxAnswer = z.object({
  messages: z.number().int(),
  notices: z.number().int(),
  reminds: z.number().int(),
  total: z.number().int(),
  items: z.array(inboxItem),
});
export type InboxSummary = z.infer<typeof inboxAnswer>;
/** Newest unread entries the bell lists. */
export const INBOX_ITEMS = 10;

const ids = (label: string) =>
  z
    .array(
      z.coerce
        .number({ error: `${label}无效` })
        .int(`${label}无效`)
        .positive(`${label}无效`),
      {
        error: `${label}无效`,
      },
    )
    .min(1, `请选择${label}`)
    .max(500, `${label}最多500条`);

/** PUT message/read: the chosen messages are read. */
export const messageReadBody = z.object({ messageIds: ids('消息') });
/** PUT notices/personal/read: the chosen announcements are read. */
export const personalReadBody = z.object({ noticeIds: ids('公告') });
export const readAnswer = z.object({ read: z.number().int() });

/** PUT reminds/editStatus/{remindId}. */
export const remindStatusBody = z.object({
  status: z.coerce
    .number({ error: '提醒状态无效' })
    .int('提醒状态无效')
    .refine((v) => v === 0 || v === 1, '提醒状态无效'),
});

/** GET nursing/tree: the institution's departments with their staff accounts (announcement recipients). */
export const nursingTreeAnswer = z.array(
  z.object({
    deptId: z.number().int(),
    deptName: z.string(),
    users: z.array(z.object({ userId: z.number().int(), empName: z.string() })),
  }),
);
export type NursingTree = z.infer<typeof nursingTreeAnswer>;

/**
 * GET nursing/reach: an announcement to 全体人员 goes to every active account of the institution;
 * staff (在职 emp rows) without an account are not reached, and accounts without a staff record
 * (the administrator) are.
 */
export const noticeReachAnswer = z.object({
  staff: z.number().int(),
  staffWithAccount: z.number().int(),
  accounts: z.number().int(),
});
export type NoticeReach = z.infer<typeof noticeReachAnswer>;

/** What 全体人员 says before sending (issue #42 point 5: a narrowed audience says so). */
export function reachText(r: NoticeReach): string {
  const others = r.accounts - r.staffWithAccount;
  const staff =
    r.staffWithAccount === r.staff
      ? `全体人员：${r.staff} 名员工都有账号，都可收到消息`
      : `全体人员：${r.staff} 名员工中 ${r.staffWithAccount} 人有账号，可收到消息；没有账号的 ${r.staff - r.staffWithAccount} 人收不到`;
  return others > 0 ? `${staff}（另有 ${others} 个不属于员工的账号也会收到，如管理员）` : staff;
}

/**
 * What 指定人员 says above its list (issue #42 point 5): the list (nursing/tree) holds accounts only,
 * so staff without one are missing from it without a word unless this says so. Null when none is.
 */
export function leftOutText(r: NoticeReach): string | null {
  const without = r.staff - r.staffWithAccount;
  return without > 0 ? `另有 ${without} 名员工没有账号，不在名单中，收不到消息` : null;
}

/** The two notes of an announcement's audience: under 全体人员, and above the 指定人员 list. */
export interface ReachNotes {
  everyone: string;
  chosen: string | null;
}

/** GET common/oldManTree: the elders of the user's data departments by department (family notices). */
export const oldManTreeAnswer = z.array(
  z.object({
    deptId: z.number().int(),
    deptName: z.string(),
    elders: z.array(z.object({ oldmanId: z.number().int(), oldmanName: z.string() })),
  }),
);
export type OldManTree = z.infer<typeof oldManTreeAnswer>;
