import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { OLDMAN_BASE } from '../../../domain/resources/oldman.js';
import { VISIT_BASE as BASE } from '../../../features/live/api/paths.js';
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

/** A living elder of a department (by name), or of any when none is given. */
async function elderOf(token: string, deptName?: string) {
  const all = (
    (await call(h.app, token, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageHelper=0`)).body.result as Page
  ).list;
  return all.find((r) => !deptName || r.deptName === deptName) as Rec;
}

const visit = (over: Rec = {}) => ({
  visitorName: '刘芳',
  visitorPhone: '13512345678',
  visitorCount: 2,
  visitPurpose: 1,
  relation: 3,
  visitTime: '2026-03-01 09:30:00',
  temperature: '36.5',
  symptomFree: 1,
  ...over,
});

describe('visits', () => {
  it('registers a visit to an elder, lists it with the elder name, filters by date and elder', async () => {
    const { token } = await signInAdmin(h.app);
    const elder = await elderOf(token, '护理一部');
    const res = await call(h.app, token, 'POST', BASE, visit({ oldmanId: elder.oldmanId }));
    expect(res.body.code).toBe(0);
    const { visitId } = res.body.result as { visitId: number };
    await call(h.app, token, 'POST', BASE, visit({ visitPurpose: 2, visitTime: '2026-03-03 10:00' }));
    const row = (await call(h.app, token, 'GET', `${BASE}/${visitId}`)).body.result as Rec;
    expect(row).toMatchObject({
      visitorName: '刘芳',
      oldmanId: elder.oldmanId,
      oldmanName: elder.oldmanName,
      deptId: elder.deptId,
      temperature: '36.5',
    });
    const byElder = (await call(h.app, token, 'GET', `${BASE}?oldmanId=${String(elder.oldmanId)}`)).body
      .result as Page;
    expect(byElder.list.map((r) => r.visitId)).toEqual([visitId]);
    const byDay = (
      await call(h.app, token, 'GET', `${BASE}?visitTimeStart=2026-03-02&visitTimeEnd=2026-03-03`)
    ).body.result as Page;
    expect(byDay.list.map((r) => r.visitPurpose)).toEqual([2]);
    const all = (await call(h.app, token, 'GET', `${BASE}?pageHelper=0`)).body.result as Page;
    expect(all.list.map((r) => r.visitTime)).toEqual(['2026-03-03 10:00', '2026-03-01 09:30:00']);
  });

  it('edits (clearing a field) and deletes a visit', async () => {
    const { token } = await signInAdmin(h.app);
    const created = await call(h.app, token, 'POST', BASE, visit({ visitPurpose: 3, remark: '送材料' }));
    const { visitId } = created.body.result as { visitId: number };
    const put = await call(h.app, token, 'PUT', `${BASE}/${visitId}`, {
      ...visit({ visitPurpose: 3, leaveTime: '2026-03-01 11:00:00', remark: '' }),
    });
    expect(put.body.code).toBe(0);
    expect((await call(h.app, token, 'GET', `${BASE}/${visitId}`)).body.result).toMatchObject({
      leaveTime: '2026-03-01 11:00:00',
      remark: null,
    });
    expect((await call(h.app, token, 'DELETE', `${BASE}/${visitId}`)).body.code).toBe(0);
    expect((await call(h.app, token, 'GET', `${BASE}/${visitId}`)).body).toMatchObject({
      code: Code.notFound,
      msg: '来访登记不存在',
    });
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const { token } = await signInAdmin(h.app);
    const id = idCard('1980-05-05', 1);
    const cases: [Rec, string][] = [
      [{ visitorName: '' }, '请填写来访人姓名'],
      [{ visitorPhone: '12' }, '联系电话格式不正确'],
      [{ visitorIdcard: `${id.slice(0, 17)}${id[17] === '1' ? '2' : '1'}` }, '身份证号：校验位不正确'],
      [{ visitorCount: 0 }, '来访人数不能小于1'],
      [{ visitPurpose: 9 }, '来访事由取值无效'],
      [{ visitPurpose: 1 }, '请选择探望长者'],
      [{ visitPurpose: 2, visitTime: '2026-13-01 10:00' }, '来访时间不是有效日期'],
      [{ visitPurpose: 2, leaveTime: '2026-03-01 08:00' }, '离开时间不能早于来访时间'],
      [{ visitPurpose: 2, temperature: '45' }, '体温应为35.0～42.0之间的数字，如36.5'],
      [{ visitPurpose: 2, temperature: 'abc' }, '体温应为35.0～42.0之间的数字，如36.5'],
      [{ oldmanId: 99999 }, '探望长者不存在'],
    ];
    for (const [over, msg] of cases) {
      const res = await call(h.app, token, 'POST', BASE, visit(over));
      expect(res.body).toMatchObject({ code: Code.invalidInput, msg });
    }
    expect(((await call(h.app, token, 'GET', BASE)).body.result as Page).total).toBe(0);
  });

  it('scopes visits to the visited elder’s department and to the organisation', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const own = await elderOf(admin.token, '护理一部');
    const elsewhere = (
      (await call(h.app, admin.token, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageHelper=0`)).body
        .result as Page
    ).list.find((r) => r.deptName !== '护理一部') as Rec;
    const mine = (await call(h.app, admin.token, 'POST', BASE, visit({ oldmanId: own.oldmanId }))).body
      .result as { visitId: number };
    const theirs = (await call(h.app, admin.token, 'POST', BASE, visit({ oldmanId: elsewhere.oldmanId })))
      .body.result as { visitId: number };
    const list = (await call(h.app, nurse.token, 'GET', `${BASE}?pageHelper=0`)).body.result as Page;
    expect(list.list.map((r) => r.visitId)).toEqual([mine.visitId]);
    expect((await call(h.app, nurse.token, 'GET', `${BASE}/${theirs.visitId}`)).body.code).toBe(
      Code.deptNotAllowed,
    );
    const refused = await call(h.app, nurse.token, 'POST', BASE, visit({ oldmanId: elsewhere.oldmanId }));
    expect(refused.body.code).toBe(Code.deptNotAllowed);
    const other = await signInOtherOrg(h.app);
    expect((await call(h.app, other.token, 'GET', `${BASE}/${mine.visitId}`)).body.code).toBe(Code.notFound);
    const foreign = await call(h.app, other.token, 'POST', BASE, visit({ oldmanId: own.oldmanId }));
    expect(foreign.body).toMatchObject({ code: Code.invalidInput, msg: '探望长者不存在' });
    expect((await call(h.app, other.token, 'DELETE', `${BASE}/${mine.visitId}`)).body.code).toBe(
      Code.notFound,
    );
    expect(((await call(h.app, admin.token, 'GET', BASE)).body.result as Page).total).toBe(2);
  });
});
