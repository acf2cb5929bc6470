import { z } from 'zod';
import { AdminAuthority as A, AdminPaths as P } from '../../../domain/api/administration.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { noticeWorkflow } from '../../../machines/noticeMachine.js';

/**
 * Spec 001 §7 "Administration": the user's messages, todos and reminds, the institution's
 * announcements with who has read them. Messages, todos and reminds belong to one user each: the
 * server lists and changes only the signed-in user's own (docs/decisions.md "Administration I").
 */

/** 站内消息: written by the system for one user, read there. */
export const messageResource: ResourceDef = {
  name: 'message',
  title: '消息',
  table: 'msgMessage',
  /** the bell: a user's unread ones */
  indexes: [['orgId', 'userId', 'isRead']],
  idField: 'messageId',
  nameField: 'title',
  fields: [
    { name: 'title', label: '标题', type: 'text', maxLength: 64, readOnly: true },
    { name: 'msgType', label: '类别', type: 'dict', dict: 'msgType', readOnly: true },
    { name: 'content', label: '内容', type: 'textarea', maxLength: 2000, readOnly: true, wide: true },
    { name: 'isRead', label: '状态', type: 'dict', dict: 'readStatus', readOnly: true },
    { name: 'readTime', label: '阅读时间', type: 'datetime', readOnly: true },
    { name: 'userId', label: '接收人', type: 'int', readOnly: true, hidden: true },
  ],
  columns: ['title', 'msgType', 'isRead', 'createTime', 'readTime'],
  filters: [
    { field: 'isRead', kind: 'eq' },
    { field: 'msgType', kind: 'eq' },
  ],
  search: ['title', 'content'],
  defaultSort: { field: 'messageId', order: 'desc' },
  api: { list: P.messages, get: P.message },
  authority: { view: 'session' },
};

/** 待办事项 (msg/todo): the user's own list. */
export const todoResource: ResourceDef = {
  name: 'todo',
  title: '待办事项',
  table: 'msgTodo',
  idField: 'todoId',
  nameField: 'title',
  fields: [
    { name: 'title', label: '事项', type: 'text', required: true, maxLength: 50 },
    { name: 'endTime', label: '截止时间', type: 'datetime' },
    { name: 'status', label: '状态', type: 'dict', dict: 'todoStatus', required: true },
    { name: 'content', label: '说明', type: 'textarea', maxLength: 500, wide: true },
    { name: 'userId', label: '所属用户', type: 'int', readOnly: true, hidden: true },
  ],
  columns: ['title', 'endTime', 'status', 'content', 'createTime'],
  filters: [
    { field: 'title', kind: 'like' },
    { field: 'status', kind: 'eq' },
  ],
  defaultSort: { field: 'todoId', order: 'desc' },
  sortable: ['endTime'],
  api: { list: P.todos, create: P.todos, update: P.todos, remove: P.todo },
  authority: { view: A.todo, create: A.todo, update: A.todo, remove: A.todo },
};

/**
 * 提醒事项 (info/remind): the user's own, due at remindTime; a due one that is still 未读 counts
 * in the bell until its owner reads it (reminds/editStatus).
 */
export const remindResource: ResourceDef = {
  name: 'remind',
  title: '提醒',
  table: 'remind',
  /** the bell: a user's unread ones */
  indexes: [['orgId', 'userId', 'status', 'remindTime']],
  idField: 'remindId',
  nameField: 'title',
  fields: [
    { name: 'title', label: '提醒标题', type: 'text', required: true, maxLength: 50 },
    { name: 'remindTime', label: '提醒时间', type: 'datetime', required: true },
    { name: 'status', label: '状态', type: 'dict', dict: 'remindStatus', readOnly: true },
    { name: 'content', label: '提醒内容', type: 'textarea', maxLength: 500, wide: true },
    { name: 'userId', label: '所属用户', type: 'int', readOnly: true, hidden: true },
  ],
  columns: ['title', 'remindTime', 'status', 'content', 'createTime'],
  filters: [
    { field: 'title', kind: 'like' },
    { field: 'status', kind: 'eq' },
    { field: 'remindTime', kind: 'range' },
  ],
  defaultSort: { field: 'remindTime', order: 'desc' },
  api: { list: P.reminds, create: P.reminds, update: P.remind, remove: P.remind },
  authority: { view: 'session', create: A.remind, update: A.remind, remove: A.remind },
};

/** Recipients of an announcement: user ids; an empty list is everyone of the institution. */
export const recipientIds = z
  .array(z.coerce.number({ error: '接收人无效' }).int('接收人无效').positive('接收人无效'), {
    error: '接收人无效',
  })
  .max(2000, '接收人最多2000人');

