import { describe, expect, it } from 'vitest';
import { floorOfAlarm, nextFloor } from './floorCycle.js';

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
