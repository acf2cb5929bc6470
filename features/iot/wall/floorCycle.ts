import type { AlarmRecord } from '../../../domain/alarms.js';
import { rankOf } from '../../../src/alarm/queue.js';
import type { Building } from '../PositionMap.js';

/** Seconds each floor stays on the wall while the floors cycle. */
export const CYCLE_SECONDS = 15;

export interface FloorChoice {
  buildingId: number;
  floorNo: number;
}
type Floors = Pick<Building, 'buildingId' | 'floors'>;

/**
 * The next floor of the same building, wrapping to the first. The cycle stays in the building: the
 * building choice is the operator's (and is saved on the server for them), a floor change is not.
 */
export function nextFloor(buildings: readonly Floors[], choice: FloorChoice | null): FloorChoice | null {
  const building = buildings.find((b) => b.buildingId === choice?.buildingId) ?? buildings[0];
  if (!building || building.floors.length === 0) return null;
  const floors = [...building.floors].sort((a, b) => a.floorNo - b.floorNo);
  const at = floors.findIndex((f) => f.floorNo === choice?.floorNo);
  const next = floors[(at + 1) % floors.length] ?? floors[0];
  return next ? { buildingId: building.buildingId, floorNo: next.floorNo } : null;
}

/** The floor an alarm happened on, when the wall knows that building and floor. */
export function floorOfAlarm(
  buildings: readonly Floors[],
  alarm: Pick<AlarmRecord, 'buildingId' | 'floorNo'>,
): FloorChoice | null {
  const { floorNo } = alarm;
  const building = buildings.find((b) => b.buildingId === alarm.buildingId);
  if (floorNo === null || !building?.floors.some((f) => f.floorNo === floorNo)) return null;
  return { buildingId: building.buildingId, floorNo };
}

/**
 * The floors of a building holding an unacknowledged 紧急 alarm (escalation counting, as in every
 * queue), lowest first: the floors the cycle keeps to until someone acknowledges them.
 */
export function urgentFloors(
  open: readonly Pick<
    AlarmRecord,
    'buildingId' | 'floorNo' | 'severity' | 'escalated' | 'ackTime' | 'status'
  >[],
  buildingId: number | null,
): number[] {
  const floors = new Set<number>();
  for (const a of open)
    if (
      a.status === 0 &&
      a.ackTime === null &&
      rankOf(a) >= 3 &&
      a.buildingId === buildingId &&
      a.floorNo !== null
    )
      floors.add(a.floorNo);
  return [...floors].sort((a, b) => a - b);
}

/**
 * Where the cycle goes next. While a floor of the building holds an unacknowledged 紧急 alarm the map
 * never leaves such floors: it stays on the one it shows when that is the only one, and moves between
 * them when there are several, so every waiting SOS has its floor on the wall. Otherwise the next floor.
 */
export function cycleStep(
  buildings: readonly Floors[],
  choice: FloorChoice | null,
  urgent: readonly number[],
): FloorChoice | null {
  const building = buildings.find((b) => b.buildingId === choice?.buildingId) ?? buildings[0];
  const known = urgent.filter((n) => building?.floors.some((f) => f.floorNo === n));
  if (!building || known.length === 0) return nextFloor(buildings, choice);
  const after = known.find((n) => choice?.floorNo !== undefined && n > choice.floorNo) ?? known[0];
  // one waiting floor: there (staying, when it is shown); several: the next of them after the one shown
  return {
    buildingId: building.buildingId,
    floorNo: known.length === 1 ? (known[0] as number) : (after as number),
  };
}
