import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import type { MenuItem, UserInfo } from '../../domain/session.js';
import { SessionLimits } from '../../server/auth/tokens.js';
import { call, signIn, signInAdmin, signInNurse, startTestApp } from '../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const LOGIN = '/passport/web-rbac/logins/login';
const login = (payload: Record<string, unknown>) => call(h.app, null, 'POST', LOGIN, payload);
const profile = (token: string) => call(h.app, token, 'GET', '/pims/web-pi/oldmans/proFile');

async function photoCodeFor(verifyStr: string) {
  const row = await h.app.services.db
    .selectFrom('photoCode')
    .select('code')
    .where('verifyStr', '=', verifyStr)
    .executeTakeFirstOrThrow();
  return row.code;
}

describe('sign-in', () => {
  it('returns the logged-in user info with an opaque token, authorities and data departments', async () => {
    const res = await login({ loginName: 'admin', loginPassword: 'Admin@2026' });
    expect(res.body.code).toBe(0);
    const info = res.body.result as UserInfo;
    expect(info.token.length).toBeGreaterThanOrEqual(22);
    expect(info.empInfo.empName).toBe('王建国');
    expect(info.orgInfo.orgName).toBe('阳光颐养院');
    expect(info.dataDeptInfoList.map((d) => d.deptName)).toEqual(['院办', '护理一部', '护理二部', '医务部']);
    expect(info.authority.map((a) => a.code)).toContain('systemSetting:dictionarys:delete');
    const stored = await h.app.services.db.selectFrom('session').select('tokenHash').execute();
    expect(stored.map((s) => s.tokenHash)).not.toContain(info.token);
  });

  it('refuses a wrong password with 10101 and, from the third failure on, wants the photo code', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await login({ loginName: 'admin', loginPassword: 'wrong' });
      expect(res.body).toMatchObject({ code: Code.wrongCredentials, msg: '用户名或密码错误' });
    }
    const check = await call(h.app, null, 'GET', '/passport/web-rbac/logins/check?loginName=admin');
    expect(check.body.result).toMatchObject({ needPhotoCode: true });
    const without = await login({ loginName: 'admin', loginPassword: 'Admin@2026' });
    expect(without.body.code).toBe(Code.photoCodeRequired);
    const captcha = await call(h.app, null, 'GET', '/passport/web-rbac/logins/getPhotoCode');
    const { verifyStr, image } = captcha.body.result as { verifyStr: string; image: string };
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrongCode = await login({
      loginName: 'admin',
      loginPassword: 'Admin@2026',
      verifyStr,
      photoCode: 'zzzz',
    });
    expect(wrongCode.body.code).toBe(Code.photoCodeWrong);
    const fresh = (await call(h.app, null, 'GET', '/passport/web-rbac/logins/getPhotoCode')).body.result as {
      verifyStr: string;
    };
    const ok = await login({
      loginName: 'admin',
      loginPassword: 'Admin@2026',
      verifyStr: fresh.verifyStr,
      photoCode: (await photoCodeFor(fresh.verifyStr)).toUpperCase(),
    });
    expect(ok.body.code).toBe(0);
    const after = await call(h.app, null, 'GET', '/passport/web-rbac/logins/check?loginName=admin');
    expect(after.body.result).toMatchObject({ needPhotoCode: false });
  });

  it('logs successful and failed sign-ins in the operation log, without the password', async () => {
    await login({ loginName: 'admin', loginPassword: 'nope' });
    await signInAdmin(h.app);
    const rows = await h.app.services.db.selectFrom('operationLog').selectAll().orderBy('logId').execute();
    expect(rows.map((r) => r.operationType)).toEqual(['LOGIN_FAIL', 'LOGIN']);
    expect(rows.map((r) => r.params).join()).not.toContain('Admin@2026');
  });

  it('answers bad input with 10001 and a Chinese message', async () => {
    const res = await login({ loginName: '', loginPassword: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: Code.invalidInput });
    expect(res.body.msg).toContain('请输入账号');
  });
});

