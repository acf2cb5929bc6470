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

/**
 * Rows the operator just acknowledged stay where they were until the hand moves on (issue #38): the
 * order moves an acknowledged row down, and the next row's 确认 slid under the mouse — a double click
 * acknowledged a second alarm. `held` maps a record id to the index its row had; every other row keeps
 * the order around it, and a held row no longer open is simply gone.
 */
export function holdInPlace<T extends { recordId: number }>(
  sorted: readonly T[],
  held: ReadonlyMap<number, number>,
): T[] {
  if (held.size === 0) return [...sorted];
  const staying = sorted
    .filter((r) => held.has(r.recordId))
    .map((row) => ({ row, at: held.get(row.recordId) ?? 0 }))
    .sort((a, b) => a.at - b.at);
  const rest = sorted.filter((r) => !held.has(r.recordId));
  for (const { row, at } of staying) rest.splice(Math.min(at, rest.length), 0, row);
  return rest;
}

export interface QueueView {
  shown: AlarmRecord[];
  /** Open alarms below the cut. */
  more: number;
  /** Of those, not acknowledged yet. */
  moreUnacked: number;
  /** Of those, not acknowledged and 紧急. */
  moreUrgent: number;
  /** The severity of the most severe of those not acknowledged, 0 when none. */
  hiddenWorst: number;
}

/**
 * The rows the wall shows: the wall never hides what matters. Open alarms are ordered by
 * `compareQueue` (unacknowledged first, then the most severe, then the one waiting longest) and cut to
 * the rows that fit, so no acknowledged or less severe row is ever on screen while an unacknowledged,
 * more severe one is hidden. Within that rule a new alarm still shows at once: an unacknowledged arrival
 * (raised, or repeated, in the last minute) that falls below the cut takes the row of the last shown
 * alarm of its severity that is not an arrival itself — at most half of the rows — so the 15th SOS on a
 * wall of fourteen older (even escalated) ones is seen, while a new 一般 never pushes out a waiting SOS
 * (it is counted below, announced by the sound and the header).
 */
export function queueView(
  open: readonly AlarmRecord[],
  rows = QUEUE_ROWS,
  arrival: (a: AlarmRecord) => 'flashing' | 'recent' | null = () => null,
): QueueView {
  const ordered = [...open].sort(compareQueue);
  const cut = Math.max(1, rows);
  if (ordered.length <= cut)
    return { shown: ordered, more: 0, moreUnacked: 0, moreUrgent: 0, hiddenWorst: 0 };
  const shown = ordered.slice(0, cut);
  const arrivals = ordered
    .slice(cut)
    .filter((a) => a.ackTime === null && arrival(a) !== null)
    .sort((a, b) => compareRank(a, b) || b.lastTime - a.lastTime || b.recordId - a.recordId);
  const kept = new Set<number>();
  for (const a of arrivals) {
    if (kept.size >= Math.max(1, Math.floor(cut / 2))) break;
    // from the bottom, past rows of its severity that are arrivals themselves, up to a more severe one:
    // an escalated alarm of the same severity gives its row too (it has been on the wall; the new one
    // has not), a more severe one never does
    for (let i = shown.length - 1; i >= 0; i -= 1) {
      const row = shown[i] as AlarmRecord;
      if (row.severity !== a.severity) break;
      if (kept.has(row.recordId) || arrival(row) !== null) continue;
      shown[i] = a;
      kept.add(a.recordId);
      break;
    }
  }
  const visible = new Set(shown.map((a) => a.recordId));
  const unacked = ordered.filter((a) => !visible.has(a.recordId) && a.ackTime === null);
  return {
    shown,
    more: ordered.length - shown.length,
    moreUnacked: unacked.length,
    moreUrgent: unacked.filter((a) => a.severity >= 3).length,
    hiddenWorst: Math.max(0, ...unacked.map((a) => a.severity)),
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
 * Whether a row flashes: an arrival in its first seconds, and only while nobody has acknowledged it —
 * a flashing acknowledged 一般 was the brightest thing on a wall with SOS waiting.
 */
export const rowFlashes = (a: Pick<AlarmRecord, 'ackTime'>, seenAt: number | undefined, now: number) =>
  a.ackTime === null && isFlashing(seenAt, now);

/**
 * Whether an alarm counts as an arrival for the queue: flashing (seen in the last few seconds) or
 * recent (seen within the last minute); alarms present when the wall opened are neither.
 */
export function arrivalOf(seenAt: number | undefined, now: number): 'flashing' | 'recent' | null {
  if (seenAt === undefined || seenAt <= 0) return null;
  if (isFlashing(seenAt, now)) return 'flashing';
  return now - seenAt < ARRIVAL_VISIBLE_MS ? 'recent' : null;
}

/** The newest unacknowledged arrival still flashing, if any: the map shows its floor. */
export function newestArrival(
  seen: ReadonlyMap<number, number>,
  open: readonly AlarmRecord[],
  now: number,
): AlarmRecord | null {
  let newest: AlarmRecord | null = null;
  for (const a of open) {
    const at = seen.get(a.recordId);
    if (rowFlashes(a, at, now) && (newest === null || (at ?? 0) > (seen.get(newest.recordId) ?? 0)))
      newest = a;
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
