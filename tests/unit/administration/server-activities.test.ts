import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import {
  ActivityAuthority as A,
  ActivityPaths as P,
} from '../../../features/administration/api/activities.js';
import { ActivityPhase } from '../../../machines/activityMachine.js';
import { call, grantNurse, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
const HOUR = 3_600_000;

beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

/** Moves the home's clock; a session idle that long has lapsed, so the administrator signs in again. */
async function later(ms: number) {
  h.clock.now += ms;
  admin = (await signInAdmin(h.app)).token;
}
const at = (offset: number) => localDateTime(h.clock.now + offset);
const db = () => h.app.services.db;

/** An activity open for registration now; it starts in 2 hours and lasts 2. */
function activityBody(over: Rec = {}) {
  return {
    activityName: '重阳节联欢会',
    activityType: '3',
    activityPlace: '多功能厅',
    organiser: '李晓燕',
    registerStart: at(-HOUR),
    registerEnd: at(HOUR),
    startTime: at(2 * HOUR),
    endTime: at(4 * HOUR),
    capacity: 10,
    content: '合唱与戏曲',
    ...over,
  };
}

async function newActivity(over: Rec = {}): Promise<{ activityId: number; deptId: number }> {
  const res = await call(h.app, admin, 'POST', P.activities, activityBody(over));
  expect(res.body.msg).toBe(res.body.code === 0 ? res.body.msg : '');
  const activityId = Number((res.body.result as Rec).activityId);
  const row = await sql<{
    deptId: number;
  }>`select deptId from piActivity where activityId = ${activityId}`.execute(db());
  return { activityId, deptId: Number(row.rows[0]?.deptId) };
}

/** `n` residents of the activity's department (elders of the demo home moved there). */
async function elders(deptId: number, n: number): Promise<number[]> {
  const found = await sql<{ oldmanId: number }>`select oldmanId from oldman
    where orgId = (select orgId from piActivity limit 1) order by oldmanId limit ${n}`.execute(db());
  const ids = found.rows.map((r) => Number(r.oldmanId));
  await sql`update oldman set deptId = ${deptId}, oldmanStatus = 1 where oldmanId in (${sql.join(ids)})`.execute(
    db(),
  );
  return ids;
}

const register = (activityId: number, oldmanId: number, token = admin) =>
  call(h.app, token, 'PUT', P.registers, { activityId, oldmanId });
const sign = (kind: 'signIn' | 'signOut', activityId: number, oldmanId: number, token = admin) =>
  call(h.app, token, 'PUT', P[kind], { activityId, oldmanId });
const summary = async (activityId: number) =>
  (await call(h.app, admin, 'GET', pathWith(P.registerSummary, { id: activityId }))).body.result as Rec;
const registrations = async (activityId: number) =>
  (
    await sql<Rec>`select oldmanId, signStatus from piActivityRegister where activityId = ${activityId}
      order by registerId`.execute(db())
  ).rows;

describe('活动: publish, list, detail, delete', () => {
  it('publishes an activity and lists it with its state and places', async () => {
    const { activityId } = await newActivity();
    const list = (await call(h.app, admin, 'GET', `${P.activities}?activityName=重阳`)).body.result as Page;
    const row = list.list.find((r) => r.activityId === activityId);
    expect(row).toMatchObject({
      activityState: ActivityPhase.registrationOpen,
      capacity: 10,
      registerCount: 0,
      placesLeft: 10,
      signInCount: 0,
    });
    const one = (await call(h.app, admin, 'GET', pathWith(P.activity, { id: activityId }))).body
      .result as Rec;
    expect(one.activityName).toBe('重阳节联欢会');
  });

  it('refuses times out of order and bad input in Chinese, and stores nothing', async () => {
    const before = (await sql<{ n: number }>`select count(*) as n from piActivity`.execute(db())).rows[0]?.n;
    const cases: [Rec, string][] = [
      [{ registerEnd: at(-2 * HOUR) }, '报名截止时间须晚于报名开始时间'],
      [{ registerEnd: at(3 * HOUR) }, '报名截止时间不能晚于活动开始时间'],
      [{ endTime: at(2 * HOUR) }, '活动结束时间须晚于活动开始时间'],
      [
        {
          registerStart: at(-9 * HOUR),
          registerEnd: at(-8 * HOUR),
          startTime: at(-7 * HOUR),
          endTime: at(-HOUR),
        },
        '活动结束时间须晚于当前时间',
      ],
      [{ capacity: 0 }, '名额不能小于1'],
      [{ activityName: '' }, '活动名称'],
      [{ activityType: '9' }, '活动类型'],
    ];
    for (const [over, message] of cases) {
      const res = await call(h.app, admin, 'POST', P.activities, activityBody(over));
      expect(res.body.code).toBe(Code.invalidInput);
      expect(res.body.msg).toContain(message);
    }
    const after = (await sql<{ n: number }>`select count(*) as n from piActivity`.execute(db())).rows[0]?.n;
    expect(after).toBe(before);
  });

  it('deletes an activity nobody registered for; one with registrations must be cancelled first', async () => {
    const empty = await newActivity();
    expect(
      (await call(h.app, admin, 'DELETE', pathWith(P.activity, { id: empty.activityId }))).body.code,
    ).toBe(0);
    const full = await newActivity();
    const [elder] = await elders(full.deptId, 1);
    expect((await register(full.activityId, Number(elder))).body.code).toBe(0);
    const refused = await call(h.app, admin, 'DELETE', pathWith(P.activity, { id: full.activityId }));
    expect(refused.body).toMatchObject({
      code: Code.actionRefused,
      msg: '已有长者报名的活动不能删除，请先取消活动',
    });
    expect((await call(h.app, admin, 'PUT', P.cancel, { activityId: full.activityId })).body.code).toBe(0);
    expect(
      (await call(h.app, admin, 'DELETE', pathWith(P.activity, { id: full.activityId }))).body.code,
    ).toBe(0);
    expect(await registrations(full.activityId)).toEqual([]);
  });
});

describe('活动报名', () => {
  it('registers an elder once: the places drop, a second registration is refused', async () => {
    const { activityId, deptId } = await newActivity();
    const [a, b] = await elders(deptId, 2);
    const first = await register(activityId, Number(a));
    expect(first.body).toMatchObject({ code: 0, result: { registerCount: 1, placesLeft: 9 } });
    const again = await register(activityId, Number(a));
    expect(again.body.code).toBe(Code.conflict);
    expect(again.body.msg).toMatch(/已报名该活动$/);
    expect((await register(activityId, Number(b))).body.code).toBe(0);
    expect(await summary(activityId)).toMatchObject({ registerCount: 2, placesLeft: 8, signInCount: 0 });
    const listed = (await call(h.app, admin, 'GET', pathWith(P.registersOf, { id: activityId }))).body
      .result as Rec[];
    expect(listed.map((r) => r.oldmanId)).toEqual([a, b]);
    const all = (await call(h.app, admin, 'GET', `${P.registers}?activityId=${activityId}`)).body
      .result as Page;
    expect(all.total).toBe(2);
    expect(all.list[0]).toMatchObject({ activityName: '重阳节联欢会', signStatus: 0 });
  });

  it('50 registrations at once for 10 places: exactly 10 are taken, 40 are told it is full', async () => {
    const { activityId, deptId } = await newActivity({ capacity: 10 });
    const ids = await elders(deptId, 50);
    expect(ids).toHaveLength(50);
    const answers = await Promise.all(ids.map((id) => register(activityId, id)));
    expect(answers.filter((r) => r.body.code === 0)).toHaveLength(10);
    const refused = answers.filter((r) => r.body.code !== 0);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body).toMatchObject({ code: Code.actionRefused, msg: '活动名额已满' });
    expect(await registrations(activityId)).toHaveLength(10);
    expect(await summary(activityId)).toMatchObject({ registerCount: 10, placesLeft: 0 });
  });

  it('refuses elders of another department, not in residence, unknown, and bad input', async () => {
    const { activityId, deptId } = await newActivity();
    const [other, away] = await elders(deptId, 2);
    await sql`update oldman set deptId = (select deptId from dept where deptId != ${deptId} and orgId =
      (select orgId from piActivity where activityId = ${activityId}) limit 1) where oldmanId = ${Number(other)}`.execute(
      db(),
    );
    await sql`update oldman set oldmanStatus = 3 where oldmanId = ${Number(away)}`.execute(db());
    expect((await register(activityId, Number(other))).body.msg).toBe('只能为活动所属部门的长者报名');
    expect((await register(activityId, Number(away))).body.msg).toMatch(/不在院，不能报名$/);
    expect((await register(activityId, 99_999_999)).body.code).toBe(Code.notFound);
    const bad = await call(h.app, admin, 'PUT', P.registers, { activityId: 'x', oldmanId: 1 });
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '活动无效' });
    expect(await registrations(activityId)).toEqual([]);
  });

  it('refuses registration before it opens and after it closes, naming the state', async () => {
    const { activityId, deptId } = await newActivity({
      registerStart: at(HOUR),
      registerEnd: at(2 * HOUR),
      startTime: at(3 * HOUR),
      endTime: at(4 * HOUR),
    });
    const [elder] = await elders(deptId, 1);
    const early = await register(activityId, Number(elder));
    expect(early.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为未开始报名，不能报名' });
    await later(2.5 * HOUR);
    const late = await register(activityId, Number(elder));
    expect(late.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为报名截止，不能报名' });
    expect(await registrations(activityId)).toEqual([]);
  });
});

