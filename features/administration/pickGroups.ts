import {
  AdminPaths,
  leftOutText,
  noticeReachAnswer,
  nursingTreeAnswer,
  oldManTreeAnswer,
  type ReachNotes,
  reachText,
} from '../../domain/api/administration.js';
import type { Request } from '../../src/app/request.js';
import type { PickGroup } from './AddressedForm.js';

/** Staff by department (nursing/tree): an announcement's recipients. */
export const staffGroups = (request: Request) => async (): Promise<PickGroup[]> =>
  nursingTreeAnswer.parse(await request<unknown>({ url: AdminPaths.nursingTree })).map((d) => ({
    key: d.deptId,
    name: d.deptName,
    members: d.users.map((u) => ({ id: u.userId, name: u.empName })),
  }));

/**
 * Whom an announcement reaches, in words: to 全体人员 (12 名员工中 2 人有账号…), and who the 指定人员
 * list leaves out (另有 10 名员工没有账号…).
 */
export const staffReach = (request: Request) => async (): Promise<ReachNotes> => {
  const reach = noticeReachAnswer.parse(await request<unknown>({ url: AdminPaths.noticeReach }));
  return { everyone: reachText(reach), chosen: leftOutText(reach) };
};

/** Elders by department (common/oldManTree): whose families a family notice goes to. */
export const elderGroups = (request: Request) => async (): Promise<PickGroup[]> =>
  oldManTreeAnswer.parse(await request<unknown>({ url: AdminPaths.oldManTree })).map((d) => ({
    key: d.deptId,
    name: d.deptName,
    members: d.elders.map((e) => ({ id: e.oldmanId, name: e.oldmanName })),
  }));
