import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import {
  BedMapStatus,
  BedStatus,
  LiveStatus,
  ResidencePaths as P,
  residencePath,
} from '../../../domain/resources/residence.js';
import type { BuildingTree, LegendItem, LiveRecord, RoomInfo } from '../../../features/live/api/residence.js';
import { forgetAuthorizations } from '../../../server/auth/tokens.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Elder = {
  oldmanId: number;
  oldmanName: string;
  oldmanStatus: number;
  bedId: number | null;
  deptId: number;
  deptName: string;
  bedName?: string;
  checkInDate: string | null;
  leaveDate: string | null;
};
type Page = { list: Elder[]; total: number };

let h: Harness;
let admin: string;
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const db = () => h.app.services.db;
const statusUrl = (oldmanId: number, status: number) =>
  residencePath(P.status, { oldmanId, oldmanStatusNew: status });
const one = (oldmanId: number) => residencePath(P.one, { oldmanId });

async function elders(query: string, token = admin) {
  const res = await call(h.app, token, 'GET', `${P.list}?pageHelper=0&${query}`);
  expect(res.body.code).toBe(0);
  return (res.body.result as Page).list;
}
async function elder(oldmanId: number) {
  return (await call(h.app, admin, 'GET', one(oldmanId))).body.result as Elder;
}
async function history(oldmanId: number) {
  return (await call(h.app, admin, 'GET', residencePath(P.record, { oldmanId }))).body.result as LiveRecord[];
}
const bedRow = (bedId: number) =>
  db().selectFrom('bed').select(['bedStatus']).where('bedId', '=', bedId).executeTakeFirstOrThrow();

/** A living elder of a department, moved out so that its bed is free; returns the bed. */
async function freeBed(deptName = '护理一部') {
  const living = (await elders(`oldmanStatus=1`)).find((e) => e.deptName === deptName && e.bedId !== null);
  if (!living?.bedId) throw new Error('no living elder');
  const quit = await call(h.app, admin, 'PUT', statusUrl(living.oldmanId, LiveStatus.quit), {
    date: '2026-01-31',
    note: '家属接回',
  });
  expect(quit.body.code).toBe(0);
  return { bedId: living.bedId, leaver: living };
}
async function waitingElder() {
  const waiting = (await elders('oldmanStatus=3'))[0];
  if (!waiting) throw new Error('no waiting elder');
  return waiting;
}

describe('residence list and detail', () => {
  it('lists elders with residence fields, filters by status, building and keyword, pages', async () => {
    const living = await elders('oldmanStatuses=1,4');
    expect(living.length).toBeGreaterThan(10);
    expect(living.every((e) => e.bedId !== null && /号楼.+层.+-\d床$/.test(String(e.bedName)))).toBe(true);
    const buildings = (await call(h.app, admin, 'GET', P.buildings)).body.result as BuildingTree[];
    // 3号楼 is the demo's new wing, every bed free (server/db/seedWing.ts)
    expect(buildings.map((b) => b.buildingName)).toEqual(['1号楼', '2号楼', '3号楼']);
    const second = await elders(`buildingId=${buildings[1]?.buildingId}`);
    expect(second.length).toBeGreaterThan(0);
    expect(second.every((e) => String(e.bedName).startsWith('2号楼'))).toBe(true);
    const name = living[3]?.oldmanName ?? '';
    expect(
      (await elders(`keyword=${encodeURIComponent(name)}`)).every((e) => e.oldmanName.includes(name)),
    ).toBe(true);
    const page = (await call(h.app, admin, 'GET', `${P.list}?pageNum=2&pageSize=5`)).body.result as Page;
    expect(page.list).toHaveLength(5);
    expect(page.total).toBeGreaterThan(100);
    expect(Object.keys(page.list[0] ?? {})).not.toContain('oldmanIdcardHash');
  });

  it('edits residence fields but not status or bed; GET one, family, assessments', async () => {
    const [e] = await elders('oldmanStatus=1');
    if (!e) throw new Error('no elder');
    const put = await call(h.app, admin, 'PUT', P.list, {
      oldmanId: e.oldmanId,
      checkInSource: 2,
      liveRemark: '喜静，需靠窗床位',
      checkInDate: '2025-05-01',
      oldmanStatus: 2,
      bedId: 1,
    });
    expect(put.body.code).toBe(0);
    const after = await elder(e.oldmanId);
    expect(after).toMatchObject({
      checkInSource: 2,
      liveRemark: '喜静，需靠窗床位',
      checkInDate: '2025-05-01',
      oldmanStatus: 1,
      bedId: e.bedId,
    });
    const bad = await call(h.app, admin, 'PUT', P.list, { oldmanId: e.oldmanId, checkInSource: 99 });
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '入住来源取值无效' });
    const family = await call(h.app, admin, 'GET', residencePath(P.family, { oldmanId: e.oldmanId }));
    expect(Array.isArray(family.body.result)).toBe(true);
    const assess = await call(
      h.app,
      admin,
      'GET',
      residencePath(P.enableAssessments, { oldmanId: e.oldmanId }),
    );
    expect(assess.body.result).toMatchObject({ enable: false, reason: '当前状态为在住，不需要入住评估' });
    const w = await waitingElder();
    const wAssess = await call(
      h.app,
      admin,
      'GET',
      residencePath(P.enableAssessments, { oldmanId: w.oldmanId }),
    );
    expect(wAssess.body.result).toMatchObject({ enable: true });
  });
});

