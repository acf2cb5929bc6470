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

export interface LandingEnd {
  landingEndId: number;
  deviceType: string;
  landingEndCode: string;
  landingEndName: string;
}
export interface EmpInfo {
  empId: number;
  empName: string;
  empType: string;
  deptId: number;
  orgId: number;
  phoneNum: string;
  sex: number;
  status: number;
  msgAuth: number;
  language: string;
  jobIds: string;
  nursingLevel: string | null;
}
export interface DeptInfo {
  deptId: number;
  deptName: string;
  deptLevel: number;
  deptType: string;
  parentId: number;
  orgId: number;
  ward: number;
  inpatient: number;
  outpatient: number;
  deptKey: string;
}
export interface OrgInfo {
  orgId: number;
  orgName: string;
  orgLevel: number;
  orgCode: string;
  orgStatus: number;
  parentId: number;
  source: string;
}
export interface JobInfo {
  jobId: number;
  jobName: string;
  jobTypeCode: string;
  jobTypeName: string;
}
export interface AuthorityItem {
  code: string;
  menuName: string;
}
export interface QuickEntry {
  menuId: number;
  menuName: string;
  routePath: string;
}

/** Spec 000 §3 "Logged-in user info": the result of login and of proFile. */
export interface UserInfo {
  userId: number;
  token: string;
  /**
   * The MQTT client id the server issued for this token (spec 000 §3 key mqttClientId); the broker
   * accepts a console only with it, or with it and "-<tab>" (server/broker/clientIds.ts).
   */
  mqttClientId: string;
  username: string;
  isAdmin: boolean;
  ipAddress: string;
  lastLoginTime: string | null;
  loginTime: string;
  /** 1 when the user must change the password before working. */
  resetPassword: number;
  landingEndList: LandingEnd[];
  empInfo: EmpInfo;
  deptInfo: DeptInfo;
  orgInfo: OrgInfo;
  jobInfo: JobInfo[];
  dataDeptInfoList: DeptInfo[];
  authority: AuthorityItem[];
  quickEntry: QuickEntry[];
  /**
   * The data department chosen with selectDataDeptID, ALL_DATA_DEPTS (0) for 全部部门, or null
   * before the choice.
   */
  selectedDataDeptId: number | null;
}

/**
 * selectDataDeptID/0: every data department the user holds (全部部门), offered to those who hold
 * several (spec 000 §4 leaves the choice's form open; our decision, docs/decisions.md).
 */
export const ALL_DATA_DEPTS = 0;
export const ALL_DATA_DEPTS_NAME = '全部部门';

type DeptChoiceUser = Pick<UserInfo, 'dataDeptInfoList' | 'selectedDataDeptId'>;

/** What the department dialog offers: 全部部门 first for a user with several, then each department. */
export function dataDeptChoices(user: DeptChoiceUser): { deptId: number; deptName: string }[] {
  const each = user.dataDeptInfoList.map((d) => ({ deptId: d.deptId, deptName: d.deptName }));
  return each.length > 1 ? [{ deptId: ALL_DATA_DEPTS, deptName: ALL_DATA_DEPTS_NAME }, ...each] : each;
}

/** The name of the data department in use, as the header shows it ('' before the choice). */
export function dataDeptName(user: DeptChoiceUser | null | undefined): string {
  if (user?.selectedDataDeptId == null) return '';
  if (user.selectedDataDeptId === ALL_DATA_DEPTS) return ALL_DATA_DEPTS_NAME;
  return user.dataDeptInfoList.find((d) => d.deptId === user.selectedDataDeptId)?.deptName ?? '';
}

export type MenuType = 'MENU' | 'FUNC' | 'CUSTOM_FUNC' | 'IN_LINK';
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
