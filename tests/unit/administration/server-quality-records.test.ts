import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { localDateTime, localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { ComplaintStatus, HandoverStatus } from '../../../domain/statuses/quality.js';
import {
  QualityAuthority as A,
  OldmanCostPaths,
  QualityPaths as P,
} from '../../../features/administration/api/quality.js';
import { call, grantNurse, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
let adminEmp = 0;
const db = () => h.app.services.db;

beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const u = await sql<{ empId: number }>`select empId from users where loginName = 'admin'`.execute(db());
  adminEmp = Number(u.rows[0]?.empId);
});
afterEach(async () => {
  await h.close();
});

/** 护理一部 (the restricted nurse's), its residents, another department's resident, two staff. */
async function facts() {
  const dept = await sql<{ deptId: number }>`select d.deptId from dept d join users u on u.orgId = d.orgId
    where u.loginName = 'admin' and d.deptName = '护理一部'`.execute(db());
  const deptId = Number(dept.rows[0]?.deptId);
  const own = await sql<{ oldmanId: number }>`select oldmanId from oldman where deptId = ${deptId}
    and bedId is not null order by oldmanId limit 2`.execute(db());
  const other = await sql<{
    oldmanId: number;
  }>`select o.oldmanId from oldman o join dept d on d.deptId = o.deptId
    join users u on u.orgId = d.orgId and u.loginName = 'admin' where o.deptId != ${deptId} limit 1`.execute(
    db(),
  );
  const staff = await sql<{ empId: number }>`select e.empId from emp e join users u on u.orgId = e.orgId
    and u.loginName = 'admin' where e.status = 0 and e.empId != ${adminEmp} order by e.empId limit 2`.execute(
    db(),
  );
  // somebody other than the admin who can sign in (a receiver must: only they confirm)
  const receiver = await sql<{ empId: number }>`select u.empId from users u join users a on a.orgId = u.orgId
    and a.loginName = 'admin' where u.status = 0 and u.empId != ${adminEmp} order by u.userId limit 1`.execute(
    db(),
  );
  return {
    deptId,
    receiver: Number(receiver.rows[0]?.empId),
    elders: own.rows.map((r) => Number(r.oldmanId)),
    otherElder: Number(other.rows[0]?.oldmanId),
    staff: staff.rows.map((r) => Number(r.empId)),
  };
}

