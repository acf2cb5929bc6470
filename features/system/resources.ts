import { UserPaths } from '../../domain/api/org.js';
import {
  DictionaryPaths,
  FormTemplatePaths,
  PackagePaths,
  SystemLogPaths,
} from '../../domain/api/settingsPaths.js';
import { Authority as A } from '../../domain/menus.js';
import type { ResourceDef } from '../../domain/resource.js';

/**
 * The lists of 系统管理 (spec 000 §7 "System settings" and the users): each read through the engine's
 * list protocol (paging, filters, keyword, sort, export). Their tables come from the numbered
 * migrations; what they add or change goes through the screens' own calls (dictionary values, uploads,
 * roles and departments).
 */
export const systemLogResource: ResourceDef = {
  name: 'systemLog',
  title: '操作日志',
  table: 'operationLog',
  migratedTable: true,
  idField: 'logId',
  nameField: 'operationName',
  fields: [
    { name: 'createTime', label: '时间', type: 'datetime', readOnly: true },
    { name: 'userName', label: '操作人', type: 'text', maxLength: 64, readOnly: true },
    { name: 'operationType', label: '类型', type: 'dict', dict: 'operationType', readOnly: true },
    { name: 'operationName', label: '操作内容', type: 'text', maxLength: 200, readOnly: true },
    { name: 'method', label: '请求方法', type: 'text', readOnly: true },
    { name: 'path', label: '接口', type: 'text', maxLength: 200, readOnly: true },
    { name: 'ipAddress', label: 'IP', type: 'text', readOnly: true },
    { name: 'source', label: '来源', type: 'text', readOnly: true },
  ],
  columns: ['createTime', 'userName', 'operationType', 'operationName', 'path', 'ipAddress', 'source'],
  filters: [
    { field: 'userName', kind: 'like', label: '操作人' },
    { field: 'operationType', kind: 'eq', label: '操作类型' },
    { field: 'createTime', kind: 'range', label: '操作日期' },
  ],
  search: ['operationName', 'path'],
  defaultSort: { field: 'logId', order: 'desc' },
  api: { list: SystemLogPaths.list },
  authority: { view: A.logList },
};

export const dictionaryResource: ResourceDef = {
  name: 'dictionary',
  title: '数据字典',
  table: 'dictionary',
  migratedTable: true,
  idField: 'dictionaryId',
  nameField: 'dictionaryName',
  fields: [
    { name: 'dictionaryCode', label: '字典编码', type: 'text', maxLength: 32, required: true },
    { name: 'dictionaryName', label: '字典名称', type: 'text', maxLength: 64, required: true },
    { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
  ],
  columns: ['dictionaryCode', 'dictionaryName', 'remark', 'sort'],
  search: ['dictionaryName', 'dictionaryCode'],
  defaultSort: { field: 'sort', order: 'asc' },
  api: { list: DictionaryPaths.list },
  authority: { view: A.dictionarys },
};

export const installPackageResource: ResourceDef = {
  name: 'installPackage',
  title: '安装包',
  table: 'installPackage',
  migratedTable: true,
  idField: 'packageId',
  nameField: 'packageName',
  fields: [
    { name: 'packageName', label: '名称', type: 'text', maxLength: 64, required: true },
    { name: 'version', label: '版本', type: 'text', maxLength: 32, required: true },
    { name: 'deviceType', label: '设备类型', type: 'text', maxLength: 32, required: true },
    { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    { name: 'fileName', label: '文件', type: 'text', maxLength: 128, readOnly: true },
    { name: 'fileSizeB', label: '大小', type: 'int', readOnly: true },
    { name: 'createTime', label: '上传时间', type: 'datetime', readOnly: true },
  ],
  columns: ['packageName', 'version', 'deviceType', 'remark', 'fileName', 'fileSizeB', 'createTime'],
  defaultSort: { field: 'packageId', order: 'desc' },
  api: { list: PackagePaths.list },
  authority: { view: A.installPackage },
};

/**
 * The templates of one type (报表模板, 文书模板): the screen fixes the type, the detail page edits
 * one. Templates are every signed-in user's to read (contracts print them).
 */
export const formTemplateResource: ResourceDef = {
  name: 'formTemplate',
  title: '模板',
  table: 'template',
  migratedTable: true,
  idField: 'templateId',
  nameField: 'templateName',
  fields: [
    { name: 'templateName', label: '模板名称', type: 'text', maxLength: 64, required: true },
    { name: 'typeId', label: '模板类型', type: 'ref', ref: 'templateType', required: true },
    { name: 'status', label: '状态', type: 'dict', dict: 'ruleStatus' },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  columns: ['templateName', 'status', 'updateTime'],
  filters: [
    { field: 'typeId', kind: 'eq', hidden: true },
    { field: 'templateId', kind: 'eq', hidden: true, label: '模板' },
  ],
  defaultSort: { field: 'templateId', order: 'asc' },
  api: { list: FormTemplatePaths.templates },
  authority: { view: 'session' },
};

/** The institution's accounts; roles, data departments and status change in the edit dialog. */
export const userResource: ResourceDef = {
  name: 'user',
  title: '用户',
  table: 'users',
  migratedTable: true,
  idField: 'userId',
  nameField: 'loginName',
  fields: [
    { name: 'loginName', label: '账号', type: 'text', maxLength: 64, readOnly: true },
    { name: 'empName', label: '姓名', type: 'text', computed: true },
    { name: 'phoneNum', label: '手机号', type: 'text', readOnly: true },
    { name: 'status', label: '状态', type: 'dict', dict: 'accountStatus', readOnly: true },
    { name: 'lastLoginTime', label: '上次登录', type: 'datetime', readOnly: true },
  ],
  columns: ['loginName', 'empName', 'phoneNum', 'status', 'lastLoginTime'],
  search: ['loginName', 'empName'],
  defaultSort: { field: 'userId', order: 'asc' },
  api: { list: UserPaths.list },
  authority: { view: A.users },
};

export const systemResources: ResourceDef[] = [
  systemLogResource,
  dictionaryResource,
  installPackageResource,
  formTemplateResource,
  userResource,
];
