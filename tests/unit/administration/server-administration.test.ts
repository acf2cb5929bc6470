import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leftOutText, AdminPaths as P, reachText } from '../../../domain/api/administration.js';
import { pathWith } from '../../../domain/api/path.js';
import { Code } from '../../../domain/codes.js';
import {
  call,
  grantNurse,
  signInAdmin,
  signInNurse,
  signInOtherOrg,
  startTestApp,
} from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let admin: string;
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

type Page = { list: Record<string, unknown>[]; total: number };
const get = async (token: string, url: string) => {
  const res = await call(h.app, token, 'GET', url);
  expect(res.body.msg).toBe('成功');
  return res.body.result as Page;
};
const inbox = async (token: string) =>
  (await call(h.app, token, 'GET', P.inbox)).body.result as {
    messages: number;
    notices: number;
    reminds: number;
    total: number;
    items: { kind: string; id: number; title: string }[];
  };
const nurseId = async () =>
  (
    await h.app.services.db
      .selectFrom('users')
      .select('userId')
      .where('loginName', '=', 'huli01')
      .executeTakeFirstOrThrow()
  ).userId;

describe('messages and the bell', () => {
  it('counts the seeded unread messages and announcement, reads one, then all', async () => {
    const before = await inbox(admin);
    expect(before).toMatchObject({ messages: 3, notices: 1, reminds: 0, total: 4 });
    const messages = await get(admin, `${P.messages}?isRead=0`);
    expect(messages.total).toBe(3);
    const first = messages.list[0] as { messageId: number };
    const detail = await call(h.app, admin, 'GET', pathWith(P.message, { id: first.messageId }));
    expect(detail.body.result).toMatchObject({ messageId: first.messageId, isRead: 0 });
    const read = await call(h.app, admin, 'PUT', P.messageRead, { messageIds: [first.messageId] });
    expect(read.body.result).toEqual({ read: 1 });
    expect((await inbox(admin)).messages).toBe(2);
    // reading it again changes nothing
    expect(
      (await call(h.app, admin, 'PUT', P.messageRead, { messageIds: [first.messageId] })).body.result,
    ).toEqual({
      read: 0,
    });
    const all = await call(h.app, admin, 'PUT', P.readAll, {});
    expect(all.body.result).toEqual({ read: 3 });
    expect(await inbox(admin)).toMatchObject({ total: 0, items: [] });
  });

  it("refuses another user's message, bad ids and no token, and changes nothing", async () => {
    const nurse = (await signInNurse(h.app)).token;
    const { list } = await get(admin, P.messages);
    const id = (list[0] as { messageId: number }).messageId;
    expect((await get(nurse, P.messages)).total).toBe(0);
    expect((await call(h.app, nurse, 'GET', pathWith(P.message, { id }))).body.code).toBe(Code.notFound);
    const refused = await call(h.app, nurse, 'PUT', P.messageRead, { messageIds: [id] });
    expect(refused.body).toMatchObject({ code: Code.notFound, msg: '消息不存在' });
    const bad = await call(h.app, admin, 'PUT', P.messageRead, { messageIds: [] });
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '请选择消息' });
    expect((await call(h.app, null, 'GET', P.inbox)).status).toBe(401);
    expect((await inbox(admin)).messages).toBe(3);
    const other = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, other, 'GET', pathWith(P.message, { id }))).body.code).toBe(Code.notFound);
  });
});

