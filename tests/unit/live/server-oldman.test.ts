import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { OLDMAN_BASE as LIST, PROFILE } from '../../../domain/resources/oldman.js';
import { idCard } from '../../support/idCards.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
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

type Page = { list: Record<string, unknown>[]; total: number };

describe('elder profiles through the resource engine', () => {
  it('a kept list answer changes with the elder, the bed path, the department name and the reader', async () => {
    const { token } = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const url = `${LIST}?pageNum=1&pageSize=50&oldmanStatuses=1`;
    const read = async (t = token) => (await call(h.app, t, 'GET', url)).body.result as Page;
    const first = await read();
    const elder = first.list.find((r) => typeof r.bedId === 'number');
    if (!elder) throw new Error('no resident with a bed');
    expect(await read()).toEqual(first);
    const db = h.app.services.db;
    const edited = { ...first.list[0] };
    await db
      .updateTable('oldman')
      .set({ phone: '13911112222' })
      .where('oldmanId', '=', Number(edited.oldmanId))
      .execute();
    expect((await read()).list[0]).toMatchObject({ oldmanId: edited.oldmanId, phone: '13911112222' });
    // decorate reads the bed, its room, floor and building: a renamed room shows at once
    const bed = await db
      .selectFrom('bed')
      .select('roomId')
      .where('bedId', '=', Number(elder.bedId))
      .executeTakeFirstOrThrow();
    await db.updateTable('room').set({ roomName: '改名房' }).where('roomId', '=', bed.roomId).execute();
    const row = (await read()).list.find((r) => r.oldmanId === elder.oldmanId);
    expect(String(row?.bedName)).toContain('改名房');
    // the joined department name follows its table too
    await db
      .updateTable('dept')
      .set({ deptName: '改名部' })
      .where('deptId', '=', Number(elder.deptId))
      .execute();
    expect((await read()).list.find((r) => r.oldmanId === elder.oldmanId)?.deptName).toBe('改名部');
    // a reader with fewer data departments never gets the administrator's answer
    const nurseView = await read(nurse.token);
    expect(nurseView.total).toBeLessThan((await read()).total);
  });

  it('creates an elder: birth date and sex come from the ID card; the list finds it by keyword', async () => {
    const { token } = await signInAdmin(h.app);
    const deptId = await deptIdOf(token, '护理一部');
    const created = await call(h.app, token, 'POST', PROFILE, {
      oldmanName: '王秀英',
      oldmanIdcard: idCard('1941-03-08', 2),
      deptId,
      phone: '13800001111',
      nursingLevel: '全护理',
      monthlyIncome: 350050,
    });
    expect(created.body.code).toBe(0);
    const oldmanId = (created.body.result as { oldmanId: number }).oldmanId;
    const row = (await call(h.app, token, 'GET', `${PROFILE}/${oldmanId}`)).body.result as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      birthday: '1941-03-08',
      sex: 1,
      deptName: '护理一部',
      monthlyIncome: 350050,
    });
    const found = (await call(h.app, token, 'GET', `${LIST}?keyword=王秀英&pageNum=1&pageSize=10`)).body
      .result as Page;
    expect(found.list.map((r) => r.oldmanName)).toEqual(['王秀英']);
  });

  it('refuses a bad ID card, a duplicate and a foreign department with Chinese messages and writes nothing', async () => {
    const { token } = await signInAdmin(h.app);
    const deptId = await deptIdOf(token, '护理一部');
    const before = ((await call(h.app, token, 'GET', `${LIST}?pageSize=1`)).body.result as Page).total;
    const id = idCard('1940-01-01', 1);
    const wrong = `${id.slice(0, 17)}${id[17] === '1' ? '2' : '1'}`;
    const bad = await call(h.app, token, 'POST', PROFILE, {
      oldmanName: '李四',
      oldmanIdcard: wrong,
      deptId,
    });
    expect(bad.body).toMatchObject({
      code: Code.invalidInput,
      msg: '身份证号：校验位不正确',
    });
    const missing = await call(h.app, token, 'POST', PROFILE, { oldmanIdcard: id, deptId });
    expect(missing.body.msg).toBe('请填写姓名');
    expect(
      (await call(h.app, token, 'POST', PROFILE, { oldmanName: '李四', oldmanIdcard: id, deptId })).body.code,
    ).toBe(0);
    const twice = await call(h.app, token, 'POST', PROFILE, { oldmanName: '李四', oldmanIdcard: id, deptId });
    expect(twice.body.code).toBe(Code.conflict);
    expect(twice.body.msg).toContain('已存在');
    const other = await signInOtherOrg(h.app);
    const foreignDept = await deptIdOf(other.token, '院办');
    const foreign = await call(h.app, token, 'POST', PROFILE, {
      oldmanName: '赵五',
      oldmanIdcard: idCard('1940-01-02', 3),
      deptId: foreignDept,
    });
    expect(foreign.body.code).toBe(Code.deptNotAllowed);
    const after = ((await call(h.app, token, 'GET', `${LIST}?pageSize=1`)).body.result as Page).total;
    expect(after).toBe(before + 1);
  });

  it('scopes lists to data departments and organisations; the nurse may not delete', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const depts = new Set(
      ((await call(h.app, nurse.token, 'GET', `${LIST}?pageHelper=0`)).body.result as Page).list.map(
        (r) => r.deptName,
      ),
    );
    expect([...depts]).toEqual(['护理一部']);
    const all = ((await call(h.app, admin.token, 'GET', `${LIST}?pageHelper=0`)).body.result as Page).list;
    const elsewhere = all.find((r) => r.deptName !== '护理一部');
    expect(elsewhere).toBeDefined();
    const denied = await call(h.app, nurse.token, 'GET', `${PROFILE}/${String(elsewhere?.oldmanId)}`);
    expect(denied.body.code).toBe(Code.deptNotAllowed);
    const other = await signInOtherOrg(h.app);
    const foreign = await call(h.app, other.token, 'GET', `${PROFILE}/${String(elsewhere?.oldmanId)}`);
    expect(foreign.body.code).toBe(Code.notFound);
    const del = await call(h.app, nurse.token, 'DELETE', `${PROFILE}/${String(all[0]?.oldmanId)}`);
    expect(del.body.code).toBe(Code.noAuthority);
  });

  it('filters by status list, sorts, pages and exports CSV with Chinese headers and labels', async () => {
    const { token } = await signInAdmin(h.app);
    const living = (await call(h.app, token, 'GET', `${LIST}?oldmanStatuses=1,4&pageHelper=0`)).body
      .result as Page;
    expect(living.total).toBeGreaterThan(0);
    expect(living.list.every((r) => r.oldmanStatus === 1 || r.oldmanStatus === 4)).toBe(true);
    const sorted = (await call(h.app, token, 'GET', `${LIST}?sortField=birthday&sortOrder=asc&pageSize=5`))
      .body.result as Page;
    const births = sorted.list.map((r) => String(r.birthday));
    expect(births).toEqual([...births].sort());
    expect(sorted.list).toHaveLength(5);
    const badSort = await call(h.app, token, 'GET', `${LIST}?sortField=passwordHash`);
    expect(badSort.body).toMatchObject({ code: Code.invalidInput, msg: '排序字段无效' });
    const res = await h.app.inject({
      method: 'GET',
      url: `${LIST}?export=csv&oldmanStatuses=1`,
      headers: { authorization: token },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '姓名,入住状态,护理等级,床位,性别,出生日期,所属部门,联系电话,入住日期,身份证号,创建时间',
    );
    expect(lines[1]).toContain('在住');
    expect(lines).toHaveLength(living.list.filter((r) => r.oldmanStatus === 1).length + 1);
  });

  it('edits one section, keeps a field-by-field modify record, and refuses deleting a living elder', async () => {
    const { token } = await signInAdmin(h.app);
    const living = (
      (await call(h.app, token, 'GET', `${LIST}?oldmanStatuses=1&pageSize=1`)).body.result as Page
    ).list[0] as Record<string, unknown>;
    const put = await call(h.app, token, 'PUT', `${PROFILE}/health`, {
      oldmanId: living.oldmanId,
      bloodType: 'AB',
      nursingLevel: '特级护理',
      allergies: '青霉素',
    });
    expect(put.body.code).toBe(0);
    const health = (await call(h.app, token, 'GET', `${PROFILE}/${String(living.oldmanId)}/health`)).body
      .result;
    expect(health).toMatchObject({ bloodType: 'AB', nursingLevel: '特级护理', allergies: '青霉素' });
    const records = (await call(h.app, token, 'GET', `${PROFILE}/${String(living.oldmanId)}/modifyRecord`))
      .body.result as { section: string; changes: { label: string; after: string }[] }[];
    expect(records[0]?.section).toBe('健康信息');
    expect(records[0]?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: '血型', after: 'AB型' }),
        expect.objectContaining({ label: '过敏史', after: '青霉素' }),
      ]),
    );
    const del = await call(h.app, token, 'DELETE', `${PROFILE}/${String(living.oldmanId)}`);
    expect(del.body.code).toBe(Code.conflict);
    expect(del.body.msg).toContain('正在入住');
  });
});
