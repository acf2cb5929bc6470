import { nowStamp } from '../../../domain/clock.js';
import type { ResidenceEventType } from '../../../machines/residenceMachine.js';
import { placesOfBeds } from '../../../server/db/bedPlaces.js';
import type { Ctx } from '../../../server/resources/engine.js';

export interface Change {
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

/**
 * A row of the residence history (GET live/{oldmanId}/record), in the change's transaction; the
 * beds are kept by their full names, as they were called then.
 */
export async function record(ctx: Ctx, c: Change) {
  const beds = [c.fromBedId, c.toBedId].filter((b): b is number => b !== null);
  const places = await placesOfBeds(ctx.db, beds);
  const pathOf = (bedId: number | null) => (bedId === null ? null : (places.get(bedId)?.path ?? null));
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
      fromBedName: pathOf(c.fromBedId),
      toBedName: pathOf(c.toBedId),
      changeDate: c.date,
      note: c.note,
      userId: ctx.user.userId,
      userName: ctx.user.loginName,
      createTime: nowStamp(),
    })
    .execute();
  const orgId = ctx.user.orgId;
  ctx.afterCommit(() => ctx.services.hub.dashboard(orgId, c.deptId, 'residence'));
}
