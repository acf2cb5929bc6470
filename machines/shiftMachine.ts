import { assign, setup } from 'xstate';
import { AttendanceAuthority, ShiftStatus, shiftStatuses } from '../domain/statuses/attendance.js';
import { defineWorkflow } from './workflow.js';

/** `shift.enable` / `shift.disable`: PUT shift/isEnable with status 0 or 1 (spec 001 §7 "Attendance"). */
export type ShiftEvent = { type: 'shift.enable' } | { type: 'shift.disable' };

export const stateLabels: Record<string, string> = shiftStatuses.labels;

export const shiftEvents: Record<ShiftEvent['type'], { label: string; authority: string }> = {
  'shift.enable': { label: '启用', authority: AttendanceAuthority.shiftEdit },
  'shift.disable': { label: '停用', authority: AttendanceAuthority.shiftEdit },
};

/**
 * A shift: 启用 ⇄ 停用. Only an enabled shift is offered to attendance groups; one a group uses is
 * refused 停用 by the server before the machine is asked (docs/decisions.md).
 */
export const shiftMachine = setup({
  types: {} as { context: { status: number }; events: ShiftEvent },
}).createMachine({
  id: 'shift',
  context: { status: ShiftStatus.enabled },
  initial: 'enabled',
  states: {
    enabled: {
      on: { 'shift.disable': { target: 'disabled', actions: assign({ status: ShiftStatus.disabled }) } },
    },
    disabled: {
      on: { 'shift.enable': { target: 'enabled', actions: assign({ status: ShiftStatus.enabled }) } },
    },
  },
});

const stateOf = (row: Record<string, unknown>) =>
  Number(row.status) === ShiftStatus.disabled ? 'disabled' : 'enabled';

export const shiftWorkflow = defineWorkflow({
  machine: shiftMachine,
  stateOf,
  contextOf: (row) => ({ status: Number(row.status ?? ShiftStatus.enabled) }),
  fieldsOf: (context) => ({ status: context.status }),
  stateName: (row) => stateLabels[stateOf(row)] ?? '',
  initialFields: { status: ShiftStatus.enabled },
});
