import { describe, expect, it } from 'vitest';
import { bedCards, cardCounts, orderCards } from './cardTone.js';
import { makeAlarm, makeRow, makeVitals, NOW } from './fixtures.js';

describe('bed cards', () => {
  it('show the live vitals of an elder in bed, none when out of bed or silent', () => {
    const [inBed, away, offline, stale] = bedCards(
      [
        makeRow({ deviceId: 1 }),
        makeRow({ deviceId: 2, vitals: makeVitals({ inBed: 0, heartRate: 0, breathRate: 0 }) }),
        makeRow({ deviceId: 3, online: 0 }),
        makeRow({ deviceId: 4, vitals: makeVitals({ ts: NOW - 120_000 }) }),
      ],
      [],
      NOW,
    );
    expect(inBed).toMatchObject({ tone: 'ok', heartRate: 72, breathRate: 16, inBed: true, alarm: null });
    expect(away).toMatchObject({ tone: 'away', heartRate: null, breathRate: null, inBed: false });
    expect(offline).toMatchObject({ tone: 'silent', inBed: null, status: 'offline', heartRate: null });
    expect(stale).toMatchObject({ tone: 'silent', status: 'stale' });
  });

  it('show an elder out on an outing as 外出中, unless an alarm is open', () => {
    const away = makeVitals({ inBed: 0, heartRate: 0, breathRate: 0 });
    const [out, outWithAlarm] = bedCards(
      [
        makeRow({ deviceId: 1, oldmanId: 11, vitals: away, outing: 1 }),
        makeRow({ deviceId: 2, oldmanId: 12, bedId: 102, vitals: away, outing: 1 }),
      ],
      [makeAlarm({ deviceId: 2, oldmanId: 12, bedId: 102, severity: 2 })],
      NOW,
    );
    expect(out).toMatchObject({ tone: 'outing', inBed: false, alarm: null });
    expect(outWithAlarm).toMatchObject({ tone: 'high' });
  });

  it('take the colour of the most severe open alarm of the mattress, the bed or the elder', () => {
    const row = makeRow({ deviceId: 1, bedId: 101, oldmanId: 11 });
    const sos = makeAlarm({
      recordId: 9,
      source: 'pnt',
      alarmType: 'sos',
      severity: 3,
      deviceId: 77,
      bedId: null,
    });
    const wet = makeAlarm({
      recordId: 8,
      alarmType: '5',
      alarmTypeName: '尿湿报警',
      severity: 1,
      ackTime: NOW - 1_000,
    });
    // The store hands alarms most severe first.
    const [card] = bedCards([row], [sos, wet], NOW);
    expect(card).toMatchObject({ tone: 'critical', alarm: sos, others: ['尿湿报警'], unacked: true });
    const [wetOnly] = bedCards([row], [wet], NOW);
    expect(wetOnly).toMatchObject({ tone: 'normal', others: [], unacked: false });
    const [other] = bedCards([row], [makeAlarm({ deviceId: 5, bedId: 5, oldmanId: 5 })], NOW);
    expect(other?.alarm).toBeNull();
  });

  it('keep their place, or put alarms first: most severe, then longest waiting', () => {
    const rows = [1, 2, 3, 4].map((i) =>
      makeRow({ deviceId: i, bedId: i, oldmanId: i, roomName: `20${i}室`, online: i === 4 ? 0 : 1 }),
    );
    const alarms = [
      makeAlarm({ recordId: 1, deviceId: 3, bedId: 3, oldmanId: 3, severity: 3, firstTime: NOW - 10_000 }),
      makeAlarm({ recordId: 2, deviceId: 2, bedId: 2, oldmanId: 2, severity: 3, firstTime: NOW - 90_000 }),
    ];
    const cards = bedCards(rows, alarms, NOW);
    expect(orderCards(cards, false).map((c) => c.row.deviceId)).toEqual([1, 2, 3, 4]);
    expect(orderCards(cards, true).map((c) => c.row.deviceId)).toEqual([2, 3, 4, 1]);
    expect(cardCounts(cards)).toEqual({ beds: 4, alarms: 2, away: 0, silent: 1 });
  });
});
