import type { FieldDef, ResourceDef } from '../resource.js';

/** Authority codes of the elder modules (menu buttons in domain/menus.ts). */
export const LiveAuthority = {
  archives: 'live:archives',
  archivesAdd: 'live:archives:add',
  archivesEdit: 'live:archives:edit',
  archivesDelete: 'live:archives:delete',
  archivesImport: 'live:archives:import',
  /**
   * 护理等级 and 能力等级 on the profile: the level bills are charged by (docs/decisions.md "One care
   * level"); 编辑档案 alone does not change them.
   */
  archivesLevel: 'live:archives:level',
  live: 'live:live',
  liveCheckIn: 'live:live:checkin',
  liveChange: 'live:live:change',
  liveBed: 'live:live:bed',
  consult: 'live:consult',
  consultAdd: 'live:consult:add',
  consultEdit: 'live:consult:edit',
  consultDelete: 'live:consult:delete',
  consultArchive: 'live:consult:archive',
  visit: 'live:visit',
  visitAdd: 'live:visit:add',
  visitEdit: 'live:visit:edit',
  visitDelete: 'live:visit:delete',
  family: 'live:family',
  familyAdd: 'live:family:add',
  familyEdit: 'live:family:edit',
  familyDelete: 'live:family:delete',
  contract: 'live:contractDocument',
  contractAdd: 'live:contractDocument:add',
  contractEdit: 'live:contractDocument:edit',
  contractDelete: 'live:contractDocument:delete',
  outing: 'live:outing',
  outingAdd: 'live:outing:add',
  outingEdit: 'live:outing:edit',
  outingAffirm: 'live:outing:affirm',
  outingPostpone: 'live:outing:postpone',
  outingCancel: 'live:outing:cancel',
  outingBack: 'live:outing:back',
  outingAudit: 'live:outingAudit',
  outingAuditPass: 'live:outingAudit:pass',
  outingAuditDecline: 'live:outingAudit:decline',
  bedInfo: 'home:bedInfo',
} as const;

/**
 * Why a profile edit may not change 护理等级 or 能力等级 without LiveAuthority.archivesLevel: the server's
 * refusal and the hint under the greyed fields say the same.
 */
export const LEVEL_CHANGE_REFUSAL =
  '护理等级和能力等级是计费依据，需“修改护理等级”权限（护士长、管理员）；也可在能力评估记录中“采纳建议”调整';

export const OLDMAN_BASE = '/pims/web-pi/oldmans';
export const PROFILE = `${OLDMAN_BASE}/proFile`;

/** The profile sections of spec 001 §3 (the family section is its own resource, oldmanFamily). */
export const oldmanSections = [
  { key: 'base', title: '基本信息' },
  { key: 'extra', title: '补充信息' },
  { key: 'health', title: '健康信息' },
  { key: 'live', title: '入住信息' },
] as const;
export type OldmanSection = (typeof oldmanSections)[number]['key'];

