import type { Db } from './index.js';

/**
 * The building model read from a bed: bed → room → floor → building. Every call that names where a
 * bed is (the residence workflow, elder lists, the bed map, the room-bed tree, the IoT bed screens)
 * starts here, selects what it needs and narrows it (`.where('building.orgId', '=', orgId)`).
 */
export const bedPlaces = (db: Db) =>
  db
    .selectFrom('bed')
    .innerJoin('room', 'room.roomId', 'bed.roomId')
    .innerJoin('floor', 'floor.floorId', 'room.floorId')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId');

/** The names bedPath joins. */
export const bedPathColumns = [
  'bed.bedName',
  'room.roomName',
  'floor.floorName',
  'building.buildingName',
] as const;

export interface BedPlaceNames {
  buildingName: string;
  floorName: string;
  roomName: string;
  bedName: string;
}

/** A bed's full name as people say it and the elder pickers show it: 1号楼1层1103-2床. */
export const bedPath = (b: BedPlaceNames) => `${b.buildingName}${b.floorName}${b.roomName}-${b.bedName}`;

export interface BedPlace {
  bedId: number;
  path: string;
  roomId: number;
  floorId: number;
  floorName: string;
  buildingId: number;
  buildingName: string;
}

/** Where each of some beds is, by bedId (beds of any organisation: callers pass their own rows' beds). */
export async function placesOfBeds(db: Db, bedIds: Iterable<number>): Promise<Map<number, BedPlace>> {
  const ids = [...new Set(bedIds)];
  if (!ids.length) return new Map();
  const rows = await bedPlaces(db)
    .select(['bed.bedId', ...bedPathColumns, 'room.roomId', 'floor.floorId', 'building.buildingId'])
    .where('bed.bedId', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.bedId,
      {
        bedId: r.bedId,
        path: bedPath(r),
        roomId: r.roomId,
        floorId: r.floorId,
        floorName: r.floorName,
        buildingId: r.buildingId,
        buildingName: r.buildingName,
      },
    ]),
  );
}