describe('session codes', () => {
  it('a second sign-in makes the first token answer 4012', async () => {
    const first = await signInAdmin(h.app);
    await signInAdmin(h.app);
    const res = await profile(first.token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: Code.signedInElsewhere, msg: '此账号已被其他人登录，请重新登录' });
  });

  it('logout invalidates the token (4011)', async () => {
    const { token } = await signInAdmin(h.app);
    expect((await profile(token)).body.code).toBe(0);
    await call(h.app, token, 'GET', '/passport/web-rbac/logins/loginOut');
    expect((await profile(token)).body.code).toBe(Code.loginExpired);
    expect((await call(h.app, token, 'GET', '/omms/web-rbac/logins/getUserID')).body.result).toBe('');
  });

  it('an idle session expires (4011); an unknown token too', async () => {
    const { token } = await signInAdmin(h.app);
    h.clock.now += SessionLimits.idleMs + 1000;
    expect((await profile(token)).body.code).toBe(Code.loginExpired);
    expect((await profile('made-up')).body.code).toBe(Code.loginExpired);
    expect((await call(h.app, null, 'GET', '/pims/web-pi/oldmans/proFile')).body.code).toBe(
      Code.loginExpired,
    );
  });

  it('changing the password makes the old token answer 4013 and the new password work', async () => {
    const { token, userId } = await signInNurse(h.app);
    const res = await call(h.app, token, 'PUT', '/passport/web-rbac/logins/userPwd', {
      newPwd: 'Newpass2026',
      oldPwd: 'Huli@2026',
      userId,
    });
    expect(res.body.code).toBe(0);
    expect((await profile(token)).body).toMatchObject({
      code: Code.keyInfoChanged,
      msg: '用户关键信息发生变化，请重新登录',
    });
    await expect(signIn(h.app, 'huli01', 'Newpass2026')).resolves.toMatchObject({ userId });
  });

  it('refuses a wrong old password and a weak new one without changing anything', async () => {
    const { token, userId } = await signInNurse(h.app);
    const wrongOld = await call(h.app, token, 'PUT', '/passport/web-rbac/logins/userPwd', {
      newPwd: 'Newpass2026',
      oldPwd: 'bad',
      userId,
    });
    expect(wrongOld.body.msg).toBe('原密码错误');
    const weak = await call(h.app, token, 'PUT', '/passport/web-rbac/logins/userPwd', {
      newPwd: 'short',
      oldPwd: 'Huli@2026',
      userId,
    });
    expect(weak.body.code).toBe(Code.passwordWeak);
    expect((await profile(token)).body.code).toBe(0);
  });
});

describe('menus, authorities and data departments', () => {
  const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [m, ...flatten(m.children)]);

  it('the restricted user gets fewer menus and buttons than the admin', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const adminMenus = flatten(
      (await call(h.app, admin.token, 'GET', '/passport/web-rbac/logins/menu/1')).body.result as MenuItem[],
    );
    const nurseMenus = flatten(
      (await call(h.app, nurse.token, 'GET', '/passport/web-rbac/logins/menu/1')).body.result as MenuItem[],
    );
    expect(adminMenus.map((m) => m.routePath)).toContain('/systemSetting/install-package');
    expect(nurseMenus.map((m) => m.routePath)).not.toContain('/systemSetting/install-package');
    expect(nurseMenus.map((m) => m.routePath)).toContain('/systemSetting/dictionarys');
    const nurseButtons = (await call(h.app, nurse.token, 'GET', '/passport/web-rbac/logins/menu/button')).body
      .result as { code: string }[];
    expect(nurseButtons.map((b) => b.code)).toContain('systemSetting:dictionarys:add');
    expect(nurseButtons.map((b) => b.code)).not.toContain('systemSetting:dictionarys:delete');
  });

  it('selecting a data department outside the user scope is refused; inside it is remembered', async () => {
    const nurse = await signInNurse(h.app);
    const depts = (await call(h.app, nurse.token, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList'))
      .body.result as { deptId: number; deptName: string }[];
    expect(depts.map((d) => d.deptName)).toEqual(['护理一部']);
    const allowed = depts[0]?.deptId ?? 0;
    const refused = await call(
      h.app,
      nurse.token,
      'POST',
      `/passport/web-rbac/logins/selectDataDeptID/${allowed + 1}`,
    );
    expect(refused).toMatchObject({ status: 403, body: { code: Code.deptNotAllowed } });
    const ok = await call(
      h.app,
      nurse.token,
      'POST',
      `/passport/web-rbac/logins/selectDataDeptID/${allowed}`,
    );
    expect(ok.body.code).toBe(0);
    expect(((await profile(nurse.token)).body.result as UserInfo).selectedDataDeptId).toBe(allowed);
  });
});

