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
/** One certificate of the institution (营业执照, 养老机构备案回执…): its name and the scan's stored path. */
export const qualification = z.object({
  name: z
    .string({ error: '请输入资质名称' })
    .trim()
    .min(1, '请输入资质名称')
    .max(64, '资质名称不能超过64个字'),
  urlPath: z
    .string({ error: '请上传资质图片' })
    .min(1, '请上传资质图片')
    .max(300)
    .regex(/^\/files\/images\/[\w.-]+$/, '资质图片地址无效'),
});
export type Qualification = z.infer<typeof qualification>;
/** A landline (0571-88886666, with an extension) or a mobile number, or nothing. */
const orgPhone = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})?$/;
export const orgInfoBody = z.object({
  orgName: z
    .string({ error: '请输入机构名称' })
    .trim()
    .min(1, '请输入机构名称')
    .max(64, '机构名称不能超过64个字'),
  address: z.string().trim().max(200, '地址不能超过200个字').default(''),
  phone: z.string().trim().regex(orgPhone, '请输入正确的联系电话（如 0571-88886666 或手机号）').default(''),
  qualifications: z.array(qualification).max(20, '资质证照最多20项').default([]),
});
export type OrgInfoBody = z.infer<typeof orgInfoBody>;
export const orgInfoAnswer = orgInfo.extend({
  address: z.string(),
  phone: z.string(),
  qualifications: z.array(qualification),
});
export type OrgRecord = z.infer<typeof orgInfoAnswer>;

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
