import { type ResourceDef, restApi } from '../resource.js';
import { BaseDataAuthority as A } from './baseData.js';

/** Spec 001 §7 "Patrol (/ptms/web-pt/patrol)". */
const PATROL = '/ptms/web-pt/patrol';
export const PatrolPaths = {
  point: `${PATROL}/point`,
  /** Spec 000 §7 lookup: points that carry an IC card (pointPkId/pointName/icCard). */
  pointIc: `${PATROL}/point/ic`,
  line: `${PATROL}/line`,
  plan: `${PATROL}/plan`,
  /** PUT { planPkId, planStatus }: 启用 or 停用 a plan (spec 001 §7 "PUT /planStatus"). */
  planStatus: `${PATROL}/plan/planStatus`,
  /** Spec 000 §7 lookup: who may walk a patrol (nursingId/nursingName). */
  planExecutor: `${PATROL}/plan/executor`,
} as const;

const edit = { create: A.patrolEdit, update: A.patrolEdit, remove: A.patrolEdit };
/** "HH:mm", 00:00–23:59. */
export const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 巡更点: a place on a round, marked by an IC card the patroller swipes. */
export const patrolPointResource: ResourceDef = {
  name: 'patrolPoint',
  title: '巡更点',
  table: 'patrolPoint',
  idField: 'pointPkId',
  nameField: 'pointName',
  fields: [
    { name: 'pointName', label: '巡更点名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'icCard', label: 'IC卡号', type: 'text', unique: true, maxLength: 32, hint: '巡更卡的卡号' },
    { name: 'buildingId', label: '所在楼栋', type: 'ref', ref: 'building' },
    { name: 'place', label: '具体位置', type: 'text', maxLength: 100, hint: '如 2层东侧消防通道' },
    { name: 'checkItems', label: '巡查内容', type: 'textarea', maxLength: 300, wide: true },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
  ],
  columns: ['pointName', 'icCard', 'buildingId', 'place', 'sort'],
  search: ['pointName', 'icCard'],
  filters: [{ field: 'buildingId', kind: 'eq' }],
  defaultSort: { field: 'sort', order: 'asc' },
  sortable: ['pointName', 'createTime'],
  api: restApi(PatrolPaths.point, { get: false }),
  authority: { view: 'session', ...edit },
};

/** 巡更路线: points walked in order (their ids, comma-separated, in walking order). */
export const patrolLineResource: ResourceDef = {
  name: 'patrolLine',
  title: '巡更路线',
  table: 'patrolLine',
  idField: 'linePkId',
  nameField: 'lineName',
  fields: [
    { name: 'lineName', label: '路线名称', type: 'text', required: true, unique: true, maxLength: 30 },
    {
      name: 'pointPkIds',
      label: '巡更点',
      type: 'text',
      required: true,
      maxLength: 500,
      hint: '巡更点编号，按巡查顺序用逗号分隔',
    },
    { name: 'pointCount', label: '巡更点数', type: 'int', readOnly: true },
    { name: 'minutes', label: '预计用时（分钟）', type: 'int', max: 1440 },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['lineName', 'pointCount', 'minutes', 'remark'],
  search: ['lineName'],
  defaultSort: { field: 'linePkId', order: 'asc' },
  api: restApi(PatrolPaths.line),
  authority: { view: 'session', ...edit },
};

/** 巡更计划: who walks which line, when, how often. */
export const patrolPlanResource: ResourceDef = {
  name: 'patrolPlan',
  title: '巡更计划',
  table: 'patrolPlan',
  idField: 'planPkId',
  nameField: 'planName',
  fields: [
    { name: 'planName', label: '计划名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'linePkId', label: '巡更路线', type: 'ref', ref: 'patrolLine', required: true },
    { name: 'nursingId', label: '执行人', type: 'ref', ref: 'patrolExecutor', required: true },
    { name: 'planType', label: '计划类型', type: 'dict', dict: 'planType', required: true },
    {
      name: 'cycleDays',
      label: '执行日',
      type: 'text',
      maxLength: 100,
      hint: '周计划填1-7（1为周一），月计划填1-31，逗号分隔；日计划不填',
    },
    { name: 'startTime', label: '开始时间', type: 'text', required: true, maxLength: 5, hint: 'HH:mm' },
    { name: 'endTime', label: '结束时间', type: 'text', required: true, maxLength: 5, hint: 'HH:mm' },
    { name: 'startDate', label: '生效日期', type: 'date', required: true },
    { name: 'endDate', label: '截止日期', type: 'date' },
    { name: 'planStatus', label: '计划状态', type: 'dict', dict: 'planStatus', required: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['planName', 'linePkId', 'nursingId', 'planType', 'startTime', 'endTime', 'planStatus'],
  search: ['planName'],
  filters: [
    { field: 'planStatus', kind: 'eq' },
    { field: 'linePkId', kind: 'eq' },
  ],
  defaultSort: { field: 'planPkId', order: 'asc' },
  api: restApi(PatrolPaths.plan),
  authority: { view: 'session', ...edit },
};

export const patrolBaseResources = [patrolPointResource, patrolLineResource, patrolPlanResource];