describe('reminds', () => {
  it('creates, edits, reads and deletes the user own reminds, merged into GET reminds once due', async () => {
    const created = await call(h.app, admin, 'POST', P.reminds, {
      title: '查房',
      content: '三楼夜间查房',
      remindTime: '2020-01-01 08:00:00',
    });
    expect(created.body.code).toBe(0);
    const remindId = (created.body.result as { remindId: number }).remindId;
    const merged = await get(admin, P.reminds);
    const customOf = (list: unknown[]) =>
      (list as { remindType: string }[]).filter((r) => r.remindType === 'custom');
    // beside the computed entries (today's care tasks, overdue outings)
    expect(customOf(merged.list)).toEqual([
      expect.objectContaining({ remindType: 'custom', remindId, title: '查房', status: 0 }),
    ]);
    expect((await inbox(admin)).reminds).toBe(1);
    const own = await get(admin, `${P.reminds}?remindType=custom&pageSize=20`);
    expect(own.total).toBe(4);
    const edited = await call(h.app, admin, 'PUT', pathWith(P.remind, { id: remindId }), {
      title: '查房（改）',
      remindTime: '2020-01-01 09:00:00',
    });
    expect(edited.body.code).toBe(0);
    const status = await call(h.app, admin, 'PUT', pathWith(P.remindStatus, { id: remindId }), { status: 1 });
    expect(status.body.code).toBe(0);
    expect(customOf((await get(admin, P.reminds)).list)).toEqual([]);
    expect((await inbox(admin)).reminds).toBe(0);
    expect((await call(h.app, admin, 'DELETE', pathWith(P.remind, { id: remindId }))).body.code).toBe(0);
    expect((await get(admin, `${P.reminds}?remindType=custom`)).total).toBe(3);
  });

  it('refuses bad input, missing authority and another user reminds', async () => {
    const missing = await call(h.app, admin, 'POST', P.reminds, { title: '查房' });
    expect(missing.body).toMatchObject({ code: Code.invalidInput, msg: '请填写提醒时间' });
    const badTime = await call(h.app, admin, 'POST', P.reminds, { title: '查房', remindTime: '明天' });
    expect(badTime.body.code).toBe(Code.invalidInput);
    const { list } = await get(admin, `${P.reminds}?remindType=custom`);
    const id = (list[0] as { remindId: number }).remindId;
    const badStatus = await call(h.app, admin, 'PUT', pathWith(P.remindStatus, { id }), { status: 5 });
    expect(badStatus.body).toMatchObject({ code: Code.invalidInput, msg: '提醒状态无效' });
    const nurse = await grantNurse(h.app, 'administration', ['administration:info/remind']);
    expect((await call(h.app, nurse, 'PUT', pathWith(P.remindStatus, { id }), { status: 1 })).body.code).toBe(
      Code.notFound,
    );
    expect((await call(h.app, nurse, 'DELETE', pathWith(P.remind, { id }))).body.code).toBe(Code.notFound);
    expect(
      (
        await call(h.app, nurse, 'PUT', pathWith(P.remind, { id }), {
          title: 'x',
          remindTime: '2020-01-01 08:00',
        })
      ).body.code,
    ).toBe(Code.notFound);
    const without = await grantNurse(h.app, 'administration', []);
    const refused = await call(h.app, without, 'POST', P.reminds, {
      title: '查房',
      remindTime: '2020-01-01 08:00',
    });
    expect(refused.body.code).toBe(Code.noAuthority);
    expect((await get(admin, `${P.reminds}?remindType=custom`)).total).toBe(3);
  });
});

describe('todos', () => {
  it('are the user own list', async () => {
    const created = await call(h.app, admin, 'POST', P.todos, { title: '整理入住资料', status: 0 });
    const todoId = (created.body.result as { todoId: number }).todoId;
    expect((await get(admin, P.todos)).total).toBe(1);
    const nurse = await grantNurse(h.app, 'administration', ['administration:msg/todo']);
    expect((await get(nurse, P.todos)).total).toBe(0);
    expect((await call(h.app, nurse, 'PUT', P.todos, { todoId, title: '改', status: 1 })).body.code).toBe(
      Code.notFound,
    );
    expect((await call(h.app, nurse, 'DELETE', pathWith(P.todo, { ids: todoId }))).body.code).toBe(
      Code.notFound,
    );
    expect(
      (await call(h.app, admin, 'PUT', P.todos, { todoId, title: '整理入住资料', status: 1 })).body.code,
    ).toBe(0);
    expect((await call(h.app, admin, 'POST', P.todos, { title: '' })).body.code).toBe(Code.invalidInput);
    expect((await call(h.app, admin, 'DELETE', pathWith(P.todo, { ids: todoId }))).body.code).toBe(0);
  });
});

