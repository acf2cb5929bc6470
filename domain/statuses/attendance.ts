/** The statuses of the module its machine, the dictionaries and the module share (docs/architecture.md). */
import { defineStatuses } from '../status.js';

/** Authority codes of the screens (spec 000 §6 style: screen:button). */
export const AttendanceAuthority = {
  shift: 'attendance:shift',
  shiftEdit: 'attendance:shift:edit',
  group: 'attendance:group',
  groupAdd: 'attendance:group:add',
  groupEdit: 'attendance:group:edit',
  groupDelete: 'attendance:group:delete',
  record: 'attendance:record',
  clock: 'attendance:record:clock',
} as const;
export const StaffAuthority = {
  staff: 'staff',
  add: 'staff:add',
  edit: 'staff:edit',
} as const;

/** Shift status (shiftMachine; dictionary shiftStatus): 0 启用, 1 停用. */
export const shiftStatuses = defineStatuses([
  { key: 'enabled', code: 0, label: '启用' },
  { key: 'disabled', code: 1, label: '停用' },
] as const);
export const ShiftStatus = shiftStatuses.code;
/** Clock type (dictionary clockType): 1 上班打卡, 2 下班打卡. */
export const ClockType = { in: 1, out: 2 } as const;
