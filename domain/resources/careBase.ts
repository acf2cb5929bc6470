import { ownedName, type ResourceDef, restApi } from '../resource.js';
import { BaseDataAuthority as A } from './baseData.js';
import { LiveAuthority } from './oldman.js';

/** Spec 000 §7 "Lookups" of assessments, assessors and meals; spec 001 §7 "Elder profiles". */
export const CareBasePaths = {
  finalGrade: '/pims/web-pi/assessment/getIssueValue/finalGrade',
  cause: '/pims/web-pi/assessment/assessmentCausle',
  assessUser: '/pims/web-pi/user/assess',
  /** assessAuth 0: staff not yet allowed to assess; 1: those allowed; left out: everyone. */
  assessUserTree: '/pims/web-pi/user/assess/userTree',
  dishCategory: '/pims/web-org/piDishCategory',
  /** Ours (spec names only the lookup below): an elder's responsible carers. */
  oldmanNursing: '/pims/web-pi/nursing/oldmanNursing',
  nursingByOldman: '/pims/web-pi/nursing/getNursingListByOldManId',
  nursingWorkers: '/pims/web-org/nursingworkers/oldman',
} as const;

const assessEdit = { create: A.assessmentEdit, update: A.assessmentEdit, remove: A.assessmentEdit };

/** 评估结论等级 (e.g. GB/T 42195-2022: 能力完好 … 能力完全丧失), by standard and total score. */
export const finalGradeResource: ResourceDef = {
  name: 'assessFinalGrade',
  title: '评估等级',
  table: 'assessFinalGrade',
  idField: 'gradeId',
  nameField: 'gradeName',
  fields: [
    { name: 'gradeName', label: '等级名称', type: 'text', required: true, maxLength: 20 },
    { name: 'gradeCode', label: '等级编码', type: 'text', maxLength: 10 },
    { name: 'assessmentType', label: '评估标准', type: 'dict', dict: 'assessmentType', required: true },
    { name: 'scoreMin', label: '最低分', type: 'int', max: 1000 },
    { name: 'scoreMax', label: '最高分', type: 'int', max: 1000 },
    { name: 'description', label: '等级说明', type: 'textarea', maxLength: 300, wide: true },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
  ],
  columns: ['gradeName', 'gradeCode', 'assessmentType', 'scoreMin', 'scoreMax'],
  filters: [{ field: 'assessmentType', kind: 'eq' }],
  defaultSort: { field: 'sort', order: 'asc' },
  api: restApi(CareBasePaths.finalGrade, { get: false }),
  authority: { view: 'session', ...assessEdit },
};

/** 评估原因: 首次评估, 常规评估, 即时评估, 复核评估 … */
export const assessCauseResource: ResourceDef = {
  name: 'assessCause',
  title: '评估原因',
  table: 'assessCause',
  idField: 'causeId',
  nameField: 'causeName',
  fields: [
    { name: 'causeName', label: '评估原因', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
    { name: 'remark', label: '说明', type: 'text', maxLength: 100 },
  ],
  columns: ['causeName', 'sort', 'remark'],
  defaultSort: { field: 'sort', order: 'asc' },
  api: restApi(CareBasePaths.cause, { get: false }),
  authority: { view: 'session', ...assessEdit },
};

/**
 * 评估员: users allowed to assess (spec 001 §6 "assessment authority"). Removal is by the user's
 * id (`DELETE /user/assess/{userId}`), a route of its own.
 */
export const assessUserResource: ResourceDef = {
  name: 'assessUser',
  title: '评估员',
  table: 'assessUser',
  idField: 'assessUserId',
  nameField: 'userId',
  fields: [
    { name: 'userId', label: '评估员', type: 'ref', ref: 'user', required: true, unique: true },
    { name: 'certificateNo', label: '评估员证书编号', type: 'text', maxLength: 30 },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['userId', 'certificateNo', 'remark'],
  defaultSort: { field: 'assessUserId', order: 'asc' },
  api: { list: CareBasePaths.assessUser, create: CareBasePaths.assessUser },
  authority: { view: 'session', create: A.assessmentEdit },
};

/** 菜品分类: 主食, 荤菜, 素菜, 汤羹 … (spec 000 §3 "dish category categoryId/name"). */
export const dishCategoryResource: ResourceDef = {
  name: 'piDishCategory',
  title: '菜品分类',
  table: 'piDishCategory',
  idField: 'categoryId',
  nameField: 'name',
  fields: [
    { name: 'name', label: '分类名称', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
    { name: 'status', label: '启用', type: 'bool' },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['name', 'sort', 'status', 'remark'],
  search: ['name'],
  filters: [{ field: 'status', kind: 'eq' }],
  defaultSort: { field: 'sort', order: 'asc' },
  api: restApi(CareBasePaths.dishCategory, { get: false }),
  authority: { view: 'session', create: A.dishEdit, update: A.dishEdit, remove: A.dishEdit },
};

/** 责任护理员: which carers look after an elder; the row takes the elder's data department. */
export const oldmanNursingResource: ResourceDef = {
  name: 'oldmanNursing',
  title: '责任护理员',
  table: 'oldmanNursing',
  idField: 'id',
  nameField: 'nursingId',
  // the carer of one elder: 张三的李护理员
  recordName: (row) => ownedName(row.oldmanName, row.nursingName),
  deptScoped: true,
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', required: true },
    { name: 'nursingId', label: '护理员', type: 'ref', ref: 'nursingWorker', required: true },
    { name: 'isMain', label: '主责护理员', type: 'bool' },
    { name: 'startDate', label: '负责起始日期', type: 'date' },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['oldmanId', 'nursingId', 'isMain', 'startDate', 'remark'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'nursingId', kind: 'eq' },
  ],
  defaultSort: { field: 'id', order: 'asc' },
  api: restApi(CareBasePaths.oldmanNursing, { get: false }),
  authority: {
    view: LiveAuthority.archives,
    create: LiveAuthority.archivesEdit,
    update: LiveAuthority.archivesEdit,
    remove: LiveAuthority.archivesEdit,
  },
};

export const careBaseResources = [
  finalGradeResource,
  assessCauseResource,
  assessUserResource,
  dishCategoryResource,
  oldmanNursingResource,
];
