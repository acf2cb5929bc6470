import { dictLabel } from '../../../domain/dictionaries.js';
import { type FieldDef, type ResourceDef, restApi } from '../../../domain/resource.js';
import { LiveAuthority } from '../../../domain/resources/oldman.js';
import { CONSULT_BASE, INTERVIEWER_BASE, VISIT_BASE } from '../api/paths.js';

/** The consultation sections of spec 001 §3, each with its own GET and PUT. */
export const consultSections = [
  { key: 'base', title: '长者信息' },
  { key: 'consultant', title: '咨询人信息' },
  { key: 'extra', title: '咨询信息' },
  { key: 'health', title: '健康状况' },
] as const;
export type ConsultSection = (typeof consultSections)[number]['key'];

/** consultStatus values (domain/dictionaries.ts); 已建档 is set only by turning it into a profile. */
export const ConsultStatus = { following: 0, archived: 1, dropped: 2 } as const;
/** visitPurpose 探望: the visited elder is required. */
export const VISIT_PURPOSE_SEE_ELDER = 1;

/** The prospective elder: the ID card is optional, but when given it fixes birth date and sex. */
const base: FieldDef[] = [
  { name: 'oldmanName', label: '长者姓名', type: 'text', required: true, maxLength: 20 },
  {
    name: 'oldmanIdcard',
    label: '身份证号',
    type: 'idcard',
    hint: '选填；填写后出生日期、性别、年龄自动生成',
  },
  { name: 'sex', label: '性别', type: 'dict', dict: 'gender' },
  { name: 'birthday', label: '出生日期', type: 'date' },
  { name: 'age', label: '年龄', type: 'int', min: 1, max: 130, hint: '无身份证号时填写' },
  { name: 'phone', label: '长者电话', type: 'phone' },
  { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', hint: '默认为当前部门' },
  { name: 'address', label: '现居住地址', type: 'text', maxLength: 100 },
];

/** The person asking, often a son or daughter. */
const consultant: FieldDef[] = [
  { name: 'consultantName', label: '咨询人姓名', type: 'text', required: true, maxLength: 20 },
  { name: 'relation', label: '与长者关系', type: 'dict', dict: 'familyRelation' },
  { name: 'consultantPhone', label: '咨询人电话', type: 'phone', required: true },
  { name: 'consultantAddress', label: '咨询人地址', type: 'text', maxLength: 100 },
];

const extra: FieldDef[] = [
  { name: 'consultDate', label: '咨询日期', type: 'date', required: true },
  { name: 'consultChannel', label: '咨询方式', type: 'dict', dict: 'consultChannel' },
  { name: 'consultIntention', label: '入住意向', type: 'dict', dict: 'consultIntention' },
  { name: 'interviewerId', label: '接待人员', type: 'ref', ref: 'interviewer' },
  { name: 'expectedCheckInDate', label: '预计入住日期', type: 'date' },
  { name: 'budget', label: '月预算（元）', type: 'money' },
  {
    name: 'consultStatus',
    label: '跟进状态',
    type: 'dict',
    dict: 'consultStatus',
    hint: '“已建档”由转为档案自动设置',
  },
  { name: 'linkedOldmanId', label: '长者档案', type: 'ref', ref: 'oldmanAll', readOnly: true },
  { name: 'consultContent', label: '咨询内容', type: 'textarea', maxLength: 500, wide: true },
  { name: 'followUp', label: '跟进记录', type: 'textarea', maxLength: 500, wide: true },
];

const health: FieldDef[] = [
  { name: 'selfCareAbility', label: '能力等级', type: 'dict', dict: 'selfCareAbility' },
  { name: 'nursingLevel', label: '护理等级', type: 'dict', dict: 'nursingLevel' },
  { name: 'diseases', label: '疾病情况', type: 'textarea', maxLength: 300, wide: true },
  { name: 'specialNeeds', label: '特殊需求', type: 'textarea', maxLength: 300, wide: true },
];

const inSection = (section: ConsultSection, fields: FieldDef[]) => fields.map((f) => ({ ...f, section }));

/**
 * A consultation (咨询登记, /live/consult/base). There is no whole-record PUT in the spec: a
 * consultation is edited one section at a time (PUT {consultationId}/{section}).
 */
export const consultationResource: ResourceDef = {
  name: 'consultation',
  title: '咨询登记',
  table: 'consultation',
  idField: 'consultationId',
  nameField: 'oldmanName',
  fields: [
    ...inSection('base', base),
    ...inSection('consultant', consultant),
    ...inSection('extra', extra),
    ...inSection('health', health),
  ],
  sections: [...consultSections],
  // what fits a 1920-wide screen beside the operations; the rest is in the detail
  columns: [
    'oldmanName',
    'sex',
    'age',
    'oldmanIdcard',
    'consultantName',
    'consultantPhone',
    'consultDate',
    'consultIntention',
    'consultStatus',
    'interviewerId',
  ],
  filters: [
    { field: 'oldmanName', kind: 'like' },
    { field: 'consultStatus', kind: 'eq' },
    { field: 'consultIntention', kind: 'eq' },
    { field: 'consultChannel', kind: 'eq' },
    { field: 'interviewerId', kind: 'eq' },
    { field: 'consultDate', kind: 'range' },
    // the consultation an archive came from (its 接待人员 and 预计入住日期 follow the elder)
    { field: 'linkedOldmanId', kind: 'eq' },
  ],
  search: ['oldmanName', 'oldmanIdcard', 'consultantName', 'consultantPhone', 'phone'],
  defaultSort: { field: 'consultationId', order: 'desc' },
  sortable: ['consultDate', 'expectedCheckInDate', 'createTime'],
  api: {
    list: CONSULT_BASE,
    get: `${CONSULT_BASE}/:id`,
    create: CONSULT_BASE,
    // not in the spec's list of calls; the menu has 删除咨询 (live:consult:delete)
    remove: `${CONSULT_BASE}/:ids`,
  },
  authority: {
    view: LiveAuthority.consult,
    create: LiveAuthority.consultAdd,
    update: LiveAuthority.consultEdit,
    remove: LiveAuthority.consultDelete,
  },
  deptScoped: true,
};

/** The editable fields of one consultation section (PUT {consultationId}/{section}). */
export const consultSectionFields = (section: ConsultSection) =>
  consultationResource.fields.filter((f) => f.section === section && !f.readOnly).map((f) => f.name);

/** The section PUT path of one consultation. */
export const consultSectionPath = (section: ConsultSection) => `${CONSULT_BASE}/:id/${section}`;

/**
 * Reception staff named on consultations (接待人员): one list per organisation (spec 001 §7
 * interviewer calls), made of the staff — each organisation starts with one per staff member, a new
 * one is picked from 员工 (its name and phone follow the staff record) or typed for someone else.
 */
export const interviewerResource: ResourceDef = {
  name: 'interviewer',
  title: '接待人员',
  table: 'interviewer',
  idField: 'id',
  nameField: 'interviewerName',
  fields: [
    {
      name: 'empId',
      label: '员工',
      type: 'ref',
      ref: 'elderNursingWorker',
      hint: '从员工中选择，姓名与电话随员工',
    },
    {
      name: 'interviewerName',
      label: '姓名',
      type: 'text',
      maxLength: 20,
      unique: true,
      hint: '不是员工时填写',
    },
    { name: 'phone', label: '联系电话', type: 'phone' },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['interviewerName', 'phone', 'remark'],
  search: ['interviewerName', 'phone'],
  defaultSort: { field: 'id', order: 'asc' },
  api: restApi(INTERVIEWER_BASE, { get: false }),
  authority: {
    view: LiveAuthority.consult,
    create: LiveAuthority.consultEdit,
    update: LiveAuthority.consultEdit,
    remove: LiveAuthority.consultEdit,
  },
};

/** A visitor at the gate (来访登记, /live/visit/come). */
export const visitResource: ResourceDef = {
  name: 'visit',
  title: '来访登记',
  table: 'visit',
  idField: 'visitId',
  nameField: 'visitorName',
  fields: [
    { name: 'visitorName', label: '来访人姓名', type: 'text', required: true, maxLength: 20 },
    { name: 'visitorPhone', label: '联系电话', type: 'phone', required: true },
    { name: 'visitorIdcard', label: '身份证号', type: 'idcard', hint: '选填' },
    { name: 'visitorCount', label: '来访人数', type: 'int', required: true, min: 1, max: 50 },
    { name: 'visitPurpose', label: '来访事由', type: 'dict', dict: 'visitPurpose', required: true },
    { name: 'oldmanId', label: '探望长者', type: 'ref', ref: 'oldman', hint: '来访事由为探望时必填' },
    { name: 'relation', label: '与长者关系', type: 'dict', dict: 'familyRelation' },
    { name: 'visitTime', label: '来访时间', type: 'datetime', required: true },
    { name: 'leaveTime', label: '离开时间', type: 'datetime' },
    { name: 'temperature', label: '体温（℃）', type: 'text', maxLength: 4, hint: '如 36.5' },
    { name: 'symptomFree', label: '健康申报：无发热咳嗽等症状', type: 'bool' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: [
    'visitorName',
    'visitorPhone',
    'visitorCount',
    'visitPurpose',
    'oldmanId',
    'relation',
    'visitTime',
    'leaveTime',
    'temperature',
    'symptomFree',
  ],
  filters: [
    { field: 'visitorName', kind: 'like' },
    { field: 'oldmanId', kind: 'eq' },
    { field: 'visitPurpose', kind: 'eq' },
    { field: 'visitTime', kind: 'range', label: '来访日期' },
  ],
  search: ['visitorName', 'visitorPhone'],
  defaultSort: { field: 'visitTime', order: 'desc' },
  sortable: ['visitorName', 'createTime'],
  api: {
    list: VISIT_BASE,
    get: `${VISIT_BASE}/:id`,
    create: VISIT_BASE,
    update: `${VISIT_BASE}/:id`,
    remove: `${VISIT_BASE}/:id`,
  },
  authority: {
    view: LiveAuthority.visit,
    create: LiveAuthority.visitAdd,
    update: LiveAuthority.visitEdit,
    remove: LiveAuthority.visitDelete,
  },
  deptScoped: true,
};

/** The warning of a check: "该身份证号已有档案：张三（在住）", then open consultations. */
export function idCardCheckMessage(check: {
  oldman: { oldmanName: string; oldmanStatus: number | null } | null;
  consultations: readonly { oldmanName: string; consultStatus: number; consultDate: string }[];
}): string {
  const parts: string[] = [];
  if (check.oldman)
    parts.push(
      `该身份证号已有档案：${check.oldman.oldmanName}（${dictLabel('liveStatus', check.oldman.oldmanStatus) || '未入住'}）`,
    );
  if (check.consultations.length)
    parts.push(
      `该身份证号已有咨询登记：${check.consultations
        .map((c) => `${c.oldmanName}（${dictLabel('consultStatus', c.consultStatus)}，${c.consultDate}）`)
        .join('、')}`,
    );
  return parts.join('；');
}

export const consultResources: ResourceDef[] = [consultationResource, interviewerResource, visitResource];
