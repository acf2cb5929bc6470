import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { OLDMAN_BASE, PROFILE } from '../../../domain/resources/oldman.js';
import { CONSULT_BASE as BASE, INTERVIEWER_BASE } from '../../../features/live/api/paths.js';
import { idCard } from '../../support/idCards.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Page = { list: Record<string, unknown>[]; total: number };
type Rec = Record<string, unknown>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

async function deptIdOf(token: string, name: string) {
  const depts = (await call(h.app, token, 'GET', '/ifms/web-org/depts?pageHelper=0')).body.result as {
    list: { deptId: number; deptName: string }[];
  };
  return depts.list.find((d) => d.deptName === name)?.deptId ?? 0;
}

const consultation = (over: Rec = {}) => ({
  oldmanName: '周桂兰',
  consultantName: '周明',
  relation: 3,
  consultantPhone: '13912345678',
  consultDate: '2026-03-01',
  consultChannel: 2,
  consultIntention: 1,
  budget: 450000,
  ...over,
});

async function add(token: string, over: Rec = {}) {
  const res = await call(h.app, token, 'POST', BASE, consultation(over));
  expect(res.body.msg).toBe('成功');
  return (res.body.result as { consultationId: number }).consultationId;
}

const get = async (token: string, url: string) => (await call(h.app, token, 'GET', url)).body.result as Rec;
const oldmanTotal = async (token: string) =>
  ((await call(h.app, token, 'GET', `${OLDMAN_BASE}?pageSize=1`)).body.result as Page).total;