describe('status changes through residenceMachine', () => {
  it('moves out, frees the bed, and checks a waiting elder into it, with history', async () => {
    const { bedId, leaver } = await freeBed();
    const left = await elder(leaver.oldmanId);
    expect(left).toMatchObject({ oldmanStatus: LiveStatus.quit, bedId: null, leaveDate: '2026-01-31' });
    expect((await bedRow(bedId)).bedStatus).toBe(BedStatus.free);
    const mattress = await db().selectFrom('device').select('oldmanId').where('bedId', '=', bedId).execute();
    expect(mattress.every((d) => d.oldmanId === null)).toBe(true);

    const w = await waitingElder();
    const inn = await call(h.app, admin, 'PUT', statusUrl(w.oldmanId, LiveStatus.living), {
      bedId,
      date: '2026-02-01',
    });
    expect(inn.body.code).toBe(0);
    expect(await elder(w.oldmanId)).toMatchObject({
      oldmanStatus: LiveStatus.living,
      bedId,
      checkInDate: '2026-02-01',
      deptName: '护理一部',
    });
    expect((await bedRow(bedId)).bedStatus).toBe(BedStatus.occupied);
    const devices = await db().selectFrom('device').select('oldmanId').where('bedId', '=', bedId).execute();
    expect(devices.every((d) => d.oldmanId === w.oldmanId)).toBe(true);

    const [leaveRec] = await history(leaver.oldmanId);
    expect(leaveRec).toMatchObject({
      eventType: 'QUIT',
      eventName: '办理退住',
      fromStatus: 1,
      toStatus: 2,
      toBedName: null,
      changeDate: '2026-01-31',
      note: '家属接回',
      userName: 'admin',
    });
    expect(leaveRec?.fromBedName).toMatch(/^1号楼/);
    const [inRec] = await history(w.oldmanId);
    expect(inRec).toMatchObject({ eventType: 'CHECK_IN', fromStatus: 3, toStatus: 1, fromBedName: null });
    const logs = await db()
      .selectFrom('operationLog')
      .select('operationName')
      .where('operationName', 'like', '办理%')
      .execute();
    expect(logs.map((l) => l.operationName)).toEqual([
      `办理退住：${leaver.oldmanName}`,
      `办理入住：${w.oldmanName}`,
    ]);
  });

  it('refuses a change the machine does not allow and changes nothing', async () => {
    const { leaver } = await freeBed();
    const before = await elder(leaver.oldmanId);
    const records = (await history(leaver.oldmanId)).length;
    const logs = (await db().selectFrom('operationLog').select('logId').execute()).length;
    const res = await call(h.app, admin, 'PUT', statusUrl(leaver.oldmanId, LiveStatus.trial), { bedId: 1 });
    expect(res.body).toMatchObject({ code: Code.conflict, msg: '当前状态为已退住，不能办理试住' });
    const again = await call(h.app, admin, 'PUT', statusUrl(leaver.oldmanId, LiveStatus.quit), {});
    expect(again.body.msg).toBe('当前状态为已退住，不能办理退住');
    const bad = await call(h.app, admin, 'PUT', statusUrl(leaver.oldmanId, 9), {});
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '入住状态无效' });
    expect(await elder(leaver.oldmanId)).toEqual(before);
    expect(await history(leaver.oldmanId)).toHaveLength(records);
    expect((await db().selectFrom('operationLog').select('logId').execute()).length).toBe(logs);
    const w = await waitingElder();
    const noBed = await call(h.app, admin, 'PUT', statusUrl(w.oldmanId, LiveStatus.living), {});
    expect(noBed.body).toMatchObject({ code: Code.conflict, msg: '请选择床位' });
  });

  it('reserve → trial → confirm; reserve → cancel → re-register; quit date before check-in refused', async () => {
    const { bedId } = await freeBed();
    const [a, b] = await elders('oldmanStatus=3');
    if (!a || !b) throw new Error('two waiting elders needed');
    expect((await call(h.app, admin, 'PUT', statusUrl(a.oldmanId, 5), { bedId })).body.code).toBe(0);
    expect((await bedRow(bedId)).bedStatus).toBe(BedStatus.reserved);
    const taken = await call(h.app, admin, 'PUT', statusUrl(b.oldmanId, 5), { bedId });
    expect(taken.body).toMatchObject({ code: Code.conflict, msg: '该床位已有长者入住' });
    // The reserved bed is kept when the trial names none.
    expect(
      (await call(h.app, admin, 'PUT', statusUrl(a.oldmanId, 4), { date: '2026-03-01' })).body.code,
    ).toBe(0);
    expect(await elder(a.oldmanId)).toMatchObject({ oldmanStatus: 4, bedId, checkInDate: '2026-03-01' });
    expect((await bedRow(bedId)).bedStatus).toBe(BedStatus.occupied);
    const early = await call(h.app, admin, 'PUT', statusUrl(a.oldmanId, 2), { date: '2026-02-01' });
    expect(early.body.msg).toBe('退住日期不能早于入住日期');
    expect(
      (await call(h.app, admin, 'PUT', statusUrl(a.oldmanId, 1), { date: '2026-03-08' })).body.code,
    ).toBe(0);
    expect(await elder(a.oldmanId)).toMatchObject({ oldmanStatus: 1, bedId, checkInDate: '2026-03-08' });
    expect((await history(a.oldmanId)).map((r) => r.eventType)).toEqual(['CONFIRM', 'TRIAL', 'RESERVE']);

    const second = await freeBed('护理二部');
    expect(
      // another department's bed: confirmed (server-dept-move.test.ts covers the question)
      (
        await call(h.app, admin, 'PUT', statusUrl(b.oldmanId, 5), {
          bedId: second.bedId,
          confirmDeptMove: true,
        })
      ).body.code,
    ).toBe(0);
    expect(await elder(b.oldmanId)).toMatchObject({ deptName: '护理二部' });
    expect((await call(h.app, admin, 'PUT', statusUrl(b.oldmanId, 6), {})).body.code).toBe(0);
    expect(await elder(b.oldmanId)).toMatchObject({ oldmanStatus: 6, bedId: null });
    expect((await bedRow(second.bedId)).bedStatus).toBe(BedStatus.free);
    const del = await call(h.app, admin, 'DELETE', one(b.oldmanId));
    expect(del.body.code).toBe(0);
    expect((await history(b.oldmanId))[0]).toMatchObject({ eventType: 'CLEAR', eventName: '删除入住信息' });
    expect((await call(h.app, admin, 'PUT', statusUrl(b.oldmanId, 3), {})).body.code).toBe(0);
    const delLiving = await call(h.app, admin, 'DELETE', one(a.oldmanId));
    expect(delLiving.body).toMatchObject({
      code: Code.conflict,
      msg: '当前状态为在住，不能删除入住信息（仅已退住或已取消的可以删除）',
    });
  });
});

