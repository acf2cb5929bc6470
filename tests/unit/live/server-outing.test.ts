import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import type { Vitals } from '../../../domain/devices.js';
import { serverPushMessage } from '../../../domain/push.js';
import { overdueOutingTitle, REMINDS_PATH, remindItem } from '../../../domain/reminders.js';
import { OLDMAN_BASE } from '../../../domain/resources/oldman.js';
import {
  OUTING_AUDIT_BASE as AUDIT,
  alarmSuppressedWhileOut,
  OUTING_BASE as BASE,
  OutingPaths,
  OutStatus,
  outingPath,
} from '../../../domain/resources/outing.js';
import { ResidencePaths } from '../../../domain/resources/residence.js';
import { Topic } from '../../../domain/topics.js';
import { remindOverdueOutings } from '../../../features/live/server/outingOverdue.js';
import { forgetAuthorizations } from '../../../server/auth/tokens.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Page = { list: Rec[]; total: number };
type Rec = Record<string, unknown>;
let h: Harness;
let admin = '';
beforeEach(async () => {
  h = await startTestApp();
  // A fixed afternoon of the home's local time, so plans and reminders are exact.
  h.clock.now = new Date(2026, 2, 1, 8, 0, 0).getTime();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const db = () => h.app.services.db;
/** The home's time `minutes` from the test clock's now. */
const at = (minutes: number) => localDateTime(h.clock.now + minutes * 60_000);
const step = (path: string, outId: number) => outingPath(path, outId);

/** A resident (在住) of a department (by name), or of any when none is given. */
async function residentOf(deptName?: string, skip: number[] = []) {
  const all = (
    (await call(h.app, admin, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageHelper=0`)).body.result as Page
  ).list;
  const found = all.find((r) => (!deptName || r.deptName === deptName) && !skip.includes(Number(r.oldmanId)));
  if (!found) throw new Error('no resident');
  return found;
}

const plan = (oldmanId: unknown, over: Rec = {}) => ({
  oldmanId,
  outReason: 2,
  destination: '杭州市西湖区儿子家',
  expectedOutTime: at(60),
  expectedReturnTime: at(8 * 60),
  companionName: '王建国',
  companionPhone: '13912345678',
  relation: 2,
  ...over,
});

async function register(oldmanId: unknown, over: Rec = {}, token = admin) {
  const res = await call(h.app, token, 'POST', BASE, plan(oldmanId, over));
  expect(res.body).toMatchObject({ code: 0 });
  return (res.body.result as { outId: number }).outId;
}
const outing = async (outId: number) =>
  (await call(h.app, admin, 'GET', `${BASE}/${outId}`)).body.result as Rec;

/** Takes authority codes from the demo nurse's role; her next call reads them again. */
async function revokeFromNurse(codes: string[]) {
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
    .where('code', 'in', codes)
    .execute();
  forgetAuthorizations(db());
}

/** What a refused call must leave exactly as it was: the outing, its history, the operation log. */
async function snapshot() {
  const rows = await sql`select * from oldmanOut order by outId`.execute(db());
  const records = await sql`select * from oldmanOutRecord order by recordId`.execute(db());
  const logs = await sql<{ n: number }>`select count(*) as n from operationLog`.execute(db());
  return JSON.stringify([rows.rows, records.rows, logs.rows[0]?.n]);
}

describe('outing workflow', () => {
  it('registers, audits, lets the elder out, postpones and registers the return, with history and log', async () => {
    const elder = await residentOf('护理一部');
    const logsBefore = Number(
      (await sql<{ n: number }>`select count(*) as n from operationLog`.execute(db())).rows[0]?.n,
    );
    const outId = await register(elder.oldmanId, { expectedOutTime: at(60).slice(0, 16) });
    expect(await outing(outId)).toMatchObject({
      oldmanId: elder.oldmanId,
      oldmanName: elder.oldmanName,
      deptId: elder.deptId,
      outStatus: OutStatus.pending,
      auditRequired: 1,
      expectedOutTime: at(60),
      postponeCount: 0,
    });
    const listed = (await call(h.app, admin, 'GET', `${BASE}?oldmanId=${String(elder.oldmanId)}`)).body
      .result as Page;
    expect(listed.list.map((r) => r.outId)).toEqual([outId]);
    const queue = (await call(h.app, admin, 'GET', `${AUDIT}?outStatus=0`)).body.result as Page;
    expect(queue.list.map((r) => r.outId)).toEqual([outId]);
    expect((await call(h.app, admin, 'GET', `${AUDIT}/${outId}`)).body.result).toMatchObject({ outId });

    const pass = await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {
      auditOpinion: '同意，注意保暖',
    });
    expect(pass.body).toMatchObject({ code: 0, result: { outId, outStatus: OutStatus.approved } });
    expect(await outing(outId)).toMatchObject({
      outStatus: OutStatus.approved,
      auditOpinion: '同意，注意保暖',
      auditTime: at(0),
    });
    expect(String((await outing(outId)).auditUserName)).not.toBe('');
    expect(((await call(h.app, admin, 'GET', `${AUDIT}?outStatus=0`)).body.result as Page).total).toBe(0);

    h.clock.now += 70 * 60_000;
    const affirm = await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {});
    expect(affirm.body).toMatchObject({ code: 0, result: { outStatus: OutStatus.out } });
    expect(await outing(outId)).toMatchObject({ outStatus: OutStatus.out, actualOutTime: at(0) });
    // out of the home, the elder cannot be checked out until the return is registered
    const quitWhileOut = await call(
      h.app,
      admin,
      'PUT',
      ResidencePaths.status.replace(':oldmanId', String(elder.oldmanId)).replace(':oldmanStatusNew', '2'),
      { note: '退住' },
    );
    expect(quitWhileOut.body).toMatchObject({
      code: Code.conflict,
      msg: '长者外出中，请先办理返院登记再退住',
    });

    const postpone = await call(h.app, admin, 'PUT', step(OutingPaths.postpone, outId), {
      expectedReturnTime: at(24 * 60),
      reason: '家属要求多住一晚',
    });
    expect(postpone.body.code).toBe(0);
    expect(await outing(outId)).toMatchObject({ expectedReturnTime: at(24 * 60), postponeCount: 1 });

    const back = await call(h.app, admin, 'PUT', step(OutingPaths.back, outId), {
      actualReturnTime: at(20 * 60),
      returnRemark: '精神良好，体温36.6℃',
    });
    expect(back.body).toMatchObject({ code: 0, result: { outStatus: OutStatus.returned } });
    const done = await outing(outId);
    expect(done).toMatchObject({
      outStatus: OutStatus.returned,
      actualReturnTime: at(20 * 60),
      returnRemark: '精神良好，体温36.6℃',
    });
    expect((done.records as Rec[]).map((r) => [r.eventName, r.toStatus])).toEqual([
      ['登记外出', OutStatus.pending],
      ['审核通过', OutStatus.approved],
      ['确认外出', OutStatus.out],
      ['延期', OutStatus.out],
      ['返院登记', OutStatus.returned],
    ]);
    expect((done.records as Rec[])[3]).toMatchObject({ note: '家属要求多住一晚', eventTime: at(24 * 60) });
    const logs = await db().selectFrom('operationLog').selectAll().orderBy('logId').execute();
    expect(logs.length - logsBefore).toBe(5);
    expect(logs.slice(-5).map((l) => l.operationName)).toEqual([
      `登记外出：${String(elder.oldmanName)}`,
      `审核通过：${String(elder.oldmanName)}`,
      `确认外出：${String(elder.oldmanName)}`,
      `延期：${String(elder.oldmanName)}`,
      `返院登记：${String(elder.oldmanName)}`,
    ]);
  });

  it('declines with an opinion; a declined outing takes nothing more and refusals change nothing', async () => {
    const elder = await residentOf();
    const outId = await register(elder.oldmanId);
    const before = await snapshot();
    expect((await call(h.app, admin, 'PUT', step(OutingPaths.decline, outId), {})).body).toMatchObject({
      code: Code.invalidInput,
      msg: '驳回时请填写审核意见',
    });
    expect((await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {})).body).toMatchObject({
      code: Code.outingRefused,
      msg: '当前状态为待审核，不能确认外出',
    });
    expect((await call(h.app, admin, 'PUT', step(OutingPaths.back, outId), {})).body).toMatchObject({
      code: Code.outingRefused,
      msg: '当前状态为待审核，不能返院登记',
    });
    expect(await snapshot()).toBe(before);

    const declined = await call(h.app, admin, 'PUT', step(OutingPaths.decline, outId), {
      auditOpinion: '近期血压不稳，暂不宜外出',
    });
    expect(declined.body).toMatchObject({ code: 0, result: { outStatus: OutStatus.declined } });
    const after = await snapshot();
    const refusals: [string, Rec, string][] = [
      [OutingPaths.pass, {}, '当前状态为已驳回，不能审核通过'],
      [OutingPaths.affirm, {}, '当前状态为已驳回，不能确认外出'],
      [OutingPaths.cancel, {}, '当前状态为已驳回，不能取消外出'],
      [OutingPaths.postpone, { expectedReturnTime: at(3000), reason: '晚归' }, '当前状态为已驳回，不能延期'],
    ];
    for (const [path, body, msg] of refusals)
      expect((await call(h.app, admin, 'PUT', step(path, outId), body)).body).toMatchObject({
        code: Code.outingRefused,
        msg,
      });
    expect((await call(h.app, admin, 'PUT', `${BASE}/${outId}`, plan(elder.oldmanId))).body).toMatchObject({
      code: Code.outingRefused,
      msg: '当前状态为已驳回，不能编辑外出',
    });
    expect(await snapshot()).toBe(after);
    // Declined is over: the elder may register a new outing.
    await register(elder.oldmanId);
  });

  it('checks the times in order with the machine and refuses them with Chinese messages', async () => {
    const elder = await residentOf();
    const before = await snapshot();
    const cases: [Rec, string][] = [
      [{ expectedReturnTime: at(30) }, '预计返院时间须晚于预计外出时间'],
      [{ companionPhone: '123' }, '陪同人电话格式不正确'],
      [{ companionName: '' }, '请填写陪同人'],
      [{ outReason: 77 }, '外出事由取值无效'],
      [{ expectedOutTime: '2026-02-30 10:00' }, '预计外出时间不是有效日期'],
      [{ oldmanId: 99_999 }, '外出长者不存在'],
    ];
    for (const [over, msg] of cases)
      expect((await call(h.app, admin, 'POST', BASE, plan(elder.oldmanId, over))).body).toMatchObject({
        code: Code.invalidInput,
        msg,
      });
    expect(await snapshot()).toBe(before);

    const outId = await register(elder.oldmanId);
    await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {});
    const passed = await snapshot();
    expect(
      (await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), { actualOutTime: at(9 * 60) })).body,
    ).toMatchObject({
      code: Code.outingRefused,
      msg: '外出时间须早于预计返院时间，如需晚些外出请先修改预计返院时间',
    });
    expect(await snapshot()).toBe(passed);
    await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), { actualOutTime: at(90) });
    const out = await snapshot();
    expect(
      (
        await call(h.app, admin, 'PUT', step(OutingPaths.postpone, outId), {
          expectedReturnTime: at(120),
          reason: '改早',
        })
      ).body,
    ).toMatchObject({ code: Code.outingRefused, msg: '新的预计返院时间须晚于原预计返院时间' });
    expect(
      (await call(h.app, admin, 'PUT', step(OutingPaths.postpone, outId), { expectedReturnTime: at(3000) }))
        .body,
    ).toMatchObject({ code: Code.invalidInput, msg: '请填写延期原因' });
    expect(
      (await call(h.app, admin, 'PUT', step(OutingPaths.back, outId), { actualReturnTime: at(60) })).body,
    ).toMatchObject({ code: Code.outingRefused, msg: '返院时间不能早于外出时间' });
    expect((await call(h.app, admin, 'PUT', step(OutingPaths.cancel, outId), {})).body).toMatchObject({
      code: Code.outingRefused,
      msg: '当前状态为外出中，不能取消外出',
    });
    expect((await call(h.app, admin, 'PUT', step(OutingPaths.back, 99_999), {})).body.code).toBe(
      Code.notFound,
    );
    expect(await snapshot()).toBe(out);
  });

  it('lets only a resident go out, with one open outing at a time; a cancelled one frees the elder', async () => {
    const elder = await residentOf();
    const waiting = (
      (await call(h.app, admin, 'GET', `${OLDMAN_BASE}?oldmanStatuses=3&pageHelper=0`)).body.result as Page
    ).list[0] as Rec;
    const before = await snapshot();
    expect((await call(h.app, admin, 'POST', BASE, plan(waiting.oldmanId))).body).toMatchObject({
      code: Code.elderCannotGoOut,
      msg: `${String(waiting.oldmanName)}当前为待入住，只有在住或试住的长者可以外出`,
    });
    expect(await snapshot()).toBe(before);
    const outId = await register(elder.oldmanId);
    expect((await call(h.app, admin, 'POST', BASE, plan(elder.oldmanId))).body).toMatchObject({
      code: Code.elderCannotGoOut,
      msg: `${String(elder.oldmanName)}已有未结束的外出登记，请先处理该登记`,
    });
    const cancel = await call(h.app, admin, 'PUT', step(OutingPaths.cancel, outId), {
      reason: '家属临时有事',
    });
    expect(cancel.body).toMatchObject({ code: 0, result: { outStatus: OutStatus.cancelled } });
    await register(elder.oldmanId);
  });

  it('edits a plan: an approved plan that changes goes back to audit; the elder cannot change', async () => {
    const a = await residentOf();
    const other = await residentOf(undefined, [Number(a.oldmanId)]);
    const outId = await register(a.oldmanId);
    await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), { auditOpinion: '同意' });
    const edited = await call(
      h.app,
      admin,
      'PUT',
      `${BASE}/${outId}`,
      plan(a.oldmanId, { destination: '市第一医院' }),
    );
    expect(edited.body).toMatchObject({ code: 0, result: { outStatus: OutStatus.pending } });
    expect(await outing(outId)).toMatchObject({
      destination: '市第一医院',
      outStatus: OutStatus.pending,
      auditOpinion: null,
      auditTime: null,
    });
    expect((await call(h.app, admin, 'PUT', `${BASE}/${outId}`, plan(other.oldmanId))).body).toMatchObject({
      code: Code.invalidInput,
      msg: '外出长者不能更改，请取消后重新登记',
    });
  });

  it('skips the audit when the home needs none (审核配置), and such outings stay out of the queue', async () => {
    const put = await call(h.app, admin, 'PUT', '/pims/web-org/checkConfig', {
      outingCheck: 0,
      settleCheck: 1,
      contractCheck: 0,
    });
    expect(put.body.code).toBe(0);
    const elder = await residentOf();
    const outId = await register(elder.oldmanId);
    expect(await outing(outId)).toMatchObject({ outStatus: OutStatus.approved, auditRequired: 0 });
    expect(((await call(h.app, admin, 'GET', AUDIT)).body.result as Page).total).toBe(0);
    expect((await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {})).body).toMatchObject({
      code: Code.outingRefused,
      msg: '当前状态为待外出，不能审核通过',
    });
    expect((await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {})).body.code).toBe(0);
  });
});

describe('outing authority and scope', () => {
  it('needs a session, each action its authority code, and the elder’s data department', async () => {
    expect((await call(h.app, null, 'GET', BASE)).body.code).toBe(4011);
    expect((await call(h.app, null, 'PUT', step(OutingPaths.pass, 1), {})).status).toBe(401);
    const own = await residentOf('护理一部');
    const elsewhere = (
      (await call(h.app, admin, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageHelper=0`)).body.result as Page
    ).list.find((r) => r.deptName !== '护理一部') as Rec;
    const mine = await register(own.oldmanId);
    const theirs = await register(elsewhere.oldmanId);
    const nurse = (await signInNurse(h.app)).token;
    const list = (await call(h.app, nurse, 'GET', `${BASE}?pageHelper=0`)).body.result as Page;
    expect(list.list.map((r) => r.outId)).toEqual([mine]);
    expect((await call(h.app, nurse, 'GET', `${BASE}/${theirs}`)).body.code).toBe(Code.deptNotAllowed);
    expect((await call(h.app, nurse, 'PUT', step(OutingPaths.pass, theirs), {})).body.code).toBe(
      Code.deptNotAllowed,
    );
    expect((await call(h.app, nurse, 'POST', BASE, plan(elsewhere.oldmanId))).body.code).toBe(
      Code.deptNotAllowed,
    );
    const other = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, other, 'GET', `${BASE}/${mine}`)).body.code).toBe(Code.notFound);
    expect((await call(h.app, other, 'PUT', step(OutingPaths.pass, mine), {})).body.code).toBe(Code.notFound);

    // Without the audit buttons the nurse may see the queue but not pass or decline.
    await revokeFromNurse(['live:outingAudit:pass', 'live:outingAudit:decline', 'live:outing:add']);
    const limited = (await signInNurse(h.app)).token;
    const before = await snapshot();
    expect((await call(h.app, limited, 'GET', AUDIT)).body.code).toBe(0);
    const refused = await call(h.app, limited, 'PUT', step(OutingPaths.pass, mine), {});
    expect(refused).toMatchObject({ status: 403, body: { code: Code.noAuthority, msg: '权限不足' } });
    expect(
      (await call(h.app, limited, 'PUT', step(OutingPaths.decline, mine), { auditOpinion: '不同意' })).body
        .code,
    ).toBe(Code.noAuthority);
    expect((await call(h.app, limited, 'POST', BASE, plan(own.oldmanId))).body.code).toBe(Code.noAuthority);
    expect(await snapshot()).toBe(before);
  });
});

