import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionPaths } from '../../domain/api/sessionPaths.js';
import { Code } from '../../domain/codes.js';
import type { UserInfo } from '../../domain/session.js';
import { SessionLimits } from '../../server/auth/tokens.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../support/serverHarness.js';

/**
 * The wall's own session (issue #38 point 7): screenPassLogin opens it from a console session; a
 * sign-in of the same account elsewhere does not end it; sign-out, expiry and a password change do,
 * and it carries exactly the user's authority.
 */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const profile = (token: string) => call(h.app, token, 'GET', SessionPaths.proFile);
async function openWall(consoleToken: string): Promise<string> {
  const me = (await profile(consoleToken)).body.result as UserInfo;
  const res = await call(h.app, consoleToken, 'POST', SessionPaths.screenPassLogin, {
    orgId: me.orgInfo.orgId,
  });
  expect(res.body.code).toBe(0);
  return (res.body.result as { token: string }).token;
}

describe('the wall session', () => {
  it('is a token of its own that a sign-in of the same account elsewhere does not end', async () => {
    const desk = await signInAdmin(h.app);
    const wall = await openWall(desk.token);
    expect(wall).not.toBe(desk.token);
    const before = (await profile(wall)).body;
    expect(before.code).toBe(0);
    expect((before.result as UserInfo).userId).toBe(desk.userId);

    // the same account signs in on another computer: the console session ends, the wall's does not
    const elsewhere = await signInAdmin(h.app);
    expect((await profile(desk.token)).body.code).toBe(Code.signedInElsewhere);
    expect((await profile(wall)).body.code).toBe(0);
    // nor does the wall end the console session that signed in after it, nor a second wall the first
    const second = await openWall(elsewhere.token);
    expect((await profile(elsewhere.token)).body.code).toBe(0);
    expect((await profile(wall)).body.code).toBe(0);
    expect((await profile(second)).body.code).toBe(0);
    // a wall asking again keeps its own token (a wall session does not open more)
    const again = await call(h.app, wall, 'POST', SessionPaths.screenPassLogin, {
      orgId: (before.result as UserInfo).orgInfo.orgId,
    });
    expect((again.body.result as { token: string }).token).toBe(wall);
  });

  it('keeps the department chosen at the desk and the user’s authority, no more', async () => {
    const admin = await signInAdmin(h.app);
    const depts = (await call(h.app, admin.token, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList'))
      .body.result as { deptId: number }[];
    const deptId = depts[0]?.deptId ?? 0;
    await call(h.app, admin.token, 'POST', `/passport/web-rbac/logins/selectDataDeptID/${deptId}`);
    const adminWall = await openWall(admin.token);
    expect(((await profile(adminWall)).body.result as UserInfo).selectedDataDeptId).toBe(deptId);
    const nurse = await signInNurse(h.app);
    const user = `/passport/web-rbac/users/${nurse.userId}`;
    expect((await call(h.app, adminWall, 'GET', user)).body.code).toBe(0);

    // the nurse may not change accounts: neither may her wall
    const nurseWall = await openWall(nurse.token);
    const refused = await call(h.app, nurseWall, 'PUT', user, { roleIds: [1] });
    expect(refused).toMatchObject({ status: 403, body: { msg: '权限不足' } });
  });

  it('ends with its desk session’s sign-out, its own sign-out, expiry and a password change', async () => {
    const desk = await signInAdmin(h.app);
    const wall = await openWall(desk.token);
    await call(h.app, desk.token, 'GET', '/passport/web-rbac/logins/loginOut');
    expect((await profile(wall)).body.code).toBe(Code.loginExpired);

    const desk2 = await signInAdmin(h.app);
    const wall2 = await openWall(desk2.token);
    await call(h.app, wall2, 'GET', '/passport/web-rbac/logins/loginOut');
    expect((await profile(wall2)).body.code).toBe(Code.loginExpired);
    // the wall's sign-out is its own: the desk stays signed in
    expect((await profile(desk2.token)).body.code).toBe(0);

    const wall3 = await openWall(desk2.token);
    h.clock.now += SessionLimits.idleMs + 1000;
    expect((await profile(wall3)).body.code).toBe(Code.loginExpired);

    const nurse = await signInNurse(h.app);
    const nurseWall = await openWall(nurse.token);
    const changed = await call(h.app, nurse.token, 'PUT', '/passport/web-rbac/logins/userPwd', {
      newPwd: 'Newpass2026',
      oldPwd: 'Huli@2026',
      userId: nurse.userId,
    });
    expect(changed.body.code).toBe(0);
    expect((await profile(nurseWall)).body.code).toBe(Code.keyInfoChanged);
  });
});
