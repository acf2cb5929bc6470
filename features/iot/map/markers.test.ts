import { describe, expect, it } from 'vitest';
import {
  alarmsByDevice,
  extendTrail,
  markerStateOf,
  searchResidents,
  TRAIL_MS,
  type TrailPoint,
  trailOnFloor,
  urgentDevices,
} from './markers.js';

const now = 10_000_000;
const alarm = (
  over: Partial<{
    deviceId: number;
    severity: 1 | 2 | 3;
    ackTime: number | null;
    alarmType: string;
    firstTime: number;
  }>,
) => ({
  deviceId: 1,
  severity: 3 as 1 | 2 | 3,
  ackTime: null as number | null,
  alarmType: 'sos',
  firstTime: now - 1000,
  ...over,
});

describe('map marker states', () => {
  it('is red only for an unacknowledged 重要 or 紧急 alarm; acknowledged is 处理中', () => {
    expect(markerStateOf([alarm({})], now, 80, now)).toBe('alarm');
    expect(markerStateOf([alarm({ severity: 2 })], now, 80, now)).toBe('alarm');
    expect(markerStateOf([alarm({ ackTime: now - 10 })], now, 80, now)).toBe('handling');
    // an acknowledged SOS and a new fence alarm: the new one makes it red again
    expect(markerStateOf([alarm({ ackTime: now - 10 }), alarm({ severity: 2 })], now, 80, now)).toBe('alarm');
  });

  it('does not paint a low-battery alarm red: it is 低电量, like a low reading', () => {
    expect(markerStateOf([alarm({ severity: 1, alarmType: 'lowBattery' })], now, 15, now)).toBe('lowBattery');
    expect(markerStateOf([], now, 20, now)).toBe('lowBattery');
    expect(markerStateOf([], now, 21, now)).toBe('online');
    expect(markerStateOf([], now, null, now)).toBe('online');
  });

  it('is offline after a minute without a position, unless an alarm needs someone', () => {
    expect(markerStateOf([], now - 60_001, 80, now)).toBe('offline');
    expect(markerStateOf([alarm({})], now - 600_000, 80, now)).toBe('alarm');
  });

  it('rings only devices with an unacknowledged 紧急 alarm, and orders the alarms of a device most urgent first', () => {
    const open = [
      alarm({ deviceId: 1, ackTime: now }),
      alarm({ deviceId: 2 }),
      alarm({ deviceId: 3, severity: 2 }),
      alarm({ deviceId: 1, severity: 2, firstTime: now - 5000 }),
    ];
    expect([...urgentDevices(open)]).toEqual([2]);
    expect(
      alarmsByDevice(open)
        .get(1)
        ?.map((a) => [a.severity, a.ackTime]),
    ).toEqual([
      [2, null],
      [3, now],
    ]);
  });
});

describe('trails', () => {
  const p = (ts: number, floorKey = 1001, lng = ts / 1e6): TrailPoint => ({ lng, lat: 30, ts, floorKey });

  it('keeps five minutes of positions, whatever their rate', () => {
    const trail: TrailPoint[] = [];
    for (let t = now - 10 * 60_000; t <= now; t += 200) extendTrail(trail, p(t), t);
    expect(trail[0]?.ts).toBe(now - TRAIL_MS);
    expect(trail.at(-1)?.ts).toBe(now);
    // a late, older position is not drawn out of order
    extendTrail(trail, p(now - 1000), now);
    expect(trail.at(-1)?.ts).toBe(now);
  });

  it('draws on a floor only the points made on that floor', () => {
    const trail = [p(now - 3000, 1001), p(now - 2000, 1001), p(now - 1000, 1002), p(now, 1002)];
    expect(trailOnFloor(trail, 1002, now)).toHaveLength(2);
    expect(trailOnFloor(trail, 1001, now)).toHaveLength(2);
    expect(trailOnFloor(trail, 2001, now)).toEqual([]);
    expect(trailOnFloor(trail, 1001, now + TRAIL_MS - 2000)).toHaveLength(1);
  });
});

describe('resident search', () => {
  const devices = [
    { oldmanName: '张秀英', deviceName: '手表1', floorNo: null },
    { oldmanName: '张桂兰', deviceName: '手表2', floorNo: 2 },
    { oldmanName: null, deviceName: '手环9', floorNo: 1 },
  ];
  it('finds residents by a part of their name or the device, those with a position first', () => {
    expect(searchResidents(devices, '张').map((d) => d.oldmanName)).toEqual(['张桂兰', '张秀英']);
    expect(searchResidents(devices, '手环').map((d) => d.deviceName)).toEqual(['手环9']);
    expect(searchResidents(devices, '  ')).toEqual([]);
  });
});
