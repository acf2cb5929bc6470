import type { DeptInfo, MenuItem, MenuType, UserInfo } from '../../domain/session.js';
import { consoleClientId } from '../broker/clientIds.js';
import type { Db } from '../db/index.js';
import { ApiFailure } from '../http/failure.js';
import { authorityCodes } from './tokens.js';

/** Spec 000 §3 "Logged-in user info" for a user and a token. */
export async function buildUserInfo(
  db: Db,
  userId: number,
  token: string,
  selectedDeptId: number | null,
  ip: string,
): Promise<UserInfo> {
  const user = await db.selectFrom('users').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!user) throw new ApiFailure(10004, '用户不存在');
  const [emp, org, landingEndList, dataDeptInfoList, codes] = await Promise.all([
    db.selectFrom('emp').selectAll().where('empId', '=', user.empId).executeTakeFirstOrThrow(),
    db.selectFrom('org').selectAll().where('orgId', '=', user.orgId).executeTakeFirstOrThrow(),
    db.selectFrom('landingEnd').selectAll().execute(),
    dataDepts(db, userId),
    authorityCodes(db, userId),
  ]);
  const dept = await db
    .selectFrom('dept')
    .selectAll()
    .where('deptId', '=', emp.deptId)
    .executeTakeFirstOrThrow();
  const jobIds = emp.jobIds
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const jobInfo = jobIds.length
    ? await db
        .selectFrom('job')
        .select(['jobId', 'jobName', 'jobTypeCode', 'jobTypeName'])
        .where('jobId', 'in', jobIds)
        .execute()
    : [];
  const menuNames = await db
    .selectFrom('menu')
    .select(['code', 'menuName'])
    .where('code', 'in', codes.length ? codes : [''])
    .execute();
  const nameOf = new Map(menuNames.map((m) => [m.code, m.menuName]));
  const { qualifications: _q, address: _a, phone: _p, ...orgInfo } = org;
  return {
    userId,
    token,
    mqttClientId: consoleClientId(token),
    username: user.loginName,
    isAdmin: user.isAdmin === 1,
    ipAddress: ip,
    lastLoginTime: user.lastLoginTime,
    loginTime: new Date().toISOString(),
    resetPassword: user.resetPassword,
    landingEndList,
    empInfo: { ...emp },
    deptInfo: dept,
    orgInfo,
    jobInfo,
    dataDeptInfoList,
    authority: codes.map((code) => ({ code, menuName: nameOf.get(code) ?? code })),
    quickEntry: [],
    selectedDataDeptId: selectedDeptId,
  };
}

export async function dataDepts(db: Db, userId: number): Promise<DeptInfo[]> {
  return db
    .selectFrom('userDataDept')
    .innerJoin('dept', 'dept.deptId', 'userDataDept.deptId')
    .selectAll('dept')
    .where('userDataDept.userId', '=', userId)
    .orderBy('dept.deptId')
    .execute();
}

/** The menu tree of a landing end as the user may see it: entries without a granted code are left out. */
export async function menuTree(
  db: Db,
  landingEndId: number,
  granted: ReadonlySet<string>,
): Promise<MenuItem[]> {
  const rows = await db
    .selectFrom('menu')
    .selectAll()
    .where('landingEndId', '=', landingEndId)
    .where('isButton', '=', 0)
    .orderBy('sort')
    .execute();
  const build = (parentId: number): MenuItem[] =>
    rows
      .filter((r) => r.parentId === parentId && granted.has(r.code))
      .map((r) => ({
        menuId: r.menuId,
        menuType: r.menuType as MenuType,
        menuName: r.menuName,
        code: r.code,
        routePath: r.routePath,
        icon: r.icon,
        menuLink: r.menuLink,
        children: build(r.menuId),
      }))
      .filter((m) => m.menuType !== 'MENU' || m.children.length > 0 || m.code === 'pims_bench');
  return build(0);
}
