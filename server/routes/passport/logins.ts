import {
  checkAnswer,
  checkQuery,
  photoCodeAnswer,
  pwdBody,
  registerAnswer,
  resetBody,
  smsCodeParams,
  ssoMarkBody,
  userIdAnswer,
  userIdQuery,
  userPhoneNumAnswer,
  userPhoneNumQuery,
  userPwdBody,
} from '../../../domain/api/session.js';
import { LoginPaths } from '../../../domain/api/sessionPaths.js';
import { Code } from '../../../domain/codes.js';
import { loginPayload, registerPayload, userInfo } from '../../../domain/session.js';
import {
  checkPhotoCode,
  clearFailures,
  consumeVerifiedSms,
  failuresOf,
  issueSmsCode,
  newPhotoCode,
  recordFailure,
  verifySmsCode,
} from '../../auth/challenges.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/password.js';
import { redeemSsoMark, ssoSecret } from '../../auth/ssoMark.js';
import { createSession, endSession, endSessionsOfUser } from '../../auth/tokens.js';
import { buildUserInfo } from '../../auth/userInfo.js';
import { defaultOrgId, readConfig } from '../../config.js';
import { ApiFailure } from '../../http/failure.js';
import { clearFileCookie, setFileCookie } from '../../http/files.js';
import { writeOperationLog } from '../../http/operationLog.js';
import { type AnyRoute, route, tokenOf } from '../../http/route.js';
import { noQuery, noResult } from '../../http/schemas.js';

/** Account checks per address per minute (the sign-in page asks once per name typed). */
const CHECKS_PER_MINUTE = 30;
/** Verified against when the login name is unknown, so a wrong name takes as long as a wrong password. */
let dummyHash: Promise<string> | null = null;

