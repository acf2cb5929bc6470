import { type FieldDef, type ResourceDef, restApi } from '../../domain/resource.js';
import { oldmanResource } from '../../domain/resources/oldman.js';
import { CareArchivePaths } from './api.js';

/**
 * The archives of cared-for people (spec 000 §1, §2 /archives/manager2-1, 2-2, 2-3), read from the
 * records the institution already keeps (docs/decisions.md "Archives of cared-for people"):
 * 基础档案 is everyone cared for, in the institution (长者档案) or at home (居家档案); 在院长者档案
 * is the elders of 长者档案 who live in the institution now; 特困人员档案 adds to an elder of 长者档案
 * the facts of their special-hardship support. Only the last keeps a table of its own.
 */

export const CareArchiveAuthority = {
  base: 'archives:base',
  inInstitution: 'archives:inst',
  hardship: 'archives:hardship',
  hardshipAdd: 'archives:hardship:add',
  hardshipEdit: 'archives:hardship:edit',
  hardshipDelete: 'archives:hardship:delete',
} as const;
const A = CareArchiveAuthority;

/** careMode dictionary: where a person of 基础档案 is cared for. */
export const CareMode = { institution: 1, home: 2 } as const;

/**
 * A row of 基础档案 is an elder of 长者档案 or of 居家档案; its id tells which and whose:
 * 10 × the record's id + careMode (so 71 is the institution's elder 7, 72 the home-care elder 7).
 */
export const baseArchiveId = (recordId: number, careMode: number) => recordId * 10 + careMode;
export const baseArchiveRecord = (archiveId: number) => ({
  recordId: Math.floor(archiveId / 10),
  careMode: archiveId % 10,
});

const field = (name: string): FieldDef => {
  const f = oldmanResource.fields.find((x) => x.name === name);
  if (!f) throw new Error(`长者档案没有字段 ${name}`);
  return { ...f, section: undefined };
};

export const baseArchiveResource: ResourceDef = {
  name: 'careBaseArchive',
  title: '基础档案',
  table: 'oldman',
  idField: 'archiveId',
  nameField: 'oldmanName',
  fields: [
    field('oldmanName'),
    field('sex'),
    field('birthday'),
    field('oldmanIdcard'),
    field('phone'),
    field('deptId'),
    { name: 'careMode', label: '养老方式', type: 'dict', dict: 'careMode', computed: true },
    { name: 'careStatus', label: '服务状态', type: 'text', computed: true },
    field('nursingLevel'),
    { name: 'supportCategory', label: '特困供养', type: 'dict', dict: 'supportCategory', computed: true },
  ],
  columns: [
    'oldmanName',
    'careMode',
    'careStatus',
    'sex',
    'birthday',
    'oldmanIdcard',
    'phone',
    'deptId',
    'nursingLevel',
    'supportCategory',
    'createTime',
  ],
  frozen: ['oldmanName'],
  filters: [
    { field: 'oldmanName', kind: 'like' },
    { field: 'careMode', kind: 'eq' },
    { field: 'deptId', kind: 'eq' },
  ],
  search: ['oldmanName', 'oldmanIdcard', 'phone'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sortable: ['oldmanName', 'birthday'],
  api: { list: CareArchivePaths.base },
  authority: { view: A.base },
  deptScoped: true,
  derived: true,
};

export const inInstitutionResource: ResourceDef = {
  ...oldmanResource,
  name: 'careInInstitution',
  title: '在院长者档案',
  fields: [
    ...oldmanResource.fields,
    { name: 'supportCategory', label: '特困供养', type: 'dict', dict: 'supportCategory', computed: true },
  ],
  columns: [
    'oldmanName',
    'bedId',
    'oldmanStatus',
    'nursingLevel',
    'sex',
    'birthday',
    'deptId',
    'checkInDate',
    'supportCategory',
    'phone',
    'oldmanIdcard',
  ],
  frozen: ['oldmanName'],
  filters: [
    { field: 'oldmanName', kind: 'like' },
    { field: 'nursingLevel', kind: 'eq' },
    { field: 'deptId', kind: 'eq' },
    { field: 'checkInDate', kind: 'range' },
  ],
  sortable: ['oldmanName', 'birthday', 'checkInDate', 'bedId'],
  api: { list: CareArchivePaths.inInstitution },
  authority: { view: A.inInstitution },
  derived: true,
};

export const hardshipResource: ResourceDef = {
  name: 'hardshipPerson',
  title: '特困人员档案',
  table: 'hardshipPerson',
  idField: 'hardshipId',
  nameField: 'oldmanName',
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', required: true, unique: true },
    { name: 'oldmanIdcard', label: '身份证号', type: 'idcard', computed: true },
    { name: 'oldmanStatus', label: '入住状态', type: 'dict', dict: 'liveStatus', computed: true },
    { name: 'supportCategory', label: '供养类别', type: 'dict', dict: 'supportCategory', required: true },
    { name: 'hardshipArea', label: '特困类型', type: 'dict', dict: 'hardshipArea', required: true },
    { name: 'certificateNo', label: '供养证编号', type: 'text', maxLength: 30 },
    { name: 'certifyDate', label: '认定日期', type: 'date', required: true },
    { name: 'supportStandard', label: '基本生活标准（元/月）', type: 'money' },
    { name: 'careStandard', label: '照料护理标准（元/月）', type: 'money' },
    { name: 'supportStatus', label: '供养状态', type: 'dict', dict: 'supportStatus', required: true },
    { name: 'endDate', label: '终止日期', type: 'date' },
    { name: 'guardianName', label: '监护人', type: 'text', maxLength: 20 },
    { name: 'guardianPhone', label: '监护人电话', type: 'phone' },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: [
    'oldmanId',
    'supportCategory',
    'hardshipArea',
    'supportStatus',
    'certifyDate',
    'supportStandard',
    'careStandard',
    'oldmanStatus',
    'certificateNo',
    'oldmanIdcard',
  ],
  frozen: ['oldmanId'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'supportCategory', kind: 'eq' },
    { field: 'hardshipArea', kind: 'eq' },
    { field: 'supportStatus', kind: 'eq' },
  ],
  search: ['certificateNo', 'guardianName'],
  defaultSort: { field: 'hardshipId', order: 'desc' },
  sortable: ['certifyDate', 'supportStandard'],
  sums: ['supportStandard', 'careStandard'],
  api: restApi(CareArchivePaths.hardship, { remove: 'ids' }),
  authority: { view: A.hardship, create: A.hardshipAdd, update: A.hardshipEdit, remove: A.hardshipDelete },
  deptScoped: true,
};

export const careArchiveResources: ResourceDef[] = [
  baseArchiveResource,
  inInstitutionResource,
  hardshipResource,
];
