import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IotPaths } from '../../../domain/api/iot.js';
import { pathWith } from '../../../domain/api/path.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { AdverseStatus } from '../../../domain/statuses/quality.js';
import {
  QualityAuthority as A,
  ADVERSE_ALARM_TYPE,
  QualityPaths as P,
} from '../../../features/administration/api/quality.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
const db = () => h.app.services.db;
const HOUR = 3_600_000;

beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

/** A resident of 护理一部 (the restricted nurse's department) and one of another department. */
async function elders() {
  const rows = await sql<{ oldmanId: number; deptName: string }>`select o.oldmanId, d.deptName from oldman o
    join dept d on d.deptId = o.deptId join users u on u.orgId = o.orgId and u.loginName = 'admin'
    where o.bedId is not null order by o.oldmanId`.execute(db());
  const own = rows.rows.find((r) => r.deptName === '护理一部');
  const other = rows.rows.find((r) => r.deptName !== '护理一部');
  return { own: Number(own?.oldmanId), other: Number(other?.oldmanId) };
}

const fall = (oldmanId: number, over: Rec = {}) => ({
  eventType: 1,
  oldmanId,
  eventTime: localDateTime(h.clock.now - HOUR),
  place: '卫生间',
  severity: 2,
  description: '如厕时滑倒，左膝擦伤。',
  measures: '扶起检查，消毒包扎，通知医生与家属。',
  familyNotified: 1,
  ...over,
});

async function report(body: Rec, token = admin) {
  return call(h.app, token, 'POST', P.adverseEvent, body);
}
async function eventRow(eventId: number) {
  const res = await call(h.app, admin, 'GET', pathWith(P.adverseEventOne, { id: eventId }));
  expect(res.body.code).toBe(0);
  return res.body.result as Rec;
}
const step = (path: string, eventId: number, body: Rec = {}, token = admin) =>
  call(h.app, token, 'PUT', pathWith(path, { id: eventId }), { eventId, ...body });

