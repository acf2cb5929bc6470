import type { AlarmRecord } from '../../../domain/alarms.js';
import { IotScreens } from '../../../domain/screens.js';
import { navigate } from '../../../src/router/hash.js';

/** An alarm's resident the map is asked to show (在地图上查看 on an alarm row). */
export interface MapWish {
  recordId: number;
  deviceId: number;
  oldmanId: number | null;
  /** Where the alarm was raised: shown when the resident has no place on the map. */
  floor: { buildingId: number; floorNo: number } | null;
}

let wanted: MapWish | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/**
 * The wish travels beside the address, not in it (as the header's alarm does, src/alarm/context.tsx):
 * the one 实时定位 tab comes up and shows the resident, no second map tab per alarm.
 */
export const wantedOnMap = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
  /** The map shows it: the wish is done. */
  taken(wish: MapWish) {
    if (wanted !== wish) return;
    wanted = null;
    changed();
  },
};

/** 在地图上查看: the 实时定位 tab (its open tab, else a new one) with the alarm's resident selected. */
export function showOnMap(
  a: Pick<AlarmRecord, 'recordId' | 'deviceId' | 'oldmanId' | 'buildingId' | 'floorNo'>,
) {
  wanted = {
    recordId: a.recordId,
    deviceId: a.deviceId,
    oldmanId: a.oldmanId,
    floor:
      a.buildingId !== null && a.floorNo !== null ? { buildingId: a.buildingId, floorNo: a.floorNo } : null,
  };
  changed();
  navigate(IotScreens.position);
}
