import type { AlarmRecord } from '../../domain/alarms.js';
import { alarmOffers } from '../../machines/alarmMachine.js';

/** How long an alarm that arrives while the wall is open flashes. */
export const FLASH_MS = 6_000;
/** Rows the queue shows until it has measured how many fit; the rest are counted below it. */
export const QUEUE_ROWS = 8;

/** How long an unacknowledged arrival may keep a reserved row on a full wall. */
export const ARRIVAL_VISIBLE_MS = 60_000;

/**
 * How severe an alarm counts in every queue (issue #19: escalation raises it): its severity, one
 * higher while it is escalated and still unacknowledged — an escalated 一般 joins the 重要, an
 * escalated 紧急 goes above every other 紧急. Once someone acknowledged it, it is theirs and falls
 * back to its own severity (the 已升级 tag stays).
 */
export const rankOf = (a: Pick<AlarmRecord, 'severity' | 'escalated' | 'ackTime'>) =>
  a.severity + (a.escalated && a.ackTime === null ? 1 : 0);

/** The queue's order: unacknowledged first, then the highest rank, then the one waiting longest. */
export function compareQueue(a: AlarmRecord, b: AlarmRecord): number {
  const unacked = Number(a.ackTime !== null) - Number(b.ackTime !== null);
  if (unacked !== 0) return unacked;
  return compareRank(a, b) || a.firstTime - b.firstTime || a.recordId - b.recordId;
}
const compareRank = (a: AlarmRecord, b: AlarmRecord) => rankOf(b) - rankOf(a) || b.severity - a.severity;

/** How the live console lists open alarms: by severity (the default), or the newest first. */
export type ConsoleOrder = 'severity' | 'newest';

/**
 * The live console's order (issue #19), the wall's rule within each severity group: by rank, then
 * unacknowledged before acknowledged, then the one waiting longest (compareQueue). Newest first is
 * just that: the latest raised on top, whatever its severity, for an operator following arrivals.
 */
export function compareConsole(order: ConsoleOrder) {
  return (a: AlarmRecord, b: AlarmRecord): number =>
    order === 'newest'
      ? b.firstTime - a.firstTime || b.recordId - a.recordId
      : rankOf(b) - rankOf(a) || compareQueue(a, b);
}

export interface QueueView {
  shown: AlarmRecord[];
  /** Open alarms below the cut. */
  more: number;
  /** Of those, not acknowledged yet. */
  moreUnacked: number;
  /** Of those, not acknowledged and 紧急. */
  moreUrgent: number;
}

/**
 * The rows the wall shows (issue #18: the wall never hides what matters). Open alarms are ordered by
 * `compareQueue`, so an unacknowledged alarm is never below an acknowledged or less severe one, and cut
 * to the rows that fit. An arrival (raised, or repeated, while the wall is open) that would fall below
 * the cut takes one of the last rows — at most half of them — so a new alarm is on screen at once
 * whatever the queue holds: while it flashes whatever its severity, then for up to a minute while it is
 * unacknowledged and no hidden unacknowledged alarm is more severe.
 */
export function queueView(
  open: readonly AlarmRecord[],
  rows = QUEUE_ROWS,
  arrival: (a: AlarmRecord) => 'flashing' | 'recent' | null = () => null,
): QueueView {
  const ordered = [...open].sort(compareQueue);
  const cut = Math.max(1, rows);
  if (ordered.length <= cut) return { shown: ordered, more: 0, moreUnacked: 0, moreUrgent: 0 };
  const below = ordered.slice(cut);
  const kind = new Map(below.map((a) => [a.recordId, arrival(a)]));
  const candidates = below
    .filter(
      (a) => kind.get(a.recordId) === 'flashing' || (kind.get(a.recordId) === 'recent' && a.ackTime === null),
    )
    .sort((a, b) => compareQueue(a, b) || b.lastTime - a.lastTime)
    .slice(0, Math.max(1, Math.floor(cut / 2)));
  // once it has stopped flashing, an arrival yields its row to a more severe unacknowledged alarm
  const reserved = new Set(candidates.map((a) => a.recordId));
  const hiddenWorst = () =>
    Math.max(
      0,
      ...below.filter((a) => !reserved.has(a.recordId) && a.ackTime === null).map((a) => a.severity),
    );
  for (const a of [...candidates].reverse())
    if (kind.get(a.recordId) !== 'flashing' && a.severity < hiddenWorst()) reserved.delete(a.recordId);
  const late = candidates.filter((a) => reserved.has(a.recordId));
  const shown = [...ordered.slice(0, cut - late.length), ...late];
  const visible = new Set(shown.map((a) => a.recordId));
  const hidden = ordered.filter((a) => !visible.has(a.recordId));
  const unacked = hidden.filter((a) => a.ackTime === null);
  return {
    shown,
    more: hidden.length,
    moreUnacked: unacked.length,
    moreUrgent: unacked.filter((a) => a.severity >= 3).length,
  };
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
 * Whether an alarm counts as an arrival for the queue: flashing (seen in the last few seconds) or
 * recent (seen within the last minute); alarms present when the wall opened are neither.
 */
export function arrivalOf(seenAt: number | undefined, now: number): 'flashing' | 'recent' | null {
  if (seenAt === undefined || seenAt <= 0) return null;
  if (isFlashing(seenAt, now)) return 'flashing';
  return now - seenAt < ARRIVAL_VISIBLE_MS ? 'recent' : null;
}

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
export const canAck = (record: AlarmRecord) => alarmOffers(record, 'alarm.ack');

/** Waiting time as a stopwatch (0:42, 12:05, 1:02:05): fixed-width digits read well from across the room. */
export function stopwatch(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
