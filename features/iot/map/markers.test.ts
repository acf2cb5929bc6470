import { describe, expect, it } from 'vitest';
import {
  addToTrail,
  alarmsByDevice,
  alarmsByResident,
  alarmsPerFloor,
  extendTrail,
  floorKeyOf,
  markerStateOf,
  residentAlarms,
  searchResidents,
  TRAIL_MS,
  type TrailPoint,
  trailMarks,
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

  it('adds a position to the trail of its own device, on its floor; one step after the first shows its way', () => {
    const trails = new Map<number, TrailPoint[]>();
    const at = (lng: number) => ({ deviceId: 7, lng, lat: 30, buildingId: 2, floorNo: 3 });
    addToTrail(trails, at(120.1), now - 5000, now - 5000);
    expect(trailMarks(trails.get(7) ?? [], floorKeyOf(2, 3), now).map((m) => m.kind)).toEqual(['time']);
    addToTrail(trails, at(120.2), now, now);
    expect(trails.get(7)?.map((t) => [t.lng, t.floorKey])).toEqual([
      [120.1, 2003],
      [120.2, 2003],
    ]);
    expect(trailMarks(trails.get(7) ?? [], floorKeyOf(2, 3), now).map((m) => m.kind)).toEqual([
      'time',
      'arrow',
    ]);
    expect(trails.has(8)).toBe(false);
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

describe('alarm and map (issue #38 point 6)', () => {
  it('never tags 处理中 while any of the alarms waits unacknowledged', () => {
    // an acknowledged SOS and a new 低电量 (一般) nobody has seen yet
    expect(
      markerStateOf(
        [alarm({ ackTime: now - 10 }), alarm({ severity: 1, alarmType: 'lowPowerAlarm' })],
        now,
        80,
        now,
      ),
    ).toBe('alarm');
    expect(
      markerStateOf([alarm({ ackTime: now - 10 }), alarm({ severity: 1, ackTime: now - 5 })], now, 80, now),
    ).toBe('handling');
  });

  it("takes the resident's other devices' alarms onto the marker, most urgent first, each once", () => {
    const a = (recordId: number, deviceId: number, over: Parameters<typeof alarm>[0] = {}) => ({
      ...alarm({ deviceId, ...over }),
      recordId,
      oldmanId: 7,
      buildingId: 1,
      floorNo: 2,
    });
    const open = [a(1, 10, { ackTime: now - 10 }), a(2, 20, { severity: 2 }), a(3, 10, { severity: 1 })];
    const mine = residentAlarms(alarmsByDevice(open), alarmsByResident(open), 10, 7);
    expect(mine.map((x) => x.recordId)).toEqual([2, 3, 1]);
    expect(markerStateOf(mine, now, 80, now)).toBe('alarm');
    expect(residentAlarms(alarmsByDevice(open), alarmsByResident(open), 10, null).length).toBe(2);
  });

  it('counts open and unacknowledged alarms per floor', () => {
    const at = (buildingId: number | null, floorNo: number | null, ackTime: number | null) => ({
      buildingId,
      floorNo,
      ackTime,
    });
    const counts = alarmsPerFloor([at(1, 1, null), at(1, 1, 5), at(1, 2, null), at(null, null, null)]);
    expect(counts.get(1001)).toEqual({ open: 2, unacked: 1 });
    expect(counts.get(1002)).toEqual({ open: 1, unacked: 1 });
    expect(counts.size).toBe(2);
  });

  it('marks the trail with its way (arrows pointing where the resident went) and its times', () => {
    const start = now - 150_000;
    const trail: TrailPoint[] = [];
    // walking east, then north, a point every 10 s
    for (let i = 0; i < 15; i++)
      trail.push({
        lng: 120 + Math.min(i, 8) * 1e-5,
        lat: 30 + Math.max(0, i - 8) * 1e-5,
        ts: start + i * 10_000,
        floorKey: 1001,
      });
    const marks = trailMarks(trail, 1001, now);
    const times = marks.filter((m) => m.kind === 'time');
    expect(times.map((m) => m.text)).toEqual(
      [0, 6, 12].map((i) => new Date(start + i * 10_000).toLocaleTimeString('zh-CN', { hour12: false })),
    );
    const arrows = marks.filter((m) => m.kind === 'arrow');
    expect(arrows[0]?.angle).toBeCloseTo(0); // east
    expect(arrows.at(-1)?.angle).toBeCloseTo(90); // north, the last step
    expect(trailMarks(trail, 1002, now)).toEqual([]);
  });
});
