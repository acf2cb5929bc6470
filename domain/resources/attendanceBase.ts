import { type ResourceDef, restApi } from '../resource.js';
import { AttendanceAuthority } from '../statuses/attendance.js';
import { BaseDataAuthority as A } from './baseData.js';

/** Spec 001 §7 "Attendance": shift GET, POST, PUT; shift/{shiftPkId} GET, DELETE; noPage; location. */
const SHIFT = '/pims/web-org/attendance/shift';
export const ShiftPaths = {
  shift: SHIFT,
  /** Spec 000 §7 lookup: enabled shifts, unpaged (shiftPkId/shiftName/workPeriod). */
  noPage: `${SHIFT}/noPage`,
  /** Spec 000 §7 lookup: the places a shift is scheduled on, scheduleMode 1 beds, 2 rooms. */
  location: `${SHIFT}/location`,
  /** GET ?shiftName=&shiftPkId=: whether a name is free (issue #15). */
  shiftName: `${SHIFT}/shiftName`,
  /** PUT { shiftPkId, status }: 启用/停用 (issue #15). */
  isEnable: `${SHIFT}/isEnable`,
} as const;

/** 班次管理 (attendance/shift) or the base-data holder may change shifts. */
export const SHIFT_EDIT = `${AttendanceAuthority.shiftEdit}|${A.attendanceEdit}`;

/** 班次: 早班 07:00-15:00 …; the work period is derived from the two times (次日 past midnight). */
export const shiftResource: ResourceDef = {
  name: 'attendanceShift',
  title: '班次',
  table: 'attendanceShift',
  idField: 'shiftPkId',
  nameField: 'shiftName',
  fields: [
    { name: 'shiftName', label: '班次名称', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'startTime', label: '上班时间', type: 'text', required: true, maxLength: 5, hint: 'HH:mm' },
    {
      name: 'endTime',
      label: '下班时间',
      type: 'text',
      required: true,
      maxLength: 5,
      hint: 'HH:mm，早于上班时间为次日',
    },
    { name: 'workPeriod', label: '工作时段', type: 'text', readOnly: true },
    { name: 'workMinutes', label: '工作时长（分钟）', type: 'int', readOnly: true },
    { name: 'scheduleMode', label: '排班方式', type: 'dict', dict: 'scheduleMode', required: true },
    {
      name: 'clockInBefore',
      label: '提前打卡（分钟）',
      type: 'int',
      min: 10,
      max: 480,
      hint: '10-480分钟',
    },
    { name: 'clockOutAfter', label: '延后打卡（分钟）', type: 'int', min: 10, max: 480 },
    { name: 'status', label: '班次状态', type: 'dict', dict: 'shiftStatus', required: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['shiftName', 'workPeriod', 'workMinutes', 'scheduleMode', 'status'],
  search: ['shiftName'],
  filters: [
    { field: 'status', kind: 'eq' },
    { field: 'scheduleMode', kind: 'eq' },
  ],
  defaultSort: { field: 'startTime', order: 'asc' },
  api: restApi(SHIFT),
  authority: {
    view: 'session',
    create: SHIFT_EDIT,
    update: SHIFT_EDIT,
    remove: SHIFT_EDIT,
  },
};
