import type { ResourceDef } from '../../../domain/resource.js';
import { HomecareAuthority as A, HOMECARE_WEB as WEB } from '../../../domain/statuses/homecare.js';

/**
 * Home-care records kept by the resource engine: elders living at home (居家档案) with their
 * families, service areas, service project types and projects, and cost accounts. Orders and
 * their satellites are in homecareOrder.ts. See docs/decisions.md "Home care".
 */

/** Sections of a home elder's profile: oldmanBase (base) and oldmanBase/extend (extend). */
const homeOldmanSections = [
  { key: 'base', title: '基本信息' },
  { key: 'extend', title: '健康与居家情况' },
] as const;

export const homeOldmanResource: ResourceDef = {
  name: 'homeOldman',
  title: '居家长者',
  table: 'homeOldman',
  idField: 'oldmanId',
  nameField: 'oldmanName',
  sections: [...homeOldmanSections],
  fields: [
    { name: 'oldmanName', label: '姓名', type: 'text', required: true, maxLength: 20, section: 'base' },
    {
      name: 'oldmanIdcard',
      label: '身份证号',
      type: 'idcard',
      required: true,
      unique: true,
      section: 'base',
      hint: '18位，出生日期与性别由身份证号自动生成',
    },
    { name: 'sex', label: '性别', type: 'dict', dict: 'gender', readOnly: true, section: 'base' },
    { name: 'birthday', label: '出生日期', type: 'date', readOnly: true, section: 'base' },
    { name: 'phone', label: '联系电话', type: 'phone', required: true, section: 'base' },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', required: true, section: 'base' },
    { name: 'areaId', label: '服务区域', type: 'ref', ref: 'homeArea', section: 'base' },
    { name: 'addressRegion', label: '居住地', type: 'region', section: 'base' },
    { name: 'address', label: '详细地址', type: 'text', maxLength: 100, section: 'base', wide: true },
    { name: 'nursingLevel', label: '护理等级', type: 'dict', dict: 'nursingLevel', section: 'extend' },
    {
      name: 'selfCareAbility',
      label: '能力等级',
      type: 'dict',
      dict: 'selfCareAbility',
      section: 'extend',
    },
    { name: 'livingAlone', label: '独居', type: 'bool', section: 'extend' },
    { name: 'medicalHistory', label: '既往病史', type: 'textarea', maxLength: 300, section: 'extend' },
    { name: 'serviceNeeds', label: '服务需求', type: 'textarea', maxLength: 300, section: 'extend' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, section: 'extend', wide: true },
  ],
  columns: [
    'oldmanName',
    'sex',
    'birthday',
    'oldmanIdcard',
    'phone',
    'deptId',
    'areaId',
    'address',
    'createTime',
  ],
  filters: [
    { field: 'oldmanName', kind: 'like' },
    { field: 'areaId', kind: 'eq' },
    { field: 'deptId', kind: 'eq' },
    { field: 'nursingLevel', kind: 'eq' },
  ],
  search: ['oldmanName', 'oldmanIdcard', 'phone'],
  defaultSort: { field: 'oldmanId', order: 'desc' },
  sortable: ['oldmanName', 'createTime'],
  api: {
    list: `${WEB}/oldmanBase`,
    get: `${WEB}/oldmanBase/:id`,
    create: `${WEB}/oldmanBase`,
    update: `${WEB}/oldmanBase`,
    remove: `${WEB}/oldmanBase/:ids`,
  },
  authority: { view: A.archives, create: A.archivesAdd, update: A.archivesEdit, remove: A.archivesDelete },
  deptScoped: true,
};

/** The fields of one profile section (PUT oldmanBase edits base, PUT oldmanBase/extend the rest). */
export const homeOldmanSectionFields = (section: 'base' | 'extend') =>
  homeOldmanResource.fields.filter((f) => f.section === section && !f.readOnly).map((f) => f.name);

