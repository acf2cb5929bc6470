import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import type { UserInfo } from '../../../domain/session.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const VERSIONS = '/pims/web-org/versionRecord';
const USERS = '/passport/web-rbac/users';
const EMP = '/ifms/web-org/emp';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

interface VersionRow {
  recordId: number;
  version: string;
  content: string;
  isRead: number;
}
interface VersionPage {
  list: VersionRow[];
  total: number;
}

/** A release publishes its note after the accounts exist (the seed's note is as old as the accounts). */
async function publish(version: string) {
  const { recordId } = await h.app.services.db
    .insertInto('versionRecord')
    .values({
      version,
      content: `${version} 的更新内容`,
      publishTime: new Date(Date.now() + 60_000).toISOString(),
    })
    .returning('recordId')
    .executeTakeFirstOrThrow();
  return recordId;
}
const profileOf = async (token: string) =>
  (await call(h.app, token, 'GET', '/pims/web-pi/oldmans/proFile')).body;
const accountOf = (userId: number) =>
  h.app.services.db
    .selectFrom('users')
    .innerJoin('emp', 'emp.empId', 'users.empId')
    .select(['users.phoneNum as accountPhone', 'emp.phoneNum as empPhone', 'emp.empName', 'emp.headImage'])
    .where('users.userId', '=', userId)
    .executeTakeFirstOrThrow();

