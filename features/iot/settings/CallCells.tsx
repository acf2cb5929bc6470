import type { ReactNode } from 'react';
import { placeText } from '../../../domain/alarms.js';
import { clock } from '../AlarmConsole.js';
import type { CallRecord } from '../api/calls.js';

/** The columns the call board starts with: when, who, where, which device, and its state. */
export const CallHeadCells = () => (
  <>
    <th>呼叫时间</th>
    <th>长者</th>
    <th>位置</th>
    <th>设备型号</th>
    <th>状态</th>
  </>
);

export const CallCells = ({ call, state }: { call: CallRecord; state: ReactNode }) => (
  <>
    <td>{clock(call.callTime)}</td>
    <td>{call.oldmanName ?? '—'}</td>
    <td>{placeText(call) ?? '—'}</td>
    <td>{call.model}</td>
    <td>{state}</td>
  </>
);
