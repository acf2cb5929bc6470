import { describe, expect, it } from 'vitest';
import type { Vitals } from '../../../domain/devices.js';
import { floorPlanGeoJson, pointInRing, type Ring, slotCentre, toLngLat } from '../../../domain/floorPlan.js';
import { idCardNumber } from '../../../server/db/seedRealtime.js';
import {
  evaluateBattery,
  evaluatePosition,
  evaluateVitals,
  inWindow,
  type MattressRule,
  newEpisodes,
  type PntRule,
  type RailShape,
} from '../../../server/rules/evaluate.js';

const at = (hh: number, mm = 0) => new Date(2026, 10, 23, hh, mm);
const vitals = (over: Partial<Vitals> = {}): Vitals => ({
  ts: 1,
  heartRate: 70,
  breathRate: 16,
  inBed: 1,
  movement: 1,
  urineWet: 0,
  ...over,
});
const rule = (over: Partial<MattressRule>): MattressRule => ({
  ruleId: 1,
  alarmType: 4,
  status: 0,
  minValue: 45,
  maxValue: 120,
  durationSeconds: 30,
  startTime: '00:00',
  endTime: '24:00',
  ...over,
});

describe('time windows', () => {
  it('covers plain and midnight-wrapping windows', () => {
    expect(inWindow('08:00', '18:00', at(12))).toBe(true);
    expect(inWindow('08:00', '18:00', at(18))).toBe(false);
    expect(inWindow('21:00', '06:00', at(23))).toBe(true);
    expect(inWindow('21:00', '06:00', at(3))).toBe(true);
    expect(inWindow('21:00', '06:00', at(12))).toBe(false);
    expect(inWindow('00:00', '24:00', at(23, 59))).toBe(true);
  });
});

describe('mattress rules', () => {
  it('fires a heart-rate alarm once the abnormal rate lasted its duration, once per episode', () => {
    const ep = newEpisodes();
    const rules = [rule({})];
    const high = vitals({ heartRate: 130 });
    expect(evaluateVitals(rules, ep, high, 0, at(12))).toEqual([]);
    expect(evaluateVitals(rules, ep, high, 29_000, at(12))).toEqual([]);
    const fired = evaluateVitals(rules, ep, high, 30_000, at(12));
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ ruleId: 1, alarmType: '4' });
    expect(fired[0]?.content).toContain('130');
    expect(evaluateVitals(rules, ep, high, 60_000, at(12))).toEqual([]);
    // Back to normal, then abnormal again: a new episode fires again after its duration.
    evaluateVitals(rules, ep, vitals(), 61_000, at(12));
    evaluateVitals(rules, ep, high, 62_000, at(12));
    expect(evaluateVitals(rules, ep, high, 92_000, at(12))).toHaveLength(1);
  });

  it('ignores rules that are off and heart rate of an empty bed', () => {
    const ep = newEpisodes();
    expect(
      evaluateVitals([rule({ status: 1, durationSeconds: 0 })], ep, vitals({ heartRate: 200 }), 0, at(1)),
    ).toEqual([]);
    expect(
      evaluateVitals([rule({ durationSeconds: 0 })], ep, vitals({ heartRate: 0, inBed: 0 }), 0, at(1)),
    ).toEqual([]);
  });

  it('raises out-of-bed only inside its night window', () => {
    const night = [
      rule({
        alarmType: 1,
        minValue: null,
        maxValue: null,
        durationSeconds: 600,
        startTime: '21:00',
        endTime: '06:00',
      }),
    ];
    const day = newEpisodes();
    evaluateVitals(night, day, vitals({ inBed: 0 }), 0, at(14));
    expect(evaluateVitals(night, day, vitals({ inBed: 0 }), 700_000, at(14))).toEqual([]);
    const ep = newEpisodes();
    evaluateVitals(night, ep, vitals({ inBed: 0 }), 0, at(2));
    expect(evaluateVitals(night, ep, vitals({ inBed: 0 }), 599_000, at(2))).toEqual([]);
    expect(evaluateVitals(night, ep, vitals({ inBed: 0 }), 600_000, at(2))).toEqual([
      expect.objectContaining({ alarmType: '1' }),
    ]);
  });

  it('raises urine wet at once', () => {
    const wet = [rule({ alarmType: 5, minValue: null, maxValue: null, durationSeconds: 0 })];
    expect(evaluateVitals(wet, newEpisodes(), vitals({ urineWet: 1 }), 0, at(3))).toEqual([
      { ruleId: 1, alarmType: '5', content: '检测到尿湿' },
    ]);
  });
});

