import { type MenuNode, screen } from '../../../domain/module.js';
import type { FieldDef, ResourceDef } from '../../../domain/resource.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { activityWorkflow, phaseOfRow } from '../../../machines/activityMachine.js';
import { ActivityAuthority as A, MAX_CAPACITY, ActivityPaths as P } from '../api/activities.js';

/**
 * 活动 (spec 001 §7 "Activities"): an activity of a department with its registration window,
 * places, start and end; the elders registered for it and their sign-in and sign-out.
 */
export const activityResource: ResourceDef = {
  name: 'activity',
  title: '活动',
  table: 'piActivity',
  idField: 'activityId',
  nameField: 'activityName',
  fields: [
    { name: 'activityName', label: '活动名称', type: 'text', required: true, maxLength: 40 },
    { name: 'activityType', label: '活动类型', type: 'dict', dict: 'activityType', required: true },
    { name: 'activityPlace', label: '活动地点', type: 'text', required: true, maxLength: 40 },
    { name: 'organiser', label: '组织人', type: 'text', required: true, maxLength: 20 },
    {
      name: 'deptId',
      label: '所属部门',
      type: 'ref',
      ref: 'dept',
      hint: '该部门的在院长者可报名；不选为当前部门',
    },
    { name: 'registerStart', label: '报名开始', type: 'datetime', required: true },
    { name: 'registerEnd', label: '报名截止', type: 'datetime', required: true },
    { name: 'startTime', label: '活动开始', type: 'datetime', required: true },
    { name: 'endTime', label: '活动结束', type: 'datetime', required: true },
    { name: 'capacity', label: '名额', type: 'int', required: true, min: 1, max: MAX_CAPACITY },
    { name: 'content', label: '活动内容', type: 'textarea', maxLength: 1000, wide: true },
    { name: 'registerCount', label: '已报名', type: 'int', readOnly: true },
    { name: 'activityStatus', label: '取消标记', type: 'int', readOnly: true, hidden: true },
    { name: 'cancelReason', label: '取消原因', type: 'text', readOnly: true, maxLength: 200 },
    { name: 'cancelTime', label: '取消时间', type: 'datetime', readOnly: true },
    { name: 'activityState', label: '状态', type: 'dict', dict: 'activityState', computed: true },
    { name: 'placesLeft', label: '剩余名额', type: 'int', computed: true },
    { name: 'signInCount', label: '签到人数', type: 'int', computed: true },
  ],
  columns: [
    'activityName',
    'activityType',
    'activityState',
    'activityPlace',
    'startTime',
    'endTime',
    'registerEnd',
    'capacity',
    'placesLeft',
    'signInCount',
  ],
  filters: [
    { field: 'activityName', kind: 'like' },
    { field: 'activityType', kind: 'eq' },
    { field: 'startTime', kind: 'range', label: '活动日期' },
  ],
  defaultSort: { field: 'startTime', order: 'desc' },
  sortable: ['startTime', 'registerEnd', 'capacity'],
  api: { list: P.activities, get: P.activity, create: P.activities, remove: P.activity },
  authority: {
    view: `${A.activity}|${A.register}|${A.sign}|${A.statistics}`,
    create: A.add,
    remove: A.remove,
  },
  deptScoped: true,
  workflow: activityWorkflow,
  rowRules: {
    // the phase the server worked out when it read the row (activityState), as the workflow reads it
    remove(row) {
      const phase = phaseOfRow(row);
      if (phase === 'held' || phase === 'finished') return '活动已开始，不能删除';
      if (phase !== 'cancelled' && Number(row.registerCount) > 0)
        return '已有长者报名的活动不能删除，请先取消活动';
      return null;
    },
  },
};

const registrationFields: FieldDef[] = [
  { name: 'activityId', label: '活动', type: 'int', readOnly: true, hidden: true },
  { name: 'activityName', label: '活动名称', type: 'text', computed: true },
  { name: 'activityState', label: '活动状态', type: 'dict', dict: 'activityState', computed: true },
  { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', readOnly: true },
  { name: 'registerTime', label: '报名时间', type: 'datetime', readOnly: true },
  { name: 'registerBy', label: '报名经办', type: 'text', readOnly: true },
  { name: 'signStatus', label: '签到状态', type: 'dict', dict: 'activitySignStatus', readOnly: true },
  { name: 'signInTime', label: '签到时间', type: 'datetime', readOnly: true },
  { name: 'signOutTime', label: '签退时间', type: 'datetime', readOnly: true },
];

/** 活动报名: one elder registered for one activity (PUT piActivityRegister makes it). */
export const activityRegisterResource: ResourceDef = {
  name: 'activityRegister',
  title: '活动报名',
  table: 'piActivityRegister',
  idField: 'registerId',
  nameField: 'oldmanId',
  fields: registrationFields,
  columns: ['activityName', 'oldmanId', 'registerTime', 'registerBy', 'signStatus', 'activityState'],
  filters: [
    { field: 'activityId', kind: 'eq', hidden: true },
    { field: 'signStatus', kind: 'eq' },
    { field: 'registerTime', kind: 'range' },
  ],
  defaultSort: { field: 'registerId', order: 'desc' },
  api: { list: P.registers },
  authority: { view: `${A.register}|${A.activity}` },
  deptScoped: true,
};

/** 活动签到: the same registrations, with their sign-in and sign-out. */
export const activitySignResource: ResourceDef = {
  ...activityRegisterResource,
  name: 'activitySign',
  title: '活动签到',
  derived: true,
  columns: ['activityName', 'oldmanId', 'signStatus', 'signInTime', 'signOutTime', 'activityState'],
  filters: [
    { field: 'activityId', kind: 'eq', hidden: true },
    { field: 'signStatus', kind: 'eq' },
    { field: 'signInTime', kind: 'range' },
  ],
  api: { list: P.signs },
  authority: { view: `${A.sign}|${A.activity}` },
};

export const activityResources = [activityResource, activityRegisterResource, activitySignResource];

export const activityItems: MenuNode[] = [
  screen(S.activity, '活动管理', {
    code: A.activity,
    view: 'activities.Activities',
    buttons: [
      { code: A.add, menuName: '新增活动' },
      { code: A.remove, menuName: '删除活动' },
      { code: A.cancel, menuName: '取消活动' },
    ],
  }),
  screen(S.activityRegister, '活动报名', {
    code: A.register,
    view: 'activities.Registers',
    buttons: [{ code: A.registerAdd, menuName: '报名' }],
  }),
  screen(S.activitySign, '活动签到', {
    code: A.sign,
    view: 'activities.Signs',
    buttons: [{ code: A.signDo, menuName: '签到/签退' }],
  }),
  screen(S.activityStatistics, '活动统计', { code: A.statistics, view: 'activities.Statistics' }),
  screen(S.activityRegisterDetail, '报名详情', {
    tab: false,
    view: 'activities.RegisterDetail',
    authority: `${A.register}|${A.activity}`,
  }),
  screen(S.activitySignDetail, '签到详情', {
    tab: false,
    view: 'activities.SignDetail',
    authority: `${A.sign}|${A.activity}`,
  }),
];