async function uploadImage(token: string) {
  const form = new FormData();
  form.append('picRoute', '3');
  form.append('file', new Blob([new Uint8Array(PNG)]), 'me.png');
  const encoded = new Response(form);
  const res = await h.app.inject({
    method: 'POST',
    url: '/pims/web-org/common/upload',
    headers: { authorization: token, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return (res.json() as { result: { imagePath: string } }).result.imagePath;
}

describe('version records', () => {
  it('lists newest first with the reader’s own read mark and filters by version', async () => {
    await publish('V1.1.0');
    await publish('V2.0.0');
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const all = (await call(h.app, admin.token, 'GET', `${VERSIONS}?pageNum=1&pageSize=2`)).body
      .result as VersionPage;
    expect(all.total).toBe(3);
    expect(all.list.map((r) => r.version)).toEqual(['V2.0.0', 'V1.1.0']);
    expect(all.list.every((r) => r.isRead === 0)).toBe(true);

    const first = all.list[0];
    if (!first) throw new Error('no record');
    expect((await call(h.app, admin.token, 'PUT', `${VERSIONS}/${first.recordId}`)).body.code).toBe(0);
    const afterRead = (await call(h.app, admin.token, 'GET', VERSIONS)).body.result as VersionPage;
    expect(afterRead.list.find((r) => r.recordId === first.recordId)?.isRead).toBe(1);
    // The mark is the admin's only.
    const nurseView = (await call(h.app, nurse.token, 'GET', VERSIONS)).body.result as VersionPage;
    expect(nurseView.list.find((r) => r.recordId === first.recordId)?.isRead).toBe(0);

    const filtered = (await call(h.app, admin.token, 'GET', `${VERSIONS}?version=1.1`)).body
      .result as VersionPage;
    expect(filtered.list.map((r) => r.version)).toEqual(['V1.1.0']);
    expect(filtered.total).toBe(1);
  });

  it('pops a note up only when it is unread and newer than the account', async () => {
    const admin = await signInAdmin(h.app);
    const seeded = (await call(h.app, admin.token, 'GET', `${VERSIONS}/isShow`)).body.result as {
      isShow: boolean;
      record: { recordId: number };
    };
    // Unread, but as old as the account: listed as unread, not popped up.
    expect(seeded.isShow).toBe(true);
    expect(
      (await call(h.app, admin.token, 'GET', `${VERSIONS}/isShow/${seeded.record.recordId}`)).body.result,
    ).toBe(false);

    const recordId = await publish('V1.2.0');
    const newest = (await call(h.app, admin.token, 'GET', `${VERSIONS}/isShow`)).body.result as {
      isShow: boolean;
      record: { recordId: number };
    };
    expect(newest).toMatchObject({ isShow: true, record: { recordId } });
    expect((await call(h.app, admin.token, 'GET', `${VERSIONS}/isShow/${recordId}`)).body.result).toBe(true);
    await call(h.app, admin.token, 'PUT', `${VERSIONS}/${recordId}`);
    expect((await call(h.app, admin.token, 'GET', `${VERSIONS}/isShow/${recordId}`)).body.result).toBe(false);
    expect((await call(h.app, admin.token, 'GET', `${VERSIONS}/isShow/999`)).body.result).toBe(false);
    expect((await call(h.app, admin.token, 'PUT', `${VERSIONS}/999`)).body.code).toBe(Code.notFound);
  });
});

describe('own profile', () => {
  it('lets a user read and change their own phone without user administration, and nothing else', async () => {
    const nurse = await signInNurse(h.app);
    const admin = await signInAdmin(h.app);
    const own = await call(h.app, nurse.token, 'GET', `${USERS}/${nurse.userId}`);
    expect(own.body.code).toBe(0);
    const mine = own.body.result as { roleIds: number[]; dataDeptIds: number[]; status: number };
    expect(await call(h.app, nurse.token, 'GET', `${USERS}/${admin.userId}`)).toMatchObject({ status: 403 });

    // Sending one's own roles, departments and status unchanged is fine and keeps the session.
    const phone = await call(h.app, nurse.token, 'PUT', `${USERS}/${nurse.userId}`, {
      phoneNum: '13911112222',
      roleIds: mine.roleIds,
      dataDeptIds: mine.dataDeptIds,
      status: mine.status,
    });
    expect(phone.body.code).toBe(0);
    expect((await profileOf(nurse.token)).code).toBe(0);
    expect(await accountOf(nurse.userId)).toMatchObject({
      accountPhone: '13911112222',
      empPhone: '13911112222',
    });

    const admins = (await call(h.app, admin.token, 'GET', `${USERS}/${admin.userId}`)).body.result as {
      roleIds: number[];
    };
    for (const change of [
      { roleIds: admins.roleIds },
      { dataDeptIds: [...mine.dataDeptIds, (mine.dataDeptIds[0] ?? 0) + 1] },
      { status: 1 },
      { userPassword: 'Other2026a' },
      { deptId: ((await profileOf(nurse.token)).result as UserInfo).deptInfo.deptId + 1 },
    ]) {
      const refused = await call(h.app, nurse.token, 'PUT', `${USERS}/${nurse.userId}`, change);
      expect(refused, JSON.stringify(change)).toMatchObject({ status: 403, body: { msg: '权限不足' } });
    }
    expect((await profileOf(nurse.token)).code).toBe(0);
    expect((await call(h.app, admin.token, 'GET', `${USERS}/${nurse.userId}`)).body.result).toMatchObject({
      roleIds: mine.roleIds,
      dataDeptIds: mine.dataDeptIds,
      status: 0,
    });
    expect(
      await call(h.app, nurse.token, 'PUT', `${USERS}/${admin.userId}`, { phoneNum: '13911113333' }),
    ).toMatchObject({ status: 403 });
  });

  it('does not let an administrator change their own roles or status either', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const nurseRoles = (await call(h.app, admin.token, 'GET', `${USERS}/${nurse.userId}`)).body.result as {
      roleIds: number[];
    };
    for (const change of [{ roleIds: nurseRoles.roleIds }, { status: 1 }]) {
      expect(await call(h.app, admin.token, 'PUT', `${USERS}/${admin.userId}`, change)).toMatchObject({
        status: 403,
      });
    }
    expect((await profileOf(admin.token)).code).toBe(0);
  });

  it('saves the own staff record with its avatar and keeps the account phone the same', async () => {
    const nurse = await signInNurse(h.app);
    const admin = await signInAdmin(h.app);
    const info = (await profileOf(nurse.token)).result as UserInfo;
    const headImage = await uploadImage(nurse.token);
    const base = { empId: info.empInfo.empId, empName: '李秀英', sex: 1, language: 'zh-CN' };
    const saved = await call(h.app, nurse.token, 'PUT', EMP, { ...base, phoneNum: '13922223333', headImage });
    expect(saved.body.code).toBe(0);
    expect(await accountOf(nurse.userId)).toMatchObject({
      accountPhone: '13922223333',
      empPhone: '13922223333',
      headImage,
    });
    expect((await call(h.app, nurse.token, 'GET', `${EMP}/${info.empInfo.empId}`)).body.result).toMatchObject(
      {
        headImage,
      },
    );

    // Only an uploaded image of this organisation, and another account's phone is refused.
    const foreign = await call(h.app, nurse.token, 'PUT', EMP, {
      ...base,
      phoneNum: '13922223333',
      headImage: 'https://example.com/a.png',
    });
    expect(foreign.body.code).toBe(Code.invalidInput);
    const missing = await call(h.app, nurse.token, 'PUT', EMP, {
      ...base,
      phoneNum: '13922223333',
      headImage: '/files/images/none.png',
    });
    expect(missing.body.msg).toBe('头像图片不存在，请重新上传');
    const taken = await call(h.app, nurse.token, 'PUT', EMP, { ...base, phoneNum: '13800000001' });
    expect(taken.body).toMatchObject({ code: Code.userExists, msg: '该手机号已被其他账号使用' });
    expect(await accountOf(nurse.userId)).toMatchObject({ accountPhone: '13922223333', headImage });

    // Someone else's staff record needs user administration.
    const adminInfo = (await profileOf(admin.token)).result as UserInfo;
    const others = await call(h.app, nurse.token, 'PUT', EMP, {
      ...base,
      empId: adminInfo.empInfo.empId,
      phoneNum: '13933334444',
    });
    expect(others.status).toBe(403);
  });
});