describe('consultations', () => {
  it('adds one: the ID card gives birth date, sex and age; lists, filters and reads it back', async () => {
    const { token } = await signInAdmin(h.app);
    const deptId = await deptIdOf(token, '护理一部');
    const id = await add(token, { oldmanIdcard: idCard('1945-06-01', 4), deptId, age: 30 });
    const row = await get(token, `${BASE}/${id}`);
    expect(row).toMatchObject({
      oldmanName: '周桂兰',
      birthday: '1945-06-01',
      sex: 1,
      consultStatus: 0,
      deptName: '护理一部',
      budget: 450000,
    });
    expect(row.age).toBeGreaterThanOrEqual(80);
    const noCard = await add(token, { oldmanName: '钱大爷', age: 82 });
    expect(await get(token, `${BASE}/${noCard}`)).toMatchObject({ age: 82, birthday: null, sex: null });
    const found = (await call(h.app, token, 'GET', `${BASE}?keyword=钱大爷&pageSize=10`)).body.result as Page;
    expect(found.list.map((r) => r.consultationId)).toEqual([noCard]);
    const byStatus = (await call(h.app, token, 'GET', `${BASE}?consultStatus=0&consultDateStart=2026-03-01`))
      .body.result as Page;
    expect(byStatus.total).toBe(2);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const { token } = await signInAdmin(h.app);
    const id = idCard('1945-06-01', 4);
    const wrong = `${id.slice(0, 17)}${id[17] === '1' ? '2' : '1'}`;
    const cases: [Rec, string][] = [
      [{ oldmanIdcard: wrong }, '身份证号：校验位不正确'],
      [{ consultantName: '' }, '请填写咨询人姓名'],
      [{ consultantPhone: '123' }, '咨询人电话格式不正确'],
      [{ consultChannel: 9 }, '咨询方式取值无效'],
      [{ consultStatus: 1 }, '“已建档”只能通过转为档案设置'],
      [{ budget: -1 }, '月预算（元）不能小于0'],
      [{ interviewerId: 99999 }, '接待人员不存在'],
    ];
    for (const [over, msg] of cases) {
      const res = await call(h.app, token, 'POST', BASE, consultation(over));
      expect(res.body).toMatchObject({ code: Code.invalidInput, msg });
    }
    expect(((await call(h.app, token, 'GET', BASE)).body.result as Page).total).toBe(0);
  });

  it('reads and updates each section; a section PUT touches only its own fields', async () => {
    const { token } = await signInAdmin(h.app);
    const id = await add(token, { followUp: '下周再联系', diseases: '高血压' });
    // a field left out keeps its value; an empty one is cleared
    const put = await call(h.app, token, 'PUT', `${BASE}/${id}/consultant`, {
      consultantName: '周亮',
      consultantPhone: '13700001111',
      // fields of other sections are dropped
      oldmanName: '改名',
      followUp: '改了',
    });
    expect(put.body.code).toBe(0);
    const row = await get(token, `${BASE}/${id}`);
    expect(row).toMatchObject({
      consultantName: '周亮',
      consultantPhone: '13700001111',
      relation: 3,
      oldmanName: '周桂兰',
      followUp: '下周再联系',
      diseases: '高血压',
    });
    const base = await call(h.app, token, 'PUT', `${BASE}/${id}/base`, {
      oldmanName: '周桂兰',
      oldmanIdcard: idCard('1950-01-02', 3),
    });
    expect(base.body.code).toBe(0);
    const section = await get(token, `${BASE}/${id}/base`);
    expect(section).toMatchObject({ oldmanName: '周桂兰', sex: 0, birthday: '1950-01-02' });
    expect(section).not.toHaveProperty('consultantName');
    expect(await get(token, `${BASE}/${id}/consultant`)).toMatchObject({ consultantName: '周亮' });
    const health = await call(h.app, token, 'PUT', `${BASE}/${id}/health`, {
      selfCareAbility: 3,
      nursingLevel: '全护理',
      diseases: '',
    });
    expect(health.body.code).toBe(0);
    expect(await get(token, `${BASE}/${id}/health`)).toMatchObject({
      selfCareAbility: 3,
      nursingLevel: '全护理',
      diseases: null,
    });
    const extra = await call(h.app, token, 'PUT', `${BASE}/${id}/extra`, {
      consultDate: '2026-03-02',
      consultStatus: 2,
      followUp: null,
    });
    expect(extra.body.code).toBe(0);
    expect(await get(token, `${BASE}/${id}/extra`)).toMatchObject({ consultStatus: 2, followUp: null });
    const bad = await call(h.app, token, 'PUT', `${BASE}/${id}/extra`, { consultDate: '2026-02-30' });
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '咨询日期不是有效日期' });
    const missing = await call(h.app, token, 'PUT', `${BASE}/99999/health`, {});
    expect(missing.body).toMatchObject({ code: Code.notFound, msg: '咨询登记不存在' });
  });

  it('checks an ID card: an existing profile, an open consultation, or free', async () => {
    const { token } = await signInAdmin(h.app);
    const living = (
      (await call(h.app, token, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageSize=1`)).body.result as Page
    ).list[0] as Rec;
    const existing = await get(token, `${BASE}/check/${String(living.oldmanIdcard)}`);
    expect(existing).toMatchObject({
      free: false,
      oldman: { oldmanId: living.oldmanId, oldmanName: living.oldmanName, oldmanStatus: 1 },
      message: `该身份证号已有档案：${String(living.oldmanName)}（在住）`,
    });
    const card = idCard('1948-08-08', 6);
    expect(await get(token, `${BASE}/check/${card}`)).toMatchObject({ free: true, message: '' });
    await add(token, { oldmanIdcard: card });
    expect(await get(token, `${BASE}/check/${card.toLowerCase()}`)).toMatchObject({
      free: false,
      oldman: null,
      message: '该身份证号已有咨询登记：周桂兰（跟进中，2026-03-01）',
    });
    const bad = await call(h.app, token, 'GET', `${BASE}/check/123`);
    expect(bad.body).toMatchObject({
      code: Code.invalidInput,
      msg: '身份证号：应为18位，前17位为数字，末位为数字或X',
    });
  });

  it('turns a consultation into a profile (待入住) and marks it 已建档', async () => {
    const { token } = await signInAdmin(h.app);
    const deptId = await deptIdOf(token, '护理一部');
    const card = idCard('1944-02-29', 8);
    const receptionists = (await call(h.app, token, 'GET', `${INTERVIEWER_BASE}?pageHelper=0`)).body
      .result as Page;
    const wang = receptionists.list.find((i) => i.interviewerName === '王建国') as Rec;
    const id = await add(token, {
      oldmanIdcard: card,
      deptId,
      phone: '13600002222',
      nursingLevel: '半护理',
      diseases: '糖尿病',
      interviewerId: wang.id,
    });
    const draft = await get(token, `${BASE}/${id}/proFile`);
    expect(draft).toMatchObject({
      oldmanId: null,
      oldmanName: '周桂兰',
      oldmanIdcard: card,
      consultationId: id,
      saleId: wang.empId,
    });
    const before = await oldmanTotal(token);
    const res = await call(h.app, token, 'POST', `${BASE}/${id}/archives`, {});
    expect(res.body.code).toBe(0);
    const { oldmanId } = res.body.result as { oldmanId: number };
    expect(await oldmanTotal(token)).toBe(before + 1);
    expect(await get(token, `${PROFILE}/${oldmanId}`)).toMatchObject({
      oldmanName: '周桂兰',
      oldmanIdcard: card,
      birthday: '1944-02-29',
      sex: 1,
      oldmanStatus: 3,
      deptId,
      phone: '13600002222',
      nursingLevel: '半护理',
      medicalHistory: '糖尿病',
      checkInSource: 1,
      // the consultation's 接待人员 is the archive's 接待人: nobody picks him again
      saleId: wang.empId,
      saleName: '王建国',
    });
    expect(await get(token, `${BASE}/${id}`)).toMatchObject({
      consultStatus: 1,
      linkedOldmanId: oldmanId,
      linkedOldmanName: '周桂兰',
    });
    expect(await get(token, `${BASE}/${id}/proFile`)).toMatchObject({ oldmanId, oldmanStatus: 3 });
    // the person who asked is the elder's family member and emergency contact; nobody types her again
    const family = (
      (await call(h.app, token, 'GET', `/pims/web-pi/family/list?oldmanId=${oldmanId}&pageSize=10`)).body
        .result as Page
    ).list;
    expect(family).toEqual([
      expect.objectContaining({ familyName: '周明', relation: 3, phone: '13912345678', isEmergency: 1 }),
    ]);
    // the archive finds the consultation it came from (接待人员, 预计入住日期, 月预算 stay there)
    const from = (
      (await call(h.app, token, 'GET', `${BASE}?linkedOldmanId=${oldmanId}&pageSize=10`)).body.result as Page
    ).list;
    expect(from.map((c) => c.consultationId)).toEqual([id]);
    const again = await call(h.app, token, 'POST', `${BASE}/${id}/archives`, {});
    expect(again.body).toMatchObject({ code: Code.conflict, msg: '该咨询已转为档案' });
    const status = await call(h.app, token, 'PUT', `${BASE}/${id}/extra`, {
      consultDate: '2026-03-01',
      consultStatus: 0,
    });
    expect(status.body).toMatchObject({ code: Code.conflict, msg: '该咨询已转为档案，不能更改跟进状态' });
    const logs = await h.app.services.db.selectFrom('operationLog').selectAll().execute();
    expect(logs.map((l) => l.operationName)).toContain('咨询转为档案：周桂兰');
  });

  it('takes profile fields from the body, e.g. another department', async () => {
    const { token } = await signInAdmin(h.app);
    const deptId = await deptIdOf(token, '护理一部');
    const id = await add(token, { oldmanIdcard: idCard('1939-09-09', 5) });
    const res = await call(h.app, token, 'POST', `${BASE}/${id}/archives`, {
      deptId,
      ethnicGroup: '01',
      oldmanName: '周桂兰',
    });
    expect(res.body.code).toBe(0);
    const { oldmanId } = res.body.result as { oldmanId: number };
    expect(await get(token, `${PROFILE}/${oldmanId}`)).toMatchObject({ deptId, ethnicGroup: '01' });
  });

  it('is all-or-nothing: a duplicate or missing ID card or a foreign department leaves both records unchanged', async () => {
    const { token } = await signInAdmin(h.app);
    const living = (
      (await call(h.app, token, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageSize=1`)).body.result as Page
    ).list[0] as Rec;
    const dup = await add(token, { oldmanIdcard: String(living.oldmanIdcard) });
    const before = await oldmanTotal(token);
    const clash = await call(h.app, token, 'POST', `${BASE}/${dup}/archives`, {});
    expect(clash.body).toMatchObject({
      code: Code.conflict,
      msg: `该身份证号已有档案：${String(living.oldmanName)}（在住）`,
    });
    const noCard = await add(token);
    const missing = await call(h.app, token, 'POST', `${BASE}/${noCard}/archives`, {});
    expect(missing.body).toMatchObject({ code: Code.invalidInput, msg: '请先填写长者身份证号再转为档案' });
    const other = await signInOtherOrg(h.app);
    const foreignDept = await deptIdOf(other.token, '院办');
    const fresh = await add(token, { oldmanIdcard: idCard('1942-04-04', 7) });
    const foreign = await call(h.app, token, 'POST', `${BASE}/${fresh}/archives`, { deptId: foreignDept });
    expect(foreign.body.code).toBe(Code.deptNotAllowed);
    const badField = await call(h.app, token, 'POST', `${BASE}/${fresh}/archives`, { phone: 'x' });
    expect(badField.body).toMatchObject({ code: Code.invalidInput, msg: '联系电话格式不正确' });
    expect(await oldmanTotal(token)).toBe(before);
    for (const id of [dup, noCard, fresh])
      expect(await get(token, `${BASE}/${id}`)).toMatchObject({ consultStatus: 0, linkedOldmanId: null });
  });

  it('registers a consultation for an existing elder from their profile', async () => {
    const { token } = await signInAdmin(h.app);
    const elder = (
      (await call(h.app, token, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageSize=1`)).body.result as Page
    ).list[0] as Rec;
    const res = await call(h.app, token, 'POST', `${BASE}/${String(elder.oldmanId)}`, {
      consultantName: '家属甲',
      consultantPhone: '13911112222',
      consultDate: '2026-03-05',
      consultContent: '咨询调整护理等级',
      // base fields come from the profile, not the body
      oldmanName: '别人',
    });
    expect(res.body.code).toBe(0);
    const { consultationId } = res.body.result as { consultationId: number };
    expect(await get(token, `${BASE}/${consultationId}`)).toMatchObject({
      oldmanName: elder.oldmanName,
      oldmanIdcard: elder.oldmanIdcard,
      deptId: elder.deptId,
      linkedOldmanId: elder.oldmanId,
      consultStatus: 0,
      consultContent: '咨询调整护理等级',
    });
    const noElder = await call(h.app, token, 'POST', `${BASE}/99999`, consultation());
    expect(noElder.body).toMatchObject({ code: Code.notFound, msg: '长者档案不存在' });
    const noName = await call(h.app, token, 'POST', `${BASE}/${String(elder.oldmanId)}`, {
      consultantPhone: '13911112222',
      consultDate: '2026-03-05',
    });
    expect(noName.body).toMatchObject({ code: Code.invalidInput, msg: '请填写咨询人姓名' });
  });

  it('scopes consultations to data departments and organisations', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const own = await deptIdOf(admin.token, '护理一部');
    const office = await deptIdOf(admin.token, '院办');
    const mine = await add(admin.token, { deptId: own, oldmanName: '一部长者' });
    const theirs = await add(admin.token, { deptId: office, oldmanName: '院办长者' });
    const list = (await call(h.app, nurse.token, 'GET', `${BASE}?pageHelper=0`)).body.result as Page;
    expect(list.list.map((r) => r.consultationId)).toEqual([mine]);
    for (const url of [`${BASE}/${theirs}`, `${BASE}/${theirs}/base`, `${BASE}/${theirs}/proFile`])
      expect((await call(h.app, nurse.token, 'GET', url)).body.code).toBe(Code.deptNotAllowed);
    const put = await call(h.app, nurse.token, 'PUT', `${BASE}/${theirs}/health`, { diseases: '无' });
    expect(put.body.code).toBe(Code.deptNotAllowed);
    const arch = await call(h.app, nurse.token, 'POST', `${BASE}/${theirs}/archives`, {});
    expect(arch.body.code).toBe(Code.deptNotAllowed);
    const create = await call(h.app, nurse.token, 'POST', BASE, consultation({ deptId: office }));
    expect(create.body.code).toBe(Code.deptNotAllowed);
    const other = await signInOtherOrg(h.app);
    expect((await call(h.app, other.token, 'GET', `${BASE}/${mine}`)).body.code).toBe(Code.notFound);
    expect((await call(h.app, other.token, 'GET', `${BASE}?pageHelper=0`)).body.result).toMatchObject({
      total: 0,
    });
    expect((await call(h.app, other.token, 'DELETE', `${BASE}/${mine}`)).body.code).toBe(Code.notFound);
    expect((await call(h.app, null, 'GET', BASE)).body.code).toBe(4011);
    const del = await call(h.app, admin.token, 'DELETE', `${BASE}/${mine},${theirs}`);
    expect(del.body.result).toEqual({ deleted: 2 });
  });
});

describe('interviewers', () => {
  it('are the staff from the start; one picked from 员工 takes the staff name and phone (issue #23)', async () => {
    const { token } = await signInAdmin(h.app);
    const staff = (await call(h.app, token, 'GET', '/pims/web-org/nursingworkers/oldman')).body
      .result as Page;
    const seeded = (await call(h.app, token, 'GET', `${INTERVIEWER_BASE}?pageHelper=0`)).body.result as Page;
    expect(seeded.total).toBeGreaterThan(0);
    const names = new Set(staff.list.map((e) => e.realName));
    expect(seeded.list.every((i) => names.has(i.interviewerName) && i.empId !== null)).toBe(true);
    expect(seeded.list.map((i) => i.interviewerName)).toContain('王建国');
    // a staff member removed from the list comes back by choosing 员工, name and phone from the record
    const wang = seeded.list.find((i) => i.interviewerName === '王建国') as Rec;
    expect((await call(h.app, token, 'DELETE', `${INTERVIEWER_BASE}/${String(wang.id)}`)).body.code).toBe(0);
    const picked = await call(h.app, token, 'POST', INTERVIEWER_BASE, { empId: wang.empId });
    expect(picked.body.code).toBe(0);
    const again = (await call(h.app, token, 'GET', `${INTERVIEWER_BASE}?pageHelper=0`)).body.result as Page;
    expect(again.list.find((i) => i.empId === wang.empId)).toMatchObject({
      interviewerName: '王建国',
      phone: '13800000001',
    });
    const neither = await call(h.app, token, 'POST', INTERVIEWER_BASE, {});
    expect(neither.body).toMatchObject({ code: Code.invalidInput, msg: '请选择员工或填写姓名' });
    const foreign = await call(h.app, token, 'POST', INTERVIEWER_BASE, { empId: 999999 });
    expect(foreign.body).toMatchObject({ code: Code.invalidInput, msg: '员工不存在' });
  });

  it('adds, lists, edits and deletes; a name is unique; one in use cannot be deleted', async () => {
    const { token } = await signInAdmin(h.app);
    const before = ((await call(h.app, token, 'GET', `${INTERVIEWER_BASE}?pageHelper=0`)).body.result as Page)
      .total;
    const created = await call(h.app, token, 'POST', INTERVIEWER_BASE, {
      interviewerName: '接待小刘',
      phone: '13800138000',
    });
    expect(created.body.code).toBe(0);
    const { id } = created.body.result as { id: number };
    const dup = await call(h.app, token, 'POST', INTERVIEWER_BASE, { interviewerName: '接待小刘' });
    expect(dup.body).toMatchObject({ code: Code.conflict, msg: '姓名“接待小刘”已存在' });
    const blank = await call(h.app, token, 'POST', INTERVIEWER_BASE, { interviewerName: '' });
    expect(blank.body).toMatchObject({ code: Code.invalidInput, msg: '请选择员工或填写姓名' });
    const put = await call(h.app, token, 'PUT', INTERVIEWER_BASE, {
      id,
      interviewerName: '接待小王',
      remark: '前台',
    });
    expect(put.body.code).toBe(0);
    const list = (await call(h.app, token, 'GET', `${INTERVIEWER_BASE}?pageHelper=0`)).body.result as Page;
    expect(list.total).toBe(before + 1);
    expect(list.list.find((i) => i.id === id)).toMatchObject({
      id,
      interviewerName: '接待小王',
      phone: '13800138000',
      remark: '前台',
    });
    const other = await signInOtherOrg(h.app);
    const theirs = (await call(h.app, other.token, 'GET', `${INTERVIEWER_BASE}?pageHelper=0`)).body
      .result as Page;
    expect(theirs.list.some((i) => i.id === id)).toBe(false);
    expect((await call(h.app, other.token, 'DELETE', `${INTERVIEWER_BASE}/${id}`)).body.code).toBe(
      Code.notFound,
    );
    const used = await add(token, { interviewerId: id });
    expect(await get(token, `${BASE}/${used}`)).toMatchObject({ interviewerName: '接待小王' });
    const refused = await call(h.app, token, 'DELETE', `${INTERVIEWER_BASE}/${id}`);
    expect(refused.body).toMatchObject({ code: Code.conflict, msg: '接待小王已接待1条咨询，不能删除' });
    await call(h.app, token, 'DELETE', `${BASE}/${used}`);
    expect((await call(h.app, token, 'DELETE', `${INTERVIEWER_BASE}/${id}`)).body.code).toBe(0);
  });
});
