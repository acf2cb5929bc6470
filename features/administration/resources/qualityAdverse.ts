import type { FieldDef, ResourceDef } from '../../../domain/resource.js';
import { adverseEventEvents, adverseEventWorkflow } from '../../../machines/adverseEventMachine.js';
import { offers } from '../../../machines/workflow.js';
import { QualityAuthority as A, QualityPaths as P } from '../api/quality.js';

const causeAnalysis: FieldDef = {
  name: 'causeAnalysis',
  label: '原因分析',
  type: 'textarea',
  maxLength: 1000,
  wide: true,
  hint: '人员、长者自身、药物、设施环境、管理制度等方面',
};
const rectifyMeasures: FieldDef = {
  name: 'rectifyMeasures',
  label: '整改措施',
  type: 'textarea',
  maxLength: 1000,
  wide: true,
};
const conclusion: FieldDef = {
  name: 'conclusion',
  label: '结案结论',
  type: 'textarea',
  maxLength: 1000,
  wide: true,
  hint: '事件定性、责任认定、整改效果',
};

/**
 * 不良事件 (adverse event): what happened to which elder, when and where, how bad (伤害程度), what was
 * done at once and who reported it; then its investigation (原因分析), rectification (整改措施) and a
 * closing conclusion (machines/adverseEventMachine.ts). 重度伤害 and 死亡 raise an alarm in 告警中心.
 */
export const adverseEventResource: ResourceDef = {
  name: 'adverseEvent',
  title: '不良事件',
  table: 'qualityAdverseEvent',
  idField: 'eventId',
  nameField: 'eventTitle',
  fields: [
    { name: 'eventType', label: '事件类型', type: 'dict', dict: 'adverseEventType', required: true },
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldman', required: true },
    { name: 'eventTime', label: '发生时间', type: 'datetime', required: true },
    { name: 'place', label: '发生地点', type: 'text', required: true, maxLength: 40 },
    { name: 'severity', label: '伤害程度', type: 'dict', dict: 'adverseSeverity', required: true },
    { name: 'description', label: '事件经过', type: 'textarea', required: true, maxLength: 1000, wide: true },
    {
      name: 'measures',
      label: '即时处置措施',
      type: 'textarea',
      required: true,
      maxLength: 1000,
      wide: true,
    },
    { name: 'familyNotified', label: '已告知家属', type: 'bool' },
    { name: 'eventTitle', label: '事件', type: 'text', readOnly: true, hidden: true },
    { name: 'reporterName', label: '上报人', type: 'text', readOnly: true },
    { name: 'reportTime', label: '上报时间', type: 'datetime', readOnly: true },
    { name: 'eventStatus', label: '状态', type: 'dict', dict: 'adverseEventStatus', readOnly: true },
    { ...causeAnalysis, readOnly: true },
    { ...rectifyMeasures, readOnly: true },
    { ...conclusion, readOnly: true },
    { name: 'closedBy', label: '结案人', type: 'text', readOnly: true },
    { name: 'closeTime', label: '结案时间', type: 'datetime', readOnly: true },
  ],
  columns: [
    'eventTime',
    'eventType',
    'oldmanId',
    'place',
    'severity',
    'eventStatus',
    'reporterName',
    'closeTime',
  ],
  search: ['place', 'description'],
  filters: [
    { field: 'eventType', kind: 'eq' },
    { field: 'severity', kind: 'eq' },
    { field: 'eventStatus', kind: 'eq' },
    { field: 'eventTime', kind: 'range' },
  ],
  defaultSort: { field: 'eventTime', order: 'desc' },
  sortable: ['eventTime', 'severity'],
  api: {
    list: P.adverseEvent,
    get: P.adverseEventOne,
    create: P.adverseEvent,
    update: P.adverseEvent,
    remove: P.adverseEventRemove,
  },
  authority: { view: A.adverse, create: A.adverseAdd, update: A.adverseEdit, remove: A.adverseDelete },
  deptScoped: true,
  actions: [
    {
      event: 'adverse.investigate',
      label: adverseEventEvents['adverse.investigate'].label,
      path: P.adverseInvestigate,
      authority: A.adverseInvestigate,
    },
  ],
  workflow: adverseEventWorkflow,
  rowRules: {
    // a mistaken report goes before anyone starts on it
    remove: (row) =>
      offers(adverseEventWorkflow, row, 'adverse.investigate') ? null : '只能删除尚未开始调查的不良事件',
  },
};

/** The form of 提交整改 (PUT adverseRectify): the cause analysis and the rectification. */
export const adverseRectifyForm: ResourceDef = {
  ...adverseEventResource,
  name: 'adverseRectify',
  derived: true,
  fields: [
    { ...causeAnalysis, required: true },
    { ...rectifyMeasures, required: true },
  ],
  columns: [],
  api: { update: P.adverseRectify },
  actions: [],
};

/** The form of 结案 (PUT adverseClose): the cause analysis (kept when given at 提交整改) and the conclusion. */
export const adverseCloseForm: ResourceDef = {
  ...adverseRectifyForm,
  name: 'adverseClose',
  fields: [
    { ...causeAnalysis, required: true },
    { ...conclusion, required: true },
  ],
  api: { update: P.adverseClose },
};

/** 跟进记录: one dated entry of the investigation, the rectification or a follow-up visit. */
export const adverseFollowResource: ResourceDef = {
  name: 'adverseFollow',
  title: '跟进记录',
  table: 'qualityAdverseFollow',
  idField: 'followId',
  nameField: 'followTime',
  fields: [
    { name: 'eventId', label: '不良事件', type: 'int', required: true, hidden: true },
    { name: 'followType', label: '记录类型', type: 'dict', dict: 'adverseFollowType', required: true },
    { name: 'followTime', label: '记录时间', type: 'datetime', required: true },
    { name: 'content', label: '内容', type: 'textarea', required: true, maxLength: 500, wide: true },
    { name: 'followBy', label: '记录人', type: 'text', readOnly: true },
    // the workflow step that wrote the row (adverse.investigate, adverse.rectify, adverse.close); null when typed
    { name: 'step', label: '流程步骤', type: 'text', readOnly: true, hidden: true },
  ],
  columns: ['followTime', 'followType', 'content', 'followBy'],
  filters: [{ field: 'eventId', kind: 'eq', hidden: true }],
  defaultSort: { field: 'followTime', order: 'asc' },
  indexes: [['eventId']],
  api: { list: P.adverseFollow, create: P.adverseFollow, remove: P.adverseFollowRemove },
  authority: { view: A.adverse, create: A.adverseInvestigate, remove: A.adverseInvestigate },
  deptScoped: true,
  rowRules: { remove: (row) => (row.step ? '流程步骤的记录不能删除' : null) },
};
