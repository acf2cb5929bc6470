import type { FieldDef, ResourceDef } from '../../../domain/resource.js';
import { complaintEvents, complaintWorkflow } from '../../../machines/complaintMachine.js';
import { offers } from '../../../machines/workflow.js';
import { QualityAuthority as A, QualityPaths as P } from '../api/quality.js';

const handling: FieldDef = {
  name: 'handling',
  label: '处理经过',
  type: 'textarea',
  maxLength: 1000,
  wide: true,
};
const reply: FieldDef = { name: 'reply', label: '答复内容', type: 'textarea', maxLength: 1000, wide: true };
const satisfaction: FieldDef = { name: 'satisfaction', label: '满意度', type: 'dict', dict: 'satisfaction' };
const feedback: FieldDef = {
  name: 'feedback',
  label: '回访意见',
  type: 'textarea',
  maxLength: 500,
  wide: true,
};

/**
 * 投诉 (complaint): who complained (family, elder, other) about what, when it was received and who
 * handles it; the handling, the reply to the complainant and the complainant's satisfaction
 * (machines/complaintMachine.ts).
 */
export const complaintResource: ResourceDef = {
  name: 'complaint',
  title: '投诉',
  table: 'qualityComplaint',
  idField: 'complaintId',
  nameField: 'complainantName',
  fields: [
    { name: 'complainantType', label: '投诉人类型', type: 'dict', dict: 'complainantType', required: true },
    { name: 'complainantName', label: '投诉人', type: 'text', required: true, maxLength: 20 },
    { name: 'contactPhone', label: '联系电话', type: 'phone' },
    { name: 'oldmanId', label: '涉及长者', type: 'ref', ref: 'oldmanAll' },
    { name: 'complaintType', label: '投诉类别', type: 'dict', dict: 'complaintType', required: true },
    { name: 'receiveTime', label: '受理时间', type: 'datetime', required: true },
    { name: 'handlerId', label: '处理人', type: 'ref', ref: 'staffMember', required: true },
    { name: 'content', label: '投诉内容', type: 'textarea', required: true, maxLength: 1000, wide: true },
    { name: 'receiverName', label: '受理人', type: 'text', readOnly: true },
    { name: 'complaintStatus', label: '状态', type: 'dict', dict: 'complaintStatus', readOnly: true },
    { ...handling, readOnly: true },
    { ...reply, readOnly: true },
    { name: 'replyTime', label: '答复时间', type: 'datetime', readOnly: true },
    { ...satisfaction, readOnly: true },
    { ...feedback, readOnly: true },
    { name: 'closeTime', label: '办结时间', type: 'datetime', readOnly: true },
  ],
  columns: [
    'receiveTime',
    'complainantType',
    'complainantName',
    'complaintType',
    'oldmanId',
    'handlerId',
    'complaintStatus',
    'replyTime',
    'satisfaction',
  ],
  search: ['complainantName', 'content'],
  filters: [
    { field: 'complaintType', kind: 'eq' },
    { field: 'complaintStatus', kind: 'eq' },
    { field: 'receiveTime', kind: 'range' },
  ],
  defaultSort: { field: 'receiveTime', order: 'desc' },
  sortable: ['receiveTime'],
  api: {
    list: P.complaint,
    get: P.complaintOne,
    create: P.complaint,
    update: P.complaint,
    remove: P.complaintRemove,
  },
  authority: {
    view: A.complaint,
    create: A.complaintAdd,
    update: A.complaintEdit,
    remove: A.complaintDelete,
  },
  actions: [
    {
      event: 'complaint.handle',
      label: complaintEvents['complaint.handle'].label,
      path: P.complaintHandle,
      authority: A.complaintHandle,
    },
  ],
  workflow: complaintWorkflow,
  rowRules: {
    remove: (row) => (offers(complaintWorkflow, row, 'complaint.handle') ? null : '只能删除尚未处理的投诉'),
  },
};

/**
 * 处理记录 of a complaint: one row per step of its workflow (受理, 开始处理, 答复, 办结), who and when, written
 * by the step itself (features/administration/server/quality.ts) and never typed or deleted — the log
 * the department head reads, as 不良事件's 调查与整改记录.
 */
export const complaintFollowResource: ResourceDef = {
  name: 'complaintFollow',
  title: '处理记录',
  table: 'qualityComplaintFollow',
  idField: 'followId',
  nameField: 'followTime',
  fields: [
    { name: 'complaintId', label: '投诉', type: 'int', required: true, hidden: true },
    { name: 'stepName', label: '步骤', type: 'text', readOnly: true },
    { name: 'followTime', label: '时间', type: 'datetime', readOnly: true },
    { name: 'content', label: '内容', type: 'textarea', readOnly: true, maxLength: 500, wide: true },
    { name: 'followBy', label: '操作人', type: 'text', readOnly: true },
    // the workflow event that wrote the row (complaint.reply, …): one row per step
    { name: 'step', label: '流程步骤', type: 'text', readOnly: true, hidden: true },
  ],
  columns: ['followTime', 'stepName', 'content', 'followBy'],
  filters: [{ field: 'complaintId', kind: 'eq', hidden: true }],
  defaultSort: { field: 'followTime', order: 'asc' },
  indexes: [['complaintId']],
  api: { list: P.complaintFollow },
  authority: { view: A.complaint },
};

/** The form of 答复 (PUT complaintReply). */
export const complaintReplyForm: ResourceDef = {
  ...complaintResource,
  name: 'complaintReply',
  derived: true,
  fields: [
    { ...handling, required: true },
    { ...reply, required: true },
  ],
  columns: [],
  api: { update: P.complaintReply },
  actions: [],
};

/** The form of 办结 (PUT complaintClose): the complainant's satisfaction at the return visit. */
export const complaintCloseForm: ResourceDef = {
  ...complaintReplyForm,
  name: 'complaintClose',
  fields: [{ ...satisfaction, required: true }, feedback],
  api: { update: P.complaintClose },
};
