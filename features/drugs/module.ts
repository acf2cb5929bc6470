import { crudButtons, defineModule, screen } from '../../domain/module.js';
import { type FieldDef, ownedName, type ResourceDef } from '../../domain/resource.js';
import { DrugScreens as S } from '../../domain/screens.js';
import { drugCustodyWorkflow } from '../../machines/drugCustodyMachine.js';
import { DrugAuthority as A, MAX_DRUG_QUANTITY, DrugApi as P } from './api.js';

/**
 * 药品管理 (spec 001 §2 "Drug", §7 "Drugs (/pims/web-org/drug)", issue #16): the drug dictionary,
 * the drugs families hand over for an elder (代管药品) kept as a movement ledger per custody record,
 * the doses given from them (用药记录), the take-outs (退还家属 / 销毁) and the medication schedule
 * (用药设置). Everything of an elder is scoped to the elder's data department.
 */

const DICT_EDIT = 'drug:drugList';
const SET_EDIT = 'drug:set';
const ANY_DRUG_SCREEN = `${A.drugList}|${A.deposited}|${A.set}|${A.useList}|${A.drugGet}|${A.stock}|${A.stockRecord}|${A.round}`;

const elder: FieldDef = { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldman', required: true };
const drug: FieldDef = { name: 'drugId', label: '药品', type: 'ref', ref: 'drug', required: true };
const shown = (f: FieldDef): FieldDef => ({ ...f, required: false, readOnly: true });
const dept: FieldDef = { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true };
const unit: FieldDef = { name: 'unit', label: '单位', type: 'text', readOnly: true };
/** The custody record a dose or take-out draws on: set by the row it is started from. */
const keepRef: FieldDef = { name: 'keepId', label: '代管药品', type: 'int', required: true, hidden: true };

/** 药品目录: the institution's drugs; a custody record names one. */
export const drugDictResource: ResourceDef = {
  name: 'drugDict',
  title: '药品',
  table: 'drugDict',
  idField: 'drugId',
  nameField: 'drugName',
  fields: [
    { name: 'drugName', label: '药品名称', type: 'text', required: true, maxLength: 40 },
    { name: 'drugSpec', label: '规格', type: 'text', maxLength: 30, hint: '如 100mg×30片' },
    {
      name: 'unit',
      label: '计量单位',
      type: 'text',
      required: true,
      maxLength: 6,
      hint: '片、粒、袋、支、瓶',
    },
    { name: 'usageWay', label: '给药途径', type: 'dict', dict: 'drugUsage' },
    { name: 'manufacturer', label: '生产厂家', type: 'text', maxLength: 40 },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['drugName', 'drugSpec', 'unit', 'usageWay', 'manufacturer', 'createTime'],
  search: ['drugName', 'manufacturer'],
  defaultSort: { field: 'drugId', order: 'desc' },
  sortable: ['drugName'],
  api: { list: P.dict, get: P.dictOne, create: P.dict, update: P.dict, remove: P.dictOne },
  authority: {
    view: ANY_DRUG_SCREEN,
    create: `${DICT_EDIT}:add`,
    update: `${DICT_EDIT}:edit`,
    remove: `${DICT_EDIT}:delete`,
  },
};

/** 代管药品: one handover from the family (代管登记), its rest drawn by doses and take-outs. */
export const keepResource: ResourceDef = {
  name: 'drugKeep',
  title: '代管药品',
  table: 'drugKeep',
  idField: 'keepId',
  nameField: 'drugId',
  // one elder's medicine: 张三的阿司匹林
  recordName: (row) => ownedName(row.oldmanName, row.drugName),
  fields: [
    elder,
    drug,
    {
      name: 'quantity',
      label: '接收数量',
      type: 'int',
      required: true,
      min: 1,
      max: MAX_DRUG_QUANTITY,
      hint: '按药品的计量单位计（片、粒…）',
    },
    { name: 'restQuantity', label: '余量', type: 'int', readOnly: true },
    unit,
    { name: 'batchNo', label: '批号', type: 'text', maxLength: 30 },
    { name: 'expiryDate', label: '有效期至', type: 'date', required: true },
    {
      name: 'handedBy',
      label: '交药人',
      type: 'text',
      required: true,
      maxLength: 20,
      hint: '交来药品的家属',
    },
    { name: 'handedPhone', label: '交药人电话', type: 'phone' },
    { name: 'receiveTime', label: '接收时间', type: 'datetime', readOnly: true },
    { name: 'receiverName', label: '接收人', type: 'text', readOnly: true },
    { name: 'keepState', label: '状态', type: 'dict', dict: 'drugKeepState', readOnly: true },
    dept,
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: [
    'oldmanId',
    'drugId',
    'quantity',
    'restQuantity',
    'unit',
    'expiryDate',
    'handedBy',
    'receiveTime',
    'keepState',
  ],
  frozen: ['oldmanId'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'drugId', kind: 'eq' },
    { field: 'keepState', kind: 'eq' },
    { field: 'receiveTime', kind: 'range' },
  ],
  defaultSort: { field: 'keepId', order: 'desc' },
  sortable: ['receiveTime', 'expiryDate', 'restQuantity'],
  indexes: [['oldmanId', 'drugId']],
  api: { list: P.keep, get: P.keepOne, create: P.keep },
  authority: { view: `${A.deposited}|${A.useList}|${A.drugGet}`, create: A.keepAdd },
  deptScoped: true,
  workflow: drugCustodyWorkflow,
};

/** 代管库存: what each elder has in custody per drug (the open custody records' rests; derived). */
export const keepStockResource: ResourceDef = {
  name: 'drugKeepStock',
  title: '代管库存',
  table: 'drugKeep',
  derived: true,
  idField: 'stockKey',
  nameField: 'drugId',
  fields: [
    shown(elder),
    shown(drug),
    { name: 'quantity', label: '余量合计', type: 'int', readOnly: true },
    unit,
    { name: 'keepCount', label: '代管批数', type: 'int', readOnly: true },
    { name: 'nearestExpiry', label: '最近有效期', type: 'date', readOnly: true },
    { name: 'dailyDose', label: '每日用量', type: 'int', readOnly: true, computed: true },
    { name: 'daysLeft', label: '可用天数', type: 'int', readOnly: true, computed: true },
    dept,
  ],
  columns: ['oldmanId', 'drugId', 'quantity', 'unit', 'keepCount', 'nearestExpiry', 'dailyDose', 'daysLeft'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'drugId', kind: 'eq' },
  ],
  defaultSort: { field: 'oldmanId', order: 'asc' },
  api: { list: P.keepStock },
  authority: { view: `${A.stock}|${A.deposited}` },
  deptScoped: true,
};

/** 代管明细: every movement of the custody ledger, newest first (keepType: 接收 / 用药 / 退还 / 销毁). */
export const keepRecordResource: ResourceDef = {
  name: 'drugKeepRecord',
  title: '代管明细',
  table: 'drugKeepRecord',
  idField: 'recordId',
  nameField: 'drugId',
  fields: [
    { name: 'moveTime', label: '变动时间', type: 'datetime', readOnly: true },
    { name: 'keepType', label: '变动类型', type: 'dict', dict: 'drugKeepType', readOnly: true },
    shown(elder),
    shown(drug),
    { name: 'quantity', label: '变动数量', type: 'int', readOnly: true },
    { name: 'balanceAfter', label: '变动后余量', type: 'int', readOnly: true },
    unit,
    { name: 'keepId', label: '代管记录', type: 'int', readOnly: true, hidden: true },
    { name: 'docId', label: '单据', type: 'int', readOnly: true, hidden: true },
    { name: 'operatorName', label: '经办人', type: 'text', readOnly: true },
    dept,
  ],
  columns: ['moveTime', 'keepType', 'oldmanId', 'drugId', 'quantity', 'balanceAfter', 'unit', 'operatorName'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'drugId', kind: 'eq' },
    { field: 'keepType', kind: 'eq' },
    { field: 'moveTime', kind: 'range' },
    { field: 'keepId', kind: 'eq', hidden: true },
  ],
  defaultSort: { field: 'recordId', order: 'desc' },
  indexes: [['keepId'], ['oldmanId', 'drugId']],
  api: { list: P.keepStockRecord },
  authority: { view: `${A.stockRecord}|${A.stock}|${A.deposited}` },
  deptScoped: true,
};

