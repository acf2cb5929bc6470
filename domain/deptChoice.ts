import type { UserInfo } from './session.js';

/* The data-department choice, apart from the session's schemas (domain/session.ts): the login page offers it and loads no schema library. */

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
