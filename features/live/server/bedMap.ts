import { sql } from 'kysely';
import { LiveAuthority as A } from '../../../domain/resources/oldman.js';
import { UseStatus } from '../../../domain/resources/orgArchive.js';
import { OutStatus } from '../../../domain/resources/outing.js';
import {
  BedMapStatus,
  BedStatus,
  LiveStatus,
  ResidencePaths as P,
  placeQuery,
  RoomMapStatus,
} from '../../../domain/resources/residence.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import { bedPlaces } from '../../../server/db/bedPlaces.js';
import type { Db } from '../../../server/db/index.js';
import { readDeptIds } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery } from '../../../server/http/schemas.js';
import {
  type BedInfo,
  type BuildingTree,
  bedPart,
  buildingTrees,
  type RoomInfo,
  roomInfos,
  roomPart,
} from '../api/residence.js';

export const VIEW = `${A.live}|${A.bedInfo}`;

/** What a bed shows on the map: its resident's stay, else whether it is in service. */
function mapStatusOf(r: { oldmanId: number | null; oldmanStatus: number | null; bedStatus: number }) {
  if (r.oldmanStatus === LiveStatus.trial) return BedMapStatus.trial;
  if (r.oldmanStatus === LiveStatus.reserved) return BedMapStatus.reserved;
  if (r.oldmanId !== null) return BedMapStatus.living;
  return r.bedStatus === BedStatus.maintenance ? BedMapStatus.maintenance : BedMapStatus.free;
}

/**
 * The monthly price of a bed without its own: the organisation's 床位费 item (billed by the bed, by
 * the month), as features/expense/server/monthBill.ts bills it.
 */
async function bedChargePrice(db: Db, orgId: number): Promise<number | null> {
  const { rows } = await sql<{ price: number }>`select price from costProject
    where orgId = ${orgId} and coalesce(status, 1) = 1 and coalesce(priceByBed, 0) = 1 and chargeUnit = 1
    order by sort, projectId limit 1`.execute(db);
  return rows[0]?.price ?? null;
}

/** The rooms (and their beds with residents) of the user's data departments, optionally one floor. */
async function roomsOf(db: Db, user: SessionUser, where: { buildingId?: number; floorId?: number }) {
  const chargePrice = await bedChargePrice(db, user.orgId);
  let query = bedPlaces(db)
    .innerJoin('dept', 'dept.deptId', 'room.deptId')
    .leftJoin('oldman', 'oldman.bedId', 'bed.bedId')
    .select([
      'bed.bedId',
      'bed.bedName',
      'bed.bedStatus',
      'room.roomId',
      'room.roomName',
      'room.roomType',
      'room.deptId',
      'dept.deptName',
      'floor.floorId',
      'floor.floorName',
      'floor.floorNo',
      'building.buildingId',
      'building.buildingName',
      'oldman.oldmanId',
      'oldman.oldmanName',
      'oldman.oldmanStatus',
      'oldman.sex',
      'bed.bedType',
      'bed.price',
    ])
    // an elder out on an outing (affirmed, not yet back) shows 外出中 on their bed
    .select(
      sql<number>`exists (select 1 from oldmanOut o where o.oldmanId = oldman.oldmanId
        and o.outStatus = ${OutStatus.out})`.as('away'),
    )
    .where('building.orgId', '=', user.orgId)
    .where('room.deptId', 'in', readDeptIds(user))
    // retired rooms and beds (机构档案) are out of use: not on the map, not offered
    .where('room.useStatus', '=', UseStatus.inUse)
    .where('bed.useStatus', '=', UseStatus.inUse);
  if (where.buildingId) query = query.where('building.buildingId', '=', where.buildingId);
  if (where.floorId) query = query.where('floor.floorId', '=', where.floorId);
  const rows = await query
    .orderBy('building.buildingId')
    .orderBy('floor.floorNo')
    .orderBy('room.roomName')
    .orderBy('bed.bedName')
    .execute();
  const rooms = new Map<number, RoomInfo>();
  for (const r of rows) {
    const room = rooms.get(r.roomId) ?? {
      roomId: r.roomId,
      roomName: r.roomName,
      roomType: r.roomType,
      deptId: r.deptId,
      deptName: r.deptName,
      floorId: r.floorId,
      floorName: r.floorName,
      floorNo: r.floorNo,
      buildingId: r.buildingId,
      buildingName: r.buildingName,
      mapStatus: RoomMapStatus.empty,
      beds: [],
    };
    rooms.set(r.roomId, room);
    const bed: BedInfo = {
      bedId: r.bedId,
      bedName: r.bedName,
      bedStatus: r.bedStatus,
      mapStatus: mapStatusOf(r),
      oldmanId: r.oldmanId,
      oldmanName: r.oldmanName,
      oldmanStatus: r.oldmanStatus,
      sex: r.sex,
      away: r.oldmanId !== null && Number(r.away) === 1,
      bedType: r.bedType,
      price: r.price,
      monthlyPrice: r.price ?? chargePrice,
    };
    room.beds.push(bed);
  }
  for (const room of rooms.values()) {
    const held = room.beds.filter((b) => b.oldmanId !== null).length;
    room.mapStatus = !held
      ? RoomMapStatus.empty
      : held === room.beds.length
        ? RoomMapStatus.full
        : RoomMapStatus.partial;
  }
  return [...rooms.values()];
}

