import { sql } from 'kysely';
import { BUILDING_SPACING_M } from '../../../domain/floorPlan.js';
import { PLAN_SLOTS, UseStatus } from '../../../domain/resources/orgArchive.js';
import { BedStatus } from '../../../domain/resources/residence.js';
import type { Db } from '../../../server/db/index.js';
import type { ResourceHooks, Row } from '../../../server/resources/engine.js';
import { floorOf, holdersOf, holderText, placeOnPlan, refuse, roomOf } from './places.js';

/**
 * The institution archive's building model on the resource engine (docs/decisions.md "Institution
 * archive"): buildings and floors are added, edited and, when empty, deleted; rooms and beds are
 * added and edited here and retired by their own calls (retire.ts), never deleted.
 */

const ids = (rows: Row[], key: string) => rows.map((r) => Number(r[key]));
const IN_USE = UseStatus.inUse;

/** Counts by a key column, for decorate: `select key, n … group by key`. */
async function countsBy(db: Db, query: ReturnType<typeof sql<{ k: number; n: number }>>) {
  const rows = (await query.execute(db)).rows;
  return new Map(rows.map((r) => [Number(r.k), Number(r.n)]));
}

export const buildingHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (existing) return;
    // a new building stands beside the others on the site plan (domain/floorPlan.ts)
    const last = await sql<{ x: number | null }>`select max(mapX) as x from building
      where orgId = ${ctx.user.orgId}`.execute(ctx.db);
    const x = last.rows[0]?.x;
    row.mapX = x === null || x === undefined ? 0 : Number(x) + BUILDING_SPACING_M;
    row.mapY = 0;
  },
  async beforeRemove(ctx, row) {
    const floor = await ctx.db
      .selectFrom('floor')
      .select('floorId')
      .where('buildingId', '=', Number(row.buildingId))
      .executeTakeFirst();
    if (floor) refuse(`楼栋“${String(row.buildingName)}”还有楼层，请先删除楼层`);
  },
  listReads: ['floor', 'room', 'bed'],
  async decorate(db, rows) {
    const list = sql.join(ids(rows, 'buildingId').concat(-1));
    const floors = await countsBy(
      db,
      sql`select buildingId as k, count(*) as n from floor where buildingId in (${list}) group by buildingId`,
    );
    const rooms = await countsBy(
      db,
      sql`select f.buildingId as k, count(*) as n from room r join floor f on f.floorId = r.floorId
        where f.buildingId in (${list}) and r.useStatus = ${IN_USE} group by f.buildingId`,
    );
    const beds = await countsBy(
      db,
      sql`select f.buildingId as k, count(*) as n from bed b join room r on r.roomId = b.roomId
        join floor f on f.floorId = r.floorId
        where f.buildingId in (${list}) and r.useStatus = ${IN_USE} and b.useStatus = ${IN_USE}
        group by f.buildingId`,
    );
    for (const row of rows) {
      const id = Number(row.buildingId);
      row.floorCount = floors.get(id) ?? 0;
      row.roomCount = rooms.get(id) ?? 0;
      row.bedCount = beds.get(id) ?? 0;
    }
  },
};

export const floorHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    const buildingId = Number(row.buildingId ?? existing?.buildingId);
    const floorNo = Number(row.floorNo ?? existing?.floorNo);
    const clash = await ctx.db
      .selectFrom('floor')
      .select('floorName')
      .where('buildingId', '=', buildingId)
      .where('floorNo', '=', floorNo)
      .where('floorId', '!=', existing ? Number(existing.floorId) : -1)
      .executeTakeFirst();
    if (clash) refuse(`该楼栋已有第${floorNo}层（${clash.floorName}）`);
  },
  async beforeRemove(ctx, row) {
    const room = await ctx.db
      .selectFrom('room')
      .select('roomName')
      .where('floorId', '=', Number(row.floorId))
      .executeTakeFirst();
    if (room) refuse(`楼层“${String(row.floorName)}”还有房间（${room.roomName}），不能删除`);
  },
  listReads: ['room'],
  async decorate(db, rows) {
    const list = sql.join(ids(rows, 'floorId').concat(-1));
    const rooms = await countsBy(
      db,
      sql`select floorId as k, count(*) as n from room where floorId in (${list}) and useStatus = ${IN_USE}
        group by floorId`,
    );
    const placed = await countsBy(
      db,
      sql`select floorId as k, count(*) as n from room where floorId in (${list}) and useStatus = ${IN_USE}
        and planSlot is not null group by floorId`,
    );
    for (const row of rows) {
      row.roomCount = rooms.get(Number(row.floorId)) ?? 0;
      row.freeSlots = PLAN_SLOTS - (placed.get(Number(row.floorId)) ?? 0);
    }
  },
};

/** Full names of the floors (1号楼1层) of rows carrying floorId. */
async function floorPaths(db: Db, floorIds: number[]) {
  const rows = await db
    .selectFrom('floor')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId')
    .select(['floor.floorId', 'floor.floorName', 'building.buildingName'])
    .where('floor.floorId', 'in', floorIds.concat(-1))
    .execute();
  return new Map(rows.map((f) => [f.floorId, `${f.buildingName}${f.floorName}`]));
}

