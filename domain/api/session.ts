import { z } from 'zod';
import { deptInfo, menuItem } from '../session.js';

/**
 * Spec 000 §7 "Login and account" and "Startup and config": sign-in, the session and the account's
 * own calls. Paths with `:name` are filled with pathWith (domain/api/path.ts).
 */

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label}无效` })
    .int(`${label}无效`)
    .positive(`${label}无效`);
const phone = z.string().regex(/^1\d{10}$/, '请输入正确的手机号');

// ── requests ──────────────────────────────────────────────────────────────────────────────────

export const checkQuery = z.object({ loginName: z.string().trim().min(1, '请输入账号').max(64) });
export const smsCodeParams = z.object({ userTelephone: phone });
export const userPhoneNumQuery = z.object({
  loginName: z.string().trim().min(1, '请输入账号').max(64),
  photoCode: z.string().min(1, '请输入图片验证码'),
  verifyStr: z.string().min(1),
});
export const userIdQuery = z.object({
  phoneNum: phone,
  smsCode: z.string().regex(/^\d{6}$/, '请输入6位短信验证码'),
  photoCode: z.string().optional(),
  photoCodes: z.string().optional(),
  verifyStr: z.string().optional(),
});
export const resetBody = z.object({
  userPassword: z.string().min(1, '请输入新密码').max(64),
  checkPass: z.string().min(1, '请再次输入新密码'),
  userId: positiveId('用户'),
  phoneNum: phone,
});
export const pwdBody = z.object({
  userPassword: z.string().min(1, '请输入新密码').max(64),
  userId: positiveId('用户'),
});
export const userPwdBody = z.object({
  newPwd: z.string().min(1, '请输入新密码').max(64),
  oldPwd: z.string().min(1, '请输入原密码'),
  userId: positiveId('用户'),
});
export const ssoMarkBody = z.object({ mark: z.string().min(10).max(1000) });
/** 0 is 全部部门: every data department the user holds (server/http/deptScope.ts). */
export const selectDeptParams = z.object({
  deptId: z.coerce.number({ error: '数据部门无效' }).int('数据部门无效').min(0, '数据部门无效'),
});
export const menuParams = z.object({ landingEndId: positiveId('登录端') });
export const checkDeptLandingQuery = z.object({
  userId: positiveId('用户'),
  deptName: z.string().min(1).max(64),
  landingName: z.string().min(1).max(64),
});
export const screenPassLoginBody = z.object({ orgId: positiveId('机构') });

// ── answers ───────────────────────────────────────────────────────────────────────────────────

export const photoCodeAnswer = z.object({
  verifyStr: z.string(),
  /** An SVG picture as a data: URL. */
  image: z.string(),
});
export const checkAnswer = z.object({ needPhotoCode: z.boolean() });
export const registerAnswer = z.object({ userId: z.number().int() });
/** Masked: 138****5678. */
export const userPhoneNumAnswer = z.object({ phoneNum: z.string() });
export const userIdAnswer = z.number().int();
/** The user id, or '' when the token names no live session. */
export const getUserIdAnswer = z.union([z.number().int(), z.literal('')]);
export const selectDeptAnswer = z.union([
  deptInfo,
  z.object({ deptId: z.number().int(), deptName: z.string() }),
]);
export const dataDeptListAnswer = z.array(deptInfo);
export const buttonAnswer = z.array(z.object({ code: z.string(), menuName: z.string() }));
export const menuAnswer = z.array(menuItem);
export const screenPassLoginAnswer = z.object({
  token: z.string().optional(),
  orgInfo: z.object({
    orgId: z.number().int(),
    orgName: z.string(),
    orgCode: z.string(),
    orgLevel: z.number().int(),
  }),
});
export const checkDeptLandingAnswer = z.boolean();