describe('取消报名 (issue #42 point 6)', () => {
  const unregister = (activityId: number, oldmanId: number) =>
    call(h.app, admin, 'PUT', P.unregister, { activityId, oldmanId });

  it('frees the place before the start, while registration is open or closed; refuses once held', async () => {
    const { activityId, deptId } = await newActivity({ capacity: 2 });
    const [a, b, c] = await elders(deptId, 3);
    await register(activityId, Number(a));
    await register(activityId, Number(b));
    expect((await register(activityId, Number(c))).body.msg).toBe('活动名额已满');
    const freed = await unregister(activityId, Number(a));
    expect(freed.body).toMatchObject({ code: 0, result: { registerCount: 1, placesLeft: 1 } });
    expect((await unregister(activityId, Number(a))).body).toMatchObject({
      code: Code.notFound,
      msg: '该长者未报名该活动',
    });
    expect((await register(activityId, Number(c))).body.code).toBe(0);
    expect(await registrations(activityId)).toEqual([
      { oldmanId: b, signStatus: 0 },
      { oldmanId: c, signStatus: 0 },
    ]);
    await later(1.5 * HOUR); // registration closed, not yet started
    expect((await unregister(activityId, Number(b))).body.code).toBe(0);
    await later(HOUR); // held
    const held = await unregister(activityId, Number(c));
    expect(held.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为进行中，不能取消报名' });
    expect(await summary(activityId)).toMatchObject({ registerCount: 1, placesLeft: 1 });
    expect(await registrations(activityId)).toEqual([{ oldmanId: c, signStatus: 0 }]);
  });
});

describe('活动签到 and 取消活动', () => {
  it('signs registered elders in and out while the activity is held, in that order', async () => {
    const { activityId, deptId } = await newActivity();
    const [a, b, c] = await elders(deptId, 3);
    await register(activityId, Number(a));
    await register(activityId, Number(b));
    const tooEarly = await sign('signIn', activityId, Number(a));
    expect(tooEarly.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为报名中，不能签到' });
    await later(3 * HOUR); // held
    expect((await sign('signOut', activityId, Number(a))).body.msg).toBe('该长者尚未签到，不能签退');
    expect((await sign('signIn', activityId, Number(a))).body).toMatchObject({
      code: 0,
      result: { signStatus: 1 },
    });
    expect((await sign('signIn', activityId, Number(a))).body.msg).toBe('该长者已签到');
    expect((await sign('signIn', activityId, Number(c))).body.msg).toBe('该长者未报名此活动，不能签到');
    expect((await sign('signOut', activityId, Number(a))).body).toMatchObject({
      code: 0,
      result: { signStatus: 2 },
    });
    expect((await sign('signOut', activityId, Number(a))).body.msg).toBe('该长者已签退');
    const s = (await call(h.app, admin, 'GET', pathWith(P.signSummary, { id: activityId }))).body
      .result as Rec;
    expect(s).toMatchObject({ registerCount: 2, signInCount: 1, signOutCount: 1 });
    expect(await registrations(activityId)).toEqual([
      { oldmanId: a, signStatus: 2 },
      { oldmanId: b, signStatus: 0 },
    ]);
    // held: it can no longer be cancelled, and nothing changes
    const cancel = await call(h.app, admin, 'PUT', P.cancel, { activityId });
    expect(cancel.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为进行中，不能取消活动' });
    await later(2 * HOUR); // finished
    expect((await sign('signIn', activityId, Number(b))).body.msg).toBe('当前状态为已结束，不能签到');
    const row =
      await sql<Rec>`select activityStatus from piActivity where activityId = ${activityId}`.execute(db());
    expect(row.rows[0]?.activityStatus).toBe(0);
    const signs = (await call(h.app, admin, 'GET', `${P.signs}?activityId=${activityId}&signStatus=2`)).body
      .result as Page;
    expect(signs.total).toBe(0); // the list reads the real clock: this activity has not begun yet
  });

  it('cancels before it is held; a cancelled activity takes no registration or second cancel', async () => {
    const { activityId, deptId } = await newActivity();
    const [elder] = await elders(deptId, 1);
    const res = await call(h.app, admin, 'PUT', P.cancel, { activityId, cancelReason: '天气原因' });
    expect(res.body.code).toBe(0);
    const again = await call(h.app, admin, 'PUT', P.cancel, { activityId });
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已取消，不能取消活动' });
    expect((await register(activityId, Number(elder))).body.msg).toBe('当前状态为已取消，不能报名');
    const one = (await call(h.app, admin, 'GET', pathWith(P.activity, { id: activityId }))).body
      .result as Rec;
    expect(one).toMatchObject({ activityState: ActivityPhase.cancelled, cancelReason: '天气原因' });
  });
});

describe('活动统计', () => {
  it('counts registrations, sign-ins and attendance of activities that began, by type and month', async () => {
    const { activityId, deptId } = await newActivity({ activityType: '2' });
    const ids = await elders(deptId, 4);
    for (const id of ids) await register(activityId, id);
    await later(3 * HOUR);
    for (const id of ids.slice(0, 3)) await sign('signIn', activityId, id);
    const cancelled = await newActivity({ activityType: '2' });
    await call(h.app, admin, 'PUT', P.cancel, { activityId: cancelled.activityId });
    // still open for registration: counted, but it does not lower the attendance
    const coming = await newActivity({ activityType: '1' });
    await register(coming.activityId, Number(ids[0]));
    const kept = [activityId, cancelled.activityId, coming.activityId];
    await sql`delete from piActivity where activityId not in (${sql.join(kept)})`.execute(db());
    const period = `startTimeStart=${at(-2 * HOUR).slice(0, 10)}&startTimeEnd=${at(3 * HOUR).slice(0, 10)}`;
    const res = await call(h.app, admin, 'GET', `${P.statistic}?${period}`);
    expect(res.body.result).toMatchObject({
      activities: 2,
      cancelled: 1,
      registered: 5,
      signedIn: 3,
      signedOut: 0,
      attendanceRate: 75,
    });
    const byType = (res.body.result as { byType: Rec[] }).byType;
    expect(byType).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          activityType: '2',
          typeName: '康复训练',
          registered: 4,
          attendanceRate: 75,
        }),
        expect.objectContaining({
          activityType: '1',
          typeName: '文娱活动',
          registered: 1,
          attendanceRate: null,
        }),
      ]),
    );
    const bad = await call(h.app, admin, 'GET', `${P.statistic}?startTimeStart=2026-1-1`);
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '开始日期格式应为YYYY-MM-DD' });
  });
});