/** 用药记录: one dose given from a custody record. */
export const useResource: ResourceDef = {
  name: 'drugUse',
  title: '用药记录',
  table: 'drugUse',
  idField: 'useId',
  nameField: 'drugId',
  fields: [
    keepRef,
    shown(elder),
    shown(drug),
    {
      name: 'quantity',
      label: '用量',
      type: 'int',
      required: true,
      min: 1,
      max: MAX_DRUG_QUANTITY,
      hint: '本次服用的数量',
    },
    unit,
    { name: 'useTime', label: '用药时间', type: 'datetime', hint: '不填为当前时间' },
    { name: 'nurseName', label: '执行护士', type: 'text', readOnly: true },
    dept,
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['useTime', 'oldmanId', 'drugId', 'quantity', 'unit', 'nurseName', 'remark'],
  frozen: ['useTime'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'drugId', kind: 'eq' },
    { field: 'useTime', kind: 'range' },
    { field: 'keepId', kind: 'eq', hidden: true },
  ],
  defaultSort: { field: 'useTime', order: 'desc' },
  sortable: ['useTime'],
  indexes: [['keepId']],
  api: { list: P.use, create: P.use },
  authority: { view: `${A.useList}|${A.deposited}`, create: A.use },
  deptScoped: true,
};

/** 取药记录: units taken out of custody, given back to the family or destroyed. */
export const takeResource: ResourceDef = {
  name: 'drugTake',
  title: '取药记录',
  table: 'drugTake',
  idField: 'takeId',
  nameField: 'drugId',
  fields: [
    keepRef,
    shown(elder),
    shown(drug),
    { name: 'takeType', label: '取药去向', type: 'dict', dict: 'drugTakeType', required: true },
    {
      name: 'quantity',
      label: '取出数量',
      type: 'int',
      required: true,
      min: 1,
      max: MAX_DRUG_QUANTITY,
    },
    unit,
    {
      name: 'receiverName',
      label: '领取人/监销人',
      type: 'text',
      required: true,
      maxLength: 20,
      hint: '退还时为领取的家属，销毁时为监销人',
    },
    { name: 'takeTime', label: '取药时间', type: 'datetime', readOnly: true },
    { name: 'operatorName', label: '经办人', type: 'text', readOnly: true },
    dept,
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['takeTime', 'oldmanId', 'drugId', 'takeType', 'quantity', 'unit', 'receiverName', 'operatorName'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'drugId', kind: 'eq' },
    { field: 'takeType', kind: 'eq' },
    { field: 'takeTime', kind: 'range' },
  ],
  defaultSort: { field: 'takeTime', order: 'desc' },
  sortable: ['takeTime'],
  indexes: [['keepId']],
  api: { list: P.take, create: P.take },
  authority: { view: `${A.drugGet}|${A.deposited}`, create: A.take },
  deptScoped: true,
};