/** A mattress bound to a resident, and rules that fire at once: out of bed (1) and wet (5). */
async function mattressOfResident() {
  const device = await db()
    .selectFrom('device')
    .innerJoin('oldman', 'oldman.oldmanId', 'device.oldmanId')
    .select(['device.deviceId', 'device.orgId', 'device.oldmanId', 'oldman.oldmanName'])
    .where('device.kind', '=', 'mattress')
    .where('device.orgId', '=', 1)
    .where('oldman.oldmanStatus', '=', 1)
    .orderBy('device.deviceId')
    .executeTakeFirstOrThrow();
  for (const alarmType of [1, 5])
    await db()
      .insertInto('mattressAlarmRule')
      .values({
        orgId: 1,
        ruleName: `测试${alarmType}`,
        alarmType,
        status: 0,
        minValue: null,
        maxValue: null,
        durationSeconds: 0,
        startTime: '00:00',
        endTime: '24:00',
        remark: '',
        updateTime: '',
      })
      .execute();
  await h.app.services.rules.reload();
  const send = (over: Partial<Vitals>) =>
    h.app.services.rules.handle(
      Topic.device(device.orgId, device.deviceId, 'vitals'),
      Buffer.from(
        JSON.stringify({
          ts: h.clock.now,
          heartRate: 70,
          breathRate: 16,
          inBed: 1,
          movement: 1,
          urineWet: 0,
          ...over,
        }),
      ),
      { kind: 'device', orgId: device.orgId, deviceId: device.deviceId },
    );
  const alarms = async () =>
    (
      await db()
        .selectFrom('alarmRecord')
        .select(['alarmType', 'count'])
        .where('deviceId', '=', device.deviceId)
        .where('source', '=', 'mattress')
        .orderBy('recordId')
        .execute()
    ).map((a) => a.alarmType);
  return { device, send, alarms };
}

