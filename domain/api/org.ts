import { z } from 'zod';
import { empInfo, orgInfo } from '../session.js';

/**
 * Spec 000 §7 "Login and account": the users, the institution and its staff, where each call is and
 * what it answers. `:name` is filled with pathWith (domain/api/path.ts).
 */
const USERS = '/passport/web-rbac/users';
export const UserPaths = {
  list: USERS,
  one: `${USERS}/:userId`,
  orgInfo: '/pims/web-org/orgInfos/:id',
  orgInfoSave: '/pims/web-org/orgInfos/:orgId/orgInfoAndQualifications',
  emp: '/ifms/web-org/emp/:empId',
  empSave: '/ifms/web-org/emp',
} as const;

const positive = z.coerce.number().int().positive();

// ── users, the institution, staff ──────────────────────────────────────────────────────────────

export const userParams = z.object({ userId: positive });
const ids = z.array(positive).max(100);
export const userUpdate = z.object({
  status: z.coerce.number().int().min(0).max(1).optional(),
  phoneNum: z
    .string()
    .regex(/^1\d{10}$/, '请输入正确的手机号')
    .optional(),
  roleIds: ids.optional(),
  deptId: positive.optional(),
  dataDeptIds: ids.optional(),
  /** An administrator's new initial password; the user must change it at the next sign-in. */
  userPassword: z.string().min(1, '请输入新密码').max(64).optional(),
});
export type UserUpdate = z.output<typeof userUpdate>;
/** One account with its roles and data departments (the user edit dialog, 个人信息). */
export const userDetail = z.object({
  userId: z.number().int(),
  loginName: z.string(),
  phoneNum: z.string(),
  status: z.number().int(),
  isAdmin: z.number().int(),
  lastLoginTime: z.string().nullable(),
  empId: z.number().int(),
  empName: z.string(),
  deptId: z.number().int(),
  roleIds: z.array(z.number().int()),
  dataDeptIds: z.array(z.number().int()),
});
export type UserDetail = z.infer<typeof userDetail>;

export const orgInfoParams = z.object({ id: positive });
export const orgSaveParams = z.object({ orgId: positive });
const qualification = z.object({ name: z.string().max(64), urlPath: z.string().max(300) });
export const orgInfoBody = z.object({
  orgName: z.string().trim().min(1, '请输入机构名称').max(64),
  address: z.string().max(200).default(''),
  phone: z.string().max(32).default(''),
  qualifications: z.array(qualification).max(50).default([]),
});
export const orgInfoAnswer = orgInfo.extend({
  address: z.string(),
  phone: z.string(),
  qualifications: z.unknown(),
});

export const empParams = z.object({ empId: positive });
export const empBody = z.object({
  empId: positive,
  empName: z.string().trim().min(1, '请输入姓名').max(32),
  phoneNum: z.string().regex(/^1\d{10}$/, '请输入正确的手机号'),
  sex: z.coerce.number().int().min(0).max(1),
  language: z.string().max(16).default('zh-CN'),
  headImage: z
    .string()
    .max(300)
    .regex(/^(\/files\/images\/[\w.-]+)?$/, '头像图片地址无效')
    .optional(),
});
export const empAnswer = empInfo;