describe('announcements', () => {
  it('goes draft → published to chosen staff with receipts → withdrawn; the workbench list follows', async () => {
    const nurseUser = await nurseId();
    const tree = (await call(h.app, admin, 'GET', P.nursingTree)).body.result as {
      users: { userId: number }[];
    }[];
    expect(tree.flatMap((d) => d.users.map((u) => u.userId))).toContain(nurseUser);
    const created = await call(h.app, admin, 'POST', P.notices, {
      title: '护理部例会',
      content: '周五下午三点会议室',
      recipientIds: [nurseUser],
    });
    const noticeId = (created.body.result as { noticeId: number }).noticeId;
    // a recipient who does not manage announcements
    const nurse = await grantNurse(h.app, 'administration', []);
    const visibleToNurse = async () => (await get(nurse, P.notices)).list.map((n) => n.noticeId);
    expect(await visibleToNurse()).not.toContain(noticeId);
    expect((await get(admin, `${P.notices}?manage=1&status=0`)).list.map((n) => n.noticeId)).toContain(
      noticeId,
    );

    const edited = await call(h.app, admin, 'PUT', P.noticeEdit, {
      noticeId,
      title: '护理部例会（改期）',
      content: '周五下午四点会议室',
      recipientIds: [nurseUser],
    });
    expect(edited.body.code).toBe(0);
    expect(
      (await call(h.app, admin, 'PUT', pathWith(P.noticeWithdraw, { id: noticeId }), {})).body,
    ).toMatchObject({
      code: Code.actionRefused,
      msg: '当前状态为草稿，不能撤回',
    });
    expect((await call(h.app, admin, 'PUT', pathWith(P.noticePublish, { id: noticeId }), {})).body.code).toBe(
      0,
    );
    expect(await visibleToNurse()).toContain(noticeId);
    expect((await inbox(nurse)).notices).toBeGreaterThanOrEqual(1);
    const receipts = async () => get(admin, `${P.noticeReceipts}?noticeId=${noticeId}`);
    expect((await receipts()).list).toEqual([expect.objectContaining({ userId: nurseUser, isRead: 0 })]);
    // published: no more edits, no delete, no second publish
    const again = await call(h.app, admin, 'PUT', P.noticeEdit, { noticeId, title: 'x', content: 'y' });
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '公告已发布，不能编辑' });
    expect((await call(h.app, admin, 'DELETE', pathWith(P.noticeRemove, { ids: noticeId }))).body.code).toBe(
      Code.actionRefused,
    );
    expect((await call(h.app, admin, 'PUT', pathWith(P.noticePublish, { id: noticeId }), {})).body.code).toBe(
      Code.actionRefused,
    );

    const personal = await get(nurse, P.personalNotices);
    expect(personal.list).toContainEqual(expect.objectContaining({ noticeId, isRead: 0 }));
    expect((await call(h.app, nurse, 'PUT', P.personalRead, { noticeIds: [noticeId] })).body.result).toEqual({
      read: 1,
    });
    expect((await receipts()).list).toEqual([
      expect.objectContaining({ empName: expect.any(String), isRead: 1 }),
    ]);
    const row = (await call(h.app, admin, 'GET', pathWith(P.notice, { id: noticeId }))).body.result;
    expect(row).toMatchObject({ recipientCount: 1, readCount: 1, status: 1 });

    expect(
      (await call(h.app, admin, 'PUT', pathWith(P.noticeWithdraw, { id: noticeId }), {})).body.code,
    ).toBe(0);
    expect(await visibleToNurse()).not.toContain(noticeId);
    expect((await call(h.app, nurse, 'GET', pathWith(P.notice, { id: noticeId }))).body.code).toBe(
      Code.notFound,
    );
    expect((await call(h.app, admin, 'DELETE', pathWith(P.noticeRemove, { ids: noticeId }))).body.code).toBe(
      0,
    );
  });

  it('refuses bad input, unknown recipients, missing authority and reading what was not sent to you', async () => {
    const blank = await call(h.app, admin, 'POST', P.notices, { title: '', content: '内容' });
    expect(blank.body).toMatchObject({ code: Code.invalidInput, msg: '请填写标题' });
    const stranger = await call(h.app, admin, 'POST', P.notices, {
      title: 'a',
      content: 'b',
      recipientIds: [999999],
    });
    expect(stranger.body).toMatchObject({ code: Code.invalidInput, msg: '接收人不存在' });
    const nurse = await grantNurse(h.app, 'administration', []);
    expect((await call(h.app, nurse, 'POST', P.notices, { title: 'a', content: 'b' })).body.code).toBe(
      Code.noAuthority,
    );
    expect((await call(h.app, nurse, 'GET', `${P.notices}?manage=1`)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, nurse, 'GET', P.nursingTree)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, nurse, 'GET', `${P.noticeReceipts}?noticeId=1`)).body.code).toBe(
      Code.noAuthority,
    );
    const draft = (await get(admin, `${P.notices}?manage=1&status=0`)).list[0] as { noticeId: number };
    expect(
      (await call(h.app, nurse, 'PUT', P.personalRead, { noticeIds: [draft.noticeId] })).body,
    ).toMatchObject({
      code: Code.notFound,
      msg: '公告不存在',
    });
    const other = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, other, 'GET', pathWith(P.notice, { id: draft.noticeId }))).body.code).toBe(
      Code.notFound,
    );
    expect(
      (await call(h.app, nurse, 'PUT', pathWith(P.noticePublish, { id: draft.noticeId }), {})).body.code,
    ).toBe(Code.noAuthority);
    expect((await get(admin, `${P.notices}?manage=1&status=0`)).total).toBe(1);
  });
});