describe('one elder per bed', () => {
  it('refuses a third elder in an occupied bed, in the code and in the database', async () => {
    const [x, y] = await elders('oldmanStatus=1');
    if (!x?.bedId || !y?.bedId) throw new Error('living elders needed');
    const w = await waitingElder();
    const res = await call(h.app, admin, 'PUT', statusUrl(w.oldmanId, LiveStatus.living), { bedId: x.bedId });
    expect(res.body).toMatchObject({ code: Code.conflict, msg: '该床位已有长者入住' });
    expect(await elder(w.oldmanId)).toMatchObject({ oldmanStatus: 3, bedId: null });
    // Bypassing the code: the partial unique index oldman_bed_one refuses the write itself.
    await expect(
      db().updateTable('oldman').set({ bedId: x.bedId }).where('oldmanId', '=', w.oldmanId).execute(),
    ).rejects.toThrow(/UNIQUE constraint failed: oldman\.bedId|unique constraint "oldman_bed_one"/);
    await expect(
      db().updateTable('oldman').set({ bedId: x.bedId }).where('oldmanId', '=', y.oldmanId).execute(),
    ).rejects.toThrow(/UNIQUE|unique constraint/);
    const adjust = await call(h.app, admin, 'PUT', P.adjust, { oldmanId: y.oldmanId, bedId: x.bedId });
    expect(adjust.body).toMatchObject({ code: Code.conflict, msg: '该床位已有长者入住' });
    const dup = await db()
      .selectFrom('oldman')
      .select(({ fn }) => ['bedId', fn.countAll<number>().as('n')])
      .where('bedId', 'is not', null)
      .groupBy('bedId')
      .having(({ fn }) => fn.countAll(), '>', 1)
      .execute();
    expect(dup).toEqual([]);
  });

  it('adjusts one elder to a free bed and exchanges the beds of two elders atomically', async () => {
    const { bedId } = await freeBed('护理二部');
    const living = await elders('oldmanStatus=1');
    const [x, y] = living.filter((e) => e.deptName === '护理一部');
    if (!x?.bedId || !y?.bedId) throw new Error('living elders needed');
    const adjust = await call(h.app, admin, 'PUT', P.adjust, {
      oldmanId: x.oldmanId,
      bedId,
      note: '换到二部',
      confirmDeptMove: true,
    });
    expect(adjust.body.code).toBe(0);
    expect(await elder(x.oldmanId)).toMatchObject({ bedId, deptName: '护理二部' });
    expect((await bedRow(x.bedId)).bedStatus).toBe(BedStatus.free);
    expect((await history(x.oldmanId))[0]).toMatchObject({ eventType: 'ADJUST', note: '换到二部' });

    const ex = await call(h.app, admin, 'PUT', P.exchange, {
      oldmanId: x.oldmanId,
      otherOldmanId: y.oldmanId,
      confirmDeptMove: true,
    });
    expect(ex.body.code).toBe(0);
    expect(await elder(x.oldmanId)).toMatchObject({ bedId: y.bedId, deptName: '护理一部' });
    expect(await elder(y.oldmanId)).toMatchObject({ bedId, deptName: '护理二部' });
    expect((await bedRow(bedId)).bedStatus).toBe(BedStatus.occupied);
    expect((await history(y.oldmanId))[0]).toMatchObject({
      eventType: 'EXCHANGE',
      note: `与${x.oldmanName}交换`,
    });
    const self = await call(h.app, admin, 'PUT', P.exchange, {
      oldmanId: x.oldmanId,
      otherOldmanId: x.oldmanId,
    });
    expect(self.body).toMatchObject({ code: Code.invalidInput, msg: '请选择另一位长者' });
    const w = await waitingElder();
    const noBed = await call(h.app, admin, 'PUT', P.exchange, {
      oldmanId: x.oldmanId,
      otherOldmanId: w.oldmanId,
    });
    expect(noBed.body).toMatchObject({
      code: Code.conflict,
      msg: `${w.oldmanName}当前状态为待入住，不能交换床位`,
    });
    expect(await elder(x.oldmanId)).toMatchObject({ bedId: y.bedId });
  });
});

