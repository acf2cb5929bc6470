import { type MenuNode, screen } from '../../../domain/module.js';
import { type FieldDef, fieldOf, type ResourceDef } from '../../../domain/resource.js';
import { AssessmentPaths } from '../api/assessment.js';

/** Authority codes of the assessment screens (menu entries and their buttons). */
export const AssessmentAuthority = {
  record: 'careplan:assessment',
  add: 'careplan:assessment:add',
  unbind: 'careplan:assessment:unbind',
  remove: 'careplan:assessment:delete',
  print: 'careplan:assessment:print',
  /** 采纳建议: the suggestion sets the elder's 能力等级 and 护理等级 from a date (the head nurse's). */
  adopt: 'careplan:assessment:adopt',
  assessors: 'careplan:assessAuthority',
} as const;

/** The kinds' screens (spec 001 §2 "simple add/detail, 2013, 2023 and 2023plus add/detail"). */
export const assessmentKinds = [
  { type: 0, slug: 'simple', title: '简易评估' },
  { type: 1, slug: '2013', title: '2013版能力评估' },
  { type: 2, slug: '2023', title: '2023版能力评估' },
  { type: 3, slug: '2023plus', title: '2023增强版能力评估' },
] as const;

/** Why 采纳建议 is greyed without its authority (the server refuses the call alike, 401). */
export const ADOPT_NEEDS_AUTHORITY = '采纳建议需“采纳评估建议”权限（护士长、管理员）：护理等级是计费依据';

const BASE = '/careplan/assessment';
export const AssessmentScreens = {
  record: `${BASE}/record`,
  authority: `${BASE}/authority`,
  /** `?oldmanId=` starts a new one for an elder; `?assessmentId=` resumes a draft. */
  add: (slug: string) => `${BASE}/${slug}/add`,
  /** `?assessmentId=` */
  detail: (slug: string) => `${BASE}/${slug}/detail`,
} as const;

/**
 * 评估记录: one assessment of one elder. Written only through the saves and submits (the grade is
 * the server's); the list and the detail are the engine's. Rows take the elder's data department.
 */
export const assessmentResource: ResourceDef = {
  name: 'assessment',
  title: '能力评估',
  table: 'assessment',
  idField: 'assessmentId',
  nameField: 'oldmanName',
  deptScoped: true,
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', readOnly: true },
    { name: 'assessmentType', label: '评估标准', type: 'dict', dict: 'assessmentType', readOnly: true },
    { name: 'causeId', label: '评估原因', type: 'ref', ref: 'assessCause', readOnly: true },
    { name: 'assessDate', label: '评估日期', type: 'date', readOnly: true },
    { name: 'status', label: '状态', type: 'dict', dict: 'assessmentStatus', readOnly: true },
    { name: 'totalScore', label: '总分', type: 'int', readOnly: true },
    { name: 'gradeId', label: '评估等级', type: 'ref', ref: 'finalGrade', readOnly: true },
    { name: 'suggestLevelId', label: '建议护理等级', type: 'ref', ref: 'level', readOnly: true },
    // 采纳建议 (features/care/server/adopt.ts): from which day the suggestion is the elder's level, by whom
    { name: 'adoptDate', label: '采纳生效日期', type: 'date', readOnly: true },
    { name: 'adoptUserName', label: '采纳人', type: 'text', maxLength: 30, readOnly: true, hidden: true },
    { name: 'adoptTime', label: '采纳时间', type: 'datetime', readOnly: true, hidden: true },
    { name: 'assessUserName', label: '评估员', type: 'text', maxLength: 30, readOnly: true },
    { name: 'submitTime', label: '提交时间', type: 'datetime', readOnly: true },
    { name: 'remark', label: '评估意见', type: 'textarea', maxLength: 200, readOnly: true, wide: true },
    { name: 'answers', label: '评估答案', type: 'json', readOnly: true, hidden: true },
    { name: 'result', label: '评估结果', type: 'json', readOnly: true, hidden: true },
  ],
  columns: [
    'oldmanId',
    'assessmentType',
    'causeId',
    'assessDate',
    'status',
    'totalScore',
    'gradeId',
    'suggestLevelId',
    'adoptDate',
    'assessUserName',
    'submitTime',
  ],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'assessmentType', kind: 'eq' },
    { field: 'status', kind: 'eq' },
    { field: 'assessDate', kind: 'range' },
  ],
  defaultSort: { field: 'assessmentId', order: 'desc' },
  sortable: ['assessDate', 'totalScore', 'submitTime'],
  frozen: ['oldmanId'],
  api: { list: AssessmentPaths.list, get: AssessmentPaths.one.replace(':assessmentId', ':id') },
  authority: { view: AssessmentAuthority.record },
};

function recordField(name: string): FieldDef {
  const field = fieldOf(assessmentResource, name);
  if (!field) throw new Error(`能力评估没有字段 ${name}`);
  return field;
}

/**
 * 修改 of a draft (PUT /{assessmentId}, assessmentMachine's `assessment.edit`): its cause, day and
 * opinion. The answers change on the assessment form itself (继续评估).
 */
export const assessmentEditForm: ResourceDef = {
  ...assessmentResource,
  name: 'assessmentEdit',
  derived: true,
  // the record's own fields, the three 修改 changes made writable
  fields: [
    recordField('oldmanId'),
    { ...recordField('causeId'), readOnly: false, required: true },
    { ...recordField('assessDate'), readOnly: false, required: true },
    { ...recordField('remark'), readOnly: false },
  ],
  columns: [],
  api: { update: AssessmentPaths.one.replace(':assessmentId', ':id') },
  authority: { view: AssessmentAuthority.record, update: AssessmentAuthority.add },
};

/** The assessment part of 护理计划 (spec 001 §2 "Care plan"): its resources and screens, in menu order. */
export const assessmentResources: readonly ResourceDef[] = [assessmentResource];
export const assessmentItems: readonly MenuNode[] = [
  screen(AssessmentScreens.record, '评估记录', {
    code: AssessmentAuthority.record,
    view: 'assessment.Records',
    buttons: [
      { code: AssessmentAuthority.add, menuName: '新增评估' },
      { code: AssessmentAuthority.unbind, menuName: '解绑评估' },
      { code: AssessmentAuthority.remove, menuName: '删除评估' },
      { code: AssessmentAuthority.print, menuName: '导出打印评估' },
      { code: AssessmentAuthority.adopt, menuName: '采纳评估建议' },
    ],
  }),
  screen(AssessmentScreens.authority, '评估权限', {
    code: AssessmentAuthority.assessors,
    view: 'assessment.Assessors',
  }),
  ...assessmentKinds.flatMap((k) => [
    screen(AssessmentScreens.add(k.slug), `新增${k.title}`, { tab: false, view: 'assessment.Form' }),
    screen(AssessmentScreens.detail(k.slug), `${k.title}详情`, { tab: false, view: 'assessment.Form' }),
  ]),
];
