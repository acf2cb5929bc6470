import { Code } from '../../../domain/codes.js';
import {
  OrgArchiveAuthority as A,
  type Capacity,
  capacityAnswer,
  OrgArchivePaths as P,
  UseStatus,
  useStatusAnswer,
} from '../../../domain/resources/orgArchive.js';
import { BedStatus, LiveStatus } from '../../../domain/resources/residence.js';
import { readDeptIds } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noBody, noQuery } from '../../../server/http/schemas.js';
import { bedOf, holdersOf, holderText, placeOnPlan, refuse, roomOf } from './places.js';

/**
 * Retiring takes a room or bed out of use for good (until reinstated): it leaves the bed map, the
 * bed pickers and the counts, and keeps its row for the records that name it. Refused while anyone
 * lives in it, tries it out or has booked it (docs/decisions.md "Institution archive").
 */
const retireRoom = route({
  method: 'PUT',
  url: P.roomRetire,
  auth: A.retire,
  params: idParams,
  body: noBody,
  response: useStatusAnswer,
  log: { type: 'UPDATE', name: '停用房间' },
  async handler(ctx) {
    const room = await roomOf(ctx, ctx.params.id, Code.notFound);
    ctx.requireDept(room.deptId);
    if (room.useStatus !== UseStatus.inUse) refuse(`房间${room.path}已停用`);
    const beds = await ctx.db.selectFrom('bed').select('bedId').where('roomId', '=', room.roomId).execute();
    const held = await holdersOf(
      ctx.db,
      beds.map((b) => b.bedId),
    );
    if (held.length)
      refuse(`房间${room.path}住着${held.map(holderText).join('、')}，请先办理退住或取消预订再停用`);
    await ctx.db
      .updateTable('room')
      .set({ useStatus: UseStatus.retired, planSlot: null })
      .where('roomId', '=', room.roomId)
      .execute();
    ctx.describe(`停用房间：${room.path}`);
    return { id: room.roomId, useStatus: UseStatus.retired, planSlot: null };
  },
});

const reinstateRoom = route({
  method: 'PUT',
  url: P.roomReinstate,
  auth: A.retire,
  params: idParams,
  body: noBody,
  response: useStatusAnswer,
  log: { type: 'UPDATE', name: '启用房间' },
  async handler(ctx) {
    const room = await roomOf(ctx, ctx.params.id, Code.notFound);
    ctx.requireDept(room.deptId);
    if (room.useStatus === UseStatus.inUse) refuse(`房间${room.path}在用，无需启用`);
    const planSlot = await placeOnPlan(ctx.db, room, null, room.roomId);
    await ctx.db
      .updateTable('room')
      .set({ useStatus: UseStatus.inUse, planSlot })
      .where('roomId', '=', room.roomId)
      .execute();
    ctx.describe(`启用房间：${room.path}`);
    return { id: room.roomId, useStatus: UseStatus.inUse, planSlot };
  },
});

const retireBed = route({
  method: 'PUT',
  url: P.bedRetire,
  auth: A.retire,
  params: idParams,
  body: noBody,
  response: useStatusAnswer,
  log: { type: 'UPDATE', name: '停用床位' },
  async handler(ctx) {
    const bed = await bedOf(ctx, ctx.params.id);
    if (bed.useStatus !== UseStatus.inUse) refuse(`床位${bed.path}已停用`);
    const [held] = await holdersOf(ctx.db, [bed.bedId]);
    if (held) refuse(`床位${bed.path}住着${holderText(held)}，请先办理退住或取消预订再停用`);
    await ctx.db
      .updateTable('bed')
      .set({ useStatus: UseStatus.retired })
      .where('bedId', '=', bed.bedId)
      .execute();
    ctx.describe(`停用床位：${bed.path}`);
    return { id: bed.bedId, useStatus: UseStatus.retired };
  },
});

const reinstateBed = route({
  method: 'PUT',
  url: P.bedReinstate,
  auth: A.retire,
  params: idParams,
  body: noBody,
  response: useStatusAnswer,
  log: { type: 'UPDATE', name: '启用床位' },
  async handler(ctx) {
    const bed = await bedOf(ctx, ctx.params.id);
    if (bed.useStatus === UseStatus.inUse) refuse(`床位${bed.path}在用，无需启用`);
    if (bed.room.useStatus !== UseStatus.inUse) refuse(`房间${bed.room.path}已停用，请先启用房间`);
    await ctx.db
      .updateTable('bed')
      .set({ useStatus: UseStatus.inUse })
      .where('bedId', '=', bed.bedId)
      .execute();
    ctx.describe(`启用床位：${bed.path}`);
    return { id: bed.bedId, useStatus: UseStatus.inUse };
  },
});

/** How many buildings, floors, rooms and beds the institution has, and how its beds in use are taken. */
const capacity = route({
  method: 'GET',
  url: P.capacity,
  auth: A.view,
  summary: '机构规模与床位占用',
  query: noQuery,
  response: capacityAnswer,
  async handler(ctx): Promise<Capacity> {
    const { orgId } = ctx.user;
    const depts = readDeptIds(ctx.user);
    const count = async (table: 'building' | 'floor') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('orgId', '=', orgId)
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const rooms = await ctx.db
      .selectFrom('room')
      .select(['roomId', 'useStatus'])
      .where('orgId', '=', orgId)
      .where('deptId', 'in', depts)
      .execute();
    const beds = await ctx.db
      .selectFrom('bed')
      .innerJoin('room', 'room.roomId', 'bed.roomId')
      .leftJoin('oldman', 'oldman.bedId', 'bed.bedId')
      .select(['bed.useStatus', 'room.useStatus as roomUse', 'bed.bedStatus', 'oldman.oldmanStatus'])
      .where('bed.orgId', '=', orgId)
      .where('room.deptId', 'in', depts)
      .execute();
    const inUse = beds.filter((b) => b.useStatus === UseStatus.inUse && b.roomUse === UseStatus.inUse);
    const held = (statuses: number[]) =>
      inUse.filter((b) => b.oldmanStatus !== null && statuses.includes(b.oldmanStatus)).length;
    const maintenance = inUse.filter((b) => b.oldmanStatus === null && b.bedStatus === BedStatus.maintenance);
    const occupied = held([LiveStatus.living, LiveStatus.trial]);
    const reserved = held([LiveStatus.reserved]);
    return {
      buildings: await count('building'),
      floors: await count('floor'),
      rooms: rooms.filter((r) => r.useStatus === UseStatus.inUse).length,
      beds: inUse.length,
      free: inUse.length - occupied - reserved - maintenance.length,
      occupied,
      reserved,
      maintenance: maintenance.length,
      retiredRooms: rooms.filter((r) => r.useStatus !== UseStatus.inUse).length,
      retiredBeds: beds.length - inUse.length,
    };
  },
});

/** The institution archive's own calls beyond its resources' CRUD. */
export const orgArchiveRoutes = (): AnyRoute[] => [
  capacity,
  retireRoom,
  reinstateRoom,
  retireBed,
  reinstateBed,
];