describe('全体人员 says whom it reaches (issue #42 point 5)', () => {
  it('counts the staff, those with an account, and the accounts an announcement to everyone goes to', async () => {
    const db = h.app.services.db;
    const reach = async () =>
      (await call(h.app, admin, 'GET', P.noticeReach)).body.result as {
        staff: number;
        staffWithAccount: number;
        accounts: number;
      };
    const before = await reach();
    expect(before.staff).toBeGreaterThan(before.staffWithAccount);
    expect(before.staffWithAccount).toBeGreaterThan(0);
    // one more account for a staff member who had none: one more reached
    const lone = await sql<{ empId: number; orgId: number }>`select e.empId, e.orgId from emp e
      where e.status = 0 and not exists (select 1 from users u where u.empId = e.empId)
        and e.orgId = (select orgId from users where loginName = 'admin') limit 1`.execute(db);
    const emp = lone.rows[0];
    if (!emp) throw new Error('the demo home has staff without accounts');
    const stamp = '2026-01-01 00:00:00';
    await sql`insert into users (orgId, empId, loginName, passwordHash, phoneNum, isAdmin, status,
        resetPassword, keyVersion, createdAt)
      values (${emp.orgId}, ${emp.empId}, 'reach01', 'x', '', 0, 0, 0, 0, ${stamp})`.execute(db);
    expect(await reach()).toEqual({
      staff: before.staff,
      staffWithAccount: before.staffWithAccount + 1,
      accounts: before.accounts + 1,
    });
    // publishing to everyone writes one receipt per account counted
    const created = await call(h.app, admin, 'POST', P.notices, {
      title: '全院通知',
      content: '消防演练',
      recipientIds: [],
    });
    const noticeId = (created.body.result as { noticeId: number }).noticeId;
    await call(h.app, admin, 'PUT', pathWith(P.noticePublish, { id: noticeId }), {});
    const receipts = await sql<{ n: number }>`select count(*) as n from noticeRecipient
      where noticeId = ${noticeId}`.execute(db);
    expect(Number(receipts.rows[0]?.n)).toBe(before.accounts + 1);
    const nurse = await grantNurse(h.app, 'administration', []);
    expect((await call(h.app, nurse, 'GET', P.noticeReach)).body.code).toBe(Code.noAuthority);
  });

  it('says it in words before sending', () => {
    expect(reachText({ staff: 12, staffWithAccount: 2, accounts: 2 })).toBe(
      '全体人员：12 名员工中 2 人有账号，可收到消息；没有账号的 10 人收不到',
    );
    expect(reachText({ staff: 3, staffWithAccount: 3, accounts: 4 })).toBe(
      '全体人员：3 名员工都有账号，都可收到消息（另有 1 个不属于员工的账号也会收到，如管理员）',
    );
  });

  it('says whom the 指定人员 list leaves out: staff without accounts', () => {
    expect(leftOutText({ staff: 12, staffWithAccount: 2, accounts: 2 })).toBe(
      '另有 10 名员工没有账号，不在名单中，收不到消息',
    );
    expect(leftOutText({ staff: 3, staffWithAccount: 3, accounts: 4 })).toBeNull();
  });
});