/** The bed and room map of /home (spec 001 §7 "Dashboard"): rooms, beds, residents and counts. */
export const bedMapRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: P.buildings,
    auth: VIEW,
    summary: '床位图楼栋与楼层',
    query: noQuery,
    response: buildingTrees,
    async handler(ctx): Promise<BuildingTree[]> {
      // The buildings and floors that hold a room of the user's departments, in the map's order.
      const tree = new Map<number, BuildingTree>();
      for (const room of await roomsOf(ctx.db, ctx.user, {})) {
        const b = tree.get(room.buildingId) ?? {
          buildingId: room.buildingId,
          buildingName: room.buildingName,
          floors: [],
          freeBeds: 0,
        };
        b.freeBeds += room.beds.filter((bed) => bed.mapStatus === BedMapStatus.free).length;
        if (!b.floors.some((f) => f.floorId === room.floorId))
          b.floors.push({ floorId: room.floorId, floorName: room.floorName, floorNo: room.floorNo });
        tree.set(room.buildingId, b);
      }
      return [...tree.values()];
    },
  }),
  ...[
    { url: P.bedInfos, operation: 'getBedInfos' },
    { url: P.easyPartBedInfos, operation: 'getEasyPartBedInfos' },
  ].map(({ url, operation }) =>
    route({
      method: 'GET',
      url,
      operation,
      auth: VIEW,
      summary: '房间床位信息',
      query: placeQuery,
      response: roomInfos,
      handler: (ctx) => roomsOf(ctx.db, ctx.user, ctx.query),
    }),
  ),
  route({
    method: 'GET',
    url: P.bedPart,
    auth: VIEW,
    summary: '床位图床位状态统计',
    query: noQuery,
    response: bedPart,
    async handler(ctx) {
      const beds = (await roomsOf(ctx.db, ctx.user, {})).flatMap((r) => r.beds);
      const count = (s: number) => beds.filter((b) => b.mapStatus === s).length;
      return {
        total: beds.length,
        free: count(BedMapStatus.free),
        living: count(BedMapStatus.living),
        trial: count(BedMapStatus.trial),
        reserved: count(BedMapStatus.reserved),
        maintenance: count(BedMapStatus.maintenance),
      };
    },
  }),
  route({
    method: 'GET',
    url: P.roomPart,
    auth: VIEW,
    summary: '床位图房间状态统计',
    query: noQuery,
    response: roomPart,
    async handler(ctx) {
      const rooms = await roomsOf(ctx.db, ctx.user, {});
      const count = (s: number) => rooms.filter((r) => r.mapStatus === s).length;
      return {
        total: rooms.length,
        empty: count(RoomMapStatus.empty),
        partial: count(RoomMapStatus.partial),
        full: count(RoomMapStatus.full),
      };
    },
  }),
];
