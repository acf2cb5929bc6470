import { type FieldDef, type ResourceDef, restApi } from '../../../domain/resource.js';
import { CareAuthority as A, PlanStatus } from '../../../domain/statuses/care.js';
import { nursingPlanWorkflow } from '../../../machines/nursingPlanMachine.js';
import { nursingTaskWorkflow } from '../../../machines/nursingTaskMachine.js';
import { CarePaths as P } from '../api/care.js';

/** How often an item is done; a project's own, a level's configuration and a plan's item alike. */
const frequencyFields: FieldDef[] = [
  { name: 'frequencyType', label: '执行频次', type: 'dict', dict: 'careFrequency', required: true },
  {
    name: 'times',
    label: '执行时间',
    type: 'text',
    maxLength: 100,
    hint: '如 08:00,20:00；每班执行的项目按早班07:00、中班15:00、夜班23:00',
  },
  { name: 'weekdays', label: '执行星期', type: 'text', maxLength: 20, hint: '每周执行时填写，1-7，如 1,3,5' },
];

/** 护理项目 (spec 001 §7 /pims/web-org/projects): what a carer does, in a category, how often. */
export const careProjectResource: ResourceDef = {
  name: 'careProject',
  title: '护理项目',
  table: 'careProject',
  idField: 'projectId',
  nameField: 'projectName',
  fields: [
    { name: 'projectName', label: '项目名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'projectCategoryId', label: '项目类别', type: 'ref', ref: 'projectCategory', required: true },
    ...frequencyFields,
    { name: 'duration', label: '预计用时（分钟）', type: 'int', min: 1, max: 480 },
    { name: 'status', label: '启用', type: 'bool' },
    { name: 'remark', label: '操作要求', type: 'textarea', maxLength: 300, wide: true },
  ],
  columns: ['projectName', 'projectCategoryId', 'frequencyType', 'times', 'weekdays', 'duration', 'status'],
  filters: [
    { field: 'projectCategoryId', kind: 'eq' },
    { field: 'status', kind: 'eq' },
  ],
  search: ['projectName'],
  defaultSort: { field: 'projectId', order: 'asc' },
  sortable: ['projectName', 'createTime'],
  api: {
    list: P.projects,
    get: `${P.projects}/:id`,
    create: P.projects,
    update: `${P.projects}/:id`,
    remove: `${P.projects}/:ids`,
  },
  authority: { view: A.projects, create: A.projectsEdit, update: A.projectsEdit, remove: A.projectsEdit },
};

/** 等级护理项目配置 (levels/projectConfig): the items a plan of the level starts with. */
export const levelProjectResource: ResourceDef = {
  name: 'levelProject',
  title: '等级护理项目',
  table: 'levelProject',
  idField: 'configId',
  nameField: 'projectId',
  fields: [
    { name: 'levelId', label: '护理等级', type: 'ref', ref: 'level', required: true },
    { name: 'projectId', label: '护理项目', type: 'ref', ref: 'careProject', required: true },
    ...frequencyFields,
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['projectId', 'frequencyType', 'times', 'weekdays', 'remark'],
  filters: [{ field: 'levelId', kind: 'eq', hidden: true }],
  defaultSort: { field: 'configId', order: 'asc' },
  api: restApi(P.levelProjectConfig, { get: false, remove: 'ids' }),
  authority: { view: A.levels, create: A.levelsEdit, update: A.levelsEdit, remove: A.levelsEdit },
};

/**
 * 护理计划 (spec 001 §7 nursing/plan): one elder's care, 草稿 → 执行中 ⇄ 已暂停 → 已结束. Its 护理等级 is
 * the elder's, read from the profile.
 */
export const nursingPlanResource: ResourceDef = {
  name: 'nursingPlan',
  title: '护理计划',
  table: 'nursingPlan',
  idField: 'planId',
  nameField: 'planName',
  deptScoped: true,
  fields: [
    { name: 'planName', label: '计划名称', type: 'text', required: true, maxLength: 30 },
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldman', required: true },
    // the elder's level, shown, never kept here: the profile holds it, 采纳建议 of an assessment sets it
    // (docs/decisions.md "One care level, the elder's, dated"); a new plan starts with its items
    {
      name: 'nursingLevel',
      label: '护理等级',
      type: 'dict',
      dict: 'nursingLevel',
      computed: true,
      hint: '取自长者档案；由能力评估的“采纳建议”或档案的健康信息调整',
    },
    { name: 'levelSince', label: '等级生效日期', type: 'date', computed: true, hidden: true },
    { name: 'startDate', label: '开始日期', type: 'date', required: true },
    { name: 'endDate', label: '结束日期', type: 'date', hint: '留空为长期' },
    { name: 'planStatus', label: '计划状态', type: 'dict', dict: 'nursingPlanStatus', readOnly: true },
    { name: 'itemCount', label: '护理项目数', type: 'int', computed: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 300, wide: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
  ],
  columns: [
    'planName',
    'oldmanId',
    'nursingLevel',
    'startDate',
    'endDate',
    'planStatus',
    'itemCount',
    'deptId',
  ],
  frozen: ['planName'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'planStatus', kind: 'eq' },
  ],
  search: ['planName'],
  defaultSort: { field: 'planId', order: 'desc' },
  sortable: ['startDate', 'createTime'],
  api: restApi(P.plan),
  authority: { view: A.nursing, create: A.nursingEdit, update: A.nursingEdit, remove: A.nursingEdit },
  workflow: nursingPlanWorkflow,
  rowRules: {
    edit: (row) => (Number(row.planStatus) === PlanStatus.ended ? '已结束的护理计划不能修改' : null),
    remove: (row) =>
      Number(row.planStatus) === PlanStatus.draft
        ? null
        : `护理计划当前状态为${nursingPlanWorkflow.stateName(row)}，只有草稿可以删除`,
  },
};

/** A plan's item (ours: the spec names no call for them): a project and how often, for the plan's elder. */
export const nursingPlanItemResource: ResourceDef = {
  name: 'nursingPlanItem',
  title: '计划护理项目',
  table: 'nursingPlanItem',
  idField: 'itemId',
  nameField: 'projectId',
  deptScoped: true,
  fields: [
    { name: 'planId', label: '护理计划', type: 'ref', ref: 'nursingPlan', required: true, hidden: true },
    { name: 'projectId', label: '护理项目', type: 'ref', ref: 'careProject', required: true },
    ...frequencyFields,
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true, hidden: true },
  ],
  columns: ['projectId', 'frequencyType', 'times', 'weekdays', 'remark'],
  filters: [{ field: 'planId', kind: 'eq', hidden: true }],
  defaultSort: { field: 'itemId', order: 'asc' },
  api: { list: P.planItem, create: P.planItem, update: P.planItem, remove: `${P.planItem}/:ids` },
  authority: { view: A.nursing, create: A.nursingEdit, update: A.nursingEdit, remove: A.nursingEdit },
};

/** 护理任务 (nursing/task/record): made by the server from active plans, done or missed by carers. */
export const nursingTaskResource: ResourceDef = {
  name: 'nursingTask',
  title: '护理任务',
  table: 'nursingTask',
  idField: 'taskId',
  nameField: 'slot',
  deptScoped: true,
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', readOnly: true },
    { name: 'projectId', label: '护理项目', type: 'ref', ref: 'careProject', readOnly: true },
    { name: 'taskDate', label: '日期', type: 'date', readOnly: true },
    { name: 'slot', label: '执行时间', type: 'text', readOnly: true },
    { name: 'taskStatus', label: '任务状态', type: 'dict', dict: 'nursingTaskStatus', readOnly: true },
    { name: 'reason', label: '未完成原因', type: 'text', maxLength: 100, readOnly: true },
    { name: 'doneTime', label: '执行时间', type: 'datetime', readOnly: true },
    { name: 'doneByName', label: '执行人', type: 'text', readOnly: true },
    { name: 'remark', label: '备注', type: 'text', maxLength: 200, readOnly: true },
    { name: 'planId', label: '护理计划', type: 'ref', ref: 'nursingPlan', readOnly: true },
    { name: 'itemId', label: '计划项目', type: 'int', readOnly: true, hidden: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
  ],
  columns: ['taskDate', 'slot', 'oldmanId', 'projectId', 'taskStatus', 'reason', 'doneTime', 'doneByName'],
  frozen: ['taskDate'],
  filters: [
    { field: 'taskDate', kind: 'range' },
    { field: 'oldmanId', kind: 'eq' },
    { field: 'projectId', kind: 'eq' },
    { field: 'taskStatus', kind: 'eq' },
    { field: 'planId', kind: 'eq', hidden: true },
  ],
  defaultSort: { field: 'taskDate', order: 'desc' },
  sortable: ['slot'],
  api: { list: P.taskRecord, get: `${P.taskProject}/:id` },
  authority: { view: A.record },
  workflow: nursingTaskWorkflow,
};

/** 护理执行组 (spec 001 §7 executions): the plans one team or carer carries out. */
export const careExecutionResource: ResourceDef = {
  name: 'careExecution',
  title: '护理执行组',
  table: 'careExecution',
  idField: 'executionId',
  nameField: 'executionName',
  fields: [
    { name: 'executionName', label: '执行组名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'nursingId', label: '负责护理员', type: 'ref', ref: 'nursingWorker' },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['executionName', 'nursingId', 'remark', 'createTime'],
  search: ['executionName'],
  defaultSort: { field: 'executionId', order: 'asc' },
  api: restApi(P.executions, { update: false, remove: 'ids' }),
  authority: { view: A.nursing, create: A.nursingEdit, remove: A.nursingEdit },
};

export const carePlanResourceList: ResourceDef[] = [
  careProjectResource,
  levelProjectResource,
  nursingPlanResource,
  nursingPlanItemResource,
  nursingTaskResource,
  careExecutionResource,
];