describe('while an elder is out', () => {
  it('suppresses rail (fence) alarms of their watch, not SOS; the position map card shows 外出中', async () => {
    const watch = await db()
      .selectFrom('device')
      .innerJoin('oldman', 'oldman.oldmanId', 'device.oldmanId')
      .select(['device.deviceId', 'device.orgId', 'device.oldmanId'])
      .where('device.kind', '=', 'watch')
      .where('device.orgId', '=', 1)
      .where('oldman.oldmanStatus', '=', 1)
      .orderBy('device.deviceId')
      .executeTakeFirstOrThrow();
    const rail = await db()
      .selectFrom('rail')
      .selectAll()
      .where('orgId', '=', 1)
      .orderBy('railId')
      .executeTakeFirstOrThrow();
    const ring = (JSON.parse(rail.polygon) as [number, number][]).slice(0, 4);
    const inside = [ring.reduce((a, p) => a + p[0], 0) / 4, ring.reduce((a, p) => a + p[1], 0) / 4] as const;
    const peer = { kind: 'device', orgId: watch.orgId, deviceId: watch.deviceId } as const;
    const position = (lng: number, lat: number) =>
      h.app.services.rules.handle(
        Topic.position(watch.orgId, watch.deviceId),
        Buffer.from(
          JSON.stringify({ ts: h.clock.now, buildingId: rail.buildingId, floorNo: rail.floorNo, lng, lat }),
        ),
        peer,
      );
    const sos = () =>
      h.app.services.rules.handle(
        Topic.device(watch.orgId, watch.deviceId, 'event'),
        Buffer.from(JSON.stringify({ ts: h.clock.now, event: 'sos' })),
        peer,
      );
    const alarms = async () =>
      (
        await db()
          .selectFrom('alarmRecord')
          .select('alarmType')
          .where('deviceId', '=', watch.deviceId)
          .orderBy('recordId')
          .execute()
      ).map((a) => a.alarmType);

    const outId = await register(watch.oldmanId);
    await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {});
    await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {});
    const card = async () =>
      ((await call(h.app, admin, 'GET', '/loms/web-lo/pnt/device/list/rt')).body.result as Rec[]).find(
        (d) => d.deviceId === watch.deviceId,
      );
    expect(await card()).toMatchObject({ outing: 1 });
    // Walks into the rail while registered out: no rail alarm; the SOS after it still comes.
    position(inside[0] + 0.01, inside[1]);
    position(inside[0], inside[1]);
    sos();
    await expect.poll(alarms).toEqual(['sos']);

    expect((await call(h.app, admin, 'PUT', step(OutingPaths.back, outId), {})).body.code).toBe(0);
    expect(await card()).toMatchObject({ outing: 0 });
    position(inside[0] + 0.01, inside[1]);
    position(inside[0], inside[1]);
    await expect.poll(alarms).toEqual(['sos', 'railAlarm']);
  });

  it('suppresses the out-of-bed alarm of their mattress, not others; the bed card shows 外出中', async () => {
    expect(alarmSuppressedWhileOut('mattress', '1')).toBe(true);
    expect(alarmSuppressedWhileOut('pnt', 'railAlarm')).toBe(true);
    expect(alarmSuppressedWhileOut('mattress', '5')).toBe(false);
    expect(alarmSuppressedWhileOut('pnt', 'sos')).toBe(false);

    const { device, send, alarms } = await mattressOfResident();
    const outId = await register(device.oldmanId);
    await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {});
    await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {});
    const monitor = async () =>
      ((await call(h.app, admin, 'GET', '/pims/web-org/mattressMonitor/1')).body.result as Rec[]).find(
        (r) => r.deviceId === device.deviceId,
      );
    expect(await monitor()).toMatchObject({ outing: 1 });

    // Out of bed and wet in one sample: the wet alarm is raised after the suppressed one was decided.
    send({ inBed: 0, heartRate: 0, breathRate: 0, urineWet: 1 });
    await expect.poll(alarms).toEqual(['5']);
    expect(h.app.services.rules.counters.suppressed).toBeGreaterThanOrEqual(1);

    const back = await call(h.app, admin, 'PUT', step(OutingPaths.back, outId), {});
    expect(back.body.code).toBe(0);
    expect(await monitor()).toMatchObject({ outing: 0 });
    // Back in the home: in bed, then out of bed again raises the alarm.
    send({ inBed: 1 });
    send({ inBed: 0, heartRate: 0, breathRate: 0 });
    await expect.poll(alarms).toEqual(['5', '1']);
  });
});