describe('authority and data departments', () => {
  it('refuses a nurse of another department, another organisation, and a missing authority', async () => {
    const nurse = (await signInNurse(h.app)).token;
    const mine = await elders('oldmanStatus=1', nurse);
    expect(new Set(mine.map((e) => e.deptName))).toEqual(new Set(['护理一部']));
    const theirs = (await elders('oldmanStatus=1')).find((e) => e.deptName === '护理二部');
    if (!theirs) throw new Error('no elder in 护理二部');
    const denied = await call(h.app, nurse, 'PUT', statusUrl(theirs.oldmanId, 2), {});
    expect(denied.body.code).toBe(Code.deptNotAllowed);
    // Her own elder into a bed of 护理二部: the bed's department is checked too.
    const { bedId } = await freeBed('护理二部');
    const w = await waitingElder();
    const foreignBed = await call(h.app, nurse, 'PUT', statusUrl(w.oldmanId, 1), { bedId });
    expect(foreignBed.body.code).toBe(Code.deptNotAllowed);
    expect(await elder(w.oldmanId)).toMatchObject({ oldmanStatus: 3 });

    const other = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, other, 'GET', one(theirs.oldmanId))).body.code).toBe(Code.notFound);
    expect((await call(h.app, other, 'PUT', statusUrl(theirs.oldmanId, 2), {})).body.code).toBe(
      Code.notFound,
    );
    expect((await call(h.app, other, 'PUT', statusUrl(w.oldmanId, 1), { bedId })).body.code).toBe(
      Code.notFound,
    );
    const rooms = (await call(h.app, other, 'GET', P.bedInfos)).body.result as RoomInfo[];
    expect(rooms.flatMap((r) => r.beds).some((b) => b.bedId === bedId)).toBe(false);

    const role = await db()
      .selectFrom('role')
      .innerJoin('userRole', 'userRole.roleId', 'role.roleId')
      .innerJoin('users', 'users.userId', 'userRole.userId')
      .select('role.roleId')
      .where('users.loginName', '=', 'huli01')
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom('roleAuthority')
      .where('roleId', '=', role.roleId)
      .where('code', 'in', ['live:live:bed', 'live:live:change'])
      .execute();
    // Role authorities are cached per user and key version; a direct edit must drop the cache.
    forgetAuthorizations(db());
    const again = (await signInNurse(h.app)).token;
    const [x, y] = mine;
    const ex = await call(h.app, again, 'PUT', P.exchange, {
      oldmanId: x?.oldmanId,
      otherOldmanId: y?.oldmanId,
    });
    expect(ex.body.code).toBe(Code.noAuthority);
    const quit = await call(h.app, again, 'PUT', statusUrl(Number(x?.oldmanId), 2), {});
    expect(quit.body.code).toBe(Code.noAuthority);
    expect(await elder(Number(x?.oldmanId))).toMatchObject({ oldmanStatus: 1 });
  });
});