export const homeAreaResource: ResourceDef = {
  name: 'homeArea',
  title: '服务区域',
  table: 'homeArea',
  idField: 'areaId',
  nameField: 'areaName',
  fields: [
    { name: 'areaName', label: '区域名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'region', label: '所在地区', type: 'region' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['areaName', 'region', 'remark', 'createTime'],
  filters: [{ field: 'areaName', kind: 'like' }],
  defaultSort: { field: 'areaId', order: 'asc' },
  api: {
    list: `${WEB}/area`,
    get: `${WEB}/area/:id`,
    create: `${WEB}/area`,
    update: `${WEB}/area`,
    remove: `${WEB}/area/:ids`,
  },
  authority: { view: A.archives, create: A.archivesEdit, update: A.archivesEdit, remove: A.archivesEdit },
};

export const homeFamilyResource: ResourceDef = {
  name: 'homeFamily',
  title: '居家长者家属',
  table: 'homeFamily',
  idField: 'familyId',
  nameField: 'familyName',
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'homeOldman', required: true },
    { name: 'familyName', label: '家属姓名', type: 'text', required: true, maxLength: 20 },
    { name: 'relation', label: '与长者关系', type: 'dict', dict: 'familyRelation', required: true },
    { name: 'phone', label: '联系电话', type: 'phone', required: true },
    { name: 'isEmergency', label: '紧急联系人', type: 'bool' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['familyName', 'oldmanId', 'relation', 'phone', 'isEmergency', 'createTime'],
  filters: [{ field: 'oldmanId', kind: 'eq' }],
  search: ['familyName', 'phone'],
  defaultSort: { field: 'familyId', order: 'desc' },
  api: {
    list: `${WEB}/oldmanFamily`,
    get: `${WEB}/oldmanFamily/:id`,
    create: `${WEB}/oldmanFamily`,
    update: `${WEB}/oldmanFamily`,
    remove: `${WEB}/oldmanFamily/:ids`,
  },
  authority: { view: A.archives, create: A.archivesEdit, update: A.archivesEdit, remove: A.archivesEdit },
  deptScoped: true,
};

/** Spec 000 §3 dropdown "serve project type id/name". */
export const serveProjectTypeResource: ResourceDef = {
  name: 'serveProjectType',
  title: '服务项目类型',
  table: 'serveProjectType',
  idField: 'id',
  nameField: 'name',
  fields: [
    { name: 'name', label: '类型名称', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'sort', label: '排序', type: 'int', max: 999 },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['name', 'sort', 'remark', 'createTime'],
  defaultSort: { field: 'sort', order: 'asc' },
  api: {
    list: `${WEB}/serveProjectType`,
    get: `${WEB}/serveProjectType/:id`,
    create: `${WEB}/serveProjectType`,
    update: `${WEB}/serveProjectType`,
    remove: `${WEB}/serveProjectType/:ids`,
  },
  authority: { view: A.items, create: A.itemsAdd, update: A.itemsEdit, remove: A.itemsDelete },
};

export const serveProjectResource: ResourceDef = {
  name: 'serveProject',
  title: '服务项目',
  table: 'serveProject',
  idField: 'projectId',
  nameField: 'projectName',
  fields: [
    { name: 'projectName', label: '项目名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'typeId', label: '项目类型', type: 'ref', ref: 'serveProjectType', required: true },
    { name: 'price', label: '单价（元）', type: 'money', required: true },
    { name: 'unit', label: '计价单位', type: 'text', required: true, maxLength: 5, hint: '次、小时…' },
    { name: 'duration', label: '单次时长（分钟）', type: 'int', required: true, min: 1, max: 1440 },
    { name: 'onShelf', label: '已上架', type: 'bool' },
    { name: 'description', label: '项目说明', type: 'textarea', maxLength: 300, wide: true },
  ],
  columns: ['projectName', 'typeId', 'price', 'unit', 'duration', 'onShelf', 'createTime'],
  filters: [
    { field: 'projectName', kind: 'like' },
    { field: 'typeId', kind: 'eq' },
    { field: 'onShelf', kind: 'eq' },
  ],
  defaultSort: { field: 'projectId', order: 'asc' },
  sortable: ['price'],
  api: {
    list: `${WEB}/serveProject`,
    get: `${WEB}/serveProject/:id`,
    create: `${WEB}/serveProject`,
    update: `${WEB}/serveProject`,
    remove: `${WEB}/serveProject/:ids`,
  },
  authority: { view: A.items, create: A.itemsAdd, update: A.itemsEdit, remove: A.itemsDelete },
};

/**
 * A home elder's cost account (costAccount). Balance and deposit are read from the ledger
 * (server/ledger): the two columns are filled on every read, never stored as the truth.
 */
export const costAccountResource: ResourceDef = {
  name: 'costAccount',
  title: '居家账户',
  table: 'homeCostAccount',
  idField: 'accountId',
  nameField: 'oldmanName',
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'homeOldman', required: true, unique: true },
    { name: 'accountStatus', label: '账户状态', type: 'dict', dict: 'sealedStatus', readOnly: true },
    { name: 'balance', label: '余额（元）', type: 'money', readOnly: true },
    { name: 'deposit', label: '押金（元）', type: 'money', readOnly: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['oldmanId', 'balance', 'deposit', 'accountStatus', 'remark', 'createTime'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'accountStatus', kind: 'eq' },
  ],
  defaultSort: { field: 'accountId', order: 'desc' },
  api: {
    list: `${WEB}/costAccount`,
    get: `${WEB}/costAccount/:id`,
    create: `${WEB}/costAccount`,
    update: `${WEB}/costAccount`,
    remove: `${WEB}/costAccount/:id`,
  },
  authority: { view: A.account, create: A.accountAdd, update: A.accountEdit, remove: A.accountDelete },
  deptScoped: true,
};
