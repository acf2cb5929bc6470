import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { Code } from '../../../domain/codes.js';
import { StaffAuthority as A } from '../../../domain/statuses/attendance.js';
import { StaffPaths as P } from '../../../features/administration/api/attendance.js';
import {
  call,
  grantNurse,
  signInAdmin,
  signInNurse,
  signInOtherOrg,
  startTestApp,
} from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
const db = () => h.app.services.db;
const deptId = async (name: string) =>
  Number(
    (
      await sql<{ deptId: number }>`select deptId from dept where orgId = 1 and deptName = ${name}`.execute(
        db(),
      )
    ).rows[0]?.deptId,
  );
const staffCount = async () =>
  Number((await sql<{ n: number }>`select count(*) as n from emp`.execute(db())).rows[0]?.n);

beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

describe('员工 and 护理员', () => {
  it('adds a staff member, lists, reads, edits and exports them', async () => {
    const dept = await deptId('护理二部');
    let res = await call(h.app, admin, 'POST', P.staff, {
      empName: '钱美玲',
      sex: 1,
      phoneNum: '13712345678',
      deptId: dept,
      nursingLevel: '中级护理员',
      status: 0,
    });
    expect(res.body.msg).toBe('成功');
    const empId = Number((res.body.result as Rec).empId);
    res = await call(h.app, admin, 'GET', `${P.workers}?keyword=${encodeURIComponent('钱美玲')}`);
    const row = (res.body.result as Page).list[0] as Rec;
    expect(row).toMatchObject({
      empId,
      nursingId: empId,
      empName: '钱美玲',
      deptName: '护理二部',
      loginName: '',
      groupName: '',
    });
    res = await call(h.app, admin, 'GET', pathWith(P.worker, { id: empId }));
    expect(res.body.result).toMatchObject({
      empName: '钱美玲',
      phoneNum: '13712345678',
      nursingLevel: '中级护理员',
    });
    res = await call(h.app, admin, 'PUT', P.workers, {
      empId,
      empName: '钱美玲',
      sex: 1,
      phoneNum: '13712345679',
      deptId: dept,
      nursingLevel: '高级护理员',
      status: 1,
    });
    expect(res.body.msg).toBe('成功');
    const { rows } =
      await sql<Rec>`select phoneNum, nursingLevel, status from emp where empId = ${empId}`.execute(db());
    expect(rows[0]).toEqual({ phoneNum: '13712345679', nursingLevel: '高级护理员', status: 1 });
    const file = await h.app.inject({
      method: 'GET',
      url: `${P.export}?keyword=${encodeURIComponent('钱美玲')}`,
      headers: { authorization: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad input, a phone number in use, a foreign department, leaving while in a group — writing nothing', async () => {
    const before = await staffCount();
    const dept = await deptId('护理一部');
    const base = { empName: '孙测试', sex: 0, phoneNum: '13700000001', deptId: dept, status: 0 };
    const otherOrgDept = Number(
      (await sql<{ deptId: number }>`select deptId from dept where orgId != 1 limit 1`.execute(db())).rows[0]
        ?.deptId,
    );
    const cases: [Rec, number, string][] = [
      [{ empName: '' }, Code.invalidInput, '请填写姓名'],
      [{ phoneNum: '123' }, Code.invalidInput, '手机号码格式不正确'],
      [{ phoneNum: '13800000002' }, Code.conflict, '手机号码“13800000002”已被员工“李秀英”使用'],
      [{ deptId: otherOrgDept }, Code.invalidInput, '所属部门不存在'],
      [{ sex: 5 }, Code.invalidInput, ''],
    ];
    for (const [over, code, msg] of cases) {
      const res = await call(h.app, admin, 'POST', P.staff, { ...base, ...over });
      expect(res.body.code).toBe(code);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    expect(await staffCount()).toBe(before);
    // a member of the demo 护理一部护理组 cannot leave until moved out of it
    const xu = (await sql<Rec>`select * from emp where empName = '徐丽萍'`.execute(db())).rows[0] as Rec;
    const res = await call(h.app, admin, 'PUT', P.workers, { ...xu, status: 1 });
    expect([res.body.code, res.body.msg]).toEqual([
      Code.actionRefused,
      '员工“徐丽萍”在考勤组“护理一部护理组”中，请先移出考勤组再办理离职',
    ]);
  });

  it('keeps to the authorities, the data departments and the organisation', async () => {
    const other = (await signInOtherOrg(h.app)).token;
    const xu = Number(
      (await sql<{ empId: number }>`select empId from emp where empName = '徐丽萍'`.execute(db())).rows[0]
        ?.empId,
    );
    let res = await call(h.app, other, 'GET', pathWith(P.worker, { id: xu }));
    expect(res.body.code).toBe(Code.notFound);
    const viewer = await grantNurse(h.app, 'staff', [A.staff]);
    res = await call(h.app, viewer, 'GET', `${P.workers}?pageSize=100`);
    const names = (res.body.result as Page).list.map((r) => r.empName);
    expect(names).toContain('徐丽萍'); // 护理一部, the nurse's department
    expect(names).not.toContain('周建军'); // 院办
    const zhou = Number(
      (await sql<{ empId: number }>`select empId from emp where empName = '周建军'`.execute(db())).rows[0]
        ?.empId,
    );
    res = await call(h.app, viewer, 'GET', pathWith(P.worker, { id: zhou }));
    expect(res.body.code).toBe(Code.deptNotAllowed);
    res = await call(h.app, viewer, 'POST', P.staff, {});
    expect(res.body.code).toBe(Code.noAuthority);
    res = await call(h.app, viewer, 'PUT', P.workers, {});
    expect(res.body.code).toBe(Code.noAuthority);
    const none = await grantNurse(h.app, 'staff', []);
    res = await call(h.app, none, 'GET', P.workers);
    expect(res.body.code).toBe(Code.noAuthority);
    res = await call(h.app, none, 'GET', P.export);
    expect(res.body.code).toBe(Code.noAuthority);
  });

  it("reads and updates the signed-in user's own record", async () => {
    const nurse = (await signInNurse(h.app)).token;
    let res = await call(h.app, nurse, 'GET', P.info);
    expect(res.body.result).toMatchObject({ empName: '李秀英', loginName: expect.any(String) });
    res = await call(h.app, nurse, 'PUT', P.update, { phoneNum: '13700001111', sex: 1 });
    expect(res.body.msg).toBe('成功');
    res = await call(h.app, nurse, 'GET', P.info);
    expect((res.body.result as Rec).phoneNum).toBe('13700001111');
    res = await call(h.app, nurse, 'PUT', P.update, { phoneNum: '13800000001', sex: 1 });
    expect(res.body.code).toBe(Code.conflict);
    res = await call(h.app, null, 'GET', P.info);
    expect(res.body.code).toBe(Code.loginExpired);
  });

  it('answers the workers of an elder (责任护理员 first)', async () => {
    const { rows } = await sql<{
      oldmanId: number;
    }>`select oldmanId from oldman where orgId = 1 limit 1`.execute(db());
    const res = await call(
      h.app,
      admin,
      'GET',
      `/pims/web-org/nursingworkers/oldman?oldmanId=${rows[0]?.oldmanId}`,
    );
    expect(res.body.code).toBe(0);
    expect((res.body.result as Page).list.length).toBeGreaterThan(0);
  });
});