export const roomHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (!existing) row.useStatus = IN_USE;
    const floor = await floorOf(ctx, Number(row.floorId ?? existing?.floorId));
    const selfId = existing ? Number(existing.roomId) : -1;
    const name = String(row.roomName ?? existing?.roomName);
    const clash = await ctx.db
      .selectFrom('room')
      .innerJoin('floor', 'floor.floorId', 'room.floorId')
      .select('room.roomId')
      .where('floor.buildingId', '=', floor.buildingId)
      .where('room.roomName', '=', name)
      .where('room.roomId', '!=', selfId)
      .executeTakeFirst();
    if (clash) refuse(`${floor.buildingName}已有房间“${name}”`);
    if (existing && row.deptId !== undefined && Number(row.deptId) !== Number(existing.deptId)) {
      const beds = await ctx.db.selectFrom('bed').select('bedId').where('roomId', '=', selfId).execute();
      const [held] = await holdersOf(ctx.db, ids(beds, 'bedId'));
      if (held) refuse(`房间${name}住着${holderText(held)}，不能更改所属部门`);
    }
    // a retired room is not on the floor plan; one in use keeps its slot, or takes a free one
    if (existing && Number(existing.useStatus) !== IN_USE) {
      row.planSlot = null;
      return;
    }
    const sameFloor = existing && Number(existing.floorId) === floor.floorId;
    const wanted =
      row.planSlot !== undefined && row.planSlot !== null
        ? Number(row.planSlot)
        : sameFloor && existing.planSlot !== null && row.planSlot === undefined
          ? Number(existing.planSlot)
          : null;
    row.planSlot = await placeOnPlan(ctx.db, floor, wanted, selfId);
  },
  async afterChange(ctx, change) {
    // a bed is in its room's department (the bed list's data-department scope)
    if (change.action === 'remove') return;
    await sql`update bed set deptId = (select r.deptId from room r where r.roomId = bed.roomId)
      where roomId in (${sql.join(change.ids)})`.execute(ctx.db);
  },
  listReads: ['floor', 'building', 'bed', 'oldman'],
  async decorate(db, rows) {
    const places = await floorPaths(db, ids(rows, 'floorId'));
    const list = sql.join(ids(rows, 'roomId').concat(-1));
    const beds = await countsBy(
      db,
      sql`select roomId as k, count(*) as n from bed where roomId in (${list}) and useStatus = ${IN_USE}
        group by roomId`,
    );
    const free = await countsBy(
      db,
      sql`select b.roomId as k, count(*) as n from bed b where b.roomId in (${list})
        and b.useStatus = ${IN_USE} and b.bedStatus = ${BedStatus.free}
        and not exists (select 1 from oldman o where o.bedId = b.bedId) group by b.roomId`,
    );
    for (const row of rows) {
      const id = Number(row.roomId);
      const inUse = Number(row.useStatus) === IN_USE;
      row.place = places.get(Number(row.floorId)) ?? '';
      row.bedCount = inUse ? (beds.get(id) ?? 0) : 0;
      row.freeBeds = inUse ? (free.get(id) ?? 0) : 0;
    }
  },
};

export const bedHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (!existing) {
      row.bedStatus = BedStatus.free;
      row.useStatus = IN_USE;
    }
    const room = await roomOf(ctx, Number(row.roomId ?? existing?.roomId));
    ctx.requireDept(room.deptId);
    row.deptId = room.deptId;
    const name = String(row.bedName ?? existing?.bedName);
    const moving = existing && Number(existing.roomId) !== room.roomId;
    if ((!existing || moving) && room.useStatus !== IN_USE)
      refuse(`房间${room.path}已停用，不能在其中添加床位`);
    if (moving) {
      const [held] = await holdersOf(ctx.db, [Number(existing.bedId)]);
      if (held) refuse(`床位${name}住着${holderText(held)}，不能移到其他房间`);
    }
    const clash = await ctx.db
      .selectFrom('bed')
      .select('bedId')
      .where('roomId', '=', room.roomId)
      .where('bedName', '=', name)
      .where('bedId', '!=', existing ? Number(existing.bedId) : -1)
      .executeTakeFirst();
    if (clash) refuse(`房间${room.path}已有床位“${name}”`);
  },
  listReads: ['room', 'floor', 'building', 'oldman'],
  async decorate(db, rows) {
    const rooms = await db
      .selectFrom('room')
      .select(['roomId', 'roomName', 'floorId'])
      .where('roomId', 'in', ids(rows, 'roomId').concat(-1))
      .execute();
    const floors = await floorPaths(
      db,
      rooms.map((r) => r.floorId),
    );
    const place = new Map(rooms.map((r) => [r.roomId, `${floors.get(r.floorId) ?? ''}${r.roomName}`]));
    const holders = new Map((await holdersOf(db, ids(rows, 'bedId'))).map((h) => [h.bedId, h]));
    for (const row of rows) {
      row.place = place.get(Number(row.roomId)) ?? '';
      row.oldmanName = holders.get(Number(row.bedId))?.oldmanName ?? null;
    }
  },
};
