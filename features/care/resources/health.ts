import { group, type MenuNode, screen } from '../../../domain/module.js';
import { type FieldDef, joinedName, type ResourceDef } from '../../../domain/resource.js';
import {
  CareHealthAuthority as A,
  CareHealthPaths as P,
  CareHealthScreens as S,
  type SignKind,
  SignLimits,
  SignType,
  signCode,
  signEditCode,
} from '../api/careHealth.js';

/**
 * The health part of 护理计划 (spec 001 §2 "Care plan", §7 "Care configuration"): hand-entered
 * vital signs, dishes and weekly meal plans, and the form screens. docs/decisions.md
 * "Care: vital signs and meals (issue #12)".
 */

const signFields: Record<string, FieldDef> = {
  oldmanId: { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldman', required: true },
  signType: { name: 'signType', label: '体征类型', type: 'dict', dict: 'signType', required: true },
  measureTime: { name: 'measureTime', label: '测量时间', type: 'datetime', required: true, atOpen: 'now' },
  systolic: {
    name: 'systolic',
    label: '收缩压（mmHg）',
    type: 'int',
    min: SignLimits.systolic.min,
    max: SignLimits.systolic.max,
  },
  diastolic: {
    name: 'diastolic',
    label: '舒张压（mmHg）',
    type: 'int',
    min: SignLimits.diastolic.min,
    max: SignLimits.diastolic.max,
  },
  bloodOxygen: {
    name: 'bloodOxygen',
    label: '血氧饱和度（%）',
    type: 'int',
    min: SignLimits.bloodOxygen.min,
    max: SignLimits.bloodOxygen.max,
  },
  bloodSugar: {
    name: 'bloodSugar',
    label: '血糖（mmol/L）',
    type: 'text',
    maxLength: 4,
    hint: `${SignLimits.bloodSugar.min}–${SignLimits.bloodSugar.max}，一位小数`,
  },
  glucoseTiming: { name: 'glucoseTiming', label: '测量时段', type: 'dict', dict: 'glucoseTiming' },
  heartRate: {
    name: 'heartRate',
    label: '心率（次/分）',
    type: 'int',
    min: SignLimits.heartRate.min,
    max: SignLimits.heartRate.max,
  },
  temperature: {
    name: 'temperature',
    label: '体温（℃）',
    type: 'text',
    maxLength: 4,
    hint: `${SignLimits.temperature.min}–${SignLimits.temperature.max}，一位小数`,
  },
  weight: {
    name: 'weight',
    label: '体重（kg）',
    type: 'text',
    maxLength: 5,
    hint: `${SignLimits.weight.min}–${SignLimits.weight.max}，一位小数`,
  },
  abnormal: { name: 'abnormal', label: '超出告警阈值', type: 'bool', readOnly: true },
  recorder: { name: 'recorder', label: '测量人', type: 'text', maxLength: 20, atOpen: 'me' },
  remark: { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
};
const F = signFields as Record<keyof typeof signFields, FieldDef>;
const field = (name: string): FieldDef => F[name] as FieldDef;

/** The values each kind of reading carries. */
const kindFields: Record<SignKind, string[]> = {
  bloodPressure: ['systolic', 'diastolic'],
  bloodOxygen: ['bloodOxygen'],
  bloodSugar: ['bloodSugar', 'glucoseTiming'],
  heartRate: ['heartRate'],
  temperature: ['temperature'],
  weight: ['weight'],
};

const signApi = { list: P.signs, create: P.signs, update: P.signs, remove: P.sign };
const signAuthority = { view: A.signs, create: A.signsEdit, update: A.signsEdit, remove: A.signsEdit };

/**
 * 体征记录: one hand-entered reading of one elder (GET, PUT, DELETE on the spec's path; entering a
 * new reading is POST on the same path, ours). Its elder's data department scopes it.
 */
export const signResource: ResourceDef = {
  name: 'piOldmanSign',
  title: '体征记录',
  table: 'piOldmanSign',
  idField: 'signId',
  nameField: 'measureTime',
  // whose and when: 张三 2024-05-06 09:30
  recordName: (row) => joinedName(row.oldmanName, row.measureTime),
  deptScoped: true,
  fields: [
    ...['oldmanId', 'signType', 'measureTime'].map(field),
    ...Object.values(kindFields).flat().map(field),
    ...['abnormal', 'recorder', 'remark'].map(field),
  ],
  columns: ['oldmanId', 'signType', 'measureTime', 'abnormal', 'recorder', 'remark'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'signType', kind: 'eq' },
    { field: 'measureTime', kind: 'range', label: '测量日期' },
    { field: 'abnormal', kind: 'eq' },
  ],
  defaultSort: { field: 'measureTime', order: 'desc' },
  sortable: ['oldmanId'],
  api: signApi,
  authority: signAuthority,
};

/** The list and form of one kind of reading: the same records, its own columns and inputs. */
export function signKindResource(kind: SignKind): ResourceDef {
  const own = kindFields[kind].map((name, i) => ({
    ...field(name),
    required: i === 0 || kind === 'bloodPressure',
  }));
  return {
    ...signResource,
    name: `piOldmanSign.${kind}`,
    fields: [
      field('oldmanId'),
      { ...field('signType'), hidden: true },
      field('measureTime'),
      ...own,
      ...['abnormal', 'recorder', 'remark'].map(field),
    ],
    columns: ['oldmanId', 'measureTime', ...kindFields[kind], 'abnormal', 'recorder', 'remark'],
    filters: (signResource.filters ?? []).filter((f) => f.field !== 'signType'),
  };
}
export const signTypeOf = (kind: SignKind) => SignType[kind];

/** 菜品: a dish of the kitchen, in a category of the base records (piDishCategory). */
export const dishResource: ResourceDef = {
  name: 'piDish',
  title: '菜品',
  table: 'piDish',
  idField: 'dishId',
  nameField: 'dishName',
  fields: [
    { name: 'dishName', label: '菜品名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'categoryId', label: '菜品分类', type: 'ref', ref: 'dishCategory', required: true },
    { name: 'price', label: '单价（元）', type: 'money' },
    { name: 'calories', label: '热量（千卡/份）', type: 'int', max: 3000 },
    { name: 'suitable', label: '适宜人群', type: 'text', maxLength: 50, hint: '如：低盐、低糖、软食' },
    { name: 'allergens', label: '过敏原', type: 'text', maxLength: 50 },
    { name: 'status', label: '上架', type: 'bool' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['dishName', 'categoryId', 'price', 'calories', 'suitable', 'allergens', 'status'],
  filters: [
    { field: 'dishName', kind: 'like' },
    { field: 'categoryId', kind: 'eq' },
    { field: 'status', kind: 'eq' },
  ],
  search: ['dishName'],
  defaultSort: { field: 'dishId', order: 'desc' },
  sortable: ['dishName', 'price'],
  api: { list: P.dishes, get: P.dish, create: P.dishes, update: P.dishes, remove: P.dish },
  authority: { view: A.dish, create: A.dishEdit, update: A.dishEdit, remove: A.dishEdit },
};

/** 食谱: one week's meal plan (Monday to Sunday); its meals are the entries below. */
export const dishPlanResource: ResourceDef = {
  name: 'piDishPlan',
  title: '食谱',
  table: 'piDishPlan',
  idField: 'planId',
  nameField: 'planName',
  fields: [
    { name: 'planName', label: '食谱名称', type: 'text', required: true, maxLength: 30 },
    { name: 'weekStart', label: '周开始日期', type: 'date', required: true, unique: true, hint: '星期一' },
    { name: 'weekEnd', label: '周结束日期', type: 'date', readOnly: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
    { name: 'entryCount', label: '菜品数', type: 'int', computed: true },
  ],
  columns: ['planName', 'weekStart', 'weekEnd', 'entryCount', 'remark'],
  filters: [{ field: 'weekStart', kind: 'range', label: '周开始日期' }],
  search: ['planName'],
  defaultSort: { field: 'weekStart', order: 'desc' },
  api: { list: P.plans, get: P.plan, create: P.plans, update: P.plans, remove: P.plan },
  authority: { view: A.dishPlan, create: A.dishPlanEdit, update: A.dishPlanEdit, remove: A.dishPlanEdit },
};

/** 食谱菜品 (spec: meal entry, nextId): a dish served on a weekday at a time cycle of a plan. */
export const dishPlanEntryResource: ResourceDef = {
  name: 'piDishPlanNext',
  title: '食谱菜品',
  table: 'piDishPlanNext',
  idField: 'nextId',
  nameField: 'dishId',
  fields: [
    { name: 'planId', label: '食谱', type: 'ref', ref: 'dishPlan', required: true, hidden: true },
    { name: 'weekday', label: '星期', type: 'dict', dict: 'weekday', required: true },
    { name: 'timeCycle', label: '餐次', type: 'dict', dict: 'mealTimeCycle', required: true },
    { name: 'dishId', label: '菜品', type: 'ref', ref: 'dish', required: true },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
  ],
  columns: ['weekday', 'timeCycle', 'dishId', 'sort'],
  filters: [
    { field: 'planId', kind: 'eq', hidden: true },
    { field: 'weekday', kind: 'eq' },
    { field: 'timeCycle', kind: 'eq' },
  ],
  defaultSort: { field: 'sort', order: 'asc' },
  sortable: ['weekday', 'timeCycle'],
  api: { list: P.entries, create: P.entries, update: P.entries, remove: P.entry },
  authority: { view: A.dishPlan, create: A.dishPlanEdit, update: A.dishPlanEdit, remove: A.dishPlanEdit },
};

export const careHealthResources: readonly ResourceDef[] = [
  signResource,
  dishResource,
  dishPlanResource,
  dishPlanEntryResource,
];

const signScreen = (kind: SignKind, title: string) =>
  screen(S[kind], title, {
    code: signCode(kind),
    view: `careHealth.${kind}`,
    buttons: [{ code: signEditCode(kind), menuName: `录入${title}` }],
  });

export const careHealthItems: readonly MenuNode[] = [
  group('careplan:signs', '体征记录', 'pulse', [
    signScreen('bloodPressure', '血压'),
    signScreen('bloodOxygen', '血氧'),
    signScreen('bloodSugar', '血糖'),
    signScreen('heartRate', '心率'),
    signScreen('temperature', '体温'),
    signScreen('weight', '体重'),
  ]),
  group('careplan:meals', '膳食管理', 'shop', [
    screen(S.dish, '菜品管理', {
      code: A.dish,
      resource: dishResource,
      buttons: [{ code: A.dishEdit, menuName: '编辑菜品' }],
    }),
    screen(S.dishPlan, '食谱管理', {
      code: A.dishPlan,
      view: 'careHealth.DishPlans',
      buttons: [{ code: A.dishPlanEdit, menuName: '编辑食谱' }],
    }),
  ]),
  group('careplan:formsGroup', '护理表单', 'document', [
    screen(S.nursingForm, '护理记录单', { code: `${A.forms}:nursing`, view: 'careHealth.NursingForm' }),
    screen(S.medicalForm, '医疗记录单', { code: `${A.forms}:medical`, view: 'careHealth.MedicalForm' }),
    screen(S.assessForm, '评估表单', { code: `${A.forms}:assess`, view: 'careHealth.AssessForm' }),
    screen(S.configuration, '表单配置', { code: `${A.forms}:configuration`, view: 'careHealth.FormConfig' }),
    screen(S.goodsOldman, '长者物品登记', { code: `${A.forms}:goods`, view: 'careHealth.GoodsForm' }),
  ]),
  screen(S.dishPlanUpdate, '编辑食谱', { tab: false, view: 'careHealth.DishPlanUpdate' }),
  screen(S.dishPlanDetail, '食谱详情', { tab: false, view: 'careHealth.DishPlanDetail' }),
];