describe('bed and room map', () => {
  it('shows rooms with beds and residents, counts, and legends the organisation can change', async () => {
    const { bedId } = await freeBed();
    const buildings = (await call(h.app, admin, 'GET', P.buildings)).body.result as BuildingTree[];
    const floor = buildings[0]?.floors[0];
    const rooms = (await call(h.app, admin, 'GET', `${P.bedInfos}?floorId=${floor?.floorId}`)).body
      .result as RoomInfo[];
    expect(rooms).toHaveLength(8);
    const all = (await call(h.app, admin, 'GET', P.bedInfos)).body.result as RoomInfo[];
    const free = all.flatMap((r) => r.beds).find((b) => b.bedId === bedId);
    expect(free).toMatchObject({ mapStatus: BedMapStatus.free, oldmanId: null });
    const part = (await call(h.app, admin, 'GET', P.bedPart)).body.result as Record<
      'total' | 'free' | 'living' | 'trial' | 'reserved' | 'maintenance',
      number
    >;
    // the bed freed here and the 12 of the new wing, 3号楼 (server/db/seedWing.ts)
    expect(part.free).toBe(13);
    expect(part.total).toBe(part.free + part.living + part.trial + part.reserved + part.maintenance);
    // each building's button counts its free beds: together the map's free count
    const counted = (await call(h.app, admin, 'GET', P.buildings)).body.result as BuildingTree[];
    expect(counted.reduce((n, b) => n + b.freeBeds, 0)).toBe(part.free);
    for (const b of counted)
      expect(b.freeBeds).toBe(
        all
          .filter((r) => r.buildingId === b.buildingId)
          .flatMap((r) => r.beds.filter((x) => x.mapStatus === 0)).length,
      );
    // a bed without a price of its own is offered at the 床位费 item's monthly price
    const [charge] = (
      await sql<{ price: number }>`select price from costProject where priceByBed = 1 and chargeUnit = 1
        order by sort, projectId`.execute(db())
    ).rows;
    const chargePrice = charge?.price;
    expect(chargePrice).toBeGreaterThan(0);
    expect(free).toMatchObject({ monthlyPrice: free?.price ?? chargePrice });
    const roomPart = (await call(h.app, admin, 'GET', P.roomPart)).body.result as Record<string, number>;
    expect(roomPart.total).toBe(56);

    // Out of service: not selectable, then free again.
    expect(
      (await call(h.app, admin, 'PUT', residencePath(P.bedStatus, { statusId: 3 }), { bedIds: [bedId] })).body
        .code,
    ).toBe(0);
    const w = await waitingElder();
    const refused = await call(h.app, admin, 'PUT', statusUrl(w.oldmanId, 1), { bedId });
    expect(refused.body).toMatchObject({ code: Code.conflict, msg: '该床位维修停用，不能入住' });
    const occupied = all.flatMap((r) => r.beds).find((b) => b.oldmanId !== null);
    const held = await call(h.app, admin, 'PUT', residencePath(P.bedStatus, { statusId: 3 }), {
      bedIds: [occupied?.bedId],
    });
    expect(held.body.code).toBe(Code.conflict);
    expect(
      (await call(h.app, admin, 'PUT', residencePath(P.bedStatus, { statusId: 0 }), { bedIds: [bedId] })).body
        .code,
    ).toBe(0);
    expect((await bedRow(bedId)).bedStatus).toBe(BedStatus.free);

    const legend = (await call(h.app, admin, 'GET', `${P.mapConfig}?type=1`)).body.result as LegendItem[];
    expect(legend.map((l) => l.statusName)).toEqual(['空闲', '在住', '试住', '预订', '维修停用']);
    expect(legend.every((l) => l.id === null)).toBe(true);
    const check = (t: number) => call(h.app, admin, 'GET', residencePath(P.mapConfigCheck, { type: t }));
    expect((await check(1)).body.result).toMatchObject({ configured: false });
    const saved = await call(h.app, admin, 'PUT', P.mapConfig, {
      type: 1,
      items: [{ statusId: 0, statusName: '可入住', color: '#00AA00', sort: 1 }],
    });
    expect(saved.body.code).toBe(0);
    const changed = saved.body.result as LegendItem[];
    expect(changed[0]).toMatchObject({ statusName: '可入住', color: '#00AA00' });
    expect((await check(1)).body.result).toMatchObject({ configured: true, custom: 1 });
    const badColor = await call(h.app, admin, 'PUT', P.mapConfig, {
      type: 1,
      items: [{ statusId: 0, statusName: '空', color: 'green' }],
    });
    expect(badColor.body).toMatchObject({ code: Code.invalidInput, msg: '颜色格式应为#RRGGBB' });
    const other = (await signInOtherOrg(h.app)).token;
    const foreignDelete = await call(
      h.app,
      other,
      'DELETE',
      residencePath(P.mapConfigOne, { id: Number(changed[0]?.id) }),
    );
    expect(foreignDelete.body.code).toBe(Code.notFound);
    const removed = await call(
      h.app,
      admin,
      'DELETE',
      residencePath(P.mapConfigOne, { id: Number(changed[0]?.id) }),
    );
    expect(removed.body.code).toBe(0);
    await call(h.app, admin, 'PUT', P.mapConfig, {
      type: 2,
      items: [{ statusId: 2, statusName: '已满', color: '#123456' }],
    });
    const reset = await call(h.app, admin, 'POST', residencePath(P.legendReset, { type: 2 }));
    expect((reset.body.result as LegendItem[]).map((l) => l.statusName)).toEqual(['空房', '未满', '满员']);
    expect((await check(2)).body.result).toMatchObject({ configured: false });
  });
});
