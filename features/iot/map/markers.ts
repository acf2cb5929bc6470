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
  // 处理中 says someone has taken the resident on: never while any of their alarms waits unacknowledged
  // (an acknowledged SOS and a new 低电量 nobody has seen is still a resident with something waiting)
  if (serious.length > 0) return alarms.some((a) => a.ackTime === null) ? 'alarm' : 'handling';
  if (now - seenAt > LOCATION_OFFLINE_MS) return 'offline';
  const low = battery !== undefined && battery !== null && battery >= 0 && battery <= LOW_BATTERY_PERCENT;
  return low || alarms.length > 0 ? 'lowBattery' : 'online';
}

/** Open alarms by device, the most urgent first (unacknowledged, then severity, then the longest waiting). */
export function alarmsByDevice<T extends OpenAlarm>(open: readonly T[]): Map<number, T[]> {
  const byDevice = new Map<number, T[]>();
  for (const a of open) byDevice.set(a.deviceId, [...(byDevice.get(a.deviceId) ?? []), a]);
  for (const list of byDevice.values()) list.sort(mostUrgentFirst);
  return byDevice;
}
const mostUrgentFirst = (a: OpenAlarm, b: OpenAlarm) =>
  Number(a.ackTime !== null) - Number(b.ackTime !== null) ||
  b.severity - a.severity ||
  a.firstTime - b.firstTime;

/**
 * A resident's open alarms on the map: those of the device itself and of the resident's other devices
 * (a mattress, a call button), which have no marker of their own, the most urgent first. A watch whose
 * wearer's mattress raised an alarm is the resident with an alarm.
 */
export function residentAlarms<T extends OpenAlarm & Pick<AlarmRecord, 'oldmanId' | 'recordId'>>(
  byDevice: ReadonlyMap<number, readonly T[]>,
  byResident: ReadonlyMap<number, readonly T[]>,
  deviceId: number,
  oldmanId: number | null | undefined,
): T[] {
  const own = byDevice.get(deviceId) ?? [];
  const theirs = oldmanId == null ? [] : (byResident.get(oldmanId) ?? []);
  if (theirs.length === 0) return [...own];
  const seen = new Set(own.map((a) => a.recordId));
  return [...own, ...theirs.filter((a) => !seen.has(a.recordId))].sort(mostUrgentFirst);
}

/** Open alarms by resident (alarms of no resident are left out). */
export function alarmsByResident<T extends Pick<AlarmRecord, 'oldmanId'>>(
  open: readonly T[],
): Map<number, T[]> {
  const byResident = new Map<number, T[]>();
  for (const a of open)
    if (a.oldmanId !== null) byResident.set(a.oldmanId, [...(byResident.get(a.oldmanId) ?? []), a]);
  return byResident;
}

/** One number for a floor of a building: the key trails, scenes and alarm counts are kept by. */
export const floorKeyOf = (buildingId: number, floorNo: number): number => buildingId * 1000 + floorNo;

/** Open and unacknowledged alarms per floor (floorKeyOf, where the alarm was raised). */
export function alarmsPerFloor(
  open: readonly Pick<AlarmRecord, 'buildingId' | 'floorNo' | 'ackTime'>[],
): Map<number, { open: number; unacked: number }> {
  const counts = new Map<number, { open: number; unacked: number }>();
  for (const a of open) {
    if (a.buildingId === null || a.floorNo === null) continue;
    const key = floorKeyOf(a.buildingId, a.floorNo);
    const c = counts.get(key) ?? { open: 0, unacked: 0 };
    c.open++;
    if (a.ackTime === null) c.unacked++;
    counts.set(key, c);
  }
  return counts;
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
  /** floorKeyOf(buildingId, floorNo) */
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

/** A device's position onto its trail in `trails` (by device id), at `ts`. */
export function addToTrail(
  trails: Map<number, TrailPoint[]>,
  p: { deviceId: number; lng: number; lat: number; buildingId: number; floorNo: number },
  ts: number,
  now: number,
): void {
  const trail = trails.get(p.deviceId) ?? [];
  const point = { lng: p.lng, lat: p.lat, ts, floorKey: floorKeyOf(p.buildingId, p.floorNo) };
  trails.set(p.deviceId, extendTrail(trail, point, now));
}

/**
 * The trail drawn on a floor: only its points on that floor, in the span. A resident who took the lift
 * leaves the floor's trail where they left it; nothing from another floor is drawn across this plan.
 */
export function trailOnFloor(trail: readonly TrailPoint[], floorKey: number, now: number): LngLat[] {
  return trail.filter((p) => p.floorKey === floorKey && now - p.ts <= TRAIL_MS).map((p) => [p.lng, p.lat]);
}

/** A mark along a trail: an arrow the way the resident went, or the time they were there. */
export interface TrailMark {
  at: LngLat;
  /** Degrees counter-clockwise from east (deck.gl's getAngle), the way of travel (arrows only). */
  angle: number;
  kind: 'arrow' | 'time';
  /** HH:MM:SS for a time mark, '' for an arrow. */
  text: string;
}
/** Time marks at most this often along a trail (one at its start, then one a minute). */
export const TRAIL_TIME_EVERY_MS = 60_000;
/** An arrow at most every this many points (and on the last step, the way the resident goes now). */
const ARROW_EVERY = 4;
const hhmmss = (ts: number) => new Date(ts).toLocaleTimeString('zh-CN', { hour12: false });

/**
 * Direction and time along the trail drawn on a floor: arrows along the way pointing where the
 * resident went (every few steps that moved, and on the last one, so the way they went last always
 * shows), a time at the trail's start and one about each minute after.
 */
export function trailMarks(trail: readonly TrailPoint[], floorKey: number, now: number): TrailMark[] {
  const points = trail.filter((p) => p.floorKey === floorKey && now - p.ts <= TRAIL_MS);
  const marks: TrailMark[] = [];
  let lastTime = -Infinity;
  for (const p of points)
    if (p.ts - lastTime >= TRAIL_TIME_EVERY_MS) {
      marks.push({ at: [p.lng, p.lat], angle: 0, kind: 'time', text: hhmmss(p.ts) });
      lastTime = p.ts;
    }
  // the steps that went somewhere (a resident standing still has no way to show)
  const steps = points.flatMap((p, i) => {
    const prev = points[i - 1];
    if (!prev) return [];
    const dx = (p.lng - prev.lng) * Math.cos((p.lat * Math.PI) / 180);
    const dy = p.lat - prev.lat;
    return dx === 0 && dy === 0 ? [] : [{ p, prev, angle: (Math.atan2(dy, dx) * 180) / Math.PI }];
  });
  for (const [i, { p, prev, angle }] of steps.entries())
    if (i % ARROW_EVERY === 0 || i === steps.length - 1)
      marks.push({
        at: [(p.lng + prev.lng) / 2, (p.lat + prev.lat) / 2],
        angle,
        kind: 'arrow',
        text: '',
      });
  return marks;
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
