import { sql } from 'kysely';
import { z } from 'zod';
import { satisfies } from '../../../domain/authorityExpr.js';
import { localDay, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { bodySchema, fieldSchema, listQuerySchema } from '../../../domain/resource.js';
import { LiveAuthority, oldmanResource } from '../../../domain/resources/oldman.js';
import { UseStatus } from '../../../domain/resources/orgArchive.js';
import { OutStatus } from '../../../domain/resources/outing.js';
import {
  adjustSchema,
  type BedInfo,
  BedMapStatus,
  BedStatus,
  type BuildingTree,
  bedStatusSchema,
  defaultLegend,
  exchangeSchema,
  isLiveStatus,
  type LegendItem,
  LiveStatus,
  legendSaveSchema,
  liveEditFields,
  type MapTypeCode,
  mapTypeParam,
  ResidencePaths as P,
  placeQuerySchema,
  type RoomInfo,
  RoomMapStatus,
  residenceListDef,
  statusChangeSchema,
} from '../../../domain/resources/residence.js';
import {
  bedStatusFor,
  eventAuthority,
  eventFor,
  holdsBed,
  type ResidenceEvent,
  type ResidenceEventType,
  type ResidenceFields,
  residenceEvents,
  residenceEventTypes,
  residenceTransition,
  takesBed,
} from '../../../machines/residenceMachine.js';
import type { SessionUser } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import { readDeptIds } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import {
  type Ctx,
  idParam,
  listRows,
  loadRow,
  parseInput,
  type ResourceHooks,
  type Row,
  updateRow,
} from '../../resources/engine.js';
import { oldmanHooks } from './oldman.js';

const A = LiveAuthority;
const VIEW = `${A.live}|${A.bedInfo}`;
const today = (ctx: Ctx) => localDay(ctx.services.now());
const statusName = (s: number) => dictLabel('liveStatus', s);
const BED_TAKEN = '该床位已有长者入住';

interface Bed {
  bedId: number;
  bedName: string;
  bedStatus: number;
  roomId: number;
  deptId: number;
  /** The bed and its room are in use (not retired in 机构档案). */
  inUse: boolean;
  path: string;
}

/** A bed of the user's organisation in one of their data departments, with its full name. */
async function loadBed(ctx: Ctx, bedId: number): Promise<Bed> {
  const bed = await ctx.db
    .selectFrom('bed')
    .innerJoin('room', 'room.roomId', 'bed.roomId')
    .innerJoin('floor', 'floor.floorId', 'room.floorId')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId')
    .select([
      'bed.bedId',
      'bed.bedName',
      'bed.bedStatus',
      'room.roomId',
      'room.deptId',
      'room.roomName',
      'floor.floorName',
      'building.buildingName',
    ])
    .select(
      sql<number>`case when bed.useStatus = ${UseStatus.inUse} and room.useStatus = ${UseStatus.inUse} then ${UseStatus.inUse} else ${UseStatus.retired} end`.as(
        'useStatus',
      ),
    )
    .where('bed.bedId', '=', bedId)
    .where('building.orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!bed) throw new ApiFailure(Code.notFound, '床位不存在');
  ctx.requireDept(bed.deptId);
  const { useStatus, ...place } = bed;
  return {
    ...place,
    inUse: useStatus === UseStatus.inUse,
    path: `${bed.buildingName}${bed.floorName}${bed.roomName}-${bed.bedName}`,
  };
}

/** A bed the elder may move into: nobody else holds it and it is in service. */
async function loadFreeBed(ctx: Ctx, bedId: number, oldmanId: number): Promise<Bed> {
  const bed = await loadBed(ctx, bedId);
  if (bed.bedStatus === BedStatus.maintenance)
    throw new ApiFailure(Code.conflict, '该床位维修停用，不能入住');
  if (!bed.inUse) throw new ApiFailure(Code.conflict, '该床位已停用，不能入住');
  const holder = await ctx.db
    .selectFrom('oldman')
    .select('oldmanId')
    .where('bedId', '=', bedId)
    .where('oldmanId', '!=', oldmanId)
    .executeTakeFirst();
  if (holder) throw new ApiFailure(Code.conflict, BED_TAKEN);
  return bed;
}

/** The database's one-elder-per-bed index (oldman_bed_one) as the 10009 answer. */
function bedTaken(e: unknown): never {
  const err = e as { code?: string; message?: string; constraint?: string };
  const sqlite =
    String(err.code ?? '').startsWith('SQLITE_CONSTRAINT') && /oldman\.bedId/.test(err.message ?? '');
  const pg = err.code === '23505' && err.constraint === 'oldman_bed_one';
  if (sqlite || pg) throw new ApiFailure(Code.conflict, BED_TAKEN);
  throw e;
}

async function setResidence(db: Db, oldmanId: number, next: Partial<ResidenceFields> & { deptId?: number }) {
  try {
    await db
      .updateTable('oldman')
      .set({ ...next, updateTime: nowStamp() } as never)
      .where('oldmanId', '=', oldmanId)
      .execute();
  } catch (e) {
    bedTaken(e);
  }
}

/**
 * Each bed's bedStatus follows whoever holds it (maintenance stays until set free by hand), and the
 * devices bound to the bed name its resident, as the bed-device screen does when binding.
 */
async function syncBeds(db: Db, bedIds: (number | null | undefined)[]) {
  for (const bedId of new Set(bedIds)) {
    if (bedId === null || bedId === undefined) continue;
    const holder = await db
      .selectFrom('oldman')
      .select(['oldmanId', 'oldmanStatus'])
      .where('bedId', '=', bedId)
      .executeTakeFirst();
    const status = holder && isLiveStatus(holder.oldmanStatus) ? holder.oldmanStatus : null;
    await db
      .updateTable('bed')
      .set({
        bedStatus: status
          ? bedStatusFor(status)
          : sql<number>`case when bedStatus = ${BedStatus.maintenance} then bedStatus else ${BedStatus.free} end`,
      })
      .where('bedId', '=', bedId)
      .execute();
    const resident = holder && status !== LiveStatus.reserved ? holder.oldmanId : null;
    await db.updateTable('device').set({ oldmanId: resident }).where('bedId', '=', bedId).execute();
  }
}

/** The elder's own devices (watch, band) move with the elder's department. */
async function moveDevices(db: Db, oldmanId: number, deptId: number) {
  await db
    .updateTable('device')
    .set({ deptId })
    .where('oldmanId', '=', oldmanId)
    .where('bedId', 'is', null)
    .execute();
}

async function bedPathOf(ctx: Ctx, bedId: number | null): Promise<string | null> {
  if (bedId === null) return null;
  const row = await ctx.db
    .selectFrom('bed')
    .innerJoin('room', 'room.roomId', 'bed.roomId')
    .innerJoin('floor', 'floor.floorId', 'room.floorId')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId')
    .select(['bed.bedName', 'room.roomName', 'floor.floorName', 'building.buildingName'])
    .where('bed.bedId', '=', bedId)
    .executeTakeFirst();
  return row ? `${row.buildingName}${row.floorName}${row.roomName}-${row.bedName}` : null;
}

interface Change {
  oldmanId: number;
  deptId: number;
  eventType: ResidenceEventType | 'ADJUST' | 'EXCHANGE' | 'CLEAR';
  eventName: string;
  fromStatus: number | null;
  toStatus: number | null;
  fromBedId: number | null;
  toBedId: number | null;
  date: string;
  note: string;
}

/** A row of the residence history (GET live/{oldmanId}/record), in the change's transaction. */
async function record(ctx: Ctx, c: Change) {
  await ctx.db
    .insertInto('liveRecord')
    .values({
      orgId: ctx.user.orgId,
      oldmanId: c.oldmanId,
      deptId: c.deptId,
      eventType: c.eventType,
      eventName: c.eventName,
      fromStatus: c.fromStatus,
      toStatus: c.toStatus,
      fromBedId: c.fromBedId,
      toBedId: c.toBedId,
      fromBedName: await bedPathOf(ctx, c.fromBedId),
      toBedName: await bedPathOf(ctx, c.toBedId),
      changeDate: c.date,
      note: c.note,
      userId: ctx.user.userId,
      userName: ctx.user.loginName,
      createTime: nowStamp(),
    })
    .execute();
}

const fieldsOf = (row: Row): ResidenceFields => {
  const status = Number(row.oldmanStatus);
  if (!isLiveStatus(status)) throw new ApiFailure(Code.conflict, '长者入住状态无效');
  return {
    oldmanStatus: status,
    bedId: row.bedId === null || row.bedId === undefined ? null : Number(row.bedId),
    checkInDate: (row.checkInDate as string | null) ?? null,
    leaveDate: (row.leaveDate as string | null) ?? null,
  };
};

const loadElder = (ctx: Ctx, oldmanId: number) => loadRow(ctx, oldmanResource, oldmanId);

async function changeStatus(ctx: Ctx) {
  const oldmanId = idParam(ctx.req.params, 'oldmanId');
  const to = idParam(ctx.req.params, 'oldmanStatusNew');
  if (!isLiveStatus(to)) throw new ApiFailure(Code.invalidInput, '入住状态无效');
  const body = parseInput(statusChangeSchema, ctx.req.body);
  const elder = await loadElder(ctx, oldmanId);
  const before = fieldsOf(elder);
  const type = eventFor(before.oldmanStatus, to);
  if (!type) {
    const wanted = residenceEventTypes.find((t) => residenceEvents[t].to === to) ?? 'WAIT';
    throw new ApiFailure(
      Code.conflict,
      `当前状态为${statusName(before.oldmanStatus)}，不能${residenceEvents[wanted].label}`,
    );
  }
  if (!satisfies(ctx.user.authority, eventAuthority(type)))
    throw new ApiFailure(Code.noAuthority, '权限不足');
  const date = body.date ?? today(ctx);
  const event = (
    takesBed(type) ? { type, bedId: body.bedId ?? null, date } : { type, date }
  ) as ResidenceEvent;
  const result = residenceTransition(before, event);
  if (!result.ok) throw new ApiFailure(Code.conflict, result.reason);
  const next = result.next;
  if (type === 'QUIT' && before.checkInDate && date < before.checkInDate)
    throw new ApiFailure(Code.invalidInput, '退住日期不能早于入住日期');
  // An elder out on an outing comes back (返院登记) before leaving the home for good.
  if (type === 'QUIT') {
    const out =
      await sql`select 1 from oldmanOut where oldmanId = ${oldmanId} and outStatus = ${OutStatus.out}`.execute(
        ctx.db,
      );
    if (out.rows.length) throw new ApiFailure(Code.conflict, '长者外出中，请先办理返院登记再退住');
  }
  let deptId = Number(elder.deptId);
  if (next.bedId !== null && next.bedId !== before.bedId)
    deptId = (await loadFreeBed(ctx, next.bedId, oldmanId)).deptId;
  else if (next.bedId !== null) await loadBed(ctx, next.bedId);
  await setResidence(ctx.db, oldmanId, { ...next, deptId });
  if (deptId !== Number(elder.deptId)) await moveDevices(ctx.db, oldmanId, deptId);
  await syncBeds(ctx.db, [before.bedId, next.bedId]);
  await record(ctx, {
    oldmanId,
    deptId,
    eventType: type,
    eventName: residenceEvents[type].label,
    fromStatus: before.oldmanStatus,
    toStatus: next.oldmanStatus,
    fromBedId: before.bedId,
    toBedId: next.bedId,
    date,
    note: body.note ?? '',
  });
  ctx.describe(`${residenceEvents[type].label}：${String(elder.oldmanName)}`);
  return { oldmanId, ...next, deptId };
}

async function adjustBed(ctx: Ctx) {
  const body = parseInput(adjustSchema, ctx.req.body);
  const elder = await loadElder(ctx, body.oldmanId);
  const before = fieldsOf(elder);
  if (!holdsBed(before.oldmanStatus) || before.bedId === null)
    throw new ApiFailure(Code.conflict, `当前状态为${statusName(before.oldmanStatus)}，不能调整床位`);
  if (body.bedId === before.bedId) throw new ApiFailure(Code.invalidInput, '请选择另一张床位');
  await loadBed(ctx, before.bedId);
  const bed = await loadFreeBed(ctx, body.bedId, body.oldmanId);
  await setResidence(ctx.db, body.oldmanId, { bedId: bed.bedId, deptId: bed.deptId });
  if (bed.deptId !== Number(elder.deptId)) await moveDevices(ctx.db, body.oldmanId, bed.deptId);
  await syncBeds(ctx.db, [before.bedId, bed.bedId]);
  const date = body.date ?? today(ctx);
  await record(ctx, {
    oldmanId: body.oldmanId,
    deptId: bed.deptId,
    eventType: 'ADJUST',
    eventName: '调整床位',
    fromStatus: before.oldmanStatus,
    toStatus: before.oldmanStatus,
    fromBedId: before.bedId,
    toBedId: bed.bedId,
    date,
    note: body.note ?? '',
  });
  ctx.describe(`调整床位：${String(elder.oldmanName)} → ${bed.path}`);
  return { oldmanId: body.oldmanId, bedId: bed.bedId };
}

/** Swaps two held beds in one transaction; the first elder steps off its bed so the index holds. */
async function exchangeBeds(ctx: Ctx) {
  const body = parseInput(exchangeSchema, ctx.req.body);
  const a = await loadElder(ctx, body.oldmanId);
  const b = await loadElder(ctx, body.otherOldmanId);
  const fa = fieldsOf(a);
  const fb = fieldsOf(b);
  for (const [row, f] of [
    [a, fa],
    [b, fb],
  ] as const)
    if (!holdsBed(f.oldmanStatus) || f.bedId === null)
      throw new ApiFailure(
        Code.conflict,
        `${String(row.oldmanName)}当前状态为${statusName(f.oldmanStatus)}，不能交换床位`,
      );
  const bedA = await loadBed(ctx, fa.bedId as number);
  const bedB = await loadBed(ctx, fb.bedId as number);
  await setResidence(ctx.db, body.oldmanId, { bedId: null });
  await setResidence(ctx.db, body.otherOldmanId, { bedId: bedA.bedId, deptId: bedA.deptId });
  await setResidence(ctx.db, body.oldmanId, { bedId: bedB.bedId, deptId: bedB.deptId });
  if (bedB.deptId !== Number(a.deptId)) await moveDevices(ctx.db, body.oldmanId, bedB.deptId);
  if (bedA.deptId !== Number(b.deptId)) await moveDevices(ctx.db, body.otherOldmanId, bedA.deptId);
  await syncBeds(ctx.db, [bedA.bedId, bedB.bedId]);
  const date = body.date ?? today(ctx);
  for (const [row, f, from, to, other] of [
    [a, fa, bedA, bedB, b],
    [b, fb, bedB, bedA, a],
  ] as const)
    await record(ctx, {
      oldmanId: Number(row.oldmanId),
      deptId: to.deptId,
      eventType: 'EXCHANGE',
      eventName: '交换床位',
      fromStatus: f.oldmanStatus,
      toStatus: f.oldmanStatus,
      fromBedId: from.bedId,
      toBedId: to.bedId,
      date,
      note: [`与${String(other.oldmanName)}交换`, body.note].filter(Boolean).join('；'),
    });
  ctx.describe(`交换床位：${String(a.oldmanName)} ⇄ ${String(b.oldmanName)}`);
  return {
    oldmanId: body.oldmanId,
    bedId: bedB.bedId,
    otherOldmanId: body.otherOldmanId,
    otherBedId: bedA.bedId,
  };
}

const residenceKeys = [
  'oldmanId',
  'oldmanName',
  'sex',
  'age',
  'oldmanIdcard',
  'phone',
  'deptId',
  'deptName',
  'nursingLevel',
  ...residenceListDef.fields.filter((f) => f.section === 'live').map((f) => f.name),
  'bedName',
  'saleName',
];

const placeWhere: ResourceHooks['listWhere'] = (q) => {
  const where = [];
  if (q.roomId) where.push(sql`r.roomId = ${Number(q.roomId)}`);
  if (q.floorId) where.push(sql`r.floorId = ${Number(q.floorId)}`);
  if (q.buildingId) where.push(sql`f.buildingId = ${Number(q.buildingId)}`);
  if (!where.length) return [];
  return [
    sql`t.bedId in (select b.bedId from bed b join room r on r.roomId = b.roomId join floor f on f.floorId = r.floorId
      where ${sql.join(where, sql` and `)})`,
  ];
};
const listHooks: ResourceHooks = { decorate: oldmanHooks.decorate, listWhere: placeWhere };

const editSchema = bodySchema(oldmanResource, 'update', liveEditFields).extend({
  checkInDate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    fieldSchema({ name: 'checkInDate', label: '入住日期', type: 'date' }).optional(),
  ),
});

/** The rooms (and their beds with residents) of the user's data departments, optionally one floor. */
async function roomsOf(db: Db, user: SessionUser, where: { buildingId?: number; floorId?: number }) {
  let query = db
    .selectFrom('bed')
    .innerJoin('room', 'room.roomId', 'bed.roomId')
    .innerJoin('dept', 'dept.deptId', 'room.deptId')
    .innerJoin('floor', 'floor.floorId', 'room.floorId')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId')
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
      mapStatus:
        r.oldmanStatus === LiveStatus.trial
          ? BedMapStatus.trial
          : r.oldmanStatus === LiveStatus.reserved
            ? BedMapStatus.reserved
            : r.oldmanId !== null
              ? BedMapStatus.living
              : r.bedStatus === BedStatus.maintenance
                ? BedMapStatus.maintenance
                : BedMapStatus.free,
      oldmanId: r.oldmanId,
      oldmanName: r.oldmanName,
      oldmanStatus: r.oldmanStatus,
      sex: r.sex,
      away: r.oldmanId !== null && Number(r.away) === 1,
      bedType: r.bedType,
      price: r.price,
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

async function legendOf(db: Db, orgId: number, type: MapTypeCode): Promise<LegendItem[]> {
  const saved = await db
    .selectFrom('roomMapConfig')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('type', '=', type)
    .execute();
  const byStatus = new Map(saved.map((s) => [s.statusId, s]));
  return defaultLegend[type]
    .map((d) => {
      const s = byStatus.get(d.statusId);
      return s
        ? { id: s.id, type, statusId: s.statusId, statusName: s.statusName, color: s.color, sort: s.sort }
        : { id: null, type, ...d };
    })
    .sort((x, y) => x.sort - y.sort);
}

const typeOf = (params: unknown) => parseInput(mapTypeParam, params).type as MapTypeCode;

const listQuery = listQuerySchema(residenceListDef);

const listRoute = route({
  method: 'GET',
  url: P.list,
  auth: A.live,
  async handler(ctx) {
    const raw = (ctx.req.query ?? {}) as Record<string, unknown>;
    const q: Record<string, unknown> = {
      ...(parseInput(listQuery, raw) as Record<string, unknown>),
      ...parseInput(placeQuerySchema, raw),
    };
    const all = q.pageHelper === 0;
    const pageNum = q.pageNum as number;
    const pageSize = q.pageSize as number;
    const { rows, total } = await listRows(
      ctx.db,
      residenceListDef,
      listHooks,
      q,
      ctx.user,
      all ? null : { limit: pageSize, offset: (pageNum - 1) * pageSize },
    );
    const list = rows.map((r) =>
      Object.fromEntries(residenceKeys.filter((k) => k in r).map((k) => [k, r[k]])),
    );
    return { list, total, pageNum: all ? 1 : pageNum, pageSize: all ? total : pageSize };
  },
});

const elderRoutes: AnyRoute[] = [
  listRoute,
  route({
    method: 'PUT',
    url: P.list,
    auth: A.liveChange,
    log: { type: 'UPDATE', name: '修改入住信息' },
    async handler(ctx) {
      const body = parseInput(editSchema, ctx.req.body) as Row;
      const existing = await loadElder(ctx, Number(body.oldmanId));
      if (body.checkInDate !== undefined) {
        const status = fieldsOf(existing).oldmanStatus;
        if (status !== LiveStatus.living && status !== LiveStatus.trial && status !== LiveStatus.quit)
          throw new ApiFailure(Code.conflict, `当前状态为${statusName(status)}，不能修改入住日期`);
        if (existing.leaveDate && String(body.checkInDate) > String(existing.leaveDate))
          throw new ApiFailure(Code.invalidInput, '入住日期不能晚于退住日期');
      }
      await updateRow(ctx, oldmanResource, {}, existing, body);
      ctx.describe(`修改入住信息：${String(existing.oldmanName)}`);
      return { oldmanId: Number(body.oldmanId) };
    },
  }),
  route({
    method: 'GET',
    url: P.one,
    auth: A.live,
    async handler(ctx) {
      const row = await loadRow(ctx, oldmanResource, idParam(ctx.req.params, 'oldmanId'), oldmanHooks);
      return Object.fromEntries(residenceKeys.filter((k) => k in row).map((k) => [k, row[k]]));
    },
  }),
  route({
    method: 'DELETE',
    url: P.one,
    auth: A.liveChange,
    log: { type: 'DELETE', name: '删除入住信息' },
    async handler(ctx) {
      const elder = await loadElder(ctx, idParam(ctx.req.params, 'oldmanId'));
      const f = fieldsOf(elder);
      if (f.oldmanStatus !== LiveStatus.quit && f.oldmanStatus !== LiveStatus.cancelled)
        throw new ApiFailure(
          Code.conflict,
          `当前状态为${statusName(f.oldmanStatus)}，不能删除入住信息（仅已退住或已取消的可以删除）`,
        );
      await sql`update oldman set checkInDate = null, leaveDate = null, checkInSource = null, saleId = null,
        liveRemark = null, updateTime = ${nowStamp()} where oldmanId = ${Number(elder.oldmanId)}`.execute(
        ctx.db,
      );
      await record(ctx, {
        oldmanId: Number(elder.oldmanId),
        deptId: Number(elder.deptId),
        eventType: 'CLEAR',
        eventName: '删除入住信息',
        fromStatus: f.oldmanStatus,
        toStatus: f.oldmanStatus,
        fromBedId: null,
        toBedId: null,
        date: today(ctx),
        note: [f.checkInDate && `入住${f.checkInDate}`, f.leaveDate && `退住${f.leaveDate}`]
          .filter(Boolean)
          .join('，'),
      });
      ctx.describe(`删除入住信息：${String(elder.oldmanName)}`);
      return { oldmanId: Number(elder.oldmanId) };
    },
  }),
  route({
    method: 'GET',
    url: P.record,
    auth: A.live,
    async handler(ctx) {
      const elder = await loadElder(ctx, idParam(ctx.req.params, 'oldmanId'));
      return ctx.db
        .selectFrom('liveRecord')
        .select([
          'recordId',
          'oldmanId',
          'eventType',
          'eventName',
          'fromStatus',
          'toStatus',
          'fromBedName',
          'toBedName',
          'changeDate',
          'note',
          'userName',
          'createTime',
        ])
        .where('oldmanId', '=', Number(elder.oldmanId))
        .orderBy('recordId', 'desc')
        .execute();
    },
  }),
  route({
    method: 'PUT',
    url: P.adjust,
    auth: A.liveBed,
    log: { type: 'UPDATE', name: '调整床位' },
    handler: adjustBed,
  }),
  route({
    method: 'PUT',
    url: P.exchange,
    auth: A.liveBed,
    log: { type: 'UPDATE', name: '交换床位' },
    handler: exchangeBeds,
  }),
  route({
    method: 'PUT',
    url: P.status,
    auth: `${A.liveCheckIn}|${A.liveChange}`,
    log: { type: 'UPDATE', name: '变更入住状态' },
    handler: changeStatus,
  }),
  route({
    method: 'GET',
    url: P.enableAssessments,
    auth: A.live,
    async handler(ctx) {
      // The admission assessment (type 1) is made before the elder is formally living.
      const elder = await loadElder(ctx, idParam(ctx.req.params, 'oldmanId'));
      const status = fieldsOf(elder).oldmanStatus;
      const enable =
        status === LiveStatus.waiting || status === LiveStatus.reserved || status === LiveStatus.trial;
      return {
        oldmanId: Number(elder.oldmanId),
        oldmanStatus: status,
        enable,
        reason: enable ? '' : `当前状态为${statusName(status)}，不需要入住评估`,
      };
    },
  }),
  route({
    method: 'GET',
    url: P.family,
    auth: A.live,
    async handler(ctx) {
      const elder = await loadElder(ctx, idParam(ctx.req.params, 'oldmanId'));
      return ctx.db
        .selectFrom('oldmanFamily')
        .selectAll()
        .where('oldmanId', '=', Number(elder.oldmanId))
        .orderBy('familyId')
        .execute();
    },
  }),
];

const placeParams = z.object({
  buildingId: z.coerce.number().int().positive().optional(),
  floorId: z.coerce.number().int().positive().optional(),
});

const mapRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: P.buildings,
    auth: VIEW,
    async handler(ctx): Promise<BuildingTree[]> {
      const rooms = await roomsOf(ctx.db, ctx.user, {});
      const floors = await ctx.db
        .selectFrom('floor')
        .innerJoin('building', 'building.buildingId', 'floor.buildingId')
        .select([
          'building.buildingId',
          'building.buildingName',
          'floor.floorId',
          'floor.floorName',
          'floor.floorNo',
        ])
        .where('building.orgId', '=', ctx.user.orgId)
        .orderBy('building.buildingId')
        .orderBy('floor.floorNo')
        .execute();
      const seen = new Set(rooms.map((r) => r.floorId));
      const tree = new Map<number, BuildingTree>();
      for (const f of floors.filter((x) => seen.has(x.floorId))) {
        const b = tree.get(f.buildingId) ?? {
          buildingId: f.buildingId,
          buildingName: f.buildingName,
          floors: [],
        };
        b.floors.push({ floorId: f.floorId, floorName: f.floorName, floorNo: f.floorNo });
        tree.set(f.buildingId, b);
      }
      return [...tree.values()];
    },
  }),
  route({
    method: 'GET',
    url: P.bedInfos,
    auth: VIEW,
    async handler(ctx) {
      const q = parseInput(placeParams, ctx.req.query);
      return roomsOf(ctx.db, ctx.user, q);
    },
  }),
  route({
    method: 'GET',
    url: P.bedPart,
    auth: VIEW,
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
  route({
    method: 'GET',
    url: P.mapConfig,
    auth: VIEW,
    async handler(ctx) {
      const raw = (ctx.req.query ?? {}) as Row;
      const types: MapTypeCode[] = raw.type === undefined || raw.type === '' ? [1, 2] : [typeOf(raw)];
      return (await Promise.all(types.map((t) => legendOf(ctx.db, ctx.user.orgId, t)))).flat();
    },
  }),
  route({
    method: 'GET',
    url: P.mapConfigCheck,
    auth: VIEW,
    async handler(ctx) {
      const type = typeOf(ctx.req.params);
      const legend = await legendOf(ctx.db, ctx.user.orgId, type);
      const custom = legend.filter((l) => l.id !== null).length;
      return { type, configured: custom > 0, custom, total: legend.length };
    },
  }),
  route({
    method: 'PUT',
    url: P.mapConfig,
    auth: A.bedInfo,
    log: { type: 'UPDATE', name: '修改房态图图例' },
    async handler(ctx) {
      const body = parseInput(legendSaveSchema, ctx.req.body);
      const type = body.type as MapTypeCode;
      const known = new Set(defaultLegend[type].map((d) => d.statusId));
      for (const item of body.items) {
        if (!known.has(item.statusId)) throw new ApiFailure(Code.invalidInput, '图例状态无效');
        await ctx.db
          .insertInto('roomMapConfig')
          .values({ orgId: ctx.user.orgId, type, ...item, updateTime: nowStamp() })
          .onConflict((oc) =>
            oc.columns(['orgId', 'type', 'statusId']).doUpdateSet({
              statusName: item.statusName,
              color: item.color,
              sort: item.sort,
              updateTime: nowStamp(),
            }),
          )
          .execute();
      }
      return legendOf(ctx.db, ctx.user.orgId, type);
    },
  }),
  route({
    method: 'DELETE',
    url: P.mapConfigOne,
    auth: A.bedInfo,
    log: { type: 'DELETE', name: '删除房态图图例' },
    async handler(ctx) {
      const id = idParam(ctx.req.params, 'id');
      const gone = await ctx.db
        .deleteFrom('roomMapConfig')
        .where('id', '=', id)
        .where('orgId', '=', ctx.user.orgId)
        .executeTakeFirst();
      if (!Number(gone.numDeletedRows)) throw new ApiFailure(Code.notFound, '图例不存在');
      return { id };
    },
  }),
  route({
    method: 'POST',
    url: P.legendReset,
    auth: A.bedInfo,
    log: { type: 'UPDATE', name: '恢复默认图例' },
    async handler(ctx) {
      const params = ctx.req.params as Row;
      // find-my-way may name this segment after the PUT route's :statusId.
      const type = typeOf({ type: params.type ?? params.statusId });
      await ctx.db
        .deleteFrom('roomMapConfig')
        .where('orgId', '=', ctx.user.orgId)
        .where('type', '=', type)
        .execute();
      return legendOf(ctx.db, ctx.user.orgId, type);
    },
  }),
  route({
    method: 'PUT',
    url: P.bedStatus,
    auth: A.bedInfo,
    log: { type: 'UPDATE', name: '设置床位状态' },
    async handler(ctx) {
      const statusId = idParam(ctx.req.params, 'statusId');
      if (statusId !== BedStatus.free && statusId !== BedStatus.maintenance)
        throw new ApiFailure(Code.invalidInput, '只能手动设为空闲或维修停用');
      const { bedIds } = parseInput(bedStatusSchema, ctx.req.body);
      const names: string[] = [];
      for (const bedId of new Set(bedIds)) {
        const bed = await loadBed(ctx, bedId);
        const holder = await ctx.db
          .selectFrom('oldman')
          .select('oldmanName')
          .where('bedId', '=', bedId)
          .executeTakeFirst();
        if (holder)
          throw new ApiFailure(Code.conflict, `${bed.path}已有长者${holder.oldmanName}，不能修改床位状态`);
        await ctx.db.updateTable('bed').set({ bedStatus: statusId }).where('bedId', '=', bedId).execute();
        names.push(bed.path);
      }
      ctx.describe(`设置床位${statusId === BedStatus.free ? '空闲' : '维修停用'}：${names.join('、')}`);
      return { bedIds: [...new Set(bedIds)], bedStatus: statusId };
    },
  }),
];

/** Spec 001 §7 "Residence", and the bed and room map of §7 "Dashboard". */
export function residenceRoutes(): AnyRoute[] {
  return [...elderRoutes, ...mapRoutes];
}
