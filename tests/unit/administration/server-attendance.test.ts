import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { localDateTime, localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { ShiftPaths } from '../../../domain/resources/attendanceBase.js';
import { AttendanceAuthority as A } from '../../../domain/statuses/attendance.js';
import { AttendancePaths as P } from '../../../features/administration/api/attendance.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
const db = () => h.app.services.db;

beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

async function shiftId(name: string) {
  const { rows } = await sql<{ shiftPkId: number }>`select shiftPkId from attendanceShift
    where orgId = 1 and shiftName = ${name}`.execute(db());
  return Number(rows[0]?.shiftPkId);
}
/** A new staff member of 护理一部 (no group yet). */
async function newNurse(name: string) {
  const dept = await sql<{
    deptId: number;
  }>`select deptId from dept where orgId = 1 and deptName = '护理一部'`.execute(db());
  const res = await call(h.app, admin, 'POST', '/pims/web-org/staff', {
    empName: name,
    sex: 1,
    phoneNum: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    deptId: dept.rows[0]?.deptId,
    status: 0,
  });
  expect(res.body.msg).toBe('成功');
  return Number((res.body.result as Rec).empId);
}
async function beds(n: number) {
  const res = await call(h.app, admin, 'GET', `${ShiftPaths.location}?scheduleMode=1`);
  return ((res.body.result as Page).list as { locationId: string }[]).slice(0, n).map((l) => l.locationId);
}
async function groupCount() {
  const { rows } = await sql<{ n: number }>`select count(*) as n from attendanceGroup`.execute(db());
  return Number(rows[0]?.n);
}

describe('班次: name check and 启用/停用', () => {
  it('checks a name, excluding the shift itself', async () => {
    const id = await shiftId('早班');
    let res = await call(
      h.app,
      admin,
      'GET',
      `${ShiftPaths.shiftName}?shiftName=${encodeURIComponent('早班')}`,
    );
    expect(res.body.result).toEqual({ available: false, msg: '班次名称“早班”已存在' });
    res = await call(
      h.app,
      admin,
      'GET',
      `${ShiftPaths.shiftName}?shiftName=${encodeURIComponent('早班')}&shiftPkId=${id}`,
    );
    expect((res.body.result as Rec).available).toBe(true);
    res = await call(h.app, admin, 'GET', ShiftPaths.shiftName);
    expect(res.body.code).toBe(Code.invalidInput);
    expect(res.body.msg).toBe('请填写班次名称');
  });

  it('disables a shift no group uses and enables it again; refuses one a group schedules', async () => {
    const free = await shiftId('长白班'); // seeded disabled
    let res = await call(h.app, admin, 'PUT', ShiftPaths.isEnable, { shiftPkId: free, status: 0 });
    expect(res.body.result).toEqual({ shiftPkId: free, status: 0 });
    res = await call(h.app, admin, 'PUT', ShiftPaths.isEnable, { shiftPkId: free, status: 0 });
    expect(res.body.code).toBe(Code.actionRefused);
    expect(res.body.msg).toBe('班次“长白班”当前状态为启用，不能启用');
    res = await call(h.app, admin, 'PUT', ShiftPaths.isEnable, { shiftPkId: free, status: 1 });
    expect(res.body.code).toBe(0);
    const used = await shiftId('早班'); // the demo 护理一部护理组 schedules it
    res = await call(h.app, admin, 'PUT', ShiftPaths.isEnable, { shiftPkId: used, status: 1 });
    expect(res.body.code).toBe(Code.actionRefused);
    expect(res.body.msg).toContain('该班次正在被考勤组“护理一部护理组”使用，不能停用');
    // nor through the form's PUT, nor deleted
    res = await call(h.app, admin, 'GET', `${ShiftPaths.shift}/${used}`);
    res = await call(h.app, admin, 'PUT', ShiftPaths.shift, { ...(res.body.result as Rec), status: 1 });
    expect(res.body.code).toBe(Code.actionRefused);
    res = await call(h.app, admin, 'DELETE', `${ShiftPaths.shift}/${used}`);
    expect(res.body.code).toBe(Code.actionRefused);
    expect(res.body.msg).toContain('不能删除');
    const { rows } = await sql<{
      status: number;
    }>`select status from attendanceShift where shiftPkId = ${used}`.execute(db());
    expect(rows[0]?.status).toBe(0);
    res = await call(h.app, admin, 'PUT', ShiftPaths.isEnable, { shiftPkId: used, status: 2 });
    expect(res.body.msg).toBe('班次状态应为启用(0)或停用(1)');
    res = await call(h.app, admin, 'PUT', ShiftPaths.isEnable, { shiftPkId: 99999, status: 1 });
    expect(res.body.code).toBe(Code.notFound);
  });

  it('needs 编辑班次', async () => {
    await grantNurse(h.app, 'baseData', []);
    const nurse = await grantNurse(h.app, 'attendance', []);
    const res = await call(h.app, nurse, 'PUT', ShiftPaths.isEnable, {
      shiftPkId: await shiftId('长白班'),
      status: 0,
    });
    expect(res.body.code).toBe(Code.noAuthority);
  });
});

describe('考勤组', () => {
  it('adds a group with shifts, nurses and beds; reads, lists, edits and deletes it', async () => {
    const a = await newNurse('测试甲');
    const b = await newNurse('测试乙');
    const early = await shiftId('早班');
    const night = await shiftId('夜班');
    const places = await beds(3);
    let res = await call(h.app, admin, 'POST', P.group, {
      groupName: '测试护理组',
      workDays: '1,2,3,4,5',
      shiftPkIds: [early, night],
      nurses: [
        { nursingId: a, shiftPkId: early },
        { nursingId: b, shiftPkId: night },
      ],
      locationIds: places,
    });
    expect(res.body.msg).toBe('成功');
    const id = Number((res.body.result as Rec).attendanceGroupPkId);
    res = await call(h.app, admin, 'GET', pathWith(P.groupOne, { id }));
    const g = res.body.result as Rec & { nurses: Rec[]; shifts: Rec[]; locations: Rec[] };
    expect(g.groupName).toBe('测试护理组');
    expect(g.scheduleMode).toBe(1);
    expect(g.shifts.map((s) => s.shiftName)).toEqual(['早班', '夜班']);
    expect(g.nurses.map((n) => [n.realName, n.shiftName, n.joinDate])).toEqual([
      ['测试甲', '早班', localDay(h.clock.now)],
      ['测试乙', '夜班', localDay(h.clock.now)],
    ]);
    expect(g.locations).toHaveLength(3);
    expect(String(g.locations[0]?.locationName)).toMatch(/\S+ \S+/);
    res = await call(h.app, admin, 'GET', `${P.group}?keyword=${encodeURIComponent('测试')}`);
    const row = (res.body.result as Page).list[0] as Rec;
    expect(row).toMatchObject({
      groupName: '测试护理组',
      shiftNames: '早班、夜班',
      workDayText: '周一至周五',
      nurseCount: 2,
      locationCount: 3,
    });
    // edit: b leaves, a moves to 夜班
    res = await call(h.app, admin, 'PUT', P.group, {
      attendanceGroupPkId: id,
      groupName: '测试护理组',
      workDays: '1,3,5',
      shiftPkIds: [early, night],
      nurses: [{ nursingId: a, shiftPkId: night }],
      locationIds: places.slice(0, 1),
    });
    expect(res.body.msg).toBe('成功');
    res = await call(h.app, admin, 'GET', pathWith(P.groupOne, { id }));
    expect((res.body.result as { nurses: Rec[] }).nurses.map((n) => n.shiftName)).toEqual(['夜班']);
    res = await call(h.app, admin, 'GET', `${P.groupNursing}?attendanceGroupPkId=${id}`);
    const nursing = (res.body.result as Page).list;
    expect(nursing.find((n) => n.nursingId === a)).toMatchObject({
      groupName: '测试护理组',
      selectable: true,
    });
    expect(nursing.find((n) => n.nursingId === b)).toMatchObject({ groupName: null, selectable: true });
    expect(nursing.find((n) => n.realName === '徐丽萍')).toMatchObject({
      groupName: '护理一部护理组',
      selectable: false,
    });
    res = await call(h.app, admin, 'DELETE', pathWith(P.groupOne, { id }));
    expect(res.body.result).toEqual({ deleted: 1 });
    const { rows } = await sql`select 1 from attendanceGroupNurse where attendanceGroupPkId = ${id}`.execute(
      db(),
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses a nurse of another group, mixed schedule modes, a foreign shift, rooms for a bed shift — and writes nothing', async () => {
    const a = await newNurse('测试丙');
    const early = await shiftId('早班');
    const office = await shiftId('行政班');
    const zhang = (await sql<{ empId: number }>`select empId from emp where empName = '徐丽萍'`.execute(db()))
      .rows[0]?.empId;
    const before = await groupCount();
    const base = {
      groupName: '拒绝组',
      workDays: '1,2,3',
      shiftPkIds: [early],
      nurses: [{ nursingId: a, shiftPkId: early }],
      locationIds: [],
    };
    const cases: [Rec, number, string][] = [
      [
        { nurses: [{ nursingId: zhang, shiftPkId: early }] },
        Code.conflict,
        '护理员“徐丽萍”已在考勤组“护理一部护理组”中，一名护理员只能属于一个考勤组',
      ],
      [
        { shiftPkIds: [early, office] },
        Code.invalidInput,
        '所选班次的排班方式不一致（按床位与按房间不能混用）',
      ],
      [
        { nurses: [{ nursingId: a, shiftPkId: office }] },
        Code.invalidInput,
        '护理员“测试丙”的班次应为本考勤组的班次',
      ],
      [{ locationIds: ['R1'] }, Code.invalidInput, '班次按床位排班，负责区域请选择床位'],
      [{ locationIds: ['D999999'] }, Code.invalidInput, '负责区域不存在'],
      [
        {
          nurses: [
            { nursingId: a, shiftPkId: early },
            { nursingId: a, shiftPkId: early },
          ],
        },
        Code.invalidInput,
        '护理员不能重复',
      ],
      [{ nurses: [] }, Code.invalidInput, '请至少选择一名护理员'],
      [{ workDays: '1,8' }, Code.invalidInput, '工作日应为1-7（周一至周日），逗号分隔'],
      [{ groupName: '护理一部护理组' }, Code.conflict, '考勤组名称“护理一部护理组”已存在'],
      [{ shiftPkIds: [99999] }, Code.notFound, '班次不存在'],
      [{ groupName: '' }, Code.invalidInput, '请填写考勤组名称'],
    ];
    for (const [over, code, msg] of cases) {
      const res = await call(h.app, admin, 'POST', P.group, { ...base, ...over });
      expect([res.body.code, res.body.msg]).toEqual([code, msg]);
    }
    expect(await groupCount()).toBe(before);
    // a disabled shift cannot be chosen
    const off = await shiftId('长白班');
    const res = await call(h.app, admin, 'POST', P.group, {
      ...base,
      shiftPkIds: [off],
      nurses: [{ nursingId: a, shiftPkId: off }],
    });
    expect(res.body.msg).toBe('班次“长白班”已停用，不能选择');
  });

  it('answers 10004 for a group of another organisation, and checks each authority', async () => {
    const other = (await signInOtherOrg(h.app)).token;
    const { rows } = await sql<{
      id: number;
    }>`select attendanceGroupPkId as id from attendanceGroup where orgId = 1 limit 1`.execute(db());
    const id = Number(rows[0]?.id);
    let res = await call(h.app, other, 'GET', pathWith(P.groupOne, { id }));
    expect(res.body.code).toBe(Code.notFound);
    res = await call(h.app, other, 'DELETE', pathWith(P.groupOne, { id }));
    expect(res.body.code).toBe(Code.notFound);
    const viewer = await grantNurse(h.app, 'attendance', [A.group]);
    res = await call(h.app, viewer, 'GET', P.group);
    expect(res.body.code).toBe(0);
    for (const [method, url] of [
      ['POST', P.group],
      ['PUT', P.group],
      ['DELETE', pathWith(P.groupOne, { id })],
    ] as const) {
      res = await call(h.app, viewer, method, url, method === 'DELETE' ? undefined : {});
      expect(res.body.code).toBe(Code.noAuthority);
    }
    const none = await grantNurse(h.app, 'attendance', []);
    res = await call(h.app, none, 'GET', P.group);
    expect(res.body.code).toBe(Code.noAuthority);
    res = await call(h.app, none, 'GET', P.groupNursing);
    expect(res.body.code).toBe(Code.noAuthority);
  });
});

describe('打卡 and 考勤统计', () => {
  it('records clocks and computes the month of a new group member', async () => {
    const a = await newNurse('测试丁');
    const early = await shiftId('早班');
    const res0 = await call(h.app, admin, 'POST', P.group, {
      groupName: '统计组',
      workDays: '1,2,3,4,5,6,7',
      shiftPkIds: [early],
      nurses: [{ nursingId: a, shiftPkId: early }],
    });
    expect(res0.body.code).toBe(0);
    // joined today: move the clock to 15:45 today, clock 07:10 in (late) and now out (45 minutes' overtime)
    const day = localDay(h.clock.now);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    h.clock.now = new Date(y, m - 1, d, 15, 45).getTime();
    admin = (await signInAdmin(h.app)).token;
    let res = await call(h.app, admin, 'POST', P.clock, {
      nursingId: a,
      clockType: 1,
      clockTime: `${day} 07:10:00`,
    });
    expect(res.body.msg).toBe('成功');
    expect(res.body.result).toEqual({ clockId: expect.any(Number), clockTime: `${day} 07:10:00` });
    res = await call(h.app, admin, 'POST', P.clock, { nursingId: a, clockType: 2 });
    expect((res.body.result as Rec).clockTime).toBe(localDateTime(h.clock.now));
    res = await call(
      h.app,
      admin,
      'GET',
      `${P.statistics}?month=${day.slice(0, 7)}&keyword=${encodeURIComponent('测试丁')}`,
    );
    const list = (res.body.result as Page).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      realName: '测试丁',
      groupName: '统计组',
      shiftName: '早班',
      attendedDays: 1,
      lateTimes: 1,
      lateMinutes: 10,
      earlyTimes: 0,
      absentDays: 0,
      overtimeMinutes: 45,
    });
    // the demo members have a month of clocks
    res = await call(h.app, admin, 'GET', `${P.statistics}?month=${day.slice(0, 7)}&pageSize=50`);
    const all = (res.body.result as Page).list;
    expect(all.map((r) => r.realName)).toContain('徐丽萍');
    expect(all.find((r) => r.realName === '徐丽萍')?.attendedDays).toBeGreaterThan(0);
    // export
    const file = await h.app.inject({
      method: 'GET',
      url: `${P.statistics}?month=${day.slice(0, 7)}&export=xlsx`,
      headers: { authorization: admin },
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses a bad month, a future clock, a duplicate, an unknown or departed person; needs the authorities', async () => {
    let res = await call(h.app, admin, 'GET', `${P.statistics}?month=2026-13`);
    expect(res.body.msg).toBe('统计月份格式应为YYYY-MM');
    const a = await newNurse('测试戊');
    const future = localDateTime(h.clock.now + 3_600_000);
    res = await call(h.app, admin, 'POST', P.clock, { nursingId: a, clockType: 1, clockTime: future });
    expect(res.body.msg).toBe('打卡时间不能晚于当前时间');
    const at = localDateTime(h.clock.now - 3_600_000);
    res = await call(h.app, admin, 'POST', P.clock, { nursingId: a, clockType: 1, clockTime: at });
    expect(res.body.code).toBe(0);
    res = await call(h.app, admin, 'POST', P.clock, { nursingId: a, clockType: 1, clockTime: at });
    expect([res.body.code, res.body.msg]).toEqual([Code.conflict, '该打卡记录已存在']);
    res = await call(h.app, admin, 'POST', P.clock, { nursingId: 999999, clockType: 1 });
    expect(res.body.code).toBe(Code.notFound);
    res = await call(h.app, admin, 'POST', P.clock, { nursingId: a, clockType: 3 });
    expect(res.body.msg).toBe('打卡类型应为上班(1)或下班(2)');
    await sql`update emp set status = 1 where empId = ${a}`.execute(db());
    res = await call(h.app, admin, 'POST', P.clock, { nursingId: a, clockType: 2 });
    expect(res.body.msg).toBe('员工“测试戊”已离职，不能打卡');
    const viewer = await grantNurse(h.app, 'attendance', [A.record]);
    res = await call(h.app, viewer, 'GET', P.statistics);
    expect(res.body.code).toBe(0);
    res = await call(h.app, viewer, 'POST', P.clock, { nursingId: a, clockType: 1 });
    expect(res.body.code).toBe(Code.noAuthority);
    const none = await grantNurse(h.app, 'attendance', []);
    res = await call(h.app, none, 'GET', P.statistics);
    expect(res.body.code).toBe(Code.noAuthority);
  });

  it('shows a restricted user only the staff of their data departments', async () => {
    const viewer = await grantNurse(h.app, 'attendance', [A.record]);
    const month = localDay(h.clock.now).slice(0, 7);
    const res = await call(h.app, viewer, 'GET', `${P.statistics}?month=${month}&pageSize=50`);
    const names = (res.body.result as Page).list.map((r) => r.realName);
    expect(names).toContain('徐丽萍'); // 护理一部, the nurse's department
    expect(names).not.toContain('马春燕'); // 护理二部
    expect(names).not.toContain('周建军'); // 院办
  });
});
