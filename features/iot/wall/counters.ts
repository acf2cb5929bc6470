import { type AlarmRecord, Severity } from '../../../domain/alarms.js';

/** The counters of the top bar: open alarms by severity, by kind, and those nobody has acknowledged. */
export interface AlarmCounts {
  open: number;
  critical: number;
  high: number;
  normal: number;
  unacked: number;
  positioning: number;
  mattress: number;
}

export function alarmCounts(open: readonly AlarmRecord[]): AlarmCounts {
  const counts: AlarmCounts = {
    open: open.length,
    critical: 0,
    high: 0,
    normal: 0,
    unacked: 0,
    positioning: 0,
    mattress: 0,
  };
  for (const a of open) {
    if (a.severity >= Severity.critical) counts.critical++;
    else if (a.severity === Severity.high) counts.high++;
    else counts.normal++;
    if (a.ackTime === null) counts.unacked++;
    if (a.source === 'pnt') counts.positioning++;
    else counts.mattress++;
  }
  return counts;
}

/** One row of GET /tdms/web-td/device/statistics. */
export interface DeviceStat {
  kind: string;
  kindName: string;
  total: number;
  online: number;
  offline: number;
}

/** Devices online and offline over every kind. */
export function deviceCounts(stats: readonly DeviceStat[]): {
  total: number;
  online: number;
  offline: number;
} {
  let online = 0;
  let offline = 0;
  for (const s of stats) {
    online += s.online;
    offline += s.offline;
  }
  return { total: online + offline, online, offline };
}
