import fc from 'fast-check';
import { from, queueScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { alarmStore } from '../../streams/alarms.js';
import { makeAlarm } from './makeAlarm.js';
import {
  ARRIVAL_VISIBLE_MS,
  arrivalOf,
  canAck,
  FLASH_MS,
  holdInPlace,
  isFlashing,
  newestArrival,
  noteArrivals,
  placeOf,
  QUEUE_ROWS,
  queueView,
  rowFlashes,
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

  it('puts a new SOS on a wall full of older SOS at once, but never a quieter arrival over a waiting SOS', () => {
    // 150 open alarms, 60 of them unacknowledged SOS waiting longer than the newcomers
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
      makeAlarm({ recordId: 201, severity: 3, firstTime: arrivedAt, lastTime: arrivedAt }),
      makeAlarm({ recordId: 202, severity: 1, firstTime: arrivedAt, lastTime: arrivedAt }),
      makeAlarm({ recordId: 203, severity: 2, firstTime: arrivedAt, lastTime: arrivedAt }),
    ];
    const seen = new Map(newcomers.map((a) => [a.recordId, arrivedAt]));
    const view = (now: number) =>
      queueView([...old, ...newcomers], QUEUE_ROWS, (a) => arrivalOf(seen.get(a.recordId), now));
    for (const now of [arrivedAt + 1_000, arrivedAt + FLASH_MS + 1_000]) {
      const v = view(now);
      const ids = v.shown.map((a) => a.recordId);
      expect(ids).toHaveLength(QUEUE_ROWS);
      // the new SOS takes the last row of the SOS group, the oldest SOS keep the rows above it
      expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 201]);
      // the 一般 and 重要 newcomers stay below, counted: 60 - 7 SOS wait hidden
      expect(v).toMatchObject({ more: 153 - QUEUE_ROWS, moreUrgent: 60 - 7, hiddenWorst: 3 });
    }
    // after a minute the strict order holds: the newest SOS waits its turn behind the older ones
    expect(view(arrivedAt + ARRIVAL_VISIBLE_MS + 1).shown.map((a) => a.recordId)).not.toContain(201);
  });

  it('shows a new SOS on a wall full of escalated SOS: they have been seen, it has not', () => {
    const escalated = Array.from({ length: QUEUE_ROWS + 4 }, (_, i) =>
      makeAlarm({ recordId: i + 1, severity: 3, escalated: true, firstTime: t0 + i }),
    );
    const arrivedAt = t0 + 600_000;
    const sos = makeAlarm({ recordId: 99, severity: 3, firstTime: arrivedAt, lastTime: arrivedAt });
    const ids = queueView([...escalated, sos], QUEUE_ROWS, (a) =>
      a.recordId === 99 ? arrivalOf(arrivedAt, arrivedAt + 1_000) : null,
    ).shown.map((a) => a.recordId);
    expect(ids).toHaveLength(QUEUE_ROWS);
    expect(ids.at(-1)).toBe(99);
    // a new 重要 does not take an escalated SOS's row
    const tamper = makeAlarm({ recordId: 98, severity: 2, firstTime: arrivedAt, lastTime: arrivedAt });
    expect(
      queueView([...escalated, tamper], QUEUE_ROWS, (a) => (a.recordId === 98 ? 'flashing' : null)).shown.map(
        (a) => a.recordId,
      ),
    ).not.toContain(98);
  });

  it('gives an acknowledged arrival no row over a waiting alarm, flashing or not', () => {
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
    expect(view(arrivedAt + 3_000)).not.toContain(99);
    expect(view(arrivedAt + FLASH_MS + 1)).not.toContain(99);
    // and it does not flash
    expect(rowFlashes(acked, arrivedAt, arrivedAt + 3_000)).toBe(false);
    expect(rowFlashes({ ackTime: null }, arrivedAt, arrivedAt + 3_000)).toBe(true);
  });

  it('never shows an acknowledged or less severe row while a more severe unacknowledged one is hidden', () => {
    const alarm = fc.record({
      severity: fc.constantFrom(1, 2, 3),
      escalated: fc.boolean(),
      acked: fc.boolean(),
      firstTime: fc.integer({ min: 0, max: 600_000 }),
      arrival: fc.constantFrom('flashing', 'recent', null),
    });
    fc.assert(
      fc.property(fc.array(alarm, { maxLength: 60 }), fc.integer({ min: 1, max: 20 }), (drawn, rows) => {
        const open = drawn.map((d, i) =>
          makeAlarm({
            recordId: i + 1,
            severity: d.severity,
            escalated: d.escalated,
            firstTime: t0 + d.firstTime,
            lastTime: t0 + d.firstTime,
            ...(d.acked ? { ackTime: t0 + 700_000, ackBy: 1, ackName: '王护士' } : {}),
          }),
        );
        const kind = new Map(drawn.map((d, i) => [i + 1, d.arrival as 'flashing' | 'recent' | null]));
        const v = queueView(open, rows, (a) => kind.get(a.recordId) ?? null);
        const visible = new Set(v.shown.map((a) => a.recordId));
        const hidden = open.filter((a) => !visible.has(a.recordId));
        const hiddenUnacked = hidden.filter((a) => a.ackTime === null);
        expect(v.shown.length).toBe(Math.min(open.length, rows));
        expect(v.more).toBe(hidden.length);
        expect(v.moreUnacked).toBe(hiddenUnacked.length);
        expect(v.hiddenWorst).toBe(Math.max(0, ...hiddenUnacked.map((a) => a.severity)));
        for (const s of v.shown) {
          if (hiddenUnacked.length) expect(s.ackTime).toBeNull();
          for (const h of hiddenUnacked) expect(s.severity).toBeGreaterThanOrEqual(h.severity);
        }
      }),
      { numRuns: 500 },
    );
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

describe('rows stay where the hand is (issue #38 point 5)', () => {
  const row = (recordId: number) => ({ recordId });
  const ids = (rows: { recordId: number }[]) => rows.map((r) => r.recordId);

  it('keeps an acknowledged row at the index it had while the order would move it down', () => {
    // 2 was acknowledged at index 1: the order now puts it last
    expect(ids(holdInPlace([1, 3, 4, 2].map(row), new Map([[2, 1]])))).toEqual([1, 2, 3, 4]);
  });

  it('keeps several at theirs, lets a new alarm in above them, and drops one no longer open', () => {
    const held = new Map([
      [2, 1],
      [5, 3],
      [9, 0],
    ]);
    // 7 arrived on top; 9 was closed meanwhile
    expect(ids(holdInPlace([7, 1, 3, 4, 2, 5].map(row), held))).toEqual([7, 2, 1, 5, 3, 4]);
  });

  it('is the order itself when nothing is held, and every row stays exactly once', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 20 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.nat(25)), { maxLength: 5 }),
        (order, holds) => {
          const sorted = order.map(row);
          expect(ids(holdInPlace(sorted, new Map()))).toEqual(order);
          const out = ids(holdInPlace(sorted, new Map(holds)));
          expect([...out].sort((a, b) => a - b)).toEqual([...order].sort((a, b) => a - b));
        },
      ),
    );
  });
});