describe('family notices', () => {
  it('go to the families of elders chosen from oldManTree; refused for unknown elders, no elders or no authority', async () => {
    const tree = (await call(h.app, admin, 'GET', P.oldManTree)).body.result as {
      deptName: string;
      elders: { oldmanId: number; oldmanName: string }[];
    }[];
    const [first, second] = tree.flatMap((d) => d.elders);
    expect(first && second).toBeTruthy();
    const ids = [Number(first?.oldmanId), Number(second?.oldmanId)];
    const created = await call(h.app, admin, 'POST', P.familyInforms, {
      title: '冬季探视提醒',
      content: '探视请佩戴口罩。',
      oldmanIds: ids,
    });
    expect(created.body.code).toBe(0);
    const messageId = (created.body.result as { messageId: number }).messageId;
    const one = (await call(h.app, admin, 'GET', pathWith(P.familyInform, { id: messageId }))).body.result;
    expect(one).toMatchObject({ oldmanIds: ids, elderNames: `${first?.oldmanName}、${second?.oldmanName}` });
    expect((await get(admin, P.familyInforms)).total).toBe(1);
    const edited = await call(h.app, admin, 'PUT', P.familyInforms, {
      messageId,
      title: '冬季探视提醒（改）',
      content: '探视请佩戴口罩。',
      oldmanIds: [ids[0]],
    });
    expect(edited.body.code).toBe(0);

    const none = await call(h.app, admin, 'POST', P.familyInforms, {
      title: 'a',
      content: 'b',
      oldmanIds: [],
    });
    expect(none.body).toMatchObject({ code: Code.invalidInput, msg: '请选择长者' });
    const stranger = await call(h.app, admin, 'POST', P.familyInforms, {
      title: 'a',
      content: 'b',
      oldmanIds: [999999],
    });
    expect(stranger.body).toMatchObject({ code: Code.invalidInput, msg: '长者不存在' });
    // another department's elder: the nurse holds 护理一部 only
    const outside = tree.find((d) => d.deptName !== '护理一部' && d.elders.length)?.elders[0]?.oldmanId;
    const writer = await grantNurse(h.app, 'administration', [
      'administration:notice/famliy',
      'administration:notice/famliy:add',
    ]);
    const elsewhere = await call(h.app, writer, 'POST', P.familyInforms, {
      title: 'a',
      content: 'b',
      oldmanIds: [outside],
    });
    expect(elsewhere.body).toMatchObject({ code: Code.invalidInput, msg: '长者不存在' });
    const nurse = await grantNurse(h.app, 'administration', []);
    expect((await call(h.app, nurse, 'GET', P.oldManTree)).body.code).toBe(Code.noAuthority);
    expect(
      (await call(h.app, nurse, 'POST', P.familyInforms, { title: 'a', content: 'b', oldmanIds: ids })).body
        .code,
    ).toBe(Code.noAuthority);
    const other = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, other, 'GET', pathWith(P.familyInform, { id: messageId }))).body.code).toBe(
      Code.notFound,
    );
    expect((await get(admin, P.familyInforms)).total).toBe(1);
    expect((await call(h.app, admin, 'DELETE', pathWith(P.familyInform, { id: messageId }))).body.code).toBe(
      0,
    );
  });
});
