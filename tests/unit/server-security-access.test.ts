import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { allRoutes } from '../../server/modules/index.js';
import { call, multipart, signIn, signInAdmin, signInNurse, startTestApp } from '../support/serverHarness.js';

/** Issue #20 items 5, 6 and 9: outsiders, department scope of the ID-card checks, account enumeration. */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

async function register(userName: string, phone: string) {
  const { verifyStr } = (await call(h.app, null, 'GET', '/passport/web-rbac/logins/getPhotoCode')).body
    .result as {
    verifyStr: string;
  };
  const { code: photoCode } = await h.app.services.db
    .selectFrom('photoCode')
    .select('code')
    .where('verifyStr', '=', verifyStr)
    .executeTakeFirstOrThrow();
  await call(h.app, null, 'GET', `/passport/web-rbac/logins/getSmsCode/${phone}`);
  const smsCode = /(\d{6})/.exec(h.sms.at(-1)?.text ?? '')?.[1] ?? '';
  const res = await call(h.app, null, 'POST', '/passport/web-rbac/logins/register', {
    userName,
    userPassword: 'Outsider2026',
    repactPassword: 'Outsider2026',
    userTelephone: phone,
    smsCode,
    photoCode,
    verifyStr,
  });
  expect(res.body.code).toBe(0);
  return signIn(h.app, userName, 'Outsider2026');
}

/** What a self-registered user without roles still reaches: their own session and account. */
const OWN = new Set([
  'GET /pims/web-pi/oldmans/proFile',
  'GET /passport/web-rbac/logins/getDataDeptInfoList',
  'GET /passport/web-rbac/logins/menu/button',
  'GET /passport/web-rbac/systemConfigs/userIsPass',
  'GET /pims/web-pi/device/set/mattress',
  'GET /passport/web-rbac/iconConfig',
  'GET /pims/web-org/versionRecord',
  'GET /pims/web-org/versionRecord/isShow',
  // Own departments only; asked without its query here, so it answers 10001.
  'GET /omms/web-rbac/logins/checkDeptLanding',
]);

