import { type MenuNode, screen } from '../../../domain/module.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { PatrolAuthority as A } from '../../../domain/statuses/patrol.js';
import { patrolTaskWorkflow } from '../../../machines/patrolTaskMachine.js';
import { PatrolTaskPaths as P } from '../api/patrol.js';

/**
 * 巡更任务 (spec 001 §7 "Patrol" task, record): one walk of a plan's line on one day, made by the
 * server from the plans (features/administration/server/patrolTasks.ts), never typed in.
 */
export const patrolTaskResource: ResourceDef = {
  name: 'patrolTask',
  title: '巡更任务',
  table: 'patrolTask',
  idField: 'taskId',
  nameField: 'planName',
  fields: [
    { name: 'taskDate', label: '巡更日期', type: 'date', readOnly: true },
    { name: 'planPkId', label: '巡更计划', type: 'ref', ref: 'patrolPlan', readOnly: true },
    { name: 'planName', label: '计划名称', type: 'text', readOnly: true },
    { name: 'linePkId', label: '巡更路线', type: 'ref', ref: 'patrolLine', readOnly: true },
    { name: 'nursingId', label: '巡更人', type: 'ref', ref: 'patrolExecutor', readOnly: true },
    { name: 'startTime', label: '开始时间', type: 'text', readOnly: true },
    { name: 'endTime', label: '结束时间', type: 'text', readOnly: true },
    { name: 'pointCount', label: '巡更点数', type: 'int', readOnly: true },
    { name: 'doneCount', label: '已巡查', type: 'int', readOnly: true },
    { name: 'abnormalCount', label: '异常点数', type: 'int', readOnly: true },
    { name: 'taskStatus', label: '任务状态', type: 'dict', dict: 'patrolTaskStatus', readOnly: true },
    { name: 'taskResult', label: '巡更结果', type: 'dict', dict: 'patrolResult', readOnly: true },
    { name: 'finishTime', label: '完成时间', type: 'datetime', readOnly: true },
  ],
  columns: [
    'taskDate',
    'planName',
    'nursingId',
    'startTime',
    'endTime',
    'doneCount',
    'taskStatus',
    'taskResult',
  ],
  search: ['planName'],
  filters: [
    { field: 'taskDate', kind: 'range' },
    { field: 'taskStatus', kind: 'eq' },
    { field: 'linePkId', kind: 'eq' },
  ],
  defaultSort: { field: 'taskDate', order: 'desc' },
  sortable: ['taskDate', 'startTime'],
  indexes: [['taskDate', 'startTime']],
  api: { list: P.task },
  authority: { view: `${A.manage}|${A.record}` },
  workflow: patrolTaskWorkflow,
};

/** 巡更记录: the same tasks as the guards see them, with one task's record (its points). */
export const patrolRecordResource: ResourceDef = {
  ...patrolTaskResource,
  name: 'patrolRecord',
  title: '巡更记录',
  derived: true,
  columns: [
    'taskDate',
    'planName',
    'nursingId',
    'doneCount',
    'abnormalCount',
    'taskStatus',
    'taskResult',
    'finishTime',
  ],
  api: { list: P.record, get: P.recordOne },
  authority: { view: `${A.record}|${A.manage}` },
};

/** 巡更点记录: one point of one task (status 0 未巡查, 1 正常, 2 异常). Its calls are the module's own. */
export const patrolTaskPointResource: ResourceDef = {
  name: 'patrolTaskPoint',
  title: '巡更点记录',
  table: 'patrolTaskPoint',
  idField: 'taskPointPkId',
  nameField: 'pointName',
  fields: [
    { name: 'taskId', label: '巡更任务', type: 'int', readOnly: true },
    { name: 'pointPkId', label: '巡更点', type: 'int', readOnly: true },
    { name: 'pointName', label: '巡更点', type: 'text', readOnly: true },
    { name: 'place', label: '具体位置', type: 'text', readOnly: true },
    { name: 'sort', label: '顺序', type: 'int', readOnly: true },
    { name: 'patrolStatus', label: '巡查结果', type: 'dict', dict: 'patrolStatus', readOnly: true },
    { name: 'note', label: '异常说明', type: 'text', readOnly: true },
    { name: 'recordTime', label: '巡查时间', type: 'datetime', readOnly: true },
  ],
  columns: ['sort', 'pointName', 'place', 'patrolStatus', 'note', 'recordTime'],
  filters: [{ field: 'taskId', kind: 'eq', hidden: true }],
  defaultSort: { field: 'sort', order: 'asc' },
  indexes: [['taskId', 'sort']],
  api: { list: P.pointList },
  authority: { view: `${A.record}|${A.manage}` },
};

export const patrolResources: readonly ResourceDef[] = [
  patrolTaskResource,
  patrolRecordResource,
  patrolTaskPointResource,
];

export const patrolItems: readonly MenuNode[] = [
  screen(S.patrolManage, '巡更管理', {
    code: A.manage,
    view: 'patrol.Tasks',
    buttons: [{ code: A.create, menuName: '生成巡更任务' }],
  }),
  screen(S.patrolRecord, '巡更记录', {
    code: A.record,
    view: 'patrol.Records',
    buttons: [{ code: A.recordPoint, menuName: '记录巡更点' }],
  }),
  screen(S.patrolRecordDetail, '巡更记录详情', {
    tab: false,
    view: 'patrol.RecordDetail',
    authority: `${A.record}|${A.manage}`,
  }),
];
