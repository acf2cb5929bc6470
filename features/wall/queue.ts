import type { AlarmRecord } from '../../domain/alarms.js';
import { alarmTransition } from '../../machines/alarmMachine.js';

/** How long an alarm that arrives while the wall is open flashes. */
export const FLASH_MS = 6_000;
/** Rows the queue shows on a 1080-pixel screen; the rest are counted below it. */
export const QUEUE_ROWS = 8;

/** How long an acknowledged arrival keeps its row on a full wall. */
export const ARRIVAL_VISIBLE_MS = 60_000;

/**
 * The rows the wall shows. The alarm store already orders open alarms by severity, then the oldest
 * first (the console's order); the wall keeps that order and cuts it to the screen. An alarm that
 * arrived while the wall was open and is not acknowledged (or was, within the last minute), and would
 * fall below the cut, takes one of the last rows (at most half of them), so a new emergency is never
 * only a "另有 N 条" count on a full wall.
 */
export function queueView(
  open: readonly AlarmRecord[],
  rows = QUEUE_ROWS,
  arrivedRecently: (a: AlarmRecord) => boolean = () => false,
) {
  if (open.length <= rows) return { shown: open, more: 0 };
  const late = open
    .slice(rows)
    .filter(arrivedRecently)
    .slice(0, Math.floor(rows / 2));
  const shown = [...open.slice(0, rows - late.length), ...late];
  return { shown, more: open.length - shown.length };
}

/**
 * When this page first saw each open alarm. Alarms that began before the page opened count as seen long
 * ago (0), so only real arrivals flash, those raised while the page was reconnecting included; alarms that
 * closed are forgotten. A repeat raised after the sighting (an SOS pressed again, joining the open alarm
 * as ×2) is an arrival again: on a busy wall the open alarm may sit below the cut, and the second press
 * must not stay a "另有 N 条" count.
 */
export function noteArrivals(
  seen: ReadonlyMap<number, number>,
  open: readonly AlarmRecord[],
  now: number,
  openedAt: number,
): Map<number, number> {
  const before = lastTimesOf.get(seen);
  const next = new Map<number, number>();
  const lastTimes = new Map<number, number>();
  for (const a of open) {
    const at = seen.get(a.recordId);
    const previous = before?.get(a.recordId);
    const repeated = at !== undefined && previous !== undefined && a.lastTime > previous && a.count > 1;
    next.set(a.recordId, at === undefined ? (a.firstTime < openedAt ? 0 : now) : repeated ? now : at);
    lastTimes.set(a.recordId, a.lastTime);
  }
  lastTimesOf.set(next, lastTimes);
  return next;
}

/** The alarms' last repeat times as each sighting map saw them (compared with the next update's). */
const lastTimesOf = new WeakMap<ReadonlyMap<number, number>, ReadonlyMap<number, number>>();

export const isFlashing = (seenAt: number | undefined, now: number) =>
  seenAt !== undefined && seenAt > 0 && now - seenAt < FLASH_MS;

/**
 * An arrival the wall keeps in view: raised while the wall was open, and either not acknowledged yet,
 * or arrived or acknowledged within the last minute (so the operator sees the acknowledgement land).
 */
export const isRecentArrival = (seenAt: number | undefined, now: number, ackTime: number | null = null) =>
  seenAt !== undefined &&
  seenAt > 0 &&
  (ackTime === null || now - seenAt < ARRIVAL_VISIBLE_MS || now - ackTime < ARRIVAL_VISIBLE_MS);

/** The newest arrival still flashing, if any: the map shows its floor. */
export function newestArrival(
  seen: ReadonlyMap<number, number>,
  open: readonly AlarmRecord[],
  now: number,
): AlarmRecord | null {
  let newest: AlarmRecord | null = null;
  for (const a of open) {
    const at = seen.get(a.recordId);
    if (isFlashing(at, now) && (newest === null || (at ?? 0) > (seen.get(newest.recordId) ?? 0))) newest = a;
  }
  return newest;
}

/** Room and bed, else the floor, so an operator knows where to send someone. */
export function placeOf(a: Pick<AlarmRecord, 'roomName' | 'bedName' | 'floorNo'>): string {
  const place = [a.roomName, a.bedName].filter(Boolean).join(' ');
  if (place) return place;
  return a.floorNo === null ? '—' : `${a.floorNo} 层`;
}

/** Whether the alarm machine allows acknowledging this record now (the server asks the same machine). */
export const canAck = (record: AlarmRecord, at = Date.now()) =>
  alarmTransition(record, { type: 'alarm.ack', userId: 0, userName: '', at }).ok;

/** Waiting time as a stopwatch (0:42, 12:05, 1:02:05): fixed-width digits read well from across the room. */
export function stopwatch(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