/** A console on the push channel, keeping every message it gets. */
async function pushConsole(base: string, token: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/push`);
  const messages: { type: string; data?: Rec }[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => messages.map((m) => m.type)).toContain('auth.ok');
  const of = (type: string) => () => messages.filter((m) => m.type === type).map((m) => m.data);
  return { ws, reminds: of('remind'), presence: of('outing.presence') };
}

describe('overdue return', () => {
  it('reminds once per expected return time those who may see the elder, again after a passed postponement', async () => {
    // The push channel checks sessions with the real clock: sign in at the real time here.
    h.clock.now = Date.now();
    admin = (await signInAdmin(h.app)).token;
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const elsewhere = (
      (await call(h.app, admin, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageHelper=0`)).body.result as Page
    ).list.find((r) => r.deptName !== '护理一部') as Rec;
    const adminConsole = await pushConsole(base, admin);
    const nurseConsole = await pushConsole(base, (await signInNurse(h.app)).token);
    try {
      const outId = await register(elsewhere.oldmanId, {
        expectedOutTime: at(-10),
        expectedReturnTime: at(30),
      });
      await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {});
      await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {});
      expect(await remindOverdueOutings(h.app.services)).toEqual([]);

      h.clock.now += 31 * 60_000;
      const sent = await remindOverdueOutings(h.app.services);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.title).toBe(
        `${String(elsewhere.oldmanName)}外出超时未返院（预计返院 ${at(-1).slice(0, 16)}）`,
      );
      await expect
        .poll(adminConsole.reminds)
        .toEqual([{ remindId: sent[0]?.remindId, title: sent[0]?.title }]);
      expect(await remindOverdueOutings(h.app.services)).toEqual([]);

      await call(h.app, admin, 'PUT', step(OutingPaths.postpone, outId), {
        expectedReturnTime: at(30),
        reason: '路上堵车',
      });
      expect(await remindOverdueOutings(h.app.services)).toEqual([]);
      h.clock.now += 31 * 60_000;
      expect(await remindOverdueOutings(h.app.services)).toHaveLength(1);
      await expect.poll(() => adminConsole.reminds().length).toBe(2);
      // The nurse's data department is another one: no reminder for her.
      expect(nurseConsole.reminds()).toEqual([]);
      const history = (await outing(outId)).records as Rec[];
      expect(history.filter((r) => r.eventType === 'overdue').map((r) => r.eventName)).toEqual([
        '超时未返院提醒',
        '超时未返院提醒',
      ]);

      await call(h.app, admin, 'PUT', step(OutingPaths.back, outId), {});
      h.clock.now += 24 * 60 * 60_000;
      expect(await remindOverdueOutings(h.app.services)).toEqual([]);
    } finally {
      adminConsole.ws.close();
      nurseConsole.ws.close();
    }
  });
});

