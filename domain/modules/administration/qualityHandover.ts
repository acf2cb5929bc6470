import { handoverWorkflow } from '../../../machines/handoverMachine.js';
import { offers } from '../../../machines/workflow.js';
import { QualityAuthority as A, QualityPaths as P } from '../../api/quality.js';
import type { ResourceDef } from '../../resource.js';

/**
 * 交接班 (shift handover): one record per change of shift in one 护理部 — the day, from which shift
 * to which, who hands over and who takes over, the ward in general; the receiving nurse confirms it
 * (接班确认) and it is read-only from then on (machines/handoverMachine.ts).
 */
export const handoverResource: ResourceDef = {
  name: 'handover',
  title: '交接班记录',
  table: 'qualityHandover',
  idField: 'handoverId',
  nameField: 'handoverDate',
  fields: [
    { name: 'handoverDate', label: '交班日期', type: 'date', required: true },
    { name: 'fromShift', label: '交班班次', type: 'dict', dict: 'handoverShift', required: true },
    { name: 'toShift', label: '接班班次', type: 'dict', dict: 'handoverShift', required: true },
    { name: 'deptId', label: '护理部门', type: 'ref', ref: 'dept', required: true },
    { name: 'handedBy', label: '交班人', type: 'ref', ref: 'staffMember', required: true },
    { name: 'receivedBy', label: '接班人', type: 'ref', ref: 'staffMember', required: true },
    {
      name: 'elderTotal',
      label: '在院人数',
      type: 'int',
      min: 0,
      max: 9999,
      hint: '本部门交班时在院长者人数',
    },
    {
      name: 'generalNote',
      label: '总体情况',
      type: 'textarea',
      maxLength: 1000,
      wide: true,
      hint: '病区总体情况、设备物品、其他需交代的事项',
    },
    { name: 'handoverStatus', label: '状态', type: 'dict', dict: 'handoverStatus', readOnly: true },
    { name: 'confirmTime', label: '接班时间', type: 'datetime', readOnly: true },
    { name: 'itemCount', label: '交代长者数', type: 'int', computed: true },
  ],
  columns: [
    'handoverDate',
    'fromShift',
    'toShift',
    'deptId',
    'handedBy',
    'receivedBy',
    'itemCount',
    'handoverStatus',
    'confirmTime',
  ],
  filters: [
    { field: 'handoverDate', kind: 'range' },
    { field: 'handoverStatus', kind: 'eq' },
    { field: 'fromShift', kind: 'eq' },
  ],
  defaultSort: { field: 'handoverId', order: 'desc' },
  sortable: ['handoverDate'],
  api: {
    list: P.handover,
    get: P.handoverOne,
    create: P.handover,
    update: P.handover,
    remove: P.handoverRemove,
  },
  authority: { view: A.handover, create: A.handoverAdd, update: A.handoverEdit, remove: A.handoverDelete },
  deptScoped: true,
  workflow: handoverWorkflow,
  rowRules: {
    remove: (row) =>
      offers(handoverWorkflow, row, 'handover.edit') ? null : '已接班确认的交接班记录不能删除',
  },
};

/** 长者交代: what the next shift must know of one elder (one row per elder and handover). */
export const handoverItemResource: ResourceDef = {
  name: 'handoverItem',
  title: '长者交代',
  table: 'qualityHandoverItem',
  idField: 'itemId',
  nameField: 'oldmanId',
  fields: [
    { name: 'handoverId', label: '交接班记录', type: 'int', required: true, hidden: true },
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldman', required: true },
    { name: 'condition', label: '病情与身体状况', type: 'textarea', maxLength: 300, required: true },
    { name: 'medication', label: '用药情况', type: 'textarea', maxLength: 300 },
    { name: 'watchPoints', label: '重点观察与注意事项', type: 'textarea', maxLength: 300 },
  ],
  columns: ['oldmanId', 'condition', 'medication', 'watchPoints'],
  filters: [{ field: 'handoverId', kind: 'eq', hidden: true }],
  defaultSort: { field: 'itemId', order: 'asc' },
  indexes: [['handoverId']],
  api: {
    list: P.handoverItem,
    create: P.handoverItem,
    update: P.handoverItem,
    remove: P.handoverItemRemove,
  },
  authority: { view: A.handover, create: A.handoverEdit, update: A.handoverEdit, remove: A.handoverEdit },
  deptScoped: true,
};
