import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { CareArchivePaths as P } from '../../../features/archives/api.js';
import { call, grantNurse, signInAdmin, startTestApp, type TestApp } from '../../support/serverHarness.js';

// The archives of cared-for people: 基础档案, 在院长者档案 (read from 长者档案 and 居家档案) and 特困人员档案.
let h: Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;
let admin: string;

type Rec = Record<string, unknown>;
const list = async (token: string, url: string) => {
  const r = await call(app, token, 'GET', `${url}${url.includes('?') ? '&' : '?'}pageNum=1&pageSize=500`);
  expect(r.body, url).toMatchObject({ code: 0 });
  return r.body.result as { list: Rec[]; total: number };
};

beforeAll(async () => {
  h = await startTestApp();
  app = h.app;
  admin = (await signInAdmin(app)).token;
});
afterAll(() => h.close());

describe('archives of cared-for people', () => {
  it('基础档案 lists the elders of 长者档案 and of 居家档案; 在院长者档案 only those in the house', async () => {
    const db = app.services.db;
    const elders = await db.selectFrom('oldman').select('oldmanId').where('orgId', '=', 1).execute();
    const home = (
      await sql<{ oldmanId: number }>`select oldmanId from homeOldman where orgId = 1`.execute(db)
    ).rows;
    const base = await list(admin, P.base);
    expect(base.total).toBe(elders.length + home.length);
    const institution = await list(admin, `${P.base}?careMode=1`);
    expect(institution.total).toBe(elders.length);
    expect(institution.list.every((r) => r.careMode === 1 && typeof r.careStatus === 'string')).toBe(true);
    const homeCare = await list(admin, `${P.base}?careMode=2`);
    expect(homeCare.list.every((r) => r.careStatus === '居家服务')).toBe(true);

    const inHouse = await db
      .selectFrom('oldman')
      .select('oldmanId')
      .where('orgId', '=', 1)
      .where('oldmanStatus', 'in', [LiveStatus.living, LiveStatus.trial])
      .execute();
    const inst = await list(admin, P.inInstitution);
    expect(inst.total).toBe(inHouse.length);
    expect(
      inst.list.every((r) => r.oldmanStatus === LiveStatus.living || r.oldmanStatus === LiveStatus.trial),
    ).toBe(true);
  });

  it('特困人员档案: one per elder, Chinese refusals, its category shown in the other archives', async () => {
    const elder = (await list(admin, P.inInstitution)).list[0] as Rec;
    const body = {
      oldmanId: elder.oldmanId,
      supportCategory: 1,
      hardshipArea: 2,
      certifyDate: '2025-03-01',
      supportStatus: 1,
      supportStandard: 120000,
      careStandard: 60000,
    };
    const missing = await call(app, admin, 'POST', P.hardship, { ...body, supportCategory: undefined });
    expect(missing.body).toMatchObject({ code: Code.invalidInput, msg: '请填写供养类别' });
    const ended = await call(app, admin, 'POST', P.hardship, { ...body, supportStatus: 0 });
    expect(ended.body).toMatchObject({ code: Code.invalidInput, msg: '供养已终止，请填写终止日期' });
    const made = await call(app, admin, 'POST', P.hardship, body);
    expect(made.body).toMatchObject({ code: 0 });
    const twice = await call(app, admin, 'POST', P.hardship, body);
    expect(twice.body.code).toBe(Code.conflict);
    expect(twice.body.msg).toContain('已有特困人员档案');
    const row = (await list(admin, P.hardship)).list.find((r) => r.oldmanId === elder.oldmanId);
    expect(row).toMatchObject({ supportCategory: 1, oldmanStatus: elder.oldmanStatus });
    const inst = (await list(admin, P.inInstitution)).list.find((r) => r.oldmanId === elder.oldmanId);
    expect(inst).toMatchObject({ supportCategory: 1 });
  });

  it('checks authority and the data departments', async () => {
    const none = await grantNurse(app, 'archives:', []);
    for (const url of [P.base, P.inInstitution, P.hardship])
      expect((await call(app, none, 'GET', `${url}?pageNum=1&pageSize=5`)).body.code).toBe(Code.noAuthority);
    const viewer = await grantNurse(app, 'archives:', ['archives:base', 'archives:inst']);
    const all = await list(admin, P.base);
    const seen = await list(viewer, P.base);
    expect(seen.total).toBeGreaterThan(0);
    expect(seen.total).toBeLessThan(all.total);
    const depts = new Set(seen.list.map((r) => r.deptId));
    expect(depts.size).toBe(1);
  });
});
