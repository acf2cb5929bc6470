import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminPaths } from '../../../domain/api/administration.js';
import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { type LookupDef, lookups } from '../../../domain/lookups.js';
import { QualityPaths as P } from '../../../features/administration/api/quality.js';
import { handoverResource } from '../../../features/administration/resources/qualityHandover.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
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

/** The demonstration institution's people: the admin, the restricted nurse (huli01), 张桂芳 (no account). */
async function people() {
  const one = async (where: ReturnType<typeof sql>) =>
    (
      await sql<{ empId: number; empName: string; orgId: number }>`select e.empId, e.empName, e.orgId
        from emp e where ${where}`.execute(db())
    ).rows[0] as { empId: number; empName: string; orgId: number };
  const admin = await one(sql`e.empId = (select empId from users where loginName = 'admin')`);
  const nurse = await one(sql`e.empId = (select empId from users where loginName = 'huli01')`);
  const noAccount = await one(
    sql`e.empName = '张桂芳' and e.orgId = ${admin.orgId} and e.status = 0
      and not exists (select 1 from users u where u.empId = e.empId)`,
  );
  const dept = await sql<{ deptId: number }>`select deptId from dept where orgId = ${admin.orgId}
    and deptName = '护理一部'`.execute(db());
  return { admin, nurse, noAccount, deptId: Number(dept.rows[0]?.deptId) };
}

const handovers = async () =>
  Number((await sql<{ n: number }>`select count(*) as n from qualityHandover`.execute(db())).rows[0]?.n);

describe('交接班: the receiver is somebody who can sign in and confirm (issue #36 point 8)', () => {
  it('offers as 接班人 only staff with an enabled account', async () => {
    const p = await people();
    const field = handoverResource.fields.find((f) => f.name === 'receivedBy');
    const source: LookupDef = lookups[field?.ref as keyof typeof lookups];
    expect(source).toBeDefined();
    const query = new URLSearchParams(
      Object.entries(source.params ?? {}).map(([k, v]) => [k, String(v)]),
    ).toString();
    const answer = await call(h.app, admin, 'GET', `${source.url}${query ? `?${query}` : ''}`);
    expect(answer.body.code).toBe(0);
    const result = answer.body.result as Rec[] | { list: Rec[] };
    const offered = (Array.isArray(result) ? result : result.list).map((r) => Number(r[source.value]));
    expect(offered).toContain(p.admin.empId);
    expect(offered).toContain(p.nurse.empId);
    expect(offered).not.toContain(p.noAccount.empId);
    // a disabled account cannot sign in either: its person is no longer offered
    await sql`update users set status = 1 where loginName = 'huli01'`.execute(db());
    const again = await call(h.app, admin, 'GET', `${source.url}${query ? `?${query}` : ''}`);
    const list = again.body.result as Rec[] | { list: Rec[] };
    expect((Array.isArray(list) ? list : list.list).map((r) => Number(r[source.value]))).not.toContain(
      p.nurse.empId,
    );
  });

  it('refuses a receiver without an account, writing nothing; the receiver finds the new handover in the bell', async () => {
    const p = await people();
    const body = {
      handoverDate: localDay(h.clock.now),
      fromShift: 1,
      toShift: 2,
      deptId: p.deptId,
      handedBy: p.admin.empId,
      receivedBy: p.noAccount.empId,
      elderTotal: 40,
      generalNote: '病区平稳',
    };
    const before = await handovers();
    const refused = await call(h.app, admin, 'POST', P.handover, body);
    expect(refused.body).toMatchObject({
      code: Code.invalidInput,
      msg: `接班人${p.noAccount.empName}没有可登录的账号，无法接班确认，请选择有账号的人员`,
    });
    expect(await handovers()).toBe(before);

    const nurse = (await signInNurse(h.app)).token;
    const bell = async (token: string) =>
      (await call(h.app, token, 'GET', AdminPaths.inbox)).body.result as {
        messages: number;
        items: { kind: string; title: string }[];
      };
    const nurseBefore = await bell(nurse);
    const adminBefore = await bell(admin);
    const made = await call(h.app, admin, 'POST', P.handover, { ...body, receivedBy: p.nurse.empId });
    expect(made.body.code).toBe(0);
    const title = `交接班待您确认：${body.handoverDate} 早班→中班`;
    const nurseAfter = await bell(nurse);
    expect(nurseAfter.messages).toBe(nurseBefore.messages + 1);
    expect(nurseAfter.items[0]).toMatchObject({ kind: 'message', title });
    // the one handing over is not told
    expect((await bell(admin)).messages).toBe(adminBefore.messages);
    const message = await sql<{ content: string; msgType: number }>`select content, msgType from msgMessage
      where title = ${title}`.execute(db());
    expect(message.rows).toHaveLength(1);
    expect(message.rows[0]?.content).toContain(`交班人：${p.admin.empName}`);
    expect(message.rows[0]?.content).toContain('行政管理 › 交接班');

    // an edit that keeps the receiver tells nobody again; one handing it to somebody else tells them
    const handoverId = Number((made.body.result as Rec).handoverId);
    const kept = await call(h.app, admin, 'PUT', P.handover, {
      ...body,
      handoverId,
      receivedBy: p.nurse.empId,
      generalNote: '病区平稳，3床夜间需加床栏',
    });
    expect(kept.body.code).toBe(0);
    expect((await bell(nurse)).messages).toBe(nurseBefore.messages + 1);
    const other = await call(h.app, admin, 'PUT', P.handover, {
      ...body,
      handoverId,
      handedBy: p.nurse.empId,
      receivedBy: p.admin.empId,
    });
    expect(other.body.code).toBe(0);
    const adminAfter = await bell(admin);
    expect(adminAfter.messages).toBe(adminBefore.messages + 1);
    expect(adminAfter.items[0]).toMatchObject({ kind: 'message', title });

    // an account disabled since is refused as receiver
    await sql`update users set status = 1 where loginName = 'huli01'`.execute(db());
    const edit = await call(h.app, admin, 'PUT', P.handover, {
      ...body,
      handoverId,
      handedBy: p.admin.empId,
      receivedBy: p.nurse.empId,
    });
    expect(edit.body).toMatchObject({
      code: Code.invalidInput,
      msg: `接班人${p.nurse.empName}没有可登录的账号，无法接班确认，请选择有账号的人员`,
    });
  });
});