describe('a self-registered user without roles (item 5)', () => {
  it('reads no session-level list until an administrator grants a role', async () => {
    const outsider = await register('waibu01', '13911112222');
    const lists = allRoutes({ loginRatePerMinute: 30 }).filter(
      (r) => r.method === 'GET' && r.auth === 'session' && !r.url.includes(':'),
    );
    expect(lists.length).toBeGreaterThan(30);
    const reached: string[] = [];
    for (const r of lists) {
      const res = await call(h.app, outsider.token, 'GET', r.url);
      const key = `GET ${r.url}`;
      if (OWN.has(key)) expect(res.body.code, key).not.toBe(401);
      else if (res.status !== 403 || res.body.code !== 401)
        reached.push(`${key} → ${res.status} ${res.body.code}`);
    }
    expect(reached).toEqual([]);
    // Another staff member's record (name, phone) neither.
    const other = await call(h.app, outsider.token, 'GET', '/ifms/web-org/emp/1');
    expect(other.body).toMatchObject({ code: 401, msg: '权限不足' });

    const admin = await signInAdmin(h.app);
    const roles = (await call(h.app, admin.token, 'GET', '/passport/web-rbac/roles?pageNum=1&pageSize=999'))
      .body.result as { list: { roleId: number; name: string }[] };
    const role = roles.list[0];
    if (!role) throw new Error('no role seeded');
    const granted = await call(h.app, admin.token, 'PUT', `/passport/web-rbac/users/${outsider.userId}`, {
      roleIds: [role.roleId],
    });
    expect(granted.body.code).toBe(0);
    const again = await signIn(h.app, 'waibu01', 'Outsider2026');
    expect((await call(h.app, again.token, 'GET', '/ifms/web-org/depts')).body.code).toBe(0);
  });

  it('keeps their own profile and account', async () => {
    const outsider = await register('waibu02', '13911113333');
    const profile = await call(h.app, outsider.token, 'GET', '/pims/web-pi/oldmans/proFile');
    expect(profile.body.code).toBe(0);
    const empId = (profile.body.result as { empInfo: { empId: number } }).empInfo.empId;
    expect((await call(h.app, outsider.token, 'GET', `/ifms/web-org/emp/${empId}`)).body.code).toBe(0);
    expect(
      (await call(h.app, outsider.token, 'GET', `/passport/web-rbac/users/${outsider.userId}`)).body.code,
    ).toBe(0);
    const changed = await call(h.app, outsider.token, 'PUT', '/passport/web-rbac/logins/userPwd', {
      oldPwd: 'Outsider2026',
      newPwd: 'Outsider2027',
      userId: outsider.userId,
    });
    expect(changed.body.code).toBe(0);
  });

  it('may not upload', async () => {
    const outsider = await register('waibu03', '13911114444');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
    for (const url of [
      '/pims/web-org/common/upload',
      '/pims/web-org/common/video/upload',
      '/pims/web-pi/file/stream',
      '/bmms/web-bm/file/scale',
      '/homecare/web-api/upload/single',
    ]) {
      const res = await multipart(h.app, outsider.token, url, { name: 'a.png', bytes: png });
      expect(res.body, url).toMatchObject({ code: 401, msg: '权限不足' });
    }
    const stored = await h.app.services.db
      .selectFrom('storedFile')
      .select('fileId')
      .where('relPath', 'not like', 'photos/%') // the seeded album photos
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('hears no broadcast notice of the institution on /push', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const outsider = await register('waibu04', '13911115555');
    const admin = await signInAdmin(h.app);
    const listeners = [outsider, admin].map(({ token }) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/push`);
      const messages: { type: string }[] = [];
      ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
      return { ws, messages };
    });
    for (const l of listeners) await expect.poll(() => l.messages).toContainEqual({ type: 'auth.ok' });
    await call(h.app, admin.token, 'POST', '/wnms/web-wn/systemConfig/broad', {
      title: '排班调整',
      content: '下周起',
    });
    await expect.poll(() => listeners[1]?.messages.some((m) => m.type === 'notice')).toBe(true);
    expect(listeners[0]?.messages).toEqual([{ type: 'auth.ok' }]);
    for (const l of listeners) l.ws.close();
  });
});

/** An elder of the demo home outside the nurse's only data department (护理一部), and one inside. */
async function eldersAroundNurse() {
  const db = h.app.services.db;
  const dept = await db
    .selectFrom('dept')
    .select('deptId')
    .where('orgId', '=', 1)
    .where('deptName', '=', '护理一部')
    .executeTakeFirstOrThrow();
  const elder = (inside: boolean) =>
    db
      .selectFrom('oldman')
      .select(['oldmanId', 'oldmanName', 'oldmanIdcard'])
      .where('orgId', '=', 1)
      .where('deptId', inside ? '=' : '!=', dept.deptId)
      .executeTakeFirstOrThrow();
  return { outside: await elder(false), inside: await elder(true) };
}

describe('ID-card look-ups keep to the data departments (item 6)', () => {
  it('getOldmanByIdCard refuses an elder of another department', async () => {
    const nurse = await signInNurse(h.app);
    const { outside, inside } = await eldersAroundNurse();
    const refused = await call(
      h.app,
      nurse.token,
      'GET',
      `/pims/web-pi/oldmans/proFile/getOldmanByIdCard/${outside.oldmanIdcard}`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 10301, msg: '无权访问该数据部门', result: null });
    const own = await call(
      h.app,
      nurse.token,
      'GET',
      `/pims/web-pi/oldmans/proFile/getOldmanByIdCard/${inside.oldmanIdcard}`,
    );
    expect(own.body.result).toMatchObject({ oldmanName: inside.oldmanName });
  });

  it('the consultation check says the number is taken without naming an elder of another department', async () => {
    const nurse = await signInNurse(h.app);
    const { outside, inside } = await eldersAroundNurse();
    const hidden = await call(
      h.app,
      nurse.token,
      'GET',
      `/pims/web-org/consultations/check/${outside.oldmanIdcard}`,
    );
    expect(hidden.body.code).toBe(0);
    expect(hidden.body.result).toMatchObject({
      oldman: null,
      free: false,
      message: '该身份证号已在其他数据部门登记',
    });
    expect(JSON.stringify(hidden.body)).not.toContain(outside.oldmanName);
    const own = await call(
      h.app,
      nurse.token,
      'GET',
      `/pims/web-org/consultations/check/${inside.oldmanIdcard}`,
    );
    expect(own.body.result).toMatchObject({ oldman: { oldmanName: inside.oldmanName }, free: false });
    const admin = await signInAdmin(h.app);
    const all = await call(
      h.app,
      admin.token,
      'GET',
      `/pims/web-org/consultations/check/${outside.oldmanIdcard}`,
    );
    expect(all.body.result).toMatchObject({ oldman: { oldmanName: outside.oldmanName } });
  });
});

describe('the account check (item 9)', () => {
  const check = (loginName: string, remoteAddress = '198.51.100.4') =>
    h.app.inject({
      method: 'GET',
      url: `/passport/web-rbac/logins/check?loginName=${loginName}`,
      remoteAddress,
    });

  it('answers alike for an account that exists and one that does not, after failures too', async () => {
    expect((await check('admin')).json()).toEqual((await check('nobody-here')).json());
    for (const loginName of ['admin', 'nobody-here'])
      for (let i = 0; i < 3; i++)
        await h.app.inject({
          method: 'POST',
          url: '/passport/web-rbac/logins/login',
          payload: { loginName, loginPassword: 'wrong-password-1' },
        });
    const known = (await check('admin')).json();
    expect(known).toEqual((await check('nobody-here')).json());
    expect(JSON.stringify(known)).not.toMatch(/exist|failures/);
  });

  it('is rate-limited per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await check(`name${i}`)).statusCode);
    expect(answers[0]).toBe(200);
    expect(answers.at(-1)).toBe(429);
    expect((await check('admin')).json()).toEqual({
      code: 10105,
      msg: '尝试次数过多，请稍后再试',
      result: null,
    });
    expect((await check('admin', '198.51.100.5')).statusCode).toBe(200);
  });
});