describe('positioning rules', () => {
  const building = { buildingId: 7, buildingName: '1号楼', mapX: 0, mapY: 0 };
  const ring: Ring = [
    toLngLat(building, 0, 0),
    toLngLat(building, 10, 0),
    toLngLat(building, 10, 10),
    toLngLat(building, 0, 10),
    toLngLat(building, 0, 0),
  ];
  const rails = new Map<number, RailShape>([
    [3, { railId: 3, railName: '楼梯口', buildingId: 7, floorNo: 1, ring }],
  ]);
  const railRule = (railTrigger: string, over: Partial<PntRule> = {}): PntRule => ({
    ruleId: 9,
    alarmType: 'railAlarm',
    status: 1,
    railId: 3,
    railTrigger,
    threshold: null,
    startTime: '00:00',
    endTime: '24:00',
    weekdays: '1,2,3,4,5,6,7',
    ...over,
  });
  const point = (x: number, y: number, floorNo = 1) => {
    const [lng, lat] = toLngLat(building, x, y);
    return { buildingId: 7, floorNo, lng, lat };
  };

  it('fires on entering a rail, not while staying inside, and not on another floor', () => {
    const ep = newEpisodes();
    const rules = [railRule('enter')];
    expect(evaluatePosition(rules, rails, ep, point(20, 20), 0, at(12))).toEqual([]);
    expect(evaluatePosition(rules, rails, ep, point(5, 5), 1, at(12))).toEqual([
      { ruleId: 9, alarmType: 'railAlarm', content: '进入围栏「楼梯口」' },
    ]);
    expect(evaluatePosition(rules, rails, ep, point(6, 5), 2, at(12))).toEqual([]);
    expect(evaluatePosition(rules, rails, newEpisodes(), point(5, 5, 2), 3, at(12))).toEqual([]);
  });

  it('fires on leaving for exit rails, and only on the scheduled weekdays', () => {
    const ep = newEpisodes();
    const rules = [railRule('exit')];
    evaluatePosition(rules, rails, ep, point(5, 5), 0, at(12));
    expect(evaluatePosition(rules, rails, ep, point(20, 5), 1, at(12))).toHaveLength(1);
    // 2026-11-23 is a Monday; a Sunday-only rule stays quiet.
    const sunday = [railRule('exit', { weekdays: '7' })];
    const ep2 = newEpisodes();
    evaluatePosition(sunday, rails, ep2, point(5, 5), 0, at(12));
    expect(evaluatePosition(sunday, rails, ep2, point(20, 5), 1, at(12))).toEqual([]);
  });

  it('raises low battery once until the level recovers above the threshold', () => {
    const rules = [railRule('enter', { alarmType: 'lowPowerAlarm', railId: null, threshold: 20 })];
    const ep = newEpisodes();
    expect(evaluateBattery(rules, ep, 50, 0)).toEqual([]);
    expect(evaluateBattery(rules, ep, 20, 1)).toHaveLength(1);
    expect(evaluateBattery(rules, ep, 15, 2)).toEqual([]);
    evaluateBattery(rules, ep, 100, 3);
    expect(evaluateBattery(rules, ep, 19, 4)).toHaveLength(1);
  });
});

describe('floor plan and seed data', () => {
  it('draws each room on its slot and finds points inside it', () => {
    const building = { buildingId: 1, buildingName: '1号楼', mapX: 48, mapY: 0 };
    const plan = floorPlanGeoJson(building, [
      { roomId: 5, roomName: '1101', planSlot: 1 },
      { roomId: 6, roomName: '库房', planSlot: null },
    ]);
    expect(plan.features.map((f) => f.properties.kind)).toEqual(['outline', 'corridor', 'room']);
    const room = plan.features[2];
    const [x, y] = slotCentre(1);
    expect(pointInRing(toLngLat(building, x, y), room?.geometry.coordinates[0] ?? [])).toBe(true);
    expect(pointInRing(toLngLat(building, x + 20, y), room?.geometry.coordinates[0] ?? [])).toBe(false);
  });

  it('makes ID-card numbers with a valid checksum and the sex digit', () => {
    const id = idCardNumber('330106', '1940-05-17', 12, true);
    expect(id).toMatch(/^33010619400517\d{3}[\dX]$/);
    expect(Number(id[16]) % 2).toBe(1);
    expect(Number(idCardNumber('330106', '1940-05-17', 12, false)[16]) % 2).toBe(0);
    // Known-good number of GB 11643 examples: 11010519491231002X.
    expect(idCardNumber('110105', '1949-12-31', 1, false)).toBe('11010519491231002X');
  });
});