export function loginRoutes(opts: { loginRatePerMinute: number }): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: LoginPaths.login,
      auth: 'public',
      summary: '登录',
      body: loginPayload,
      response: userInfo,
      rateLimit: { max: opts.loginRatePerMinute, timeWindow: 60_000 },
      log: false,
      async handler({ body, db, services, req, reply }) {
        const now = services.now();
        const orgId = await defaultOrgId(db);
        const [photoRule, loginRule, failures] = await Promise.all([
          readConfig(db, orgId, 'photoCodeConfig'),
          readConfig(db, orgId, 'loginConfig'),
          failuresOf(db, body.loginName, now),
        ]);
        if (failures >= loginRule.maxFailures)
          throw new ApiFailure(Code.tooManyAttempts, '密码错误次数过多，请15分钟后再试');
        if (photoRule.mode === 'ALWAYS' || failures >= photoRule.afterFailures) {
          await checkPhotoCode(db, body.verifyStr, body.photoCode, now);
        }
        const user = await db
          .selectFrom('users')
          .selectAll()
          .where('loginName', '=', body.loginName)
          .executeTakeFirst();
        dummyHash ??= hashPassword('not-a-password-1');
        const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), body.loginPassword);
        if (!user || !ok) {
          const count = await recordFailure(db, body.loginName, now);
          await writeOperationLog(
            db,
            req,
            user ? { userId: user.userId, orgId: user.orgId, loginName: user.loginName } : null,
            { type: 'LOGIN_FAIL', name: `登录失败（第${count}次）` },
            { loginName: body.loginName },
          );
          throw new ApiFailure(Code.wrongCredentials);
        }
        if (user.status !== 0) throw new ApiFailure(Code.accountDisabled);
        const token = await db.transaction().execute(async (trx) => {
          const t = await createSession(trx, user.userId, user.keyVersion, req.ip, now);
          await trx
            .updateTable('users')
            .set({ lastLoginTime: new Date(now).toISOString() })
            .where('userId', '=', user.userId)
            .execute();
          await writeOperationLog(
            trx,
            req,
            { userId: user.userId, orgId: user.orgId, loginName: user.loginName },
            { type: 'LOGIN', name: '登录系统' },
            { loginName: body.loginName },
          );
          return t;
        });
        await clearFailures(db, body.loginName);
        setFileCookie(req, reply, token);
        const info = await buildUserInfo(db, user.userId, token, null, req.ip);
        return { ...info, lastLoginTime: user.lastLoginTime };
      },
    }),
    route({
      method: 'GET',
      url: LoginPaths.loginOut,
      auth: 'public',
      summary: '退出登录',
      query: noQuery,
      response: noResult,
      async handler({ db, req, reply, user }) {
        const token = tokenOf(req);
        clearFileCookie(req, reply);
        if (!token || !user) return null;
        await db.transaction().execute(async (trx) => {
          // the wall sessions opened from this one end with it (issue #38 point 7)
          await endSession(trx, user.tokenHash, Code.loginExpired);
          await writeOperationLog(trx, req, user, { type: 'LOGOUT', name: '退出系统' }, null);
        });
        return null;
      },
    }),
    route({
      method: 'GET',
      url: LoginPaths.getPhotoCode,
      auth: 'public',
      summary: '图形验证码',
      query: noQuery,
      response: photoCodeAnswer,
      rateLimit: { max: 60, timeWindow: 60_000 },
      handler: ({ db, services }) => newPhotoCode(db, services.now()),
    }),
    route({
      method: 'GET',
      url: LoginPaths.check,
      auth: 'public',
      summary: '登录前检查账号',
      query: checkQuery,
      response: checkAnswer,
      // Asked as the name is typed: limited per address, and alike for names that exist and names
      // that do not (failures are counted per name either way), so it lists no accounts (issue #20).
      rateLimit: { max: CHECKS_PER_MINUTE, timeWindow: 60_000 },
      async handler({ query, db, services }) {
        const orgId = await defaultOrgId(db);
        const [rule, failures] = await Promise.all([
          readConfig(db, orgId, 'photoCodeConfig'),
          failuresOf(db, query.loginName, services.now()),
        ]);
        return { needPhotoCode: rule.mode === 'ALWAYS' || failures >= rule.afterFailures };
      },
    }),
    route({
      method: 'GET',
      url: LoginPaths.getSmsCode,
      auth: 'public',
      params: smsCodeParams,
      query: noQuery,
      response: noResult,
      rateLimit: { max: 5, timeWindow: 60_000 },
      log: { type: 'SMS', name: '发送短信验证码' },
      async handler({ params, db, services }) {
        const code = await issueSmsCode(db, params.userTelephone, services.now());
        if (code)
          await services.sms.send(params.userTelephone, `【智慧养老平台】您的验证码是${code}，5分钟内有效。`);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: LoginPaths.register,
      auth: 'public',
      body: registerPayload,
      response: registerAnswer,
      rateLimit: { max: 10, timeWindow: 60_000 },
      log: { type: 'REGISTER', name: '注册账号' },
      async handler({ body, db, services, logAs }) {
        const now = services.now();
        if (body.userPassword !== body.repactPassword) throw new ApiFailure(Code.passwordMismatch);
        const weak = passwordProblem(body.userPassword);
        if (weak) throw new ApiFailure(Code.passwordWeak, weak);
        await checkPhotoCode(db, body.verifyStr, body.photoCode, now);
        await verifySmsCode(db, body.userTelephone, body.smsCode, now);
        await consumeVerifiedSms(db, body.userTelephone, now);
        const taken = await db
          .selectFrom('users')
          .select('userId')
          .where((eb) =>
            eb.or([eb('loginName', '=', body.userName), eb('phoneNum', '=', body.userTelephone)]),
          )
          .executeTakeFirst();
        if (taken) throw new ApiFailure(Code.userExists, '该用户名或手机号已注册');
        const orgId = await defaultOrgId(db);
        const dept = await db
          .selectFrom('dept')
          .select('deptId')
          .where('orgId', '=', orgId)
          .orderBy('deptId')
          .executeTakeFirstOrThrow();
        const { empId } = await db
          .insertInto('emp')
          .values({
            orgId,
            deptId: dept.deptId,
            empName: body.userName,
            empType: 'REGISTERED',
            phoneNum: body.userTelephone,
            sex: 0,
            status: 0,
            msgAuth: 1,
            language: 'zh-CN',
            jobIds: '',
            nursingLevel: null,
          })
          .returning('empId')
          .executeTakeFirstOrThrow();
        const { userId } = await db
          .insertInto('users')
          .values({
            orgId,
            empId,
            loginName: body.userName,
            passwordHash: await hashPassword(body.userPassword),
            phoneNum: body.userTelephone,
            isAdmin: 0,
            status: 0,
            resetPassword: 0,
            keyVersion: 1,
            lastLoginTime: null,
            createdAt: new Date(now).toISOString(),
          })
          .returning('userId')
          .executeTakeFirstOrThrow();
        logAs({ userId, orgId, loginName: body.userName });
        return { userId };
      },
    }),
    route({
      method: 'GET',
      url: LoginPaths.userPhoneNum,
      auth: 'public',
      summary: '找回密码：账号的手机号',
      query: userPhoneNumQuery,
      response: userPhoneNumAnswer,
      rateLimit: { max: 10, timeWindow: 60_000 },
      log: false,
      async handler({ query, db, services }) {
        await checkPhotoCode(db, query.verifyStr, query.photoCode, services.now());
        const user = await db
          .selectFrom('users')
          .select('phoneNum')
          .where('loginName', '=', query.loginName)
          .executeTakeFirst();
        if (!user) throw new ApiFailure(Code.notFound, '账号不存在');
        // Only a masked number: whoever asks must know the full number to receive the code.
        return { phoneNum: `${user.phoneNum.slice(0, 3)}****${user.phoneNum.slice(7)}` };
      },
    }),
    route({
      method: 'GET',
      url: LoginPaths.userId,
      auth: 'public',
      summary: '找回密码：核验短信验证码',
      query: userIdQuery,
      response: userIdAnswer,
      rateLimit: { max: 10, timeWindow: 60_000 },
      log: false,
      async handler({ query, db, services }) {
        await verifySmsCode(db, query.phoneNum, query.smsCode, services.now());
        const user = await db
          .selectFrom('users')
          .select('userId')
          .where('phoneNum', '=', query.phoneNum)
          .executeTakeFirst();
        if (!user) throw new ApiFailure(Code.notFound, '该手机号未绑定账号');
        return user.userId;
      },
    }),
    route({
      method: 'PUT',
      url: LoginPaths.reset,
      auth: 'public',
      body: resetBody,
      response: noResult,
      log: { type: 'RESET_PWD', name: '找回密码' },
      async handler({ body, db, services, logAs }) {
        if (body.userPassword !== body.checkPass) throw new ApiFailure(Code.passwordMismatch);
        const weak = passwordProblem(body.userPassword);
        if (weak) throw new ApiFailure(Code.passwordWeak, weak);
        const user = await db
          .selectFrom('users')
          .selectAll()
          .where('userId', '=', body.userId)
          .where('phoneNum', '=', body.phoneNum)
          .executeTakeFirst();
        if (!user) throw new ApiFailure(Code.notFound, '账号与手机号不匹配');
        await consumeVerifiedSms(db, body.phoneNum, services.now());
        await changePassword(db, user.userId, body.userPassword, user.keyVersion);
        logAs({ userId: user.userId, orgId: user.orgId, loginName: user.loginName });
        return null;
      },
    }),
    route({
      method: 'PUT',
      url: LoginPaths.pwd,
      auth: 'session',
      body: pwdBody,
      response: noResult,
      log: { type: 'UPDATE_PWD', name: '首次登录修改密码' },
      async handler({ body, db, user }) {
        if (body.userId !== user.userId) throw new ApiFailure(Code.noAuthority, '只能修改本人密码');
        const weak = passwordProblem(body.userPassword);
        if (weak) throw new ApiFailure(Code.passwordWeak, weak);
        const row = await db
          .selectFrom('users')
          .select('keyVersion')
          .where('userId', '=', user.userId)
          .executeTakeFirstOrThrow();
        await changePassword(db, user.userId, body.userPassword, row.keyVersion);
        return null;
      },
    }),
    route({
      method: 'PUT',
      url: LoginPaths.userPwd,
      auth: 'session',
      body: userPwdBody,
      response: noResult,
      log: { type: 'UPDATE_PWD', name: '修改密码' },
      async handler({ body, db, user }) {
        if (body.userId !== user.userId) throw new ApiFailure(Code.noAuthority, '只能修改本人密码');
        const row = await db
          .selectFrom('users')
          .select(['passwordHash', 'keyVersion'])
          .where('userId', '=', user.userId)
          .executeTakeFirstOrThrow();
        if (!(await verifyPassword(row.passwordHash, body.oldPwd)))
          throw new ApiFailure(Code.wrongCredentials, '原密码错误');
        const weak = passwordProblem(body.newPwd);
        if (weak) throw new ApiFailure(Code.passwordWeak, weak);
        await changePassword(db, user.userId, body.newPwd, row.keyVersion);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: LoginPaths.ssoMarkLogin,
      auth: 'public',
      summary: '单点登录',
      body: ssoMarkBody,
      response: userInfo,
      rateLimit: { max: 30, timeWindow: 60_000 },
      log: false,
      async handler({ body, db, services, req, reply }) {
        const now = services.now();
        const loginName = await redeemSsoMark(db, ssoSecret(services.dataDir), body.mark, now);
        const user = await db
          .selectFrom('users')
          .selectAll()
          .where('loginName', '=', loginName)
          .executeTakeFirst();
        if (user?.status !== 0) throw new ApiFailure(Code.accountDisabled);
        const token = await db.transaction().execute(async (trx) => {
          const t = await createSession(trx, user.userId, user.keyVersion, req.ip, now);
          await writeOperationLog(
            trx,
            req,
            { userId: user.userId, orgId: user.orgId, loginName },
            { type: 'LOGIN', name: '单点登录' },
            { loginName },
          );
          return t;
        });
        setFileCookie(req, reply, token);
        return buildUserInfo(db, user.userId, token, null, req.ip);
      },
    }),
  ];
}

/** A new password ends every session of the user with 4013 (key information changed). */
async function changePassword(
  db: Parameters<typeof endSessionsOfUser>[0],
  userId: number,
  password: string,
  keyVersion: number,
) {
  await db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password), resetPassword: 0, keyVersion: keyVersion + 1 })
    .where('userId', '=', userId)
    .execute();
  await endSessionsOfUser(db, userId, Code.keyInfoChanged);
}
