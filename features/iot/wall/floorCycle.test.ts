import { describe, expect, it } from 'vitest';
import { makeAlarm } from '../../../src/alarm/makeAlarm.js';
import { cycleStep, floorOfAlarm, nextFloor, urgentFloors } from './floorCycle.js';

const floors = (...nos: number[]) => nos.map((n) => ({ floorId: n, floorName: `${n}层`, floorNo: n }));
const buildings = [
  { buildingId: 1, floors: floors(1, 2, 3) },
  { buildingId: 2, floors: floors(3, 1) },
];

describe('nextFloor', () => {
  it('goes up the floors of the building and wraps to the lowest', () => {
    expect(nextFloor(buildings, { buildingId: 1, floorNo: 1 })).toEqual({ buildingId: 1, floorNo: 2 });
    expect(nextFloor(buildings, { buildingId: 1, floorNo: 3 })).toEqual({ buildingId: 1, floorNo: 1 });
    expect(nextFloor(buildings, { buildingId: 2, floorNo: 1 })).toEqual({ buildingId: 2, floorNo: 3 });
  });

  it('starts at the first building when nothing is chosen, and stops when there is nothing to show', () => {
    expect(nextFloor(buildings, null)).toEqual({ buildingId: 1, floorNo: 1 });
    expect(nextFloor([], null)).toBeNull();
    expect(nextFloor([{ buildingId: 9, floors: [] }], { buildingId: 9, floorNo: 1 })).toBeNull();
  });
});

describe('floorOfAlarm', () => {
  it('is the alarm floor when the wall knows it', () => {
    expect(floorOfAlarm(buildings, { buildingId: 2, floorNo: 3 })).toEqual({ buildingId: 2, floorNo: 3 });
    expect(floorOfAlarm(buildings, { buildingId: 2, floorNo: 2 })).toBeNull();
    expect(floorOfAlarm(buildings, { buildingId: null, floorNo: null })).toBeNull();
  });
});

describe('the cycle and waiting 紧急 alarms', () => {
  const sosOn = (floorNo: number, more: object = {}) =>
    makeAlarm({ recordId: floorNo * 10, buildingId: 1, floorNo, severity: 3, ...more });

  it('counts the floors with an unacknowledged 紧急 (or escalated) alarm of the building shown', () => {
    const open = [
      sosOn(3),
      sosOn(2, { ackTime: 1, ackBy: 1 }),
      makeAlarm({ recordId: 5, buildingId: 1, floorNo: 1, severity: 2 }),
      makeAlarm({ recordId: 6, buildingId: 1, floorNo: 2, severity: 2, escalated: true }),
      makeAlarm({ recordId: 7, buildingId: 2, floorNo: 1, severity: 3 }),
    ];
    expect(urgentFloors(open, 1)).toEqual([2, 3]);
    expect(urgentFloors(open, 2)).toEqual([1]);
    expect(urgentFloors([], 1)).toEqual([]);
  });

  it('stays on the floor of a waiting SOS until it is acknowledged', () => {
    expect(cycleStep(buildings, { buildingId: 1, floorNo: 2 }, [2])).toEqual({ buildingId: 1, floorNo: 2 });
    // acknowledged: the cycle moves on
    expect(cycleStep(buildings, { buildingId: 1, floorNo: 2 }, [])).toEqual({ buildingId: 1, floorNo: 3 });
  });

  it('goes to the waiting floor, and between waiting floors only, when there are several', () => {
    expect(cycleStep(buildings, { buildingId: 1, floorNo: 2 }, [3])).toEqual({ buildingId: 1, floorNo: 3 });
    expect(cycleStep(buildings, { buildingId: 1, floorNo: 1 }, [1, 3])).toEqual({
      buildingId: 1,
      floorNo: 3,
    });
    expect(cycleStep(buildings, { buildingId: 1, floorNo: 3 }, [1, 3])).toEqual({
      buildingId: 1,
      floorNo: 1,
    });
    // a floor the building does not have is no reason to stop
    expect(cycleStep(buildings, { buildingId: 1, floorNo: 1 }, [7])).toEqual({ buildingId: 1, floorNo: 2 });
  });
});
