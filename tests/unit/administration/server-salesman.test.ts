import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminAuthority } from '../../../domain/api/administration.js';
import { Code } from '../../../domain/codes.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { SalesmanPaths as P, type SalesmanAnswer } from '../../../features/administration/api/salesman.js';
import { CONSULT_BASE, INTERVIEWER_BASE } from '../../../features/live/api/paths.js';
import { idCard } from '../../support/idCards.js';
import { call, grantNurse, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let admin = '';
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

async function deptIdOf(name: string) {
  const depts = (await call(h.app, admin, 'GET', '/ifms/web-org/depts?pageHelper=0')).body.result as {
    list: { deptId: number; deptName: string }[];
  };
  return depts.list.find((d) => d.deptName === name)?.deptId ?? 0;
}
async function interviewer(interviewerName: string) {
  const res = await call(h.app, admin, 'POST', INTERVIEWER_BASE, { interviewerName, phone: '13700001111' });
  expect(res.body.msg).toBe('成功');
  const list = (await call(h.app, admin, 'GET', `${INTERVIEWER_BASE}?pageHelper=0`)).body.result as {
    list: { id: number; interviewerName: string }[];
  };
  return list.list.find((i) => i.interviewerName === interviewerName)?.id ?? 0;
}
async function consult(over: Record<string, unknown>) {
  const res = await call(h.app, admin, 'POST', CONSULT_BASE, {
    oldmanName: '营销测试长者',
    consultantName: '家属',
    consultantPhone: '13912345678',
    consultDate: '2026-03-10',
    ...over,
  });
  expect(res.body.msg).toBe('成功');
  return (res.body.result as { consultationId: number }).consultationId;
}
const performance = async (token: string, query: string) =>
  call(h.app, token, 'GET', `${P.performance}?${query}`);
const rowOf = (answer: unknown, name: string) =>
  (answer as SalesmanAnswer).list.find((r) => r.interviewerName === name);

describe('营销人员 (/administration/salesman)', () => {
  it('counts, per 接待人员, the period’s consultations and what became of them', async () => {
    const one = await deptIdOf('护理一部');
    const office = await deptIdOf('院办');
    const a = await interviewer('营销甲');
    const b = await interviewer('营销乙');
    // 营销甲 in March: following, dropped, archived and moved in, archived and waiting, another department
    await consult({ interviewerId: a, deptId: one });
    await consult({ interviewerId: a, deptId: one, consultStatus: 2 });
    const movedIn = await consult({ interviewerId: a, deptId: one, oldmanIdcard: idCard('1941-05-06', 1) });
    const waiting = await consult({ interviewerId: a, deptId: one, oldmanIdcard: idCard('1942-05-06', 2) });
    await consult({ interviewerId: a, deptId: office });
    // outside the period, and one received by nobody named
    await consult({ interviewerId: a, deptId: one, consultDate: '2026-04-01' });
    await consult({ deptId: one });
    const archived = await call(h.app, admin, 'POST', `${CONSULT_BASE}/${movedIn}/archives`, {});
    expect(archived.body.code).toBe(0);
    expect((await call(h.app, admin, 'POST', `${CONSULT_BASE}/${waiting}/archives`, {})).body.code).toBe(0);
    // the elder moves in (the residence flow is tested elsewhere; here only the status counts)
    const { oldmanId } = archived.body.result as { oldmanId: number };
    await h.app.services.db
      .updateTable('oldman')
      .set({ oldmanStatus: LiveStatus.living })
      .where('oldmanId', '=', oldmanId)
      .execute();

    const res = await performance(admin, 'fromDate=2026-03-01&toDate=2026-03-31');
    expect(res.body.code).toBe(0);
    expect(rowOf(res.body.result, '营销甲')).toEqual({
      interviewerId: a,
      interviewerName: '营销甲',
      phone: '13700001111',
      consults: 5,
      following: 2,
      archived: 2,
      dropped: 1,
      movedIn: 1,
    });
    // every 接待人员 is listed, none received: zeros
    expect(rowOf(res.body.result, '营销乙')).toMatchObject({ interviewerId: b, consults: 0, movedIn: 0 });
    expect(rowOf(res.body.result, '未指定接待人员')).toMatchObject({ interviewerId: null, consults: 1 });

    // the nurse with the authority reads her departments only (护理一部, not 院办)
    const nurse = await grantNurse(h.app, AdminAuthority.salesman, [AdminAuthority.salesman]);
    const hers = await performance(nurse, 'fromDate=2026-03-01&toDate=2026-03-31');
    expect(rowOf(hers.body.result, '营销甲')).toMatchObject({ consults: 4, following: 1 });
  });

  it('refuses a bad period and a user without the authority, and answers nothing then', async () => {
    for (const [query, msg] of [
      ['fromDate=2026-03-31&toDate=2026-03-01', '结束日期不能早于开始日期'],
      ['fromDate=2026-02-30&toDate=2026-03-01', '开始日期不存在'],
      ['fromDate=2025-01-01&toDate=2026-03-01', '统计期间不能超过366天'],
      ['toDate=2026-03-01', '请选择开始日期'],
    ] as const) {
      const res = await performance(admin, query);
      expect(res.body).toMatchObject({ code: Code.invalidInput, result: null });
      expect(res.body.msg).toContain(msg);
    }
    // a role without 营销人员 (as an administrator would leave it in 角色管理)
    const nurse = await grantNurse(h.app, AdminAuthority.salesman, []);
    const refused = await performance(nurse, 'fromDate=2026-03-01&toDate=2026-03-31');
    expect(refused.body.code).toBe(Code.noAuthority);
  });
});
