import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { PLAN_SLOTS, UseStatus } from '../../../domain/resources/orgArchive.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx } from '../../../server/resources/engine.js';

/**
 * Places of the building model as the institution archive reads them: a floor, room or bed of the
 * user's organisation with the names that make its full path (1号楼1层1101-1床), who holds a bed,
 * and the free slots of a floor plan. The refusals are the clerk's Chinese sentences.
 */

export const refuse = (message: string): never => {
  throw new ApiFailure(Code.conflict, message);
};

export interface FloorPlace {
  floorId: number;
  floorName: string;
  buildingId: number;
  buildingName: string;
}

/** A floor of the organisation, or 10001 (a form named a floor that is not there). */
export async function floorOf(ctx: Ctx, floorId: number): Promise<FloorPlace> {
  const floor = await ctx.db
    .selectFrom('floor')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId')
    .select(['floor.floorId', 'floor.floorName', 'building.buildingId', 'building.buildingName'])
    .where('floor.floorId', '=', floorId)
    .where('building.orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!floor) throw new ApiFailure(Code.invalidInput, '所在楼层不存在');
  return floor;
}

export interface RoomPlace extends FloorPlace {
  roomId: number;
  roomName: string;
  deptId: number;
  useStatus: number;
  planSlot: number | null;
  /** 1号楼1层1101 */
  path: string;
}

/** A room of the organisation, or `missing` as 10001 (a form) or 10004 (a path). */
export async function roomOf(
  ctx: Ctx,
  roomId: number,
  missing: number = Code.invalidInput,
): Promise<RoomPlace> {
  const room = await ctx.db
    .selectFrom('room')
    .innerJoin('floor', 'floor.floorId', 'room.floorId')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId')
    .select([
      'room.roomId',
      'room.roomName',
      'room.deptId',
      'room.useStatus',
      'room.planSlot',
      'floor.floorId',
      'floor.floorName',
      'building.buildingId',
      'building.buildingName',
    ])
    .where('room.roomId', '=', roomId)
    .where('building.orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!room) throw new ApiFailure(missing, missing === Code.notFound ? '房间不存在' : '所在房间不存在');
  return { ...room, path: `${room.buildingName}${room.floorName}${room.roomName}` };
}

export interface BedPlace {
  bedId: number;
  bedName: string;
  useStatus: number;
  room: RoomPlace;
  /** 1号楼1层1101-1床 */
  path: string;
}

/** A bed of the organisation in one of the user's data departments, or 10004 / 10301. */
export async function bedOf(ctx: Ctx, bedId: number): Promise<BedPlace> {
  const bed = await ctx.db
    .selectFrom('bed')
    .select(['bedId', 'bedName', 'roomId', 'useStatus'])
    .where('bedId', '=', bedId)
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!bed) throw new ApiFailure(Code.notFound, '床位不存在');
  const room = await roomOf(ctx, bed.roomId, Code.notFound);
  ctx.requireDept(room.deptId);
  return { ...bed, room, path: `${room.path}-${bed.bedName}` };
}

export interface Holder {
  oldmanId: number;
  oldmanName: string;
  oldmanStatus: number;
  bedId: number;
}

/** The elders who hold (live in, try out or booked) any of the beds. */
export async function holdersOf(db: Db, bedIds: readonly number[]): Promise<Holder[]> {
  if (!bedIds.length) return [];
  const rows = await db
    .selectFrom('oldman')
    .select(['oldmanId', 'oldmanName', 'oldmanStatus', 'bedId'])
    .where('bedId', 'in', [...bedIds])
    .execute();
  return rows.map((r) => ({ ...r, bedId: Number(r.bedId) }));
}

/** 张桂英（在住） */
export const holderText = (h: Holder) => `${h.oldmanName}（${dictLabel('liveStatus', h.oldmanStatus)}）`;

/**
 * The plan slot a room of this floor takes: the one asked for when no other room in use has it,
 * else the first free one; refused when the floor plan is full (domain/floorPlan.ts: 8 rooms).
 */
export async function placeOnPlan(
  db: Db,
  floor: FloorPlace,
  wanted: number | null,
  selfId: number,
): Promise<number> {
  const rooms = await db
    .selectFrom('room')
    .select(['roomId', 'roomName', 'planSlot'])
    .where('floorId', '=', floor.floorId)
    .where('useStatus', '=', UseStatus.inUse)
    .where('planSlot', 'is not', null)
    .where('roomId', '!=', selfId)
    .execute();
  const taken = new Map(rooms.map((r) => [Number(r.planSlot), r.roomName]));
  if (wanted !== null) {
    const other = taken.get(wanted);
    if (other !== undefined) refuse(`平面图位置${wanted}已有房间${other}，请换一个位置或留空`);
    return wanted;
  }
  for (let slot = 1; slot <= PLAN_SLOTS; slot++) if (!taken.has(slot)) return slot;
  return refuse(
    `${floor.buildingName}${floor.floorName}的平面图已排满${PLAN_SLOTS}间房，请选择其他楼层或先停用一间房`,
  );
}