describe('交接班', () => {
  async function newHandover(over: Rec = {}) {
    const f = await facts();
    const body = {
      handoverDate: localDay(h.clock.now),
      fromShift: 1,
      toShift: 2,
      deptId: f.deptId,
      handedBy: f.staff[0],
      receivedBy: adminEmp,
      elderTotal: 40,
      generalNote: '病区平稳',
      ...over,
    };
    const res = await call(h.app, admin, 'POST', P.handover, body);
    return { res, f, body, handoverId: Number((res.body.result as Rec | null)?.handoverId) };
  }
  const item = (handoverId: number, oldmanId: number, token = admin) =>
    call(h.app, token, 'POST', P.handoverItem, {
      handoverId,
      oldmanId,
      condition: '夜间咳嗽',
      medication: '止咳糖浆',
      watchPoints: '观察痰液',
    });

  it('records elders’ notes, is confirmed by the receiver only, and is read-only after', async () => {
    const { res, f, body, handoverId } = await newHandover();
    expect(res.body.code).toBe(0);
    const [a, b] = f.elders as [number, number];
    const first = await item(handoverId, a);
    expect(first.body.code).toBe(0);
    expect((await item(handoverId, a)).body).toMatchObject({
      code: Code.conflict,
      msg: '该长者已在本次交接班中',
    });
    expect((await item(handoverId, f.otherElder)).body.msg).toBe('该长者不属于本次交接班的护理部门');
    const second = await item(handoverId, b);
    expect(second.body.code).toBe(0);
    const one = await call(h.app, admin, 'GET', pathWith(P.handoverOne, { id: handoverId }));
    expect(one.body.result).toMatchObject({ itemCount: 2, handoverStatus: HandoverStatus.pending });

    // somebody else is the receiver: only she confirms
    const notMine = await newHandover({ handedBy: adminEmp, receivedBy: f.receiver });
    const refused = await call(h.app, admin, 'PUT', pathWith(P.handoverConfirm, { id: notMine.handoverId }));
    expect(refused.body).toMatchObject({ code: Code.actionRefused, msg: '只能由接班人本人确认接班' });

    // the receiver acknowledges each elder's note (已知晓) before taking the shift over (issue #37)
    const early = await call(h.app, admin, 'PUT', pathWith(P.handoverConfirm, { id: handoverId }));
    expect(early.body).toMatchObject({
      code: Code.actionRefused,
      msg: '还有2位长者的交代未确认知晓，请逐一确认后再接班',
    });
    for (const made of [first, second]) {
      const ack = pathWith(P.handoverItemAck, { id: Number((made.body.result as Rec).itemId) });
      expect((await call(h.app, admin, 'PUT', ack)).body.code).toBe(0);
    }
    expect((await call(h.app, admin, 'PUT', pathWith(P.handoverConfirm, { id: handoverId }))).body.code).toBe(
      0,
    );
    const confirmed = (await call(h.app, admin, 'GET', pathWith(P.handoverOne, { id: handoverId }))).body
      .result as Rec;
    expect(confirmed).toMatchObject({
      handoverStatus: HandoverStatus.confirmed,
      confirmTime: expect.any(String),
    });
    const again = await call(h.app, admin, 'PUT', pathWith(P.handoverConfirm, { id: handoverId }));
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已接班，不能接班确认' });
    const edit = await call(h.app, admin, 'PUT', P.handover, { ...body, handoverId, generalNote: '改' });
    expect(edit.body).toMatchObject({ code: Code.actionRefused, msg: '交接班记录已接班确认，不能修改' });
    expect((await item(handoverId, 99)).body.msg).toBe('交接班记录已接班确认，不能修改');
    const itemId = Number((second.body.result as Rec).itemId);
    const dropItem = await call(h.app, admin, 'DELETE', pathWith(P.handoverItemRemove, { ids: itemId }));
    expect(dropItem.body.msg).toBe('接班人已知晓该长者的交代，不能删除');
    const drop = await call(h.app, admin, 'DELETE', pathWith(P.handoverRemove, { ids: handoverId }));
    expect(drop.body).toMatchObject({ code: Code.actionRefused, msg: '已接班确认的交接班记录不能删除' });
    const items = await call(h.app, admin, 'GET', `${P.handoverItem}?handoverId=${handoverId}`);
    expect((items.body.result as Page).total).toBe(2);
  });

  it('notes only elders living in (在住, 试住); a note written before a discharge stays editable', async () => {
    const { f, handoverId } = await newHandover();
    const [kept, leaving] = f.elders as [number, number];
    const written = await item(handoverId, kept);
    expect(written.body.code).toBe(0);
    const itemId = Number((written.body.result as Rec).itemId);
    await sql`update oldman set oldmanStatus = 2 where oldmanId = ${leaving}`.execute(db());
    const name = (
      await sql<{ oldmanName: string }>`select oldmanName from oldman where oldmanId = ${leaving}`.execute(
        db(),
      )
    ).rows[0]?.oldmanName;
    const notes = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from qualityHandoverItem where handoverId = ${handoverId}`.execute(db())
        ).rows[0]?.n,
      );
    expect((await item(handoverId, leaving)).body).toMatchObject({
      code: Code.actionRefused,
      msg: `${name}当前为已退住，只有在住或试住的长者可以记入交接班`,
    });
    expect(await notes()).toBe(1);
    // the first elder leaves after the note was written: it can still be corrected, not moved to a gone elder
    await sql`update oldman set oldmanStatus = 2 where oldmanId = ${kept}`.execute(db());
    const edited = await call(h.app, admin, 'PUT', P.handoverItem, {
      itemId,
      handoverId,
      oldmanId: kept,
      condition: '夜间咳嗽，已缓解',
      medication: '止咳糖浆',
      watchPoints: '观察痰液',
    });
    expect(edited.body.code).toBe(0);
  });

  it('refuses the same shift, the same person, bad input; needs the codes and the department', async () => {
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from qualityHandover`.execute(db())).rows[0]?.n);
    const before = await count();
    expect((await newHandover({ toShift: 1 })).res.body.msg).toBe('接班班次不能与交班班次相同');
    expect((await newHandover({ handedBy: adminEmp })).res.body.msg).toBe('接班人不能与交班人相同');
    expect((await newHandover({ fromShift: 7 })).res.body).toMatchObject({
      code: Code.invalidInput,
      msg: '交班班次取值无效',
    });
    expect((await newHandover({ handoverDate: '2026-02-30' })).res.body.msg).toBe('交班日期不是有效日期');
    expect(await count()).toBe(before);
    const { handoverId, f } = await newHandover();
    const viewer = await grantNurse(h.app, 'shiftExchange', [A.handover]);
    expect((await call(h.app, viewer, 'GET', P.handover)).body.code).toBe(0);
    expect((await item(handoverId, f.elders[0] as number, viewer)).body.code).toBe(Code.noAuthority);
    expect(
      (await call(h.app, viewer, 'PUT', pathWith(P.handoverConfirm, { id: handoverId }))).body.code,
    ).toBe(Code.noAuthority);
    const none = await grantNurse(h.app, 'shiftExchange', []);
    expect((await call(h.app, none, 'GET', P.handover)).body.code).toBe(Code.noAuthority);
    // a handover of another department
    const other = await sql<{
      deptId: number;
    }>`select deptId from oldman where oldmanId = ${f.otherElder}`.execute(db());
    const theirs = await newHandover({ deptId: other.rows[0]?.deptId });
    const editor = await grantNurse(h.app, 'shiftExchange', [A.handover, A.handoverEdit]);
    expect((await item(theirs.handoverId, f.otherElder, editor)).body.code).toBe(Code.deptNotAllowed);
    const seen = await call(h.app, editor, 'GET', `${P.handover}?pageHelper=0`);
    expect((seen.body.result as Page).list.map((r) => r.handoverId)).not.toContain(theirs.handoverId);
  });
});

