import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { AdverseStatus } from '../../../domain/statuses/quality.js';
import { QualityPaths as P } from '../../../features/administration/api/quality.js';
import { call, signIn, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

/** Issue #37 point 5: quality records reach a supervisor, who alone closes them; each step is logged. */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
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

/** A resident of 护理一部 (the demo nurse's department) and the department's id. */
async function ward() {
  const row = (
    await sql<{ oldmanId: number; deptId: number }>`select o.oldmanId, o.deptId from oldman o
      join dept d on d.deptId = o.deptId join users u on u.orgId = o.orgId and u.loginName = 'admin'
      where d.deptName = '护理一部' and o.bedId is not null order by o.oldmanId limit 1`.execute(db())
  ).rows[0];
  return { oldmanId: Number(row?.oldmanId), deptId: Number(row?.deptId) };
}

const userIdOf = async (loginName: string) =>
  Number(
    (await sql<{ userId: number }>`select userId from users where loginName = ${loginName}`.execute(db()))
      .rows[0]?.userId,
  );

/** The bell messages of a user whose title starts so. */
const messages = async (userId: number, title: string) =>
  (
    await sql<{ title: string; content: string }>`select title, content from msgMessage
      where userId = ${userId} and title like ${`${title}%`} order by messageId`.execute(db())
  ).rows;

const fall = (oldmanId: number) => ({
  eventType: 1,
  oldmanId,
  eventTime: localDateTime(h.clock.now - HOUR),
  place: '卫生间',
  severity: 2,
  description: '如厕时滑倒，左膝擦伤。',
  measures: '扶起检查，消毒包扎，通知医生与家属。',
  familyNotified: 1,
});

const step = (path: string, eventId: number, body: Rec, token: string) =>
  call(h.app, token, 'PUT', pathWith(path, { id: eventId }), { eventId, ...body });

const follows = async (eventId: number, token = admin) =>
  (
    (await call(h.app, token, 'GET', `${P.adverseFollow}?eventId=${eventId}&pageHelper=0`)).body.result as {
      list: Rec[];
    }
  ).list;

describe('不良事件 with a supervisor (issue #37 point 5)', () => {
  it('the nurse’s report reaches the head in the bell; she cannot close it; the head investigates, rectifies, closes, each step a log row', async () => {
    const { oldmanId } = await ward();
    const nurse = (await signInNurse(h.app)).token;
    const adminId = await userIdOf('admin');
    const nurseId = await userIdOf('huli01');
    const made = await call(h.app, nurse, 'POST', P.adverseEvent, fall(oldmanId));
    expect(made.body.code).toBe(0);
    const eventId = Number((made.body.result as Rec).eventId);

    // 护理一部's 护士长 (the demo hushizhang01, issue #37 point 8) is told, not the administrator
    const told = await messages(await userIdOf('hushizhang01'), '不良事件上报：跌倒·');
    expect(await messages(adminId, '不良事件上报：跌倒·')).toHaveLength(0);
    expect(told).toHaveLength(1);
    expect(told[0]?.content).toContain('事件经过：如厕时滑倒');
    expect(told[0]?.content).toContain('行政管理 › 不良事件');
    expect(await messages(nurseId, '不良事件上报')).toHaveLength(0);

    // the reporting nurse holds no 结案 by default: refused, nothing written
    expect((await step(P.adverseInvestigate, eventId, {}, nurse)).body.code).toBe(0);
    const close = { causeAnalysis: '地面湿滑，未放置防滑垫', conclusion: '一般事件，已整改' };
    expect((await step(P.adverseClose, eventId, close, nurse)).body.code).toBe(Code.noAuthority);
    const after = (await call(h.app, admin, 'GET', pathWith(P.adverseEventOne, { id: eventId }))).body
      .result as Rec;
    expect(after.eventStatus).toBe(AdverseStatus.investigating);

    // each step writes its row of 调查与整改记录
    let log = await follows(eventId);
    expect(log.map((r) => [r.step, r.followType, r.content])).toEqual([
      ['adverse.investigate', 1, '开始调查'],
    ]);
    expect(log[0]?.followBy).toBe('李秀英');
    const rectify = { causeAnalysis: '地面湿滑，未放置防滑垫', rectifyMeasures: '卫生间加防滑垫与扶手' };
    expect((await step(P.adverseRectify, eventId, rectify, admin)).body.code).toBe(0);
    expect((await step(P.adverseClose, eventId, close, admin)).body.code).toBe(0);
    log = await follows(eventId);
    expect(log.map((r) => [r.step, r.followType])).toEqual([
      ['adverse.investigate', 1],
      ['adverse.rectify', 2],
      ['adverse.close', 4],
    ]);
    expect(String(log[1]?.content)).toContain('整改措施：卫生间加防滑垫与扶手');
    expect(String(log[2]?.content)).toContain('结案结论：一般事件，已整改');
    expect(log[2]?.followBy).toBe('王建国');
  });

  it('a step’s log row is not deleted, an edit writes none', async () => {
    const { oldmanId } = await ward();
    const made = await call(h.app, admin, 'POST', P.adverseEvent, fall(oldmanId));
    const eventId = Number((made.body.result as Rec).eventId);
    expect((await step(P.adverseInvestigate, eventId, {}, admin)).body.code).toBe(0);
    const edit = await call(h.app, admin, 'PUT', P.adverseEvent, {
      ...fall(oldmanId),
      eventId,
      place: '走廊',
    });
    expect(edit.body.code).toBe(0);
    const log = await follows(eventId);
    expect(log).toHaveLength(1);
    const gone = await call(
      h.app,
      admin,
      'DELETE',
      pathWith(P.adverseFollowRemove, { ids: String(log[0]?.followId) }),
    );
    expect(gone.body.code).not.toBe(0);
    expect(await follows(eventId)).toHaveLength(1);
  });

  it('a department’s 护士长 with an account is its head: told instead of the others', async () => {
    const { oldmanId, deptId } = await ward();
    const orgId = Number(
      (await sql<{ orgId: number }>`select orgId from users where loginName = 'admin'`.execute(db())).rows[0]
        ?.orgId,
    );
    const job = (
      await sql<{
        jobId: number;
      }>`select jobId from job where orgId = ${orgId} and jobTypeCode = 'nurseHead'`.execute(db())
    ).rows[0];
    const emp = await sql<{
      empId: number;
    }>`insert into emp (orgId, deptId, empName, empType, phoneNum, sex, status,
        msgAuth, language, jobIds) values (${orgId}, ${deptId}, '周护士长', 'STAFF', '13800000099', 1, 0, 1, 'zh-CN',
        ${String(job?.jobId)}) returning empId`.execute(db());
    const head = await sql<{
      userId: number;
    }>`insert into users (orgId, empId, loginName, passwordHash, phoneNum,
        isAdmin, status, resetPassword, keyVersion, lastLoginTime, createdAt)
      select orgId, ${Number(emp.rows[0]?.empId)}, 'hushizhang', passwordHash, '13800000099', 0, 0, 0, 1, null, createdAt
      from users where loginName = 'huli01' returning userId`.execute(db());
    const headId = Number(head.rows[0]?.userId);
    const nurse = (await signInNurse(h.app)).token;
    expect((await call(h.app, nurse, 'POST', P.adverseEvent, fall(oldmanId))).body.code).toBe(0);
    expect(await messages(headId, '不良事件上报：')).toHaveLength(1);
    expect(await messages(await userIdOf('admin'), '不良事件上报：')).toHaveLength(0);
    // she signs in like anyone (the account is real)
    await expect(signIn(h.app, 'hushizhang', 'Huli@2026')).resolves.toMatchObject({ userId: headId });
  });
});

describe('投诉 with a supervisor (issue #37 point 5)', () => {
  it('a complaint reaches the head of its elder’s department; the nurse who took it cannot 办结', async () => {
    const { oldmanId } = await ward();
    const nurse = (await signInNurse(h.app)).token;
    const nurseEmp = Number(
      (await sql<{ empId: number }>`select empId from users where loginName = 'huli01'`.execute(db())).rows[0]
        ?.empId,
    );
    const made = await call(h.app, nurse, 'POST', P.complaint, {
      complainantType: 1,
      complainantName: '李建国',
      contactPhone: '13812345678',
      oldmanId,
      complaintType: 3,
      receiveTime: localDateTime(h.clock.now - HOUR),
      handlerId: nurseEmp,
      content: '晚餐偏咸',
    });
    expect(made.body.code).toBe(0);
    const id = Number((made.body.result as Rec).complaintId);
    const told = await messages(await userIdOf('hushizhang01'), '投诉受理：');
    expect(told).toHaveLength(1);
    expect(told[0]?.content).toContain('投诉内容：晚餐偏咸');
    const put = (path: string, body: Rec, token: string) =>
      call(h.app, token, 'PUT', pathWith(path, { id }), { complaintId: id, ...body });
    expect((await put(P.complaintHandle, {}, nurse)).body.code).toBe(0);
    expect(
      (await put(P.complaintReply, { handling: '与厨房沟通', reply: '已调整口味' }, nurse)).body.code,
    ).toBe(0);
    const closing = { satisfaction: 1, feedback: '满意' };
    expect((await put(P.complaintClose, closing, nurse)).body.code).toBe(Code.noAuthority);
    expect((await put(P.complaintClose, closing, admin)).body.code).toBe(0);
  });

  it('each step writes its 处理记录 row (who, when, what), once; an edit writes none; the log is not typed', async () => {
    const { oldmanId } = await ward();
    const nurse = (await signInNurse(h.app)).token;
    const nurseEmp = Number(
      (await sql<{ empId: number }>`select empId from users where loginName = 'huli01'`.execute(db())).rows[0]
        ?.empId,
    );
    const complaint = {
      complainantType: 1,
      complainantName: '李建国',
      oldmanId,
      complaintType: 3,
      receiveTime: localDateTime(h.clock.now - HOUR),
      handlerId: nurseEmp,
      content: '晚餐偏咸',
    };
    const made = await call(h.app, nurse, 'POST', P.complaint, complaint);
    const id = Number((made.body.result as Rec).complaintId);
    const log = async () =>
      (
        (await call(h.app, admin, 'GET', `${P.complaintFollow}?complaintId=${id}&pageHelper=0`)).body
          .result as { list: Rec[] }
      ).list;
    const put = (path: string, body: Rec, token: string) =>
      call(h.app, token, 'PUT', pathWith(path, { id }), { complaintId: id, ...body });
    expect((await put(P.complaintHandle, {}, nurse)).body.code).toBe(0);
    // an edit while 处理中 is no step
    const edit = await call(h.app, nurse, 'PUT', P.complaint, {
      ...complaint,
      complaintId: id,
      content: '晚餐太咸',
    });
    expect(edit.body.code).toBe(0);
    expect(
      (await put(P.complaintReply, { handling: '与厨房沟通', reply: '已调整口味' }, nurse)).body.code,
    ).toBe(0);
    expect((await put(P.complaintClose, { satisfaction: 1, feedback: '满意' }, admin)).body.code).toBe(0);
    const rows = await log();
    expect(rows.map((r) => [r.stepName, r.followBy])).toEqual([
      ['受理', '李秀英'],
      ['开始处理', '李秀英'],
      ['答复', '李秀英'],
      ['办结', '王建国'],
    ]);
    expect(String(rows[0]?.content)).toContain('投诉内容：晚餐偏咸');
    expect(String(rows[2]?.content)).toBe('答复。处理经过：与厨房沟通；答复内容：已调整口味');
    expect(String(rows[3]?.content)).toContain('满意度：');
    expect(String(rows[3]?.content)).toContain('回访意见：满意');
    expect(rows.every((r) => typeof r.followTime === 'string' && r.followTime !== '')).toBe(true);
    // the log is written by the steps alone
    const typed = await call(h.app, admin, 'POST', P.complaintFollow, { complaintId: id, content: 'x' });
    expect(typed.status).toBe(404);
  });
});
