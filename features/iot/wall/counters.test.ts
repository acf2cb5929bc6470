import { describe, expect, it } from 'vitest';
import { makeAlarm } from '../../../src/alarm/makeAlarm.js';
import { alarmCounts, deviceCounts } from './counters.js';

describe('alarmCounts', () => {
  it('counts open alarms by severity, by kind and those not yet acknowledged', () => {
    const counts = alarmCounts([
      makeAlarm({ recordId: 1, severity: 3 }),
      makeAlarm({ recordId: 2, severity: 3, ackTime: 1, ackName: '王护士' }),
      makeAlarm({ recordId: 3, severity: 2, alarmType: 'railAlarm' }),
      makeAlarm({ recordId: 4, severity: 1, source: 'mattress', alarmType: '2' }),
    ]);
    expect(counts).toEqual({
      open: 4,
      critical: 2,
      high: 1,
      normal: 1,
      unacked: 3,
      positioning: 3,
      mattress: 1,
    });
  });

  it('is all zeros for a quiet night', () => {
    expect(alarmCounts([])).toMatchObject({ open: 0, critical: 0, unacked: 0 });
  });
});

describe('deviceCounts', () => {
  it('adds online and offline devices over every kind', () => {
    expect(
      deviceCounts([
        { kind: 'watch', kindName: '定位手表', total: 40, online: 37, offline: 3 },
        { kind: 'mattress', kindName: '智能床垫', total: 60, online: 60, offline: 0 },
      ]),
    ).toEqual({ total: 100, online: 97, offline: 3 });
  });
});
