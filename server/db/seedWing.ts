import { BUILDING_SPACING_M } from '../../domain/floorPlan.js';
import { BedStatus } from '../../domain/resources/residence.js';
import type { Db } from './index.js';

/** The new wing's rooms on each floor: name suffix, room type, beds, bed type and monthly price (fen). */
const WING_ROOMS = [
  { no: '01', roomType: '单人间', beds: 1, bedType: 2, price: 260_000 },
  { no: '02', roomType: '单人间', beds: 1, bedType: 2, price: 260_000 },
  { no: '03', roomType: '双人间', beds: 2, bedType: 1, price: null },
  { no: '04', roomType: '双人间', beds: 2, bedType: 1, price: null },
] as const;

/**
 * 3号楼, a new wing of the demonstration institution with every bed free (issue #23: the demo had
 * none): two floors of four rooms on plan slots 1–4 (slots 5–8 stay free for rooms added in
 * 机构档案), single rooms with nursing beds priced 2,600.00 a month, double rooms without a price of
 * their own (billed at the 床位费 item's). Runs once, right after the residents are seeded, so no
 * elder is placed here.
 */
export async function seedNewWing(db: Db, orgId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const buildings = await trx
      .selectFrom('building')
      .select('buildingId')
      .where('orgId', '=', orgId)
      .execute();
    const dept = await trx
      .selectFrom('dept')
      .select('deptId')
      .where('orgId', '=', orgId)
      .where('ward', '=', 1)
      .orderBy('deptId')
      .executeTakeFirstOrThrow();
    const { buildingId } = await trx
      .insertInto('building')
      .values({
        orgId,
        buildingName: '3号楼',
        mapX: buildings.length * BUILDING_SPACING_M,
        mapY: 0,
        remark: '新楼，床位全部空闲',
      })
      .returning('buildingId')
      .executeTakeFirstOrThrow();
    for (const floorNo of [1, 2]) {
      const { floorId } = await trx
        .insertInto('floor')
        .values({ orgId, buildingId, floorNo, floorName: `${floorNo}层` })
        .returning('floorId')
        .executeTakeFirstOrThrow();
      for (const [i, r] of WING_ROOMS.entries()) {
        const { roomId } = await trx
          .insertInto('room')
          .values({
            orgId,
            floorId,
            deptId: dept.deptId,
            roomName: `3${floorNo}${r.no}`,
            roomType: r.roomType,
            planSlot: i + 1,
          })
          .returning('roomId')
          .executeTakeFirstOrThrow();
        for (let n = 1; n <= r.beds; n++)
          await trx
            .insertInto('bed')
            .values({
              orgId,
              roomId,
              deptId: dept.deptId,
              bedName: `${n}床`,
              bedStatus: BedStatus.free,
              bedType: r.bedType,
              price: r.price,
            })
            .execute();
      }
    }
  });
}
