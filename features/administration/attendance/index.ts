import { type ViewLoaders, view } from '../../../src/router/views.js';

/** 行政管理 › 考勤管理 (features/administration/resources/attendance.ts). */
export const attendanceViews: ViewLoaders = {
  'attendance.Shifts': view(() => import('./Shifts.js'), 'Shifts'),
  'attendance.Groups': view(() => import('./Groups.js'), 'Groups'),
  'attendance.GroupForm': view(() => import('./GroupForm.js'), 'GroupForm'),
  'attendance.GroupDetail': view(() => import('./GroupDetail.js'), 'GroupDetail'),
  'attendance.Statistics': view(() => import('./Statistics.js'), 'Statistics'),
};
