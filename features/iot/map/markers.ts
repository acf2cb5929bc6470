import type { AlarmRecord } from '../../../domain/alarms.js';
import { LOCATION_OFFLINE_MS, LOW_BATTERY_PERCENT } from '../../../domain/devices.js';
import type { LngLat } from '../../../domain/floorPlan.js';

/**
 * What a marker on the live map says (issue #19): an unacknowledged alarm that needs someone (重要 or
 * 紧急) is red; one already acknowledged — a nurse is on the way — is 处理中; a 一般 alarm such as low
 * battery does not paint the resident red, it is 低电量 like a low reading.
 */
export type MapMarkerState = 'alarm' | 'handling' | 'offline' | 'lowBattery' | 'online';

export const mapStateName: Record<MapMarkerState, string> = {
  alarm: '告警',
  handling: '处理中',
  online: '在线',
  offline: '离线',
  lowBattery: '低电量',
};

type OpenAlarm = Pick<AlarmRecord, 'deviceId' | 'severity' | 'ackTime' | 'alarmType' | 'firstTime'>;

export function markerStateOf(
  alarms: readonly OpenAlarm[],
  seenAt: number,
  battery: number | null | undefined,
  now: number,
): MapMarkerState {
  const serious = alarms.filter((a) => a.severity >= 2);
  if (serious.some((a) => a.ackTime === null)) return 'alarm';
  if (serious.length > 0) return 'handling';
  if (now - seenAt > LOCATION_OFFLINE_MS) return 'offline';
  const low = battery !== undefined && battery !== null && battery >= 0 && battery <= LOW_BATTERY_PERCENT;
  return low || alarms.length > 0 ? 'lowBattery' : 'online';
}

/** Open alarms by device, the most urgent first (unacknowledged, then severity, then the longest waiting). */
export function alarmsByDevice<T extends OpenAlarm>(open: readonly T[]): Map<number, T[]> {
  const byDevice = new Map<number, T[]>();
  for (const a of open) byDevice.set(a.deviceId, [...(byDevice.get(a.deviceId) ?? []), a]);
  for (const list of byDevice.values())
    list.sort(
      (a, b) =>
        Number(a.ackTime !== null) - Number(b.ackTime !== null) ||
        b.severity - a.severity ||
        a.firstTime - b.firstTime,
    );
  return byDevice;
}

/** Devices with an unacknowledged 紧急 alarm: a pulsing ring and their name on top. */
export const urgentDevices = (open: readonly OpenAlarm[]): Set<number> =>
  new Set(open.filter((a) => a.severity >= 3 && a.ackTime === null).map((a) => a.deviceId));

// ------------------------------------------------------------------------------------------- trails

/** How far back a trail goes: a span of time, whatever the rate of positions. */
export const TRAIL_MS = 5 * 60_000;
/** A cap on points per trail, for a device that reports many times a second. */
export const TRAIL_MAX_POINTS = 3_000;

export interface TrailPoint {
  lng: number;
  lat: number;
  ts: number;
  /** buildingId * 1000 + floorNo */
  floorKey: number;
}

/** Adds a position to a trail (in time order) and drops what is older than the span. */
export function extendTrail(trail: TrailPoint[], point: TrailPoint, now: number): TrailPoint[] {
  const last = trail.at(-1);
  if (last && point.ts < last.ts) return trail;
  trail.push(point);
  let drop = 0;
  while (
    drop < trail.length &&
    (now - (trail[drop]?.ts ?? 0) > TRAIL_MS || trail.length - drop > TRAIL_MAX_POINTS)
  )
    drop++;
  if (drop > 0) trail.splice(0, drop);
  return trail;
}

/**
 * The trail drawn on a floor: only its points on that floor, in the span. A resident who took the lift
 * leaves the floor's trail where they left it; nothing from another floor is drawn across this plan.
 */
export function trailOnFloor(trail: readonly TrailPoint[], floorKey: number, now: number): LngLat[] {
  return trail.filter((p) => p.floorKey === floorKey && now - p.ts <= TRAIL_MS).map((p) => [p.lng, p.lat]);
}

/** The resident search: names (and device names) containing the text, those with a position first. */
export function searchResidents<
  T extends { oldmanName: string | null; deviceName: string; floorNo: number | null },
>(devices: readonly T[], text: string, limit = 8): T[] {
  const q = text.trim();
  if (!q) return [];
  return devices
    .filter((d) => (d.oldmanName ?? '').includes(q) || d.deviceName.includes(q))
    .sort((a, b) => Number(a.floorNo === null) - Number(b.floorNo === null))
    .slice(0, limit);
}
