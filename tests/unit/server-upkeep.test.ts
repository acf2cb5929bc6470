import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const BASE = '/tdms/web-td/device/package';

describe('installation package by id', () => {
  it('reads and edits one package of the organisation; others and bad input are refused and change nothing', async () => {
    const admin = await signInAdmin(h.app);
    const other = await signInOtherOrg(h.app);
    const { packageId } = await h.app.services.db
      .insertInto('installPackage')
      .values({
        orgId: 1,
        packageName: '床旁屏',
        version: '1.0.0',
        deviceType: 'bedside',
        remark: '',
        fileName: 'bedside.apk',
        urlPath: '/files/packages/x.apk',
        fileSizeB: 1024,
        createTime: new Date().toISOString(),
      })
      .returning('packageId')
      .executeTakeFirstOrThrow();
    const read = await call(h.app, admin.token, 'GET', `${BASE}/${packageId}`);
    expect(read.body.result).toMatchObject({ packageName: '床旁屏', version: '1.0.0', fileSizeB: 1024 });
    const edit = { packageName: '床旁屏', version: '1.0.1', deviceType: 'bedside', remark: '修复呼叫声音' };
    expect((await call(h.app, admin.token, 'PUT', `${BASE}/${packageId}`, edit)).body.code).toBe(0);
    expect((await call(h.app, admin.token, 'GET', `${BASE}/${packageId}`)).body.result).toMatchObject(edit);

    const foreign = await call(h.app, other.token, 'PUT', `${BASE}/${packageId}`, { ...edit, version: '9' });
    expect(foreign.body.msg).toBe('安装包不存在');
    const blank = await call(h.app, admin.token, 'PUT', `${BASE}/${packageId}`, { ...edit, version: ' ' });
    expect(blank.body).toMatchObject({ code: 10001 });
    expect((await call(h.app, admin.token, 'GET', `${BASE}/${packageId}`)).body.result).toMatchObject(edit);
    // The total size route is still found beside the by-id route.
    expect((await call(h.app, admin.token, 'GET', `${BASE}/sumSize`)).body.result).toBe(1024);
  });
});

describe('password reminder (updateIsPass)', () => {
  it('cannot wave off a password an administrator reset', async () => {
    const nurse = await signInNurse(h.app);
    const url = '/passport/web-rbac/logins/updateIsPass';
    expect((await call(h.app, nurse.token, 'PUT', url)).body.code).toBe(0);
    await h.app.services.db
      .updateTable('users')
      .set({ resetPassword: 1 })
      .where('userId', '=', nurse.userId)
      .execute();
    const refused = await call(h.app, nurse.token, 'PUT', url);
    expect(refused.body).toMatchObject({ code: 10001, msg: '管理员重置的密码须先修改，不能跳过' });
    const still = await call(h.app, nurse.token, 'GET', '/passport/web-rbac/systemConfigs/userIsPass');
    expect(still.body.result).toMatchObject({ isPass: false });
  });

  it('allows only session calls until the reset password is changed', async () => {
    const nurse = await signInNurse(h.app);
    await h.app.services.db
      .updateTable('users')
      .set({ resetPassword: 1 })
      .where('userId', '=', nurse.userId)
      .execute();
    const data = await call(h.app, nurse.token, 'GET', '/loms/di-lo/alarm/sendUnhandledAlarms');
    expect(data.body).toMatchObject({ code: 10110, msg: '请先修改密码' });
    const config = await call(h.app, nurse.token, 'GET', '/passport/web-rbac/systemConfigs/userIsPass');
    expect(config.body.code).toBe(0);
    await h.app.services.db
      .updateTable('users')
      .set({ resetPassword: 0 })
      .where('userId', '=', nurse.userId)
      .execute();
    expect((await call(h.app, nurse.token, 'GET', '/loms/di-lo/alarm/sendUnhandledAlarms')).body.code).toBe(
      0,
    );
  });
});

describe('menu sync on an existing database', () => {
  it('gives a new top-level menu group to the roles that held every group, and to no other', async () => {
    const db = h.app.services.db;
    const { syncMenus } = await import('../../server/db/seed.js');
    // A database from before the 呼叫看板 group existed, with a role that sees only 智能物联.
    await db.deleteFrom('roleAuthority').where('code', 'like', 'callboard%').execute();
    await db.deleteFrom('menu').where('code', 'like', 'callboard%').execute();
    const { roleId: limited } = await db
      .insertInto('role')
      .values({ orgId: 1, name: '值班员', remark: '' })
      .returning('roleId')
      .executeTakeFirstOrThrow();
    await db.insertInto('roleAuthority').values({ roleId: limited, code: 'yunmuIot' }).execute();

    await syncMenus(db);
    const codesOf = async (name: string) =>
      (
        await db
          .selectFrom('roleAuthority')
          .innerJoin('role', 'role.roleId', 'roleAuthority.roleId')
          .select('roleAuthority.code')
          .where('role.orgId', '=', 1)
          .where('role.name', '=', name)
          .execute()
      ).map((r) => r.code);
    expect(await codesOf('系统管理员')).toEqual(
      expect.arrayContaining(['callboard', 'callboard:versions', 'callboard:personal']),
    );
    expect((await codesOf('值班员')).filter((c) => c.startsWith('callboard'))).toEqual([]);
    expect(
      await db.selectFrom('menu').select('code').where('code', '=', 'callboard').executeTakeFirst(),
    ).toBeTruthy();
  });
});
