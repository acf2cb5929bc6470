import type { AlarmRecord } from '../../../domain/alarms.js';
import type { MarkerState, Vitals } from '../../../domain/devices.js';
import { type MonitorKind, monitorKinds, seriesUnit, VITALS_STALE_MS } from './kinds.js';

/** One row of GET /pims/web-org/mattressMonitor/{kind}: a mattress, its elder and bed, live vitals. */
export interface MonitorRow {
  deviceId: number;
  deviceName: string;
  oldmanId: number;
  oldmanName: string | null;
  bedId: number | null;
  bedName: string | null;
  roomName: string | null;
  buildingId: number | null;
  buildingName: string | null;
  floorNo: number | null;
  floorName: string | null;
  online: number;
  lastSeen: number | null;
  state: MarkerState;
  /** The last sample the mattress sent since the server started; null before the first. */
  vitals: Vitals | null;
  /** The kind's figure over the last 24 hours (average, in-bed share 0–1 or movement count). */
  value: number | null;
  /** 1 while the elder is out of the home on an outing (docs/decisions.md "Outings"). */
  outing?: number;
}

export type RowStatus = 'alarm' | 'offline' | 'noData' | 'stale' | 'outOfBed' | 'inBed' | 'normal';
export const rowStatusText: Record<Exclude<RowStatus, 'alarm'>, string> = {
  offline: '离线',
  noData: '暂无数据',
  stale: '数据中断',
  outOfBed: '离床',
  inBed: '在床',
  normal: '正常',
};

interface RowState {
  status: RowStatus;
  text: string;
  /** The open alarm of this monitor's vital on this mattress, most severe first. */
  alarm: AlarmRecord | null;
}

/**
 * What the monitor says about a mattress. The thresholds live in the alarm rules, so "abnormal"
 * means exactly what the rules engine raised: an open alarm of the kind's type on this device.
 */
export function rowState(
  kind: MonitorKind,
  row: MonitorRow,
  openAlarms: readonly AlarmRecord[],
  now: number,
): RowState {
  const alarmType = monitorKinds[kind].alarmType;
  const alarm = openAlarms.find(
    (a) => a.source === 'mattress' && a.deviceId === row.deviceId && a.alarmType === alarmType,
  );
  if (alarm) return { status: 'alarm', text: alarm.alarmTypeName, alarm };
  const status = deviceStatus(kind, row, now);
  return { status, text: rowStatusText[status], alarm: null };
}

/** What the mattress itself says, alarms aside. */
export function deviceStatus(kind: MonitorKind, row: MonitorRow, now: number): Exclude<RowStatus, 'alarm'> {
  if (row.online === 0) return 'offline';
  if (!row.vitals) return 'noData';
  if (now - row.vitals.ts > VITALS_STALE_MS) return 'stale';
  if (row.vitals.inBed === 0) return 'outOfBed';
  return kind === 3 ? 'inBed' : 'normal';
}

/** The current reading of the kind, as shown in a cell: "72 次/分", "在床", "3 次", or "—". */
export function currentText(kind: MonitorKind, vitals: Vitals | null): string {
  if (!vitals) return '—';
  switch (kind) {
    case 1:
      return vitals.inBed ? `${vitals.heartRate} ${seriesUnit.heartbeat}` : '—';
    case 2:
      return vitals.inBed ? `${vitals.breathRate} ${seriesUnit.breath}` : '—';
    case 3:
      return vitals.inBed ? '在床' : '离床';
    case 4:
      return `${vitals.movement} ${seriesUnit.roll}`;
  }
}

/** The 24-hour figure of the kind: "71 次/分", "92%", "318 次", or "—". */
export function dayValueText(kind: MonitorKind, value: number | null): string {
  if (value === null) return '—';
  switch (kind) {
    case 1:
      return `${Math.round(value)} ${seriesUnit.heartbeat}`;
    case 2:
      return `${Math.round(value)} ${seriesUnit.breath}`;
    case 3:
      return `${Math.round(value * 100)}%`;
    case 4:
      return `${Math.round(value)} ${seriesUnit.roll}`;
  }
}

/** "1号楼 2层 201室 1床" (whatever parts are known). */
export const placeText = (row: Pick<MonitorRow, 'buildingName' | 'floorName' | 'roomName' | 'bedName'>) =>
  [row.buildingName, row.floorName, row.roomName, row.bedName].filter(Boolean).join(' ') || '—';

const collator = new Intl.Collator('zh-CN', { numeric: true });
/** Building, floor, room, bed: the order of the corridors, so a bed keeps its place on the screen. */
export function byPlace(a: MonitorRow, b: MonitorRow): number {
  return (
    (a.buildingId ?? Number.MAX_SAFE_INTEGER) - (b.buildingId ?? Number.MAX_SAFE_INTEGER) ||
    (a.floorNo ?? Number.MAX_SAFE_INTEGER) - (b.floorNo ?? Number.MAX_SAFE_INTEGER) ||
    collator.compare(a.roomName ?? '', b.roomName ?? '') ||
    collator.compare(a.bedName ?? '', b.bedName ?? '') ||
    a.deviceId - b.deviceId
  );
}

export interface PlaceFilter {
  /** '' for all. */
  buildingId: string;
  floorNo: string;
  /** Part of the elder's name, room or bed. */
  text: string;
}
export const noPlaceFilter: PlaceFilter = { buildingId: '', floorNo: '', text: '' };

export function filterRows<R extends MonitorRow>(rows: readonly R[], filter: PlaceFilter): R[] {
  const text = filter.text.trim();
  return rows.filter(
    (r) =>
      (filter.buildingId === '' || String(r.buildingId) === filter.buildingId) &&
      (filter.floorNo === '' || String(r.floorNo) === filter.floorNo) &&
      (text === '' || [r.oldmanName, r.roomName, r.bedName].some((v) => v?.includes(text))),
  );
}

export interface BuildingOption {
  buildingId: number;
  buildingName: string;
  floors: { floorNo: number; floorName: string }[];
}

/** The buildings and floors that have mattresses, for the filter selects. */
export function placeOptions(rows: readonly MonitorRow[]): BuildingOption[] {
  const buildings = new Map<number, BuildingOption>();
  for (const r of rows) {
    if (r.buildingId === null) continue;
    const b = buildings.get(r.buildingId) ?? {
      buildingId: r.buildingId,
      buildingName: r.buildingName ?? `${r.buildingId}号楼`,
      floors: [],
    };
    if (r.floorNo !== null && !b.floors.some((f) => f.floorNo === r.floorNo))
      b.floors.push({ floorNo: r.floorNo, floorName: r.floorName ?? `${r.floorNo}层` });
    buildings.set(r.buildingId, b);
  }
  return [...buildings.values()]
    .sort((a, b) => a.buildingId - b.buildingId)
    .map((b) => ({ ...b, floors: b.floors.sort((x, y) => x.floorNo - y.floorNo) }));
}

/** "10:30:05" in local time. */
export function timeOfDay(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
