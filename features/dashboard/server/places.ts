import { sql } from 'kysely';
import type { z } from 'zod';
import { BedStatus } from '../../../domain/resources/residence.js';
import { bedPath } from '../../../server/db/bedPlaces.js';
import type { bedRoom, easyPart, easyPartBuildings, roomStatistics } from '../api.js';
import { type Reader, rows, scoped } from './scope.js';

const occupied = sql<number>`coalesce(sum(b.bedStatus = ${BedStatus.occupied}), 0)`;
const free = sql<number>`coalesce(sum(b.bedStatus = ${BedStatus.free}), 0)`;

/** GET oldmanEasyPart/buildings: bed occupancy per building (beds in use of the reading scope). */
export async function buildingParts(r: Reader): Promise<z.infer<typeof easyPartBuildings>> {
  return rows(
    r,
    sql<z.infer<typeof easyPartBuildings>[number]>`select bd.buildingId, bd.buildingName,
      count(*) as totalBeds, ${occupied} as occupiedBeds, ${free} as freeBeds
      from bed b join room rm on rm.roomId = b.roomId join floor f on f.floorId = rm.floorId
      join building bd on bd.buildingId = f.buildingId
      where b.orgId = ${r.user.orgId} and b.useStatus = 1 and ${scoped(r, 'b')}
      group by bd.buildingId order by bd.buildingId`,
  );
}

/** GET oldmanEasyPart: the same per floor, of one building or all. */
export async function floorParts(r: Reader, buildingId?: number): Promise<z.infer<typeof easyPart>> {
  return rows(
    r,
    sql<z.infer<typeof easyPart>[number]>`select bd.buildingId, bd.buildingName, f.floorId, f.floorName,
      count(*) as totalBeds, ${occupied} as occupiedBeds, ${free} as freeBeds
      from bed b join room rm on rm.roomId = b.roomId join floor f on f.floorId = rm.floorId
      join building bd on bd.buildingId = f.buildingId
      where b.orgId = ${r.user.orgId} and b.useStatus = 1 and ${scoped(r, 'b')}
      ${buildingId === undefined ? sql`` : sql`and bd.buildingId = ${buildingId}`}
      group by f.floorId, bd.buildingId, bd.buildingName, f.floorName, f.floorNo order by bd.buildingId, f.floorNo`,
  );
}

/** GET rooms/statistics: rooms in use by how many of their beds in use are held. */
export async function roomCounts(r: Reader): Promise<z.infer<typeof roomStatistics>> {
  const list = await rows(
    r,
    sql<{ beds: number; held: number }>`select count(b.bedId) as beds,
      coalesce(sum(b.bedStatus = ${BedStatus.occupied}), 0) as held
      from room rm left join bed b on b.roomId = rm.roomId and b.useStatus = 1
      where ${scoped(r, 'rm')} and rm.useStatus = 1 group by rm.roomId`,
  );
  const empty = list.filter((l) => l.held === 0).length;
  const full = list.filter((l) => l.beds > 0 && l.held >= l.beds).length;
  return { total: list.length, empty, full, partial: list.length - empty - full };
}

/** GET beds/{id}/bedRoom: a bed of the organisation, where it is and its department; null when there is none. */
export async function bedRoomOf(
  r: Reader,
  bedId: number,
): Promise<(z.infer<typeof bedRoom> & { deptId: number }) | null> {
  const [row] = await rows(
    r,
    sql<Omit<z.infer<typeof bedRoom>, 'path'> & { deptId: number }>`select b.bedId, b.bedName, rm.roomId,
      rm.roomName, f.floorName, bd.buildingName, b.deptId
      from bed b join room rm on rm.roomId = b.roomId join floor f on f.floorId = rm.floorId
      join building bd on bd.buildingId = f.buildingId
      where b.bedId = ${bedId} and b.orgId = ${r.user.orgId}`,
  );
  if (!row) return null;
  return { ...row, path: bedPath(row) };
}