describe('authority and data departments', () => {
  it('refuses calls without the authority and activities of departments the user does not hold', async () => {
    const { activityId, deptId } = await newActivity();
    const [elder] = await elders(deptId, 1);
    const viewer = await grantNurse(h.app, 'administration:activity', [A.activity]);
    expect((await call(h.app, viewer, 'POST', P.activities, activityBody())).body.code).toBe(
      Code.noAuthority,
    );
    expect((await call(h.app, viewer, 'PUT', P.cancel, { activityId })).body.code).toBe(Code.noAuthority);
    expect((await register(activityId, Number(elder), viewer)).body.code).toBe(Code.noAuthority);
    expect((await sign('signIn', activityId, Number(elder), viewer)).body.code).toBe(Code.noAuthority);
    const clerk = await grantNurse(h.app, 'administration:activity', [
      A.activity,
      A.register,
      A.registerAdd,
      A.cancel,
    ]);
    // the nurse holds one department only: the activity is moved to one she does not hold
    await sql`update piActivity set deptId = (select deptId from dept where orgId = piActivity.orgId
      and deptId not in (select deptId from userDataDept d join users u on u.userId = d.userId
        where u.loginName = 'huli01') limit 1) where activityId = ${activityId}`.execute(db());
    expect((await register(activityId, Number(elder), clerk)).body.code).toBe(Code.deptNotAllowed);
    expect((await call(h.app, clerk, 'PUT', P.cancel, { activityId })).body.code).toBe(Code.deptNotAllowed);
    const moved = await sql<{
      deptId: number;
    }>`select deptId from piActivity where activityId = ${activityId}`.execute(db());
    const publisher = await grantNurse(h.app, 'administration:activity', [A.activity, A.add]);
    const elsewhere = await call(
      h.app,
      publisher,
      'POST',
      P.activities,
      activityBody({ deptId: Number(moved.rows[0]?.deptId) }),
    );
    expect(elsewhere.body.code).toBe(Code.deptNotAllowed);
    const list = (await call(h.app, publisher, 'GET', `${P.activities}?pageHelper=0`)).body.result as Page;
    expect(list.list.some((r) => r.activityId === activityId)).toBe(false);
    expect(await registrations(activityId)).toEqual([]);
  });
});
