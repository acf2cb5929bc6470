import type { ResourceDef } from '../../domain/resource.js';
import { GovernmentAuthority as A, GovernmentPaths as P, photoList } from './api.js';

/**
 * 检查记录: one inspection of the home (by the civil-affairs bureau or the home itself), filled in
 * by the 60-item checklist; created with its results by one call (features/government/server).
 */
export const inspectResource: ResourceDef = {
  name: 'inspect',
  title: '检查记录',
  table: 'inspect',
  idField: 'inspectId',
  nameField: 'inspectUnit',
  fields: [
    { name: 'inspectDate', label: '检查日期', type: 'date', required: true },
    { name: 'inspectUnit', label: '检查单位', type: 'text', required: true, maxLength: 50 },
    { name: 'inspectorName', label: '检查人员', type: 'text', required: true, maxLength: 50 },
    { name: 'itemCount', label: '检查项数', type: 'int', readOnly: true },
    { name: 'issueCount', label: '问题数', type: 'int', readOnly: true },
    { name: 'openCount', label: '未整改', type: 'int', computed: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
    { name: 'remark', label: '备注', type: 'textarea', wide: true },
  ],
  columns: ['inspectDate', 'inspectUnit', 'inspectorName', 'itemCount', 'issueCount', 'openCount', 'deptId'],
  filters: [
    { field: 'inspectDate', kind: 'range' },
    { field: 'inspectUnit', kind: 'like' },
  ],
  defaultSort: { field: 'inspectDate', order: 'desc' },
  sortable: ['inspectId', 'issueCount'],
  api: { list: P.inspect, get: P.inspectOne },
  authority: { view: A.inspect, create: A.inspectAdd },
  deptScoped: true,
};

/**
 * 整改记录: a problem an inspection found (a checklist item that failed), rectified through
 * inspectionMachine; its state changes by PUT GovernmentPaths.recordOne only.
 */
export const inspectRecordResource: ResourceDef = {
  name: 'inspectRecord',
  title: '整改记录',
  table: 'inspectRecord',
  idField: 'inspectRecordId',
  nameField: 'itemName',
  fields: [
    { name: 'inspectId', label: '检查记录', type: 'int', readOnly: true, hidden: true },
    { name: 'inspectDate', label: '检查日期', type: 'date', readOnly: true },
    { name: 'itemNo', label: '项目序号', type: 'int', readOnly: true },
    { name: 'category', label: '检查类别', type: 'text', readOnly: true },
    { name: 'itemName', label: '检查项目', type: 'text', readOnly: true, maxLength: 100 },
    { name: 'problem', label: '问题描述', type: 'textarea', readOnly: true, wide: true },
    { name: 'issuePhotos', label: '问题照片', type: 'json', schema: photoList, readOnly: true, wide: true },
    { name: 'recordStatus', label: '整改状态', type: 'int', readOnly: true },
    { name: 'rectifyUserName', label: '整改责任人', type: 'text', readOnly: true },
    { name: 'rectifyDeadline', label: '整改期限', type: 'date', readOnly: true },
    { name: 'rectifyContent', label: '整改情况', type: 'textarea', readOnly: true, wide: true },
    { name: 'rectifyPhotos', label: '整改照片', type: 'json', schema: photoList, readOnly: true, wide: true },
    { name: 'rectifyTime', label: '整改时间', type: 'datetime', readOnly: true },
    { name: 'overdue', label: '曾逾期', type: 'bool', readOnly: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
  ],
  columns: [
    'inspectDate',
    'itemName',
    'problem',
    'recordStatus',
    'rectifyUserName',
    'rectifyDeadline',
    'rectifyTime',
    'deptId',
  ],
  filters: [
    { field: 'recordStatus', kind: 'in', label: '整改状态', hidden: true },
    { field: 'inspectId', kind: 'eq', hidden: true },
    { field: 'itemName', kind: 'like' },
  ],
  defaultSort: { field: 'inspectRecordId', order: 'desc' },
  sortable: ['rectifyDeadline', 'inspectDate'],
  api: { list: P.record, get: P.recordOne },
  authority: { view: `${A.inspect}|${A.rectify}` },
  deptScoped: true,
  frozen: ['itemName'],
};