const base: FieldDef[] = [
  { name: 'oldmanName', label: '姓名', type: 'text', required: true, maxLength: 20 },
  {
    name: 'oldmanIdcard',
    label: '身份证号',
    type: 'idcard',
    required: true,
    unique: true,
    hint: '18位，出生日期与性别由身份证号自动生成',
  },
  { name: 'sex', label: '性别', type: 'dict', dict: 'gender', readOnly: true },
  { name: 'birthday', label: '出生日期', type: 'date', readOnly: true },
  { name: 'ethnicGroup', label: '民族', type: 'dict', dict: 'ethnicGroup' },
  { name: 'phone', label: '联系电话', type: 'phone' },
  { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', required: true },
  { name: 'maritalStatus', label: '婚姻状况', type: 'dict', dict: 'maritalStatus' },
  { name: 'education', label: '文化程度', type: 'dict', dict: 'education' },
  { name: 'nativePlace', label: '籍贯', type: 'region' },
  { name: 'householdRegion', label: '户籍所在地', type: 'region' },
  { name: 'householdAddress', label: '户籍详细地址', type: 'text', maxLength: 100 },
  { name: 'addressRegion', label: '现居住地', type: 'region' },
  { name: 'address', label: '现居住详细地址', type: 'text', maxLength: 100 },
  { name: 'religion', label: '宗教信仰', type: 'text', maxLength: 20 },
  { name: 'formerOccupation', label: '原职业', type: 'text', maxLength: 30 },
  { name: 'headImage', label: '头像', type: 'image', hidden: true, readOnly: true },
];

const extra: FieldDef[] = [
  { name: 'economicSource', label: '经济来源', type: 'dict', dict: 'economicSource' },
  { name: 'monthlyIncome', label: '月收入（元）', type: 'money' },
  { name: 'medicalInsurance', label: '医保类型', type: 'dict', dict: 'medicalInsurance' },
  { name: 'medicalInsuranceNo', label: '医保卡号', type: 'text', maxLength: 30 },
  { name: 'socialSecurityNo', label: '社保卡号', type: 'text', maxLength: 30 },
  { name: 'attentionNote', label: '特别关注', type: 'dict', dict: 'attentionNote' },
  { name: 'hobbies', label: '兴趣爱好', type: 'textarea', maxLength: 200, wide: true },
  { name: 'dietTaboo', label: '饮食禁忌', type: 'textarea', maxLength: 200, wide: true },
];

const health: FieldDef[] = [
  { name: 'bloodType', label: '血型', type: 'dict', dict: 'bloodType' },
  { name: 'nursingLevel', label: '护理等级', type: 'dict', dict: 'nursingLevel' },
  { name: 'selfCareAbility', label: '能力等级', type: 'dict', dict: 'selfCareAbility' },
  { name: 'heightCm', label: '身高（cm）', type: 'int', min: 50, max: 250 },
  // the newest 体重 reading, one decimal, entered under 护理计划 › 体重 (features/care/server/elderWeight.ts)
  { name: 'weightKg', label: '体重（kg）', type: 'text', computed: true, hint: '取最近一次体重记录' },
  { name: 'weightTime', label: '体重测量时间', type: 'datetime', computed: true },
  { name: 'hospital', label: '常去医院', type: 'text', maxLength: 50 },
  { name: 'allergies', label: '过敏史', type: 'textarea', maxLength: 300, wide: true },
  { name: 'medicalHistory', label: '既往病史', type: 'textarea', maxLength: 500, wide: true },
  { name: 'currentMedication', label: '目前用药', type: 'textarea', maxLength: 500, wide: true },
];

/** Residence fields: status and bed change only through the residence workflow (residenceMachine). */
const live: FieldDef[] = [
  { name: 'oldmanStatus', label: '入住状态', type: 'dict', dict: 'liveStatus', readOnly: true },
  { name: 'bedId', label: '床位', type: 'ref', ref: 'bed', readOnly: true },
  { name: 'checkInDate', label: '入住日期', type: 'date', readOnly: true },
  { name: 'leaveDate', label: '退住日期', type: 'date', readOnly: true },
  { name: 'checkInSource', label: '入住来源', type: 'dict', dict: 'checkInSource' },
  { name: 'saleId', label: '接待人', type: 'ref', ref: 'sale' },
  { name: 'liveRemark', label: '入住备注', type: 'textarea', maxLength: 300, wide: true },
];

const inSection = (section: OldmanSection, fields: FieldDef[]) => fields.map((f) => ({ ...f, section }));

export const oldmanResource: ResourceDef = {
  name: 'oldman',
  title: '长者档案',
  table: 'oldman',
  idField: 'oldmanId',
  nameField: 'oldmanName',
  fields: [
    ...inSection('base', base),
    ...inSection('extra', extra),
    ...inSection('health', health),
    ...inSection('live', live),
  ],
  sections: [...oldmanSections],
  // what a clerk looks for first (issue #23: at 1366 px 护理等级、入住状态、床位 stay in view)
  columns: [
    'oldmanName',
    'oldmanStatus',
    'nursingLevel',
    'bedId',
    'sex',
    'birthday',
    'deptId',
    'phone',
    'checkInDate',
    'oldmanIdcard',
    'createTime',
  ],
  frozen: ['oldmanName'],
  filters: [
    { field: 'oldmanName', kind: 'like' },
    // One or more statuses, e.g. the selectable residents 1,4 (spec 000 §9).
    { field: 'oldmanStatus', kind: 'in', param: 'oldmanStatuses', label: '入住状态' },
    { field: 'nursingLevel', kind: 'eq' },
    { field: 'deptId', kind: 'eq' },
    { field: 'sex', kind: 'eq' },
    { field: 'checkInDate', kind: 'range' },
  ],
  search: ['oldmanName', 'oldmanIdcard', 'phone'],
  defaultSort: { field: 'oldmanId', order: 'desc' },
  sortable: ['oldmanName', 'birthday', 'checkInDate', 'createTime'],
  api: {
    // GET proFile is the signed-in user's own profile in the shell (spec 000 §7); elders list here.
    list: OLDMAN_BASE,
    get: `${PROFILE}/:id`,
    create: PROFILE,
    update: PROFILE,
    remove: `${PROFILE}/:ids`,
  },
  authority: {
    view: LiveAuthority.archives,
    create: LiveAuthority.archivesAdd,
    update: LiveAuthority.archivesEdit,
    remove: LiveAuthority.archivesDelete,
  },
  deptScoped: true,
};

/** The editable fields of one profile section (PUT proFile/{section}). */
export const sectionFields = (section: OldmanSection) =>
  oldmanResource.fields.filter((f) => f.section === section && !f.readOnly).map((f) => f.name);

/** Family members and emergency contacts of an elder (/live/family/base, profile family section). */
export const familyResource: ResourceDef = {
  name: 'oldmanFamily',
  title: '家属',
  table: 'oldmanFamily',
  idField: 'familyId',
  nameField: 'familyName',
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', required: true },
    { name: 'familyName', label: '家属姓名', type: 'text', required: true, maxLength: 20 },
    { name: 'relation', label: '与长者关系', type: 'dict', dict: 'familyRelation', required: true },
    { name: 'phone', label: '联系电话', type: 'phone', required: true },
    { name: 'idcard', label: '身份证号', type: 'idcard' },
    { name: 'isGuardian', label: '监护人', type: 'bool' },
    { name: 'isEmergency', label: '紧急联系人', type: 'bool' },
    { name: 'workUnit', label: '工作单位', type: 'text', maxLength: 50 },
    { name: 'address', label: '联系地址', type: 'text', maxLength: 100, wide: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: [
    'familyName',
    'oldmanId',
    'relation',
    'phone',
    'isGuardian',
    'isEmergency',
    'address',
    'createTime',
  ],
  filters: [
    { field: 'familyName', kind: 'like' },
    { field: 'oldmanId', kind: 'eq' },
    { field: 'relation', kind: 'eq' },
  ],
  search: ['familyName', 'phone'],
  defaultSort: { field: 'familyId', order: 'desc' },
  sortable: ['familyName', 'createTime'],
  api: {
    list: '/pims/web-pi/family/list',
    get: '/pims/web-pi/family/:id',
    create: '/pims/web-pi/family',
    update: '/pims/web-pi/family',
    remove: '/pims/web-pi/family/:ids',
  },
  authority: {
    view: LiveAuthority.family,
    create: LiveAuthority.familyAdd,
    update: LiveAuthority.familyEdit,
    remove: LiveAuthority.familyDelete,
  },
  deptScoped: true,
};
