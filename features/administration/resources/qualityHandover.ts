import { dictLabel } from '../../../domain/dictionaries.js';
import { joinedName, type ResourceDef } from '../../../domain/resource.js';
import { handoverWorkflow } from '../../../machines/handoverMachine.js';
import { offers } from '../../../machines/workflow.js';
import { QualityAuthority as A, QualityPaths as P } from '../api/quality.js';

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
  // a day has three: 2024-05-06 早班
  recordName: (row) => joinedName(row.handoverDate, dictLabel('handoverShift', row.fromShift as number)),
  fields: [
    { name: 'handoverDate', label: '交班日期', type: 'date', required: true },
    { name: 'fromShift', label: '交班班次', type: 'dict', dict: 'handoverShift', required: true },
    { name: 'toShift', label: '接班班次', type: 'dict', dict: 'handoverShift', required: true },
    { name: 'deptId', label: '护理部门', type: 'ref', ref: 'dept', required: true },
    { name: 'handedBy', label: '交班人', type: 'ref', ref: 'staffMember', required: true },
    // only the receiver confirms: offered are those who can sign in (server/quality.ts refuses others)
    { name: 'receivedBy', label: '接班人', type: 'ref', ref: 'handoverReceiver', required: true },
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
    // 已知晓: the receiver's own acknowledgement of this note (PUT handoverItemAck); read-only after
    { name: 'ackTime', label: '接班人已知晓', type: 'datetime', readOnly: true },
    { name: 'ackName', label: '知晓人', type: 'text', readOnly: true, hidden: true },
  ],
  columns: ['oldmanId', 'condition', 'medication', 'watchPoints', 'ackTime'],
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
  rowRules: {
    edit: (row) => (row.ackTime ? '接班人已知晓该长者的交代，不能再修改' : null),
    remove: (row) => (row.ackTime ? '接班人已知晓该长者的交代，不能删除' : null),
  },
};
