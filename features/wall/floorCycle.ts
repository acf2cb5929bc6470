import type { AlarmRecord } from '../../domain/alarms.js';
import type { Building } from '../iot/PositionMap.js';

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