describe('register and forgotten password with SMS codes', () => {
  async function photo() {
    const { verifyStr } = (await call(h.app, null, 'GET', '/passport/web-rbac/logins/getPhotoCode')).body
      .result as { verifyStr: string };
    return { verifyStr, photoCode: await photoCodeFor(verifyStr) };
  }
  const lastSmsCode = () => /(\d{6})/.exec(h.sms.at(-1)?.text ?? '')?.[1] ?? '';

  it('registers an account that can then sign in', async () => {
    await call(h.app, null, 'GET', '/passport/web-rbac/logins/getSmsCode/13712345678');
    expect(h.sms.at(-1)?.phoneNum).toBe('13712345678');
    const res = await call(h.app, null, 'POST', '/passport/web-rbac/logins/register', {
      userName: 'zhaoliu',
      userPassword: 'Zhao2026ok',
      repactPassword: 'Zhao2026ok',
      userTelephone: '13712345678',
      smsCode: lastSmsCode(),
      ...(await photo()),
    });
    expect(res.body.code).toBe(0);
    await expect(signIn(h.app, 'zhaoliu', 'Zhao2026ok')).resolves.toHaveProperty('token');
  });

  it('refuses registration with a wrong SMS code and creates nothing', async () => {
    await call(h.app, null, 'GET', '/passport/web-rbac/logins/getSmsCode/13712345678');
    const before = await h.app.services.db.selectFrom('users').select('userId').execute();
    const res = await call(h.app, null, 'POST', '/passport/web-rbac/logins/register', {
      userName: 'zhaoliu',
      userPassword: 'Zhao2026ok',
      repactPassword: 'Zhao2026ok',
      userTelephone: '13712345678',
      smsCode: lastSmsCode() === '000000' ? '111111' : '000000',
      ...(await photo()),
    });
    expect(res.body.code).toBe(Code.smsCodeWrong);
    expect(await h.app.services.db.selectFrom('users').select('userId').execute()).toHaveLength(
      before.length,
    );
  });

  it('resets a forgotten password: masked phone, SMS code, user id, new password', async () => {
    const masked = await call(
      h.app,
      null,
      'GET',
      `/passport/web-rbac/logins/userPhoneNum?loginName=huli01&${new URLSearchParams(await photo())}`,
    );
    expect(masked.body.result).toEqual({ phoneNum: '138****0002' });
    await call(h.app, null, 'GET', '/passport/web-rbac/logins/getSmsCode/13800000002');
    const userId = (
      await call(
        h.app,
        null,
        'GET',
        `/passport/web-rbac/logins/userId?phoneNum=13800000002&smsCode=${lastSmsCode()}`,
      )
    ).body.result;
    expect(typeof userId).toBe('number');
    const reset = await h.app.inject({
      method: 'PUT',
      url: '/passport/web-rbac/logins/reset',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        userPassword: 'Reset2026a',
        checkPass: 'Reset2026a',
        userId: String(userId),
        phoneNum: '13800000002',
      }).toString(),
    });
    expect(reset.json()).toMatchObject({ code: 0 });
    await expect(signIn(h.app, 'huli01', 'Reset2026a')).resolves.toHaveProperty('token');
    const replay = await h.app.inject({
      method: 'PUT',
      url: '/passport/web-rbac/logins/reset',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        userPassword: 'Again2026a',
        checkPass: 'Again2026a',
        userId: String(userId),
        phoneNum: '13800000002',
      }).toString(),
    });
    expect(replay.json()).toMatchObject({ code: Code.smsCodeWrong });
  });
});

describe('user administration', () => {
  it('changing a user’s roles or departments makes that user’s token answer 4013; the nurse may not do it', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const forbidden = await call(h.app, nurse.token, 'PUT', `/passport/web-rbac/users/${nurse.userId}`, {
      roleIds: [1],
    });
    expect(forbidden).toMatchObject({ status: 403, body: { msg: '权限不足' } });
    const detail = (await call(h.app, admin.token, 'GET', `/passport/web-rbac/users/${nurse.userId}`)).body
      .result as { roleIds: number[]; dataDeptIds: number[] };
    const res = await call(h.app, admin.token, 'PUT', `/passport/web-rbac/users/${nurse.userId}`, {
      dataDeptIds: [...detail.dataDeptIds, (detail.dataDeptIds[0] ?? 0) + 1],
    });
    expect(res.body.code).toBe(0);
    expect((await profile(nurse.token)).body.code).toBe(Code.keyInfoChanged);
    const again = await signInNurse(h.app);
    const depts = (await call(h.app, again.token, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList'))
      .body.result as unknown[];
    expect(depts).toHaveLength(2);
    const badRole = await call(h.app, admin.token, 'PUT', `/passport/web-rbac/users/${nurse.userId}`, {
      roleIds: [999],
    });
    expect(badRole.body.msg).toBe('角色不存在');
    expect((await profile(again.token)).body.code).toBe(0);
  });
});

describe('single sign-on mark', () => {
  it('signs in once with a valid mark and refuses a replay, a forged or an expired one', async () => {
    const { makeSsoMark, ssoSecret } = await import('../../server/auth/ssoMark.js');
    const secret = ssoSecret(h.dataDir);
    const mark = makeSsoMark(secret, 'huli01', h.clock.now);
    const ok = await call(h.app, null, 'POST', '/passport/web-rbac/logins/ssoMarkLogin', { mark });
    expect((ok.body.result as UserInfo).username).toBe('huli01');
    expect((await profile((ok.body.result as UserInfo).token)).body.code).toBe(0);
    expect(
      (await call(h.app, null, 'POST', '/passport/web-rbac/logins/ssoMarkLogin', { mark })).body.msg,
    ).toBe('登录标记已使用');
    const forged = `${mark.split('.')[0]}.AAAA${mark.split('.')[1]?.slice(4)}`;
    expect(
      (await call(h.app, null, 'POST', '/passport/web-rbac/logins/ssoMarkLogin', { mark: forged })).body.msg,
    ).toBe('登录标记无效');
    const old = makeSsoMark(secret, 'huli01', h.clock.now - 10 * 60 * 1000);
    expect(
      (await call(h.app, null, 'POST', '/passport/web-rbac/logins/ssoMarkLogin', { mark: old })).body.msg,
    ).toBe('登录标记已过期');
  });
});
