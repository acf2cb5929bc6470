import { UserPaths } from '../../domain/api/org.js';
import { LoginPaths, SessionPaths } from '../../domain/api/sessionPaths.js';
import { UploadPaths } from '../../domain/api/uploads.js';
import type { UserInfo } from '../../domain/session.js';

/** The calls of the personal page (spec 000 §7 "Login and account", "Uploads"). */
export const ProfileUrl = {
  /** The signed-in user's info, fresh from the server (the session check). */
  me: SessionPaths.proFile,
  emp: UserPaths.empSave,
  upload: UploadPaths.image,
  password: LoginPaths.userPwd,
} as const;

/** picRoute of the upload call: 3 is a caregiver (staff) picture. */
export const STAFF_PICTURE = 3;

/** The staff record as GET /ifms/web-org/emp/{empId} answers it. */
export interface StaffRecord {
  empId: number;
  empName: string;
  phoneNum: string;
  sex: number;
  language: string;
  headImage: string;
}

/** What the page shows read-only: the account, where the person works and what they may see. */
export interface ProfileFacts {
  userId: number;
  loginName: string;
  orgName: string;
  deptName: string;
  jobNames: string[];
  dataDeptNames: string[];
}

export const factsOf = (info: UserInfo): ProfileFacts => ({
  userId: info.userId,
  loginName: info.username,
  orgName: info.orgInfo.orgName,
  deptName: info.deptInfo.deptName,
  jobNames: info.jobInfo.map((j) => j.jobName),
  dataDeptNames: info.dataDeptInfoList.map((d) => d.deptName),
});

export interface ProfileDraft {
  empName: string;
  sex: number;
  phoneNum: string;
}
export type ProfileProblems = Partial<Record<keyof ProfileDraft, string>>;

export const draftOf = (r: StaffRecord): ProfileDraft => ({
  empName: r.empName,
  sex: r.sex,
  phoneNum: r.phoneNum,
});

/** The checks PUT /ifms/web-org/emp makes, made first here. */
export function profileProblems(d: ProfileDraft): ProfileProblems {
  const problems: ProfileProblems = {};
  const name = d.empName.trim();
  if (!name) problems.empName = '请输入姓名';
  else if (name.length > 32) problems.empName = '姓名不能超过32个字';
  if (!/^1\d{10}$/.test(d.phoneNum.trim())) problems.phoneNum = '请输入正确的手机号';
  return problems;
}

/** The body of PUT /ifms/web-org/emp: the whole record with the edited fields. */
export const empUpdate = (r: StaffRecord, d: ProfileDraft) => ({
  empId: r.empId,
  empName: d.empName.trim(),
  phoneNum: d.phoneNum.trim(),
  sex: d.sex,
  language: r.language,
  headImage: r.headImage,
});

export const AvatarRule = {
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
  /** An avatar is shown small; the upload route itself takes images up to 10 MB. */
  maxMb: 2,
} as const;

/** Spec 000 §5 "Image upload": the lower-cased extension and the size, with the spec's messages. */
export function avatarProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!(AvatarRule.extensions as readonly string[]).includes(ext))
    return `上传头像图片要求是 ${AvatarRule.extensions.join('/')} 格式`;
  if (file.size === 0) return '上传文件为空';
  if (file.size / 1024 / 1024 > AvatarRule.maxMb) return `上传头像图片大小不能超过 ${AvatarRule.maxMb}MB`;
  return null;
}

export interface PasswordDraft {
  oldPwd: string;
  newPwd: string;
  checkPwd: string;
}
export type PasswordProblems = Partial<Record<keyof PasswordDraft, string>>;
export const blankPassword: PasswordDraft = { oldPwd: '', newPwd: '', checkPwd: '' };

/** docs/decisions.md "Password rule": 8–64 characters with letters and digits (server/auth/password.ts). */
function passwordRuleProblem(password: string): string | null {
  if (password.length < 8 || password.length > 64) return '密码长度须为8-64位';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码须同时包含字母和数字';
  return null;
}

export function passwordProblems(d: PasswordDraft): PasswordProblems {
  const problems: PasswordProblems = {};
  if (!d.oldPwd) problems.oldPwd = '请输入原密码';
  const rule = d.newPwd ? passwordRuleProblem(d.newPwd) : '请输入新密码';
  if (rule) problems.newPwd = rule;
  else if (d.newPwd === d.oldPwd) problems.newPwd = '新密码不能与原密码相同';
  if (!d.checkPwd) problems.checkPwd = '请再次输入新密码';
  else if (d.checkPwd !== d.newPwd) problems.checkPwd = '两次输入的密码不一致';
  return problems;
}