describe('投诉', () => {
  const complaint = async (over: Rec = {}) => {
    const f = await facts();
    return call(h.app, admin, 'POST', P.complaint, {
      complainantType: 1,
      complainantName: '李建国',
      contactPhone: '13812345678',
      oldmanId: f.elders[0],
      complaintType: 3,
      receiveTime: localDateTime(h.clock.now - 3_600_000),
      handlerId: f.staff[0],
      content: '晚餐偏咸',
      ...over,
    });
  };
  const step = (path: string, id: number, body: Rec = {}, token = admin) =>
    call(h.app, token, 'PUT', pathWith(path, { id }), { complaintId: id, ...body });

  it('received → handling → replied → closed; read-only once replied; refusals change nothing', async () => {
    const made = await complaint();
    expect(made.body.code).toBe(0);
    const id = Number((made.body.result as Rec).complaintId);
    const reply = { handling: '与厨房沟通，调整低盐菜单', reply: '已调整并电话告知' };
    expect((await step(P.complaintReply, id, reply)).body).toMatchObject({
      code: Code.actionRefused,
      msg: '当前状态为已受理，不能答复',
    });
    expect((await step(P.complaintHandle, id)).body.code).toBe(0);
    expect((await step(P.complaintReply, id, { handling: '沟通' })).body.msg).toBe('请填写答复内容');
    expect((await step(P.complaintReply, id, reply)).body.code).toBe(0);
    const edit = await call(h.app, admin, 'PUT', P.complaint, {
      complaintId: id,
      complainantType: 1,
      complainantName: '改名',
      complaintType: 3,
      receiveTime: localDateTime(h.clock.now - 3_600_000),
      handlerId: (await facts()).staff[0],
      content: '改',
    });
    expect(edit.body).toMatchObject({ code: Code.actionRefused, msg: '投诉已答复，不能修改' });
    expect((await step(P.complaintClose, id, { satisfaction: 9 })).body.msg).toBe('满意度取值无效');
    expect((await step(P.complaintClose, id, { satisfaction: 1, feedback: '满意' })).body.code).toBe(0);
    const row = (await call(h.app, admin, 'GET', pathWith(P.complaintOne, { id }))).body.result as Rec;
    expect(row).toMatchObject({
      complaintStatus: ComplaintStatus.closed,
      complainantName: '李建国',
      ...reply,
      satisfaction: 1,
      receiverName: expect.any(String),
      closeTime: expect.any(String),
    });
    const drop = await call(h.app, admin, 'DELETE', pathWith(P.complaintRemove, { ids: id }));
    expect(drop.body).toMatchObject({ code: Code.actionRefused, msg: '只能删除尚未处理的投诉' });
  });

  it('refuses bad input and a future time; needs the codes', async () => {
    expect((await complaint({ complainantName: '' })).body.msg).toBe('请填写投诉人');
    expect((await complaint({ contactPhone: '123' })).body.msg).toBe('联系电话格式不正确');
    expect((await complaint({ receiveTime: localDateTime(h.clock.now + 7_200_000) })).body.msg).toBe(
      '受理时间不能晚于当前时间',
    );
    const id = Number(((await complaint()).body.result as Rec).complaintId);
    const viewer = await grantNurse(h.app, 'complaint', [A.complaint]);
    expect((await call(h.app, viewer, 'GET', P.complaint)).body.code).toBe(0);
    expect((await step(P.complaintHandle, id, {}, viewer)).body.code).toBe(Code.noAuthority);
    const handler = await grantNurse(h.app, 'complaint', [A.complaint, A.complaintHandle]);
    expect((await step(P.complaintHandle, id, {}, handler)).body.code).toBe(0);
    expect((await step(P.complaintReply, id, { handling: 'a', reply: 'b' }, handler)).body.code).toBe(0);
    expect((await step(P.complaintClose, id, { satisfaction: 1 }, handler)).body.code).toBe(Code.noAuthority);
  });
});

