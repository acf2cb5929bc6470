import { AdminAuthority as A } from '../../domain/api/administration.js';
import { defineModule, screen } from '../../domain/module.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { activityItems, activityResources } from './resources/activities.js';
import { attendanceItems, attendanceResources } from './resources/attendance.js';
import {
  familyInformResource,
  messageResource,
  noticeReceiptResource,
  noticeResource,
  personalNoticeResource,
  remindResource,
  todoResource,
} from './resources/inbox.js';
import { patrolItems, patrolResources } from './resources/patrol.js';
import { photoItems, photoResources } from './resources/photos.js';
import { qualityItems, qualityResources } from './resources/quality.js';

/**
 * 行政管理 (spec 001 §2 "Administration", §7): messages, announcements with read receipts,
 * reminds and todos — and the bell of the shell header that counts what is unread.
 */
export const administrationModule = defineModule({
  name: 'administration',
  menu: { code: 'administration', name: '行政管理', icon: 'office' },
  resources: [
    messageResource,
    todoResource,
    remindResource,
    noticeResource,
    noticeReceiptResource,
    personalNoticeResource,
    familyInformResource,
    ...photoResources,
    ...activityResources,
    ...patrolResources,
    ...qualityResources,
    ...attendanceResources,
  ],
  items: [
    screen(S.notice, '公告管理', {
      code: A.notice,
      view: 'administration.Notices',
      buttons: [
        { code: A.noticeAdd, menuName: '新增公告' },
        { code: A.noticeEdit, menuName: '编辑公告' },
        { code: A.noticeDelete, menuName: '删除公告' },
        { code: A.noticePublish, menuName: '发布/撤回公告' },
      ],
    }),
    screen(S.familyNotice, '家属通知', {
      code: A.familyInform,
      view: 'administration.FamilyInforms',
      buttons: [
        { code: A.familyInformAdd, menuName: '新增家属通知' },
        { code: A.familyInformEdit, menuName: '编辑家属通知' },
        { code: A.familyInformDelete, menuName: '删除家属通知' },
      ],
    }),
    screen(S.salesman, '营销人员', { code: A.salesman, view: 'administration.Salesman' }),
    screen(S.remind, '提醒事项', { code: A.remind, view: 'administration.Reminds' }),
    screen(S.message, '我的消息', { code: A.message, view: 'administration.Messages' }),
    screen(S.messageDetail, '消息详情', { tab: false, view: 'administration.MessageDetail' }),
    screen(S.personalNotice, '我的公告', { code: A.personalNotice, view: 'administration.PersonalNotices' }),
    screen(S.personalNoticeDetail, '公告详情', { tab: false, view: 'administration.NoticeDetail' }),
    screen(S.todo, '待办事项', { code: A.todo, resource: todoResource }),
    ...photoItems,
    ...activityItems,
    ...patrolItems,
    ...qualityItems,
    ...attendanceItems,
  ],
});