describe('不良事件 from report to close', () => {
  it('reports, investigates with follow-ups, rectifies and closes; a closed event is read-only', async () => {
    const { own } = await elders();
    const made = await report(fall(own));
    expect(made.body.code).toBe(0);
    const eventId = Number((made.body.result as Rec).eventId);
    const reported = await eventRow(eventId);
    expect(reported).toMatchObject({ eventStatus: AdverseStatus.reported, reporterName: expect.any(String) });
    expect(String(reported.eventTitle)).toMatch(/^跌倒·/);

    // follow-ups wait for the investigation; rectify and close wait for it too
    const early = await call(h.app, admin, 'POST', P.adverseFollow, {
      eventId,
      followType: 1,
      followTime: localDateTime(h.clock.now),
      content: '现场查看',
    });
    expect(early.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已上报，不能添加跟进记录' });
    const closeEarly = await step(P.adverseClose, eventId, { causeAnalysis: '地面湿滑', conclusion: '结案' });
    expect(closeEarly.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已上报，不能结案' });

    expect((await step(P.adverseInvestigate, eventId)).body.code).toBe(0);
    const again = await step(P.adverseInvestigate, eventId);
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为调查中，不能开始调查' });
    const follow = await call(h.app, admin, 'POST', P.adverseFollow, {
      eventId,
      followType: 1,
      followTime: localDateTime(h.clock.now),
      content: '护士长现场查看，询问当班护理员。',
    });
    expect(follow.body.code).toBe(0);

    const noCause = await step(P.adverseRectify, eventId, { rectifyMeasures: '加铺防滑垫' });
    expect(noCause.body).toMatchObject({ code: Code.invalidInput, msg: '请填写原因分析' });
    const rectified = await step(P.adverseRectify, eventId, {
      causeAnalysis: '地面有水渍',
      rectifyMeasures: '加铺防滑垫，增加夜间巡视',
    });
    expect(rectified.body.code).toBe(0);
    const noConclusion = await step(P.adverseClose, eventId, { causeAnalysis: '地面有水渍' });
    expect(noConclusion.body).toMatchObject({ code: Code.invalidInput, msg: '请填写结案结论' });
    expect(
      (await step(P.adverseClose, eventId, { causeAnalysis: '地面有水渍', conclusion: '已整改' })).body.code,
    ).toBe(0);

    const closed = await eventRow(eventId);
    expect(closed).toMatchObject({
      eventStatus: AdverseStatus.closed,
      causeAnalysis: '地面有水渍',
      rectifyMeasures: '加铺防滑垫，增加夜间巡视',
      conclusion: '已整改',
      closedBy: expect.any(String),
    });
    // read-only: no edit, no follow-up, no removal of entries or of the event, no second close
    const edit = await call(h.app, admin, 'PUT', P.adverseEvent, { ...fall(own), eventId, place: '走廊' });
    expect(edit.body).toMatchObject({ code: Code.actionRefused, msg: '不良事件已结案，不能修改' });
    const late = await call(h.app, admin, 'POST', P.adverseFollow, {
      eventId,
      followType: 3,
      followTime: localDateTime(h.clock.now),
      content: '回访',
    });
    expect(late.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已结案，不能添加跟进记录' });
    const followId = Number((follow.body.result as Rec).followId);
    const dropFollow = await call(h.app, admin, 'DELETE', pathWith(P.adverseFollowRemove, { ids: followId }));
    expect(dropFollow.body).toMatchObject({
      code: Code.actionRefused,
      msg: '不良事件已结案，跟进记录不能删除',
    });
    const drop = await call(h.app, admin, 'DELETE', pathWith(P.adverseEventRemove, { ids: eventId }));
    expect(drop.body).toMatchObject({ code: Code.actionRefused, msg: '只能删除尚未开始调查的不良事件' });
    const twice = await step(P.adverseClose, eventId, { causeAnalysis: 'x', conclusion: 'y' });
    expect(twice.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已结案，不能结案' });
    expect(await eventRow(eventId)).toMatchObject({ place: '卫生间', conclusion: '已整改' });
    const follows = await call(h.app, admin, 'GET', `${P.adverseFollow}?eventId=${eventId}`);
    // the typed entry and one row per step (开始调查, 提交整改, 结案: issue #37)
    expect((follows.body.result as Page).list.map((r) => r.step ?? null)).toEqual([
      'adverse.investigate',
      null,
      'adverse.rectify',
      'adverse.close',
    ]);
  });

  it('closes straight from 调查中 with a cause analysis; removes a mistaken report with nothing left', async () => {
    const { own } = await elders();
    const eventId = Number(((await report(fall(own))).body.result as Rec).eventId);
    await step(P.adverseInvestigate, eventId);
    const closed = await step(P.adverseClose, eventId, {
      causeAnalysis: '长者自行起身',
      conclusion: '无需整改',
    });
    expect(closed.body.code).toBe(0);
    expect(await eventRow(eventId)).toMatchObject({
      eventStatus: AdverseStatus.closed,
      rectifyMeasures: null,
    });
    const mistaken = Number(((await report(fall(own))).body.result as Rec).eventId);
    expect(
      (await call(h.app, admin, 'DELETE', pathWith(P.adverseEventRemove, { ids: mistaken }))).body.code,
    ).toBe(0);
    const gone = await call(h.app, admin, 'GET', pathWith(P.adverseEventOne, { id: mistaken }));
    expect(gone.body.code).toBe(Code.notFound);
  });

  it('a serious event (重度伤害, 死亡) raises one alarm in 告警中心; a mild one none', async () => {
    const { own } = await elders();
    const alarms = async () => {
      const res = await call(h.app, admin, 'GET', `${IotPaths.pntAlarms}?pageHelper=0`);
      return ((res.body.result as Page).list ?? []).filter((a) => a.alarmType === ADVERSE_ALARM_TYPE);
    };
    const before = (await alarms()).length;
    expect((await report(fall(own))).body.code).toBe(0);
    expect((await alarms()).length).toBe(before);
    expect((await report(fall(own, { severity: 4 }))).body.code).toBe(0);
    const raised = await alarms();
    expect(raised.length).toBe(before + 1);
    expect(raised[0]).toMatchObject({ oldmanId: own, alarmTypeName: '严重不良事件', severity: 3, status: 0 });
    expect(String(raised[0]?.content)).toMatch(/^跌倒（重度伤害）/);
  });

  it('refuses bad input, a future time, an unknown elder, with nothing written', async () => {
    const { own } = await elders();
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from qualityAdverseEvent`.execute(db())).rows[0]?.n,
      );
    const n = await count();
    expect((await report({ ...fall(own), eventType: 42 })).body).toMatchObject({
      code: Code.invalidInput,
      msg: '事件类型取值无效',
    });
    expect((await report({ ...fall(own), severity: undefined })).body).toMatchObject({
      code: Code.invalidInput,
      msg: '请填写伤害程度',
    });
    expect((await report({ ...fall(own), description: '' })).body.msg).toBe('请填写事件经过');
    expect(
      (await report(fall(own, { eventTime: localDateTime(h.clock.now + 2 * HOUR) }))).body,
    ).toMatchObject({
      code: Code.invalidInput,
      msg: '发生时间不能晚于当前时间',
    });
    expect((await report(fall(99_999_999))).body.code).not.toBe(0);
    expect(await count()).toBe(n);
  });

  it('is reported only for an elder living in (在住, 试住); an earlier report of one since gone keeps its elder', async () => {
    const { own } = await elders();
    const kept = await report(fall(own));
    expect(kept.body.code).toBe(0);
    const eventId = Number((kept.body.result as Rec).eventId);
    const gone = await sql<{ oldmanId: number; oldmanName: string }>`select oldmanId, oldmanName from oldman
      where oldmanStatus = 2 order by oldmanId limit 1`.execute(db());
    const quit = gone.rows[0];
    expect(quit).toBeDefined();
    const n = Number(
      (await sql<{ n: number }>`select count(*) as n from qualityAdverseEvent`.execute(db())).rows[0]?.n,
    );
    expect((await report(fall(Number(quit?.oldmanId)))).body).toMatchObject({
      code: Code.actionRefused,
      msg: `${quit?.oldmanName}当前为已退住，只有在住或试住的长者可以上报不良事件`,
    });
    // the resident of the first report leaves: the report can still be worked on
    await sql`update oldman set oldmanStatus = 2 where oldmanId = ${own}`.execute(db());
    expect((await step(P.adverseInvestigate, eventId)).body.code).toBe(0);
    expect(
      (await sql<{ n: number }>`select count(*) as n from qualityAdverseEvent`.execute(db())).rows[0]?.n,
    ).toBe(n);
  });
});

describe('不良事件 authority and departments', () => {
  it('needs the codes: view, report, investigate, close', async () => {
    const { own } = await elders();
    const none = await grantNurse(h.app, 'adverseEvent', []);
    expect((await call(h.app, none, 'GET', P.adverseEvent)).body.code).toBe(Code.noAuthority);
    const viewer = await grantNurse(h.app, 'adverseEvent', [A.adverse]);
    expect((await call(h.app, viewer, 'GET', P.adverseEvent)).body.code).toBe(0);
    expect((await report(fall(own), viewer)).body.code).toBe(Code.noAuthority);
    const reporter = await grantNurse(h.app, 'adverseEvent', [A.adverse, A.adverseAdd]);
    const made = await report(fall(own), reporter);
    expect(made.body.code).toBe(0);
    const eventId = Number((made.body.result as Rec).eventId);
    expect((await step(P.adverseInvestigate, eventId, {}, reporter)).body.code).toBe(Code.noAuthority);
    const investigator = await grantNurse(h.app, 'adverseEvent', [A.adverse, A.adverseInvestigate]);
    expect((await step(P.adverseInvestigate, eventId, {}, investigator)).body.code).toBe(0);
    const close = { causeAnalysis: '原因', conclusion: '结论' };
    expect((await step(P.adverseClose, eventId, close, investigator)).body.code).toBe(Code.noAuthority);
    expect((await eventRow(eventId)).eventStatus).toBe(AdverseStatus.investigating);
  });

  it('another department’s elder or event is refused (10301); another organisation sees none', async () => {
    const { own, other } = await elders();
    const nurse = await grantNurse(h.app, 'adverseEvent', [
      A.adverse,
      A.adverseAdd,
      A.adverseEdit,
      A.adverseInvestigate,
    ]);
    expect((await report(fall(other), nurse)).body.code).toBe(Code.deptNotAllowed);
    const theirs = Number(((await report(fall(other))).body.result as Rec).eventId);
    expect((await step(P.adverseInvestigate, theirs, {}, nurse)).body.code).toBe(Code.deptNotAllowed);
    const listed = await call(h.app, nurse, 'GET', `${P.adverseEvent}?pageHelper=0`);
    expect((listed.body.result as Page).list.map((r) => r.eventId)).not.toContain(theirs);
    // moving an own event to another department's elder is refused too
    const mine = Number(((await report(fall(own), nurse)).body.result as Rec).eventId);
    const moved = await call(h.app, nurse, 'PUT', P.adverseEvent, { ...fall(other), eventId: mine });
    expect(moved.body.code).toBe(Code.deptNotAllowed);
    expect((await eventRow(mine)).oldmanId).toBe(own);
    const stranger = (await signInOtherOrg(h.app)).token;
    const foreign = await call(h.app, stranger, 'GET', pathWith(P.adverseEventOne, { id: mine }));
    expect(foreign.body.code).toBe(Code.notFound);
  });
});
