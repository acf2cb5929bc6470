import { from, queueScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { alarmStore } from '../../streams/alarms.js';
import { makeAlarm } from './makeAlarm.js';
import {
  ARRIVAL_VISIBLE_MS,
  arrivalOf,
  canAck,
  FLASH_MS,
  isFlashing,
  newestArrival,
  noteArrivals,
  placeOf,
  QUEUE_ROWS,
  queueView,
  stopwatch,
} from './queue.js';

const t0 = 1_700_000_000_000;

describe('queue order', () => {
  it('shows the most severe first, then the one waiting longest', () => {
    const store = alarmStore(
      from([
        makeAlarm({ recordId: 1, severity: 1, firstTime: t0 }),
        makeAlarm({ recordId: 2, severity: 3, firstTime: t0 + 30_000 }),
        makeAlarm({ recordId: 3, severity: 2, firstTime: t0 + 10_000 }),
        makeAlarm({ recordId: 4, severity: 3, firstTime: t0 + 5_000 }),
        makeAlarm({ recordId: 5, severity: 3, firstTime: t0 + 1_000, status: 3 }),
      ]),
      { scheduler: queueScheduler },
    );
    const { shown, more } = queueView(store.open().getSnapshot());
    expect(shown.map((a) => a.recordId)).toEqual([4, 2, 3, 1]);
    expect(more).toBe(0);
    store.dispose();
  });

  it('cuts the queue to the screen and counts the rest', () => {
    const open = Array.from({ length: QUEUE_ROWS + 3 }, (_, i) => makeAlarm({ recordId: i + 1 }));
    const { shown, more } = queueView(open);
    expect(shown).toHaveLength(QUEUE_ROWS);
    expect(more).toBe(3);
  });

  it('never hides an unacknowledged alarm behind an acknowledged or less severe one', () => {
    const acked = (recordId: number, severity: number) =>
      makeAlarm({
        recordId,
        severity,
        firstTime: t0 + recordId,
        ackTime: t0 + 100_000,
        ackBy: 1,
        ackName: '王护士',
      });
    const open = [
      acked(1, 3),
      acked(2, 3),
      makeAlarm({ recordId: 3, severity: 1, firstTime: t0 + 3 }),
      makeAlarm({ recordId: 4, severity: 3, firstTime: t0 + 40 }),
      makeAlarm({ recordId: 5, severity: 2, firstTime: t0 + 5 }),
      makeAlarm({ recordId: 6, severity: 3, firstTime: t0 + 6 }),
    ];
    const view = queueView(open, 4);
    // within a severity the one waiting longest first; acknowledged ones only after every unacknowledged
    expect(view.shown.map((a) => a.recordId)).toEqual([6, 4, 5, 3]);
    expect(view).toMatchObject({ more: 2, moreUnacked: 0, moreUrgent: 0 });
    const cut = queueView(open, 2);
    expect(cut.shown.map((a) => a.recordId)).toEqual([6, 4]);
    expect(cut).toMatchObject({ more: 4, moreUnacked: 2, moreUrgent: 0 });
  });

  it('puts a new arrival on a full wall at once, whatever the queue holds', () => {
    // 150 open alarms, 60 of them unacknowledged SOS waiting longer than the newcomer
    const old = Array.from({ length: 150 }, (_, i) =>
      makeAlarm({
        recordId: i + 1,
        severity: i < 60 ? 3 : 1 + (i % 2),
        firstTime: t0 + i,
        ...(i % 3 === 0 && i >= 60 ? { ackTime: t0 + 1_000, ackBy: 1, ackName: '王护士' } : {}),
      }),
    );
    const arrivedAt = t0 + 120_000;
    // several in the same second: an SOS, a low battery and a tamper
    const newcomers = [
      makeAlarm({ recordId: 201, severity: 3, firstTime: arrivedAt }),
      makeAlarm({ recordId: 202, severity: 1, firstTime: arrivedAt }),
      makeAlarm({ recordId: 203, severity: 2, firstTime: arrivedAt }),
    ];
    const seen = new Map(newcomers.map((a) => [a.recordId, arrivedAt]));
    const view = (now: number) =>
      queueView([...old, ...newcomers], QUEUE_ROWS, (a) => arrivalOf(seen.get(a.recordId), now));
    const fresh = view(arrivedAt + 1_000);
    expect(fresh.shown).toHaveLength(QUEUE_ROWS);
    expect(fresh.shown.slice(-3).map((a) => a.recordId)).toEqual([201, 203, 202]);
    expect(fresh.shown.slice(0, QUEUE_ROWS - 3).every((a) => a.severity === 3 && a.ackTime === null)).toBe(
      true,
    );
    expect(fresh.more).toBe(153 - QUEUE_ROWS);
    expect(fresh.moreUrgent).toBe(60 - (QUEUE_ROWS - 3));
    // after the flash the SOS keeps its row for a minute; the less severe newcomers yield theirs to the
    // hidden unacknowledged SOS
    const later = view(arrivedAt + FLASH_MS + 1_000);
    expect(later.shown.map((a) => a.recordId)).toContain(201);
    expect(later.shown.map((a) => a.recordId)).not.toContain(202);
    expect(later.shown.map((a) => a.recordId)).not.toContain(203);
    expect(later.shown.every((a) => a.severity === 3 && a.ackTime === null)).toBe(true);
    // then the strict order holds: the newest SOS waits its turn behind the older ones
    expect(view(arrivedAt + ARRIVAL_VISIBLE_MS + 1).shown.map((a) => a.recordId)).not.toContain(201);
  });

  it('gives no row to an acknowledged arrival once it has stopped flashing', () => {
    const old = Array.from({ length: QUEUE_ROWS + 2 }, (_, i) => makeAlarm({ recordId: i + 1, severity: 1 }));
    const arrivedAt = t0 + 120_000;
    const seen = new Map([[99, arrivedAt]]);
    const acked = makeAlarm({
      recordId: 99,
      severity: 3,
      firstTime: arrivedAt,
      ackTime: arrivedAt + 2_000,
      ackBy: 1,
    });
    const view = (now: number) =>
      queueView([...old, acked], QUEUE_ROWS, (a) => arrivalOf(seen.get(a.recordId), now)).shown.map(
        (a) => a.recordId,
      );
    expect(view(arrivedAt + 3_000)).toContain(99);
    expect(view(arrivedAt + FLASH_MS + 1)).not.toContain(99);
  });
});

describe('arrivals', () => {
  const openedAt = t0 + 60_000;
  const before = makeAlarm({ recordId: 1, firstTime: t0 });
  const during = makeAlarm({ recordId: 2, firstTime: openedAt + 5_000 });

  it('flashes alarms raised after the wall opened, for a few seconds only', () => {
    const seen = noteArrivals(new Map(), [before, during], openedAt + 6_000, openedAt);
    expect(isFlashing(seen.get(1), openedAt + 6_000)).toBe(false);
    expect(isFlashing(seen.get(2), openedAt + 6_000)).toBe(true);
    expect(isFlashing(seen.get(2), openedAt + 6_000 + FLASH_MS)).toBe(false);
  });

  it('keeps the first sighting across updates and forgets closed alarms', () => {
    const first = noteArrivals(new Map(), [during], openedAt + 6_000, openedAt);
    const later = noteArrivals(first, [{ ...during, count: 2, version: 2 }], openedAt + 9_000, openedAt);
    expect(later.get(2)).toBe(openedAt + 6_000);
    expect(noteArrivals(later, [], openedAt + 10_000, openedAt).size).toBe(0);
  });

  it('takes a repeat raised after the sighting as an arrival again (an SOS pressed twice)', () => {
    const sos = makeAlarm({ recordId: 3, firstTime: t0, lastTime: t0 });
    const first = noteArrivals(new Map(), [sos], openedAt + 1_000, openedAt);
    expect(first.get(3)).toBe(0);
    const pressedAgain = { ...sos, count: 2, version: 2, lastTime: openedAt + 20_000 };
    const later = noteArrivals(first, [pressedAgain], openedAt + 21_000, openedAt);
    expect(later.get(3)).toBe(openedAt + 21_000);
    expect(arrivalOf(later.get(3), openedAt + 22_000)).toBe('flashing');
    expect(arrivalOf(later.get(3), openedAt + 21_000 + FLASH_MS)).toBe('recent');
    expect(arrivalOf(first.get(3), openedAt + 22_000)).toBeNull();
    // the same repeat read again is not a third arrival
    expect(noteArrivals(later, [pressedAgain], openedAt + 30_000, openedAt).get(3)).toBe(openedAt + 21_000);
  });

  it('names the newest arrival still flashing', () => {
    const a = makeAlarm({ recordId: 2, firstTime: openedAt + 1 });
    const b = makeAlarm({ recordId: 3, firstTime: openedAt + 2 });
    let seen = noteArrivals(new Map(), [a], openedAt + 1_000, openedAt);
    seen = noteArrivals(seen, [a, b], openedAt + 2_000, openedAt);
    expect(newestArrival(seen, [a, b], openedAt + 2_500)?.recordId).toBe(3);
    expect(newestArrival(seen, [a, b], openedAt + 2_000 + FLASH_MS)).toBeNull();
  });
});

describe('row details', () => {
  it('says where: room and bed, else the floor', () => {
    expect(placeOf({ roomName: '1203', bedName: '2床', floorNo: 2 })).toBe('1203 2床');
    expect(placeOf({ roomName: null, bedName: null, floorNo: 3 })).toBe('3 层');
    expect(placeOf({ roomName: null, bedName: null, floorNo: null })).toBe('—');
  });

  it('counts the wait up like a stopwatch', () => {
    expect(stopwatch(42_900)).toBe('0:42');
    expect(stopwatch(12 * 60_000 + 5_000)).toBe('12:05');
    expect(stopwatch(3_600_000 + 2 * 60_000 + 5_000)).toBe('1:02:05');
    expect(stopwatch(-500)).toBe('0:00');
  });

  it('offers acknowledge only while the alarm machine allows it', () => {
    expect(canAck(makeAlarm())).toBe(true);
    expect(canAck(makeAlarm({ ackTime: t0, ackBy: 1, ackName: '王护士' }))).toBe(false);
    expect(canAck(makeAlarm({ status: 3 }))).toBe(false);
  });
});
