import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { OrgArchivePaths as P } from '../../../domain/resources/orgArchive.js';
import { LiveStatus, ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import { call, grantNurse, signInAdmin, startTestApp, type TestApp } from '../../support/serverHarness.js';

// 机构档案: the building model (buildings, floors, rooms, beds) added, edited and retired.
let h: Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;
let admin: string;
let depts: { nurse1: number; nurse2: number };

type Rec = Record<string, unknown>;
const ok = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const r = await call(app, token, method, url, body);
  expect(r.body, `${method} ${url}`).toMatchObject({ code: 0 });
  return r.body.result as Rec;
};
const rows = async (token: string, url: string) =>
  ((await ok(token, 'GET', `${url}${url.includes('?') ? '&' : '?'}pageHelper=0`)) as { list: Rec[] }).list;

beforeAll(async () => {
  h = await startTestApp();
  app = h.app;
  admin = (await signInAdmin(app)).token;
  const all = await app.services.db
    .selectFrom('dept')
    .select(['deptId', 'deptName'])
    .where('orgId', '=', 1)
    .execute();
  const idOf = (name: string) => all.find((r) => r.deptName === name)?.deptId ?? 0;
  depts = { nurse1: idOf('护理一部'), nurse2: idOf('护理二部') };
});
afterAll(() => h.close());

/** A building with one floor, one room of the department and one bed. */
async function newWing(name: string, deptId: number) {
  const { buildingId } = (await ok(admin, 'POST', P.buildings, { buildingName: name })) as {
    buildingId: number;
  };
  const { floorId } = (await ok(admin, 'POST', P.floors, { buildingId, floorNo: 1, floorName: '1层' })) as {
    floorId: number;
  };
  const { roomId } = (await ok(admin, 'POST', P.rooms, {
    floorId,
    roomName: `${name}01`,
    roomType: '双人间',
    deptId,
  })) as { roomId: number };
  const { bedId } = (await ok(admin, 'POST', P.beds, {
    roomId,
    bedName: '1床',
    bedType: 2,
    price: 280000,
  })) as { bedId: number };
  return { buildingId, floorId, roomId, bedId };
}

