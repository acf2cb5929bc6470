import { group, type MenuNode, screen } from '../../../domain/module.js';
import { joinedName, type ResourceDef } from '../../../domain/resource.js';
import { AttendanceScreens as S } from '../../../domain/screens.js';
import { AttendanceAuthority as A, StaffAuthority as SA } from '../../../domain/statuses/attendance.js';
import { AttendancePaths as P, StaffPaths as SP } from '../api/attendance.js';

/**
 * 考勤组 (spec 001 §7 "Attendance" attendanceGroup): a name, its shifts (one schedule mode), the
 * work days of the week, its nurses (each on one of its shifts; a nurse is in one group at most) and
 * the beds or rooms it covers. The arrays travel in the group's own calls (server/modules/
 * administration/attendance.ts); the row keeps them as id lists for the list's columns.
 */
export const attendanceGroupResource: ResourceDef = {
  name: 'attendanceGroup',
  title: '考勤组',
  table: 'attendanceGroup',
  idField: 'attendanceGroupPkId',
  nameField: 'groupName',
  fields: [
    { name: 'groupName', label: '考勤组名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'scheduleMode', label: '排班方式', type: 'dict', dict: 'scheduleMode', readOnly: true },
    { name: 'workDays', label: '工作日', type: 'text', required: true, maxLength: 13, hidden: true },
    { name: 'shiftPkIds', label: '班次', type: 'text', readOnly: true, hidden: true },
    { name: 'locationIds', label: '负责区域', type: 'textarea', readOnly: true, hidden: true },
    { name: 'workDayText', label: '工作日', type: 'text', computed: true },
    { name: 'shiftNames', label: '班次', type: 'text', computed: true },
    { name: 'nurseCount', label: '人数', type: 'int', computed: true },
    { name: 'locationCount', label: '负责床位/房间数', type: 'int', computed: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: [
    'groupName',
    'shiftNames',
    'scheduleMode',
    'workDayText',
    'nurseCount',
    'locationCount',
    'createTime',
  ],
  search: ['groupName'],
  filters: [{ field: 'scheduleMode', kind: 'eq' }],
  defaultSort: { field: 'attendanceGroupPkId', order: 'desc' },
  api: { list: P.group, get: P.groupOne, create: P.group, update: P.group, remove: P.groupOne },
  authority: { view: A.group, create: A.groupAdd, update: A.groupEdit, remove: A.groupDelete },
};

/** A nurse of a group, on one of its shifts from the day they joined (unique: one group per nurse). */
export const attendanceGroupNurseResource: ResourceDef = {
  name: 'attendanceGroupNurse',
  title: '考勤组成员',
  table: 'attendanceGroupNurse',
  idField: 'id',
  nameField: 'nursingId',
  fields: [
    { name: 'attendanceGroupPkId', label: '考勤组', type: 'int', required: true },
    {
      name: 'nursingId',
      label: '护理员',
      type: 'ref',
      ref: 'elderNursingWorker',
      required: true,
      unique: true,
    },
    { name: 'shiftPkId', label: '班次', type: 'ref', ref: 'shift', required: true },
    { name: 'joinDate', label: '加入日期', type: 'date', required: true },
  ],
  columns: ['nursingId', 'shiftPkId', 'joinDate'],
  defaultSort: { field: 'id', order: 'asc' },
  indexes: [['attendanceGroupPkId'], ['shiftPkId']],
  api: {},
  authority: { view: A.group },
};

/** 打卡记录: one clock-in or clock-out of a staff member (ours: the spec has no clock-in call). */
export const attendanceClockResource: ResourceDef = {
  name: 'attendanceClock',
  title: '打卡记录',
  table: 'attendanceClock',
  idField: 'clockId',
  nameField: 'clockTime',
  recordName: (row) => joinedName(row.nursingName, row.clockTime),
  fields: [
    { name: 'nursingId', label: '员工', type: 'ref', ref: 'elderNursingWorker', required: true },
    { name: 'clockType', label: '打卡类型', type: 'dict', dict: 'clockType', required: true },
    { name: 'clockTime', label: '打卡时间', type: 'datetime', required: true },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['nursingId', 'clockType', 'clockTime', 'remark'],
  filters: [
    { field: 'nursingId', kind: 'eq' },
    { field: 'clockTime', kind: 'range' },
  ],
  defaultSort: { field: 'clockTime', order: 'desc' },
  indexes: [['nursingId', 'clockTime'], ['clockTime']],
  api: { list: P.clock, create: P.clock },
  authority: { view: A.record, create: A.clock },
};

/**
 * 考勤统计: the month's figures per member of a group, computed (features/administration/api/attendanceStatistics.ts)
 * from the clock records, whose table it names.
 */
export const attendanceStatisticsResource: ResourceDef = {
  name: 'attendanceStatistics',
  title: '考勤统计',
  table: 'attendanceClock',
  derived: true,
  idField: 'nursingId',
  nameField: 'realName',
  fields: [
    { name: 'month', label: '统计月份', type: 'text' },
    { name: 'realName', label: '姓名', type: 'text' },
    { name: 'deptName', label: '部门', type: 'text' },
    { name: 'groupName', label: '考勤组', type: 'text' },
    { name: 'shiftName', label: '班次', type: 'text' },
    { name: 'scheduledDays', label: '排班天数', type: 'int' },
    { name: 'attendedDays', label: '出勤天数', type: 'int' },
    { name: 'lateTimes', label: '迟到次数', type: 'int' },
    { name: 'lateMinutes', label: '迟到分钟', type: 'int' },
    { name: 'earlyTimes', label: '早退次数', type: 'int' },
    { name: 'absentDays', label: '缺勤天数', type: 'int' },
    { name: 'missingTimes', label: '缺卡次数', type: 'int' },
    { name: 'overtimeMinutes', label: '加班分钟', type: 'int' },
  ],
  columns: [
    'realName',
    'deptName',
    'groupName',
    'shiftName',
    'scheduledDays',
    'attendedDays',
    'lateTimes',
    'lateMinutes',
    'earlyTimes',
    'absentDays',
    'missingTimes',
    'overtimeMinutes',
  ],
  frozen: ['realName'],
  search: ['realName'],
  filters: [{ field: 'month', kind: 'month', initial: 'thisMonth' }],
  defaultSort: { field: 'realName', order: 'asc' },
  api: { list: P.statistics },
  authority: { view: A.record },
};

/**
 * 员工 (spec 001 §7 "Staff"; spec 000 §3 "nursing worker nursingId/realName"): the organisation's
 * staff are its `emp` rows — the people every nursingId names (责任护理员, patrol executors, groups).
 * A login account is made for one in 系统管理 › 用户; here they are kept without one.
 */
export const staffResource: ResourceDef = {
  name: 'staff',
  title: '员工',
  table: 'emp',
  migratedTable: true,
  idField: 'empId',
  nameField: 'empName',
  fields: [
    { name: 'empName', label: '姓名', type: 'text', required: true, maxLength: 20 },
    { name: 'sex', label: '性别', type: 'dict', dict: 'gender', required: true },
    { name: 'phoneNum', label: '手机号码', type: 'phone', required: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', required: true },
    {
      name: 'nursingLevel',
      label: '护理员等级',
      type: 'text',
      maxLength: 20,
      hint: '如：初级护理员、高级护理员',
    },
    { name: 'status', label: '状态', type: 'dict', dict: 'staffStatus', required: true },
    { name: 'loginName', label: '登录账号', type: 'text', computed: true },
    { name: 'groupName', label: '考勤组', type: 'text', computed: true },
  ],
  columns: ['empName', 'sex', 'phoneNum', 'deptId', 'nursingLevel', 'groupName', 'loginName', 'status'],
  search: ['empName', 'phoneNum'],
  filters: [
    { field: 'deptId', kind: 'eq' },
    { field: 'status', kind: 'eq' },
  ],
  defaultSort: { field: 'empId', order: 'asc' },
  api: { list: SP.workers, get: SP.worker, create: SP.staff, update: SP.workers },
  authority: { view: SA.staff, create: SA.add, update: SA.edit },
  deptScoped: true,
};

export const attendanceResources: readonly ResourceDef[] = [
  attendanceGroupResource,
  attendanceGroupNurseResource,
  attendanceClockResource,
  attendanceStatisticsResource,
  staffResource,
];

export const attendanceItems: readonly MenuNode[] = [
  group('attendance', '考勤管理', 'time', [
    screen(S.shift, '班次管理', {
      code: A.shift,
      view: 'attendance.Shifts',
      buttons: [{ code: A.shiftEdit, menuName: '编辑班次' }],
    }),
    screen(S.group, '考勤组', {
      code: A.group,
      view: 'attendance.Groups',
      buttons: [
        { code: A.groupAdd, menuName: '新增考勤组' },
        { code: A.groupEdit, menuName: '编辑考勤组' },
        { code: A.groupDelete, menuName: '删除考勤组' },
      ],
    }),
    screen(S.groupAdd, '新增考勤组', { tab: false, view: 'attendance.GroupForm', authority: A.groupAdd }),
    screen(S.groupEdit, '编辑考勤组', { tab: false, view: 'attendance.GroupForm', authority: A.groupEdit }),
    screen(S.groupDetail, '考勤组详情', { tab: false, view: 'attendance.GroupDetail', authority: A.group }),
    screen(S.record, '考勤统计', {
      code: A.record,
      view: 'attendance.Statistics',
      buttons: [{ code: A.clock, menuName: '补录打卡' }],
    }),
  ]),
  screen(S.staff, '员工管理', {
    code: SA.staff,
    resource: staffResource,
    buttons: [
      { code: SA.add, menuName: '新增员工' },
      { code: SA.edit, menuName: '编辑员工' },
    ],
  }),
];
