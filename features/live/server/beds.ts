import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { UseStatus } from '../../../domain/resources/orgArchive.js';
import { BedStatus, isLiveStatus, LiveStatus } from '../../../domain/resources/residence.js';
import { bedStatusFor, type ResidenceFields } from '../../../machines/residenceMachine.js';
import { bedPath, bedPathColumns, bedPlaces } from '../../../server/db/bedPlaces.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx } from '../../../server/resources/engine.js';

export const BED_TAKEN = '该床位已有长者入住';

export interface Bed {
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
export async function loadBed(ctx: Ctx, bedId: number): Promise<Bed> {
  const bed = await bedPlaces(ctx.db)
    .select([...bedPathColumns, 'bed.bedId', 'bed.bedStatus', 'room.roomId', 'room.deptId'])
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
  const { bedName, bedStatus, roomId, deptId, useStatus } = bed;
  return {
    bedId,
    bedName,
    bedStatus,
    roomId,
    deptId,
    inUse: useStatus === UseStatus.inUse,
    path: bedPath(bed),
  };
}

/** A bed the elder may move into: nobody else holds it and it is in service. */
export async function loadFreeBed(ctx: Ctx, bedId: number, oldmanId: number): Promise<Bed> {
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

export async function setResidence(
  db: Db,
  oldmanId: number,
  next: Partial<ResidenceFields> & { deptId?: number },
) {
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
export async function syncBeds(db: Db, bedIds: (number | null | undefined)[]) {
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
export async function moveDevices(db: Db, oldmanId: number, deptId: number) {
  await db
    .updateTable('device')
    .set({ deptId })
    .where('oldmanId', '=', oldmanId)
    .where('bedId', 'is', null)
    .execute();
}