describe('机构档案: the building model', () => {
  it('adds a building, floor, room and bed; the bed is free, priced and offered to check-in', async () => {
    const before = await ok(admin, 'GET', P.capacity);
    const wing = await newWing('9号楼', depts.nurse1);
    const building = (await rows(admin, P.buildings)).find((b) => b.buildingId === wing.buildingId);
    expect(building).toMatchObject({ buildingName: '9号楼', floorCount: 1, roomCount: 1, bedCount: 1 });
    const room = (await rows(admin, P.rooms)).find((r) => r.roomId === wing.roomId);
    expect(room).toMatchObject({ place: '9号楼1层', bedCount: 1, freeBeds: 1, useStatus: 1, planSlot: 1 });
    const bed = (await rows(admin, P.beds)).find((b) => b.bedId === wing.bedId);
    expect(bed).toMatchObject({
      place: '9号楼1层9号楼01',
      bedType: 2,
      price: 280000,
      bedStatus: 0,
      useStatus: 1,
      deptId: depts.nurse1,
      oldmanName: null,
    });
    expect(await ok(admin, 'GET', P.capacity)).toMatchObject({
      buildings: Number(before.buildings) + 1,
      beds: Number(before.beds) + 1,
      free: Number(before.free) + 1,
    });
    const offered = await rows(admin, `/ifms/web-org/beds?roomId=${wing.roomId}`);
    expect(offered.map((b) => b.bedId)).toEqual([wing.bedId]);
  });

  it('refuses bad input in Chinese, naming the field', async () => {
    const wing = await newWing('8号楼', depts.nurse1);
    const refused = async (url: string, method: 'POST' | 'PUT', body: Rec) => {
      const r = await call(app, admin, method, url, body);
      expect(r.body.code, JSON.stringify(r.body)).not.toBe(0);
      return r.body.msg;
    };
    expect(await refused(P.buildings, 'POST', { buildingName: '' })).toBe('请填写楼栋名称');
    expect(await refused(P.buildings, 'POST', { buildingName: '8号楼' })).toBe('楼栋名称“8号楼”已存在');
    expect(await refused(P.floors, 'POST', { floorNo: 2, floorName: '2层' })).toBe('请填写所属楼栋');
    expect(
      await refused(P.floors, 'POST', { buildingId: wing.buildingId, floorNo: 1, floorName: '一层' }),
    ).toBe('该楼栋已有第1层（1层）');
    expect(
      await refused(P.rooms, 'POST', {
        floorId: wing.floorId,
        roomName: '8号楼01',
        roomType: '单人间',
        deptId: depts.nurse1,
      }),
    ).toBe('8号楼已有房间“8号楼01”');
    expect(
      await refused(P.rooms, 'POST', {
        floorId: wing.floorId,
        roomName: '802',
        roomType: '单人间',
        deptId: depts.nurse1,
        planSlot: 1,
      }),
    ).toBe('平面图位置1已有房间8号楼01，请换一个位置或留空');
    expect(await refused(P.beds, 'POST', { roomId: wing.roomId, bedName: '1床', bedType: 1 })).toBe(
      '房间8号楼1层8号楼01已有床位“1床”',
    );
    expect(await refused(P.beds, 'POST', { bedName: '2床', bedType: 1 })).toBe('请填写所在房间');
    expect(await refused(P.beds, 'POST', { roomId: 999999, bedName: '2床', bedType: 1 })).toBe(
      '所在房间不存在',
    );
    // a building with floors is not deleted; an empty one is
    const kept = await call(app, admin, 'DELETE', `${P.buildings}/${wing.buildingId}`);
    expect(kept.body).toMatchObject({ code: Code.conflict, msg: '楼栋“8号楼”还有楼层，请先删除楼层' });
  });

  it('retires a free bed (off the map and the pickers) and reinstates it; refuses a bed someone lives in', async () => {
    const wing = await newWing('7号楼', depts.nurse1);
    const retired = await ok(admin, 'PUT', P.bedRetire.replace(':id', String(wing.bedId)), {});
    expect(retired).toMatchObject({ id: wing.bedId, useStatus: 0 });
    expect(await rows(admin, `/ifms/web-org/beds?roomId=${wing.roomId}`)).toEqual([]);
    const twice = await call(app, admin, 'PUT', P.bedRetire.replace(':id', String(wing.bedId)), {});
    expect(twice.body).toMatchObject({ code: Code.conflict, msg: '床位7号楼1层7号楼01-1床已停用' });
    await ok(admin, 'PUT', P.bedReinstate.replace(':id', String(wing.bedId)), {});

    // a waiting elder checks into the new bed: neither bed nor room can be retired now
    const elder = await app.services.db
      .selectFrom('oldman')
      .select(['oldmanId', 'oldmanName'])
      .where('orgId', '=', 1)
      .where('oldmanStatus', '=', LiveStatus.waiting)
      .executeTakeFirstOrThrow();
    await ok(
      admin,
      'PUT',
      residencePath(ResidencePaths.status, { oldmanId: elder.oldmanId, oldmanStatusNew: LiveStatus.living }),
      { bedId: wing.bedId, date: '2026-11-25', note: '' },
    );
    const bed = (await rows(admin, P.beds)).find((b) => b.bedId === wing.bedId);
    expect(bed).toMatchObject({ oldmanName: elder.oldmanName });
    const held = await call(app, admin, 'PUT', P.bedRetire.replace(':id', String(wing.bedId)), {});
    expect(held.body).toMatchObject({
      code: Code.conflict,
      msg: `床位7号楼1层7号楼01-1床住着${elder.oldmanName}（在住），请先办理退住或取消预订再停用`,
    });
    const room = await call(app, admin, 'PUT', P.roomRetire.replace(':id', String(wing.roomId)), {});
    expect(room.body).toMatchObject({
      code: Code.conflict,
      msg: `房间7号楼1层7号楼01住着${elder.oldmanName}（在住），请先办理退住或取消预订再停用`,
    });
    const missing = await call(app, admin, 'PUT', P.bedRetire.replace(':id', '999999'), {});
    expect(missing.body).toMatchObject({ code: Code.notFound, msg: '床位不存在' });
    const garbled = await call(app, admin, 'PUT', P.bedRetire.replace(':id', 'abc'), {});
    expect(garbled.body.code).toBe(Code.invalidInput);
    expect(garbled.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('checks authority and the data departments', async () => {
    const other = await newWing('6号楼', depts.nurse2);
    const mine = await newWing('5号楼', depts.nurse1);
    const grant = (codes: string[]) => grantNurse(app, 'archives:org', codes);
    const none = await grant([]);
    expect((await call(app, none, 'GET', `${P.beds}?pageHelper=0`)).body.code).toBe(Code.noAuthority);
    const viewer = await grant(['archives:org']);
    const seen = await rows(viewer, P.beds);
    expect(seen.some((b) => b.bedId === mine.bedId)).toBe(true);
    expect(seen.some((b) => b.bedId === other.bedId)).toBe(false);
    expect(seen.every((b) => b.deptId === depts.nurse1)).toBe(true);
    const add = await call(app, viewer, 'POST', P.beds, { roomId: mine.roomId, bedName: '2床', bedType: 1 });
    expect(add.body.code).toBe(Code.noAuthority);
    const retire = await call(app, viewer, 'PUT', P.bedRetire.replace(':id', String(mine.bedId)), {});
    expect(retire.body.code).toBe(Code.noAuthority);

    const keeper = await grant(['archives:org', 'archives:org:add', 'archives:org:retire']);
    const foreign = await call(app, keeper, 'PUT', P.bedRetire.replace(':id', String(other.bedId)), {});
    expect(foreign.body.code).toBe(Code.deptNotAllowed);
    const foreignBed = await call(app, keeper, 'POST', P.beds, {
      roomId: other.roomId,
      bedName: '2床',
      bedType: 1,
    });
    expect(foreignBed.body.code).toBe(Code.deptNotAllowed);
    await ok(keeper, 'POST', P.beds, { roomId: mine.roomId, bedName: '2床', bedType: 1 });
    await ok(keeper, 'PUT', P.bedRetire.replace(':id', String(mine.bedId)), {});
  });
});

describe('机构档案: the institution record', () => {
  const orgId = 1;
  const recordUrl = P.orgInfo.replace(':id', String(orgId));
  const saveUrl = P.orgInfoSave.replace(':orgId', String(orgId));

  it('answers the seeded record and saves name, address, phone and certificates', async () => {
    const before = await ok(admin, 'GET', recordUrl);
    expect(before).toMatchObject({ orgName: '阳光颐养院', orgCode: 'YGYY001', qualifications: [] });
    const record = {
      orgName: '阳光颐养院（西湖院区）',
      address: '浙江省杭州市西湖区文三路 100 号',
      phone: '0571-88886666-801',
      qualifications: [{ name: '养老机构备案回执', urlPath: '/files/images/beian.png' }],
    };
    await ok(admin, 'PUT', saveUrl, record);
    expect(await ok(admin, 'GET', recordUrl)).toMatchObject(record);
    await ok(admin, 'PUT', saveUrl, { ...record, orgName: '阳光颐养院' });
  });

  it('refuses a bad phone, a certificate without its scan or name and a foreign scan path, and changes nothing', async () => {
    const before = await ok(admin, 'GET', recordUrl);
    const base = { orgName: '改名', address: '', phone: '', qualifications: [] };
    const refusals: [Rec, string][] = [
      [{ ...base, phone: '12345' }, '请输入正确的联系电话（如 0571-88886666 或手机号）'],
      [{ ...base, orgName: '  ' }, '请输入机构名称'],
      [{ ...base, qualifications: [{ name: '营业执照', urlPath: '' }] }, '请上传资质图片'],
      [{ ...base, qualifications: [{ name: '', urlPath: '/files/images/a.png' }] }, '请输入资质名称'],
      [
        { ...base, qualifications: [{ name: '营业执照', urlPath: 'https://evil.example/a.png' }] },
        '资质图片地址无效',
      ],
    ];
    for (const [body, msg] of refusals) {
      const r = await call(app, admin, 'PUT', saveUrl, body);
      expect(r.body, JSON.stringify(body)).toMatchObject({ code: Code.invalidInput, msg });
    }
    expect(await ok(admin, 'GET', recordUrl)).toEqual(before);
  });

  it('lets only archives:org:edit change it, and only its own institution', async () => {
    const nurse = await grantNurse(app, 'archives:org', ['archives:org']);
    const body = { orgName: '护士改的名', address: '', phone: '', qualifications: [] };
    expect((await call(app, nurse, 'PUT', saveUrl, body)).body.code).toBe(Code.noAuthority);
    expect((await call(app, admin, 'PUT', P.orgInfoSave.replace(':orgId', '2'), body)).body.code).toBe(
      Code.notFound,
    );
    expect((await call(app, admin, 'GET', P.orgInfo.replace(':id', '2'))).body.code).toBe(Code.notFound);
    expect(await ok(admin, 'GET', recordUrl)).toMatchObject({ orgName: '阳光颐养院' });
  });
});