describe('overdue outings in the reminders list', () => {
  const reminds = async (token: string, query = '') => {
    // the list also holds today's care tasks and overdue rectifications: these tests are about outings
    const res = await call(
      h.app,
      token,
      'GET',
      `${REMINDS_PATH}?remindType=outingOverdue${query.replace('?', '&')}`,
    );
    expect(res.body.code).toBe(0);
    const page = res.body.result as { list: unknown[]; total: number };
    const list = page.list.map((r) => remindItem.parse(r));
    expect(list.every((r) => r.remindType === 'outingOverdue')).toBe(true);
    return { ...page, list: list.filter((r) => r.remindType === 'outingOverdue') };
  };
  /** An outing that left ten minutes ago and is expected back `minutes` from now. */
  async function outNow(oldmanId: unknown, minutes: number) {
    const outId = await register(oldmanId, { expectedOutTime: at(-10), expectedReturnTime: at(minutes) });
    await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {});
    expect((await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {})).body.code).toBe(0);
    return outId;
  }

  it('lists an outing past its return to who may see it, until the elder is back or the plan is postponed', async () => {
    const mine = await residentOf('护理一部');
    const elsewhere = (
      (await call(h.app, admin, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageHelper=0`)).body.result as Page
    ).list.find((r) => r.deptName !== '护理一部') as Rec;
    const nurse = (await signInNurse(h.app)).token;
    const other = (await signInOtherOrg(h.app)).token;
    const mineOut = await outNow(mine.oldmanId, 30);
    const elsewhereOut = await outNow(elsewhere.oldmanId, 20);
    expect(await reminds(admin)).toMatchObject({ list: [], total: 0 });

    h.clock.now += 45 * 60_000;
    const listed = await reminds(admin);
    expect(listed.total).toBe(2);
    // the most overdue first, with who, when they were expected and how long ago
    expect(listed.list).toEqual([
      {
        remindType: 'outingOverdue',
        remindKey: `outingOverdue:${elsewhereOut}`,
        title: overdueOutingTitle(String(elsewhere.oldmanName), at(-25)),
        content: '外出地点：杭州市西湖区儿子家；陪同人：王建国 13912345678',
        outId: elsewhereOut,
        oldmanId: elsewhere.oldmanId,
        oldmanName: elsewhere.oldmanName,
        deptName: elsewhere.deptName,
        expectedReturnTime: at(-25),
        overdueMinutes: 25,
      },
      expect.objectContaining({ outId: mineOut, overdueMinutes: 15, deptName: '护理一部' }),
    ]);
    expect(await reminds(admin, '?pageNum=2&pageSize=1')).toMatchObject({
      total: 2,
      pageNum: 2,
      list: [{ outId: mineOut }],
    });
    // Data departments and the organisation: the nurse sees only hers, the other home nothing.
    expect((await reminds(nurse)).list.map((r) => r.outId)).toEqual([mineOut]);
    expect(await reminds(other)).toMatchObject({ list: [], total: 0 });

    await call(h.app, admin, 'PUT', step(OutingPaths.postpone, mineOut), {
      expectedReturnTime: at(30),
      reason: '复查排队',
    });
    expect((await reminds(nurse)).list).toEqual([]);
    await call(h.app, admin, 'PUT', step(OutingPaths.back, elsewhereOut), {});
    expect(await reminds(admin)).toMatchObject({ list: [], total: 0 });

    // Past the postponed return again; without the outing authority there is nothing to remind of.
    h.clock.now += 31 * 60_000;
    expect((await reminds(nurse)).list.map((r) => [r.outId, r.overdueMinutes])).toEqual([[mineOut, 1]]);
    await revokeFromNurse(['live:outing']);
    expect(await reminds(nurse)).toMatchObject({ list: [], total: 0 });
  });
});

describe('outing presence on the push channel', () => {
  it('tells the consoles that may see the elder when they leave and come back, nothing for other steps', async () => {
    // The push channel checks sessions with the real clock: sign in at the real time here.
    h.clock.now = Date.now();
    admin = (await signInAdmin(h.app)).token;
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const mine = await residentOf('护理一部');
    const elsewhere = (
      (await call(h.app, admin, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageHelper=0`)).body.result as Page
    ).list.find((r) => r.deptName !== '护理一部') as Rec;
    const consoles = {
      admin: await pushConsole(base, admin),
      nurse: await pushConsole(base, (await signInNurse(h.app)).token),
      other: await pushConsole(base, (await signInOtherOrg(h.app)).token),
    };
    try {
      const outId = await register(elsewhere.oldmanId, {
        expectedOutTime: at(-10),
        expectedReturnTime: at(60),
      });
      await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {});
      expect((await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {})).body.code).toBe(0);
      const left = { outId, oldmanId: elsewhere.oldmanId, out: true };
      await expect.poll(consoles.admin.presence).toEqual([left]);
      await call(h.app, admin, 'PUT', step(OutingPaths.postpone, outId), {
        expectedReturnTime: at(120),
        reason: '多留一会',
      });
      await call(h.app, admin, 'PUT', step(OutingPaths.back, outId), {});
      await expect.poll(consoles.admin.presence).toEqual([left, { ...left, out: false }]);
      // what the console validates every message with
      for (const data of consoles.admin.presence())
        expect(serverPushMessage.safeParse({ type: 'outing.presence', data }).success).toBe(true);

      // The nurse's department is another one; the other home hears nothing of this one.
      const nurseOut = await register(mine.oldmanId, {
        expectedOutTime: at(-10),
        expectedReturnTime: at(60),
      });
      await call(h.app, admin, 'PUT', step(OutingPaths.pass, nurseOut), {});
      await call(h.app, admin, 'PUT', step(OutingPaths.affirm, nurseOut), {});
      await expect
        .poll(consoles.nurse.presence)
        .toEqual([{ outId: nurseOut, oldmanId: mine.oldmanId, out: true }]);
      await expect.poll(() => consoles.admin.presence().length).toBe(3);
      expect(consoles.other.presence()).toEqual([]);
    } finally {
      for (const c of Object.values(consoles)) c.ws.close();
    }
  });

  it('leaves out users who see neither outings, the map nor the monitors', async () => {
    h.clock.now = Date.now();
    admin = (await signInAdmin(h.app)).token;
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const mine = await residentOf('护理一部');
    await revokeFromNurse(['live:outing', 'yunmuIot:elderPosition', 'yunmuIot:fence', 'yunmuIot:monitor']);
    const nurse = await pushConsole(base, (await signInNurse(h.app)).token);
    const office = await pushConsole(base, admin);
    try {
      const outId = await register(mine.oldmanId, { expectedOutTime: at(-10), expectedReturnTime: at(60) });
      await call(h.app, admin, 'PUT', step(OutingPaths.pass, outId), {});
      await call(h.app, admin, 'PUT', step(OutingPaths.affirm, outId), {});
      await expect.poll(() => office.presence().length).toBe(1);
      expect(nurse.presence()).toEqual([]);
    } finally {
      nurse.ws.close();
      office.ws.close();
    }
  });
});