/** 公告: a draft, published to chosen staff (nursing/tree) or everyone, then withdrawn. */
export const noticeResource: ResourceDef = {
  name: 'notice',
  title: '公告',
  table: 'notice',
  idField: 'noticeId',
  nameField: 'title',
  fields: [
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 64 },
    { name: 'content', label: '内容', type: 'textarea', required: true, maxLength: 2000, wide: true },
    { name: 'recipientIds', label: '接收人', type: 'json', schema: recipientIds, hidden: true },
    { name: 'status', label: '状态', type: 'dict', dict: 'noticeStatus', readOnly: true },
    { name: 'publishTime', label: '发布时间', type: 'datetime', readOnly: true },
    { name: 'recipientCount', label: '接收人数', type: 'int', computed: true },
    { name: 'readCount', label: '已读人数', type: 'int', computed: true },
  ],
  columns: ['title', 'status', 'publishTime', 'recipientCount', 'readCount', 'createTime'],
  filters: [
    { field: 'title', kind: 'like' },
    { field: 'status', kind: 'eq' },
  ],
  defaultSort: { field: 'noticeId', order: 'desc' },
  api: { list: P.notices, get: P.notice, create: P.notices, update: P.noticeEdit, remove: P.noticeRemove },
  authority: { view: 'session', create: A.noticeAdd, update: A.noticeEdit, remove: A.noticeDelete },
  actions: [
    { event: 'notice.publish', label: '发布', path: P.noticePublish, authority: A.noticePublish },
    {
      event: 'notice.withdraw',
      label: '撤回',
      path: P.noticeWithdraw,
      authority: A.noticePublish,
      confirm: '撤回后接收人将看不到该公告，确定撤回吗？',
    },
  ],
  workflow: noticeWorkflow,
};

/** One recipient of a published announcement: the read receipt (who has read it, when). */
export const noticeReceiptResource: ResourceDef = {
  name: 'noticeReceipt',
  title: '阅读回执',
  table: 'noticeRecipient',
  /** the bell: a user's unread announcements; the receipts of one announcement */
  indexes: [
    ['orgId', 'userId', 'isRead'],
    ['noticeId', 'userId'],
  ],
  idField: 'recipientId',
  nameField: 'empName',
  fields: [
    { name: 'noticeId', label: '公告', type: 'int', readOnly: true, hidden: true },
    { name: 'userId', label: '接收人', type: 'int', readOnly: true, hidden: true },
    { name: 'empName', label: '接收人', type: 'text', computed: true },
    { name: 'deptName', label: '部门', type: 'text', computed: true },
    { name: 'isRead', label: '状态', type: 'dict', dict: 'readStatus', readOnly: true },
    { name: 'readTime', label: '阅读时间', type: 'datetime', readOnly: true },
  ],
  columns: ['empName', 'deptName', 'isRead', 'readTime'],
  filters: [
    { field: 'noticeId', kind: 'eq', hidden: true },
    { field: 'isRead', kind: 'eq' },
  ],
  defaultSort: { field: 'recipientId', order: 'asc' },
  api: { list: P.noticeReceipts },
  authority: { view: A.notice },
};

/** 我的公告 (msg/notice): the published announcements the user received, read or not. */
export const personalNoticeResource: ResourceDef = {
  name: 'personalNotice',
  title: '公告',
  table: 'noticeRecipient',
  derived: true,
  idField: 'noticeId',
  nameField: 'title',
  fields: [
    { name: 'title', label: '标题', type: 'text', readOnly: true },
    { name: 'content', label: '内容', type: 'textarea', maxLength: 2000, readOnly: true, wide: true },
    { name: 'publishTime', label: '发布时间', type: 'datetime', readOnly: true },
    { name: 'isRead', label: '状态', type: 'dict', dict: 'readStatus', readOnly: true },
    { name: 'readTime', label: '阅读时间', type: 'datetime', readOnly: true },
  ],
  columns: ['title', 'publishTime', 'isRead', 'readTime'],
  filters: [
    { field: 'title', kind: 'like' },
    { field: 'isRead', kind: 'eq' },
  ],
  defaultSort: { field: 'noticeId', order: 'desc' },
  api: { list: P.personalNotices },
  authority: { view: 'session' },
};

/** Elders whose families a family notice goes to. */
export const informOldmanIds = z
  .array(z.coerce.number({ error: '长者无效' }).int('长者无效').positive('长者无效'), { error: '请选择长者' })
  .min(1, '请选择长者')
  .max(1000, '长者最多1000人');

/**
 * 家属通知 (notice/famliy): a notice to the families of chosen elders (oldManTree), kept by the
 * department it was written in.
 */
export const familyInformResource: ResourceDef = {
  name: 'familyInform',
  title: '家属通知',
  table: 'familyInform',
  idField: 'messageId',
  nameField: 'title',
  fields: [
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 64 },
    { name: 'content', label: '内容', type: 'textarea', required: true, maxLength: 1000, wide: true },
    { name: 'oldmanIds', label: '长者', type: 'json', schema: informOldmanIds, required: true, hidden: true },
    { name: 'elderNames', label: '通知长者', type: 'text', computed: true },
    { name: 'familyCount', label: '家属人数', type: 'int', computed: true },
  ],
  columns: ['title', 'elderNames', 'familyCount', 'createTime'],
  filters: [{ field: 'title', kind: 'like' }],
  defaultSort: { field: 'messageId', order: 'desc' },
  api: {
    list: P.familyInforms,
    get: P.familyInform,
    create: P.familyInforms,
    update: P.familyInforms,
    remove: P.familyInform,
  },
  authority: {
    view: A.familyInform,
    create: A.familyInformAdd,
    update: A.familyInformEdit,
    remove: A.familyInformDelete,
  },
  deptScoped: true,
};