describe('培训记录', () => {
  it('records a training with its attendees, judges a score, refuses doubles and scores of absentees', async () => {
    const f = await facts();
    const made = await call(h.app, admin, 'POST', P.training, {
      trainingTitle: '跌倒预防与处置',
      trainingType: 2,
      trainingDate: localDay(h.clock.now),
      trainer: '张护士长',
      hours: 2,
      place: '会议室',
      content: '跌倒风险评估',
    });
    expect(made.body.code).toBe(0);
    const trainingId = Number((made.body.result as Rec).trainingId);
    const attend = (body: Rec) => call(h.app, admin, 'POST', P.trainingAttendee, { trainingId, ...body });
    expect((await attend({ empId: f.staff[0], attendStatus: 1, score: 85 })).body.code).toBe(0);
    expect((await attend({ empId: f.staff[0], attendStatus: 1 })).body).toMatchObject({
      code: Code.conflict,
      msg: '该人员已在参训名单中',
    });
    expect((await attend({ empId: f.staff[1], attendStatus: 3, score: 70 })).body.msg).toBe(
      '缺勤或请假的人员不能录入考核成绩',
    );
    expect((await attend({ empId: f.staff[1], attendStatus: 1, score: 101 })).body.msg).toBe(
      '考核成绩不能大于100',
    );
    expect((await attend({ empId: f.staff[1], attendStatus: 1, score: 50 })).body.code).toBe(0);
    const list = await call(h.app, admin, 'GET', `${P.trainingAttendee}?trainingId=${trainingId}`);
    expect((list.body.result as Page).list.map((r) => r.result)).toEqual([1, 2]);
    const one = await call(h.app, admin, 'GET', pathWith(P.trainingOne, { id: trainingId }));
    expect(one.body.result).toMatchObject({ attendeeCount: 2, passCount: 1 });
    expect((await call(h.app, admin, 'POST', P.training, { trainingTitle: '无学时' })).body.code).toBe(
      Code.invalidInput,
    );
    const viewer = await grantNurse(h.app, 'training', [A.training]);
    expect((await call(h.app, viewer, 'GET', P.training)).body.code).toBe(0);
    const denied = await call(h.app, viewer, 'POST', P.trainingAttendee, {
      trainingId,
      empId: f.staff[1],
      attendStatus: 1,
    });
    expect(denied.body.code).toBe(Code.noAuthority);
    expect(
      (await call(h.app, admin, 'DELETE', pathWith(P.trainingRemove, { ids: trainingId }))).body.code,
    ).toBe(0);
    const left = await sql<{ n: number }>`select count(*) as n from qualityTrainingAttendee
      where trainingId = ${trainingId}`.execute(db());
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

describe('demo data', () => {
  it('seeds handovers, adverse events at three stages, complaints and trainings', async () => {
    for (const path of [P.handover, P.adverseEvent, P.complaint, P.training]) {
      const res = await call(h.app, admin, 'GET', `${path}?pageHelper=0`);
      expect((res.body.result as Page).total).toBeGreaterThanOrEqual(2);
    }
    const events = await call(h.app, admin, 'GET', `${P.adverseEvent}?pageHelper=0`);
    expect(new Set((events.body.result as Page).list.map((r) => r.eventStatus)).size).toBe(3);
  });
});

describe('长者费用 (cost/oldman)', () => {
  it('lists each elder’s bills and balances, read only, in the user’s departments, with its code', async () => {
    const res = await call(h.app, admin, 'GET', `${OldmanCostPaths.list}?pageHelper=0&oldmanStatuses=1`);
    expect(res.body.code).toBe(0);
    const rows = (res.body.result as Page).list;
    const billed = rows.find((r) => Number(r.billCount) > 0);
    expect(billed, 'the seed bills residents').toBeDefined();
    const sums = await sql<{ n: number; total: number; unpaid: number }>`select count(*) as n,
        sum(payableFen) as total, sum(case when billStatus = 0 then payableFen else 0 end) as unpaid
      from bill where oldmanId = ${Number(billed?.oldmanId)} and billStatus != 3`.execute(db());
    const want = sums.rows[0];
    expect(billed).toMatchObject({
      billCount: Number(want?.n),
      billedFen: Number(want?.total),
      unpaidFen: Number(want?.unpaid),
      paidFen: Number(want?.total) - Number(want?.unpaid),
      prestore: expect.any(Number),
    });
    expect((await call(h.app, admin, 'POST', OldmanCostPaths.list, {})).status).toBe(404);
    const none = await grantNurse(h.app, 'costOldman', []);
    expect((await call(h.app, none, 'GET', OldmanCostPaths.list)).body.code).toBe(Code.noAuthority);
    const nurse = await grantNurse(h.app, 'costOldman', ['costOldman']);
    const own = await call(h.app, nurse, 'GET', `${OldmanCostPaths.list}?pageHelper=0`);
    expect(own.body.code).toBe(0);
    const { deptId } = await facts();
    const seen = (own.body.result as Page).list;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => Number(r.deptId) === deptId)).toBe(true);
  });
});
