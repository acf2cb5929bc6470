import { z } from 'zod';

/** Spec 000 §3 "Login payload". */
export const loginPayload = z.object({
  loginName: z.string().trim().min(1, '请输入账号').max(64),
  loginPassword: z.string().min(1, '请输入密码').max(128),
  photoCode: z.string().max(16).optional().default(''),
  verifyStr: z.string().max(128).optional().default(''),
  orgLevel: z.union([z.string(), z.number()]).optional(),
});
export type LoginPayload = z.infer<typeof loginPayload>;

/** Spec 000 §3 "Register". */
export const registerPayload = z.object({
  userName: z.string().trim().min(2, '用户名至少2个字符').max(32),
  userPassword: z.string().min(8, '密码至少8位').max(64),
  repactPassword: z.string().min(1, '请再次输入密码'),
  userTelephone: z.string().regex(/^1\d{10}$/, '请输入正确的手机号'),
  photoCode: z.string().min(1, '请输入图片验证码'),
  verifyStr: z.string().min(1),
  smsCode: z.string().regex(/^\d{6}$/, '请输入6位短信验证码'),
  resource: z.coerce.number().int().default(1),
});

/** Spec 000 §3 "landingEndList". */
export const landingEnd = z.object({
  landingEndId: z.number().int(),
  deviceType: z.string(),
  landingEndCode: z.string(),
  landingEndName: z.string(),
});
export type LandingEnd = z.infer<typeof landingEnd>;

/** Spec 000 §3 "empInfo": the staff record of the signed-in user. */
export const empInfo = z.object({
  empId: z.number().int(),
  empName: z.string(),
  empType: z.string(),
  deptId: z.number().int(),
  orgId: z.number().int(),
  phoneNum: z.string(),
  sex: z.number().int(),
  status: z.number().int(),
  msgAuth: z.number().int(),
  language: z.string(),
  jobIds: z.string(),
  nursingLevel: z.string().nullable(),
  /** The avatar, a path under /files/images/ ('' without one). */
  headImage: z.string(),
});
export type EmpInfo = z.infer<typeof empInfo>;

/** Spec 000 §3 "deptInfo" (also each of dataDeptInfoList). */
export const deptInfo = z.object({
  deptId: z.number().int(),
  deptName: z.string(),
  deptLevel: z.number().int(),
  deptType: z.string(),
  parentId: z.number().int(),
  orgId: z.number().int(),
  ward: z.number().int(),
  inpatient: z.number().int(),
  outpatient: z.number().int(),
  deptKey: z.string(),
});
export type DeptInfo = z.infer<typeof deptInfo>;

/** Spec 000 §3 "orgInfo". */
export const orgInfo = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  orgLevel: z.number().int(),
  orgCode: z.string(),
  orgStatus: z.number().int(),
  parentId: z.number().int(),
  source: z.string(),
});
export type OrgInfo = z.infer<typeof orgInfo>;

export const jobInfo = z.object({
  jobId: z.number().int(),
  jobName: z.string(),
  jobTypeCode: z.string(),
  jobTypeName: z.string(),
});
export type JobInfo = z.infer<typeof jobInfo>;

export const authorityItem = z.object({ code: z.string(), menuName: z.string() });
export type AuthorityItem = z.infer<typeof authorityItem>;

export const quickEntry = z.object({ menuId: z.number().int(), menuName: z.string(), routePath: z.string() });
export type QuickEntry = z.infer<typeof quickEntry>;

/** Spec 000 §3 "Logged-in user info": the result of login and of proFile. */
export const userInfo = z.object({
  userId: z.number().int(),
  token: z.string(),
  /**
   * The MQTT client id the server issued for this token (spec 000 §3 key mqttClientId); the broker
   * accepts a console only with it, or with it and "-<tab>" (server/broker/clientIds.ts).
   */
  mqttClientId: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  ipAddress: z.string(),
  lastLoginTime: z.string().nullable(),
  loginTime: z.string(),
  /** 1 when the user must change the password before working. */
  resetPassword: z.number().int(),
  landingEndList: z.array(landingEnd),
  empInfo,
  deptInfo,
  orgInfo,
  jobInfo: z.array(jobInfo),
  dataDeptInfoList: z.array(deptInfo),
  authority: z.array(authorityItem),
  quickEntry: z.array(quickEntry),
  /**
   * The data department chosen with selectDataDeptID, ALL_DATA_DEPTS (0) for 全部部门, or null
   * before the choice.
   */
  selectedDataDeptId: z.number().int().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const menuTypes = ['MENU', 'FUNC', 'CUSTOM_FUNC', 'IN_LINK'] as const;
export type MenuType = (typeof menuTypes)[number];
/** Spec 000 §3 "Menu item" as the server sends it. */
export interface MenuItem {
  menuId: number;
  menuType: MenuType;
  menuName: string;
  code: string;
  routePath: string;
  icon: string;
  menuLink: string;
  children: MenuItem[];
}
// a tree, named for /openapi.json like LocationNode (domain/api/lookups.ts)
export const menuItem: z.ZodType<MenuItem> = z
  .object({
    menuId: z.number().int(),
    menuType: z.enum(menuTypes),
    menuName: z.string(),
    code: z.string(),
    routePath: z.string(),
    icon: z.string(),
    menuLink: z.string(),
    /** The nodes below, each shaped as this one. */
    children: z.array(z.lazy(() => menuItem)),
  })
  .meta({ id: 'MenuItem' });