/** 用药设置: the elder's medication schedule (a doctor's order as the home carries it out). */
export const setResource: ResourceDef = {
  name: 'drugSet',
  title: '用药设置',
  table: 'drugSet',
  idField: 'setId',
  nameField: 'drugId',
  // one elder's medicine: 张三的阿司匹林
  recordName: (row) => ownedName(row.oldmanName, row.drugName),
  fields: [
    elder,
    drug,
    { name: 'dose', label: '每次用量', type: 'int', required: true, min: 1, max: 100 },
    { name: 'timesPerDay', label: '每日次数', type: 'int', required: true, min: 1, max: 6 },
    {
      name: 'useTimes',
      label: '服药时间',
      type: 'text',
      maxLength: 40,
      hint: '如 08:00,12:00,18:00，个数与每日次数相同',
    },
    { name: 'startDate', label: '开始日期', type: 'date', required: true },
    { name: 'endDate', label: '结束日期', type: 'date', hint: '不填为长期' },
    { name: 'setStatus', label: '状态', type: 'dict', dict: 'ruleStatus', required: true },
    dept,
    { name: 'remark', label: '备注', type: 'text', maxLength: 100, wide: true },
  ],
  columns: [
    'oldmanId',
    'drugId',
    'dose',
    'timesPerDay',
    'useTimes',
    'startDate',
    'endDate',
    'setStatus',
    'deptId',
  ],
  frozen: ['oldmanId'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'drugId', kind: 'eq' },
    { field: 'setStatus', kind: 'eq' },
  ],
  defaultSort: { field: 'setId', order: 'desc' },
  indexes: [['oldmanId', 'drugId']],
  api: { list: P.set, get: P.setOne, create: P.set, update: P.set, remove: P.setOne },
  authority: {
    view: `${A.set}|${A.stock}`,
    create: `${SET_EDIT}:add`,
    update: `${SET_EDIT}:edit`,
    remove: `${SET_EDIT}:delete`,
  },
  deptScoped: true,
};

export const drugsModule = defineModule({
  name: 'drugs',
  menu: { code: 'drug', name: '药品管理', icon: 'prescription' },
  resources: [
    drugDictResource,
    keepResource,
    keepStockResource,
    keepRecordResource,
    useResource,
    takeResource,
    setResource,
  ],
  items: [
    // the nurse's daily screen first, as 今日护理任务 is in 护理计划
    screen(S.round, '今日用药', {
      code: A.round,
      view: 'drugs.MedicationRound',
      buttons: [{ code: A.roundDo, menuName: '服药/拒服/暂停' }],
    }),
    screen(S.depositedList, '代管药品', {
      code: A.deposited,
      view: 'drugs.Deposited',
      buttons: [
        { code: A.keepAdd, menuName: '代管登记' },
        { code: A.use, menuName: '用药' },
        { code: A.take, menuName: '取药' },
      ],
    }),
    screen(S.stock, '代管库存', { code: A.stock, resource: keepStockResource }),
    screen(S.useList, '用药记录', { code: A.useList, view: 'drugs.UseList' }),
    screen(S.drugGetList, '取药记录', { code: A.drugGet, resource: takeResource }),
    screen(S.stockRecord, '代管明细', { code: A.stockRecord, resource: keepRecordResource }),
    screen(S.set, '用药设置', {
      code: A.set,
      resource: setResource,
      buttons: crudButtons(SET_EDIT, '用药设置'),
    }),
    screen(S.drugList, '药品目录', {
      code: A.drugList,
      resource: drugDictResource,
      buttons: crudButtons(DICT_EDIT, '药品'),
    }),
  ],
});
