import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/tokens.js';

/**
 * What a user without any authority reaches (issue #20): a self-registered account lands in the
 * default institution with no role, and must not read its staff, suppliers or buildings until an
 * administrator grants a role. It keeps its own session and account, and the start-up settings the
 * console needs to show them; every other session-level call answers 401 (权限不足).
 */
const OWN_ACCOUNT: Record<string, true | ((user: SessionUser, req: FastifyRequest) => boolean)> = {
  'GET /pims/web-pi/oldmans/proFile': true,
  'GET /passport/web-rbac/logins/getDataDeptInfoList': true,
  'POST /passport/web-rbac/logins/selectDataDeptID/:deptId': true,
  'GET /passport/web-rbac/logins/menu/button': true,
  'GET /passport/web-rbac/logins/menu/:landingEndId': true,
  'PUT /passport/web-rbac/logins/pwd': true,
  'PUT /passport/web-rbac/logins/userPwd': true,
  'PUT /passport/web-rbac/logins/updateIsPass': true,
  'GET /passport/web-rbac/systemConfigs/userIsPass': true,
  // The handlers allow only the user's own record to anyone without user administration.
  'GET /passport/web-rbac/users/:userId': true,
  'PUT /passport/web-rbac/users/:userId': true,
  'PUT /ifms/web-org/emp': true,
  'GET /ifms/web-org/emp/:empId': (user, req) =>
    Number((req.params as { empId?: string }).empId) === user.empId,
  'GET /omms/web-rbac/logins/checkDeptLanding': true,
  // Start-up settings (spec 000 §7 "Startup and config") and the product's release notes.
  'GET /pims/web-pi/device/set/mattress': true,
  'GET /passport/web-rbac/iconConfig': true,
  'GET /pims/web-org/versionRecord': true,
  'GET /pims/web-org/versionRecord/isShow': true,
  'GET /pims/web-org/versionRecord/isShow/:recordId': true,
  'PUT /pims/web-org/versionRecord/:recordId': true,
};

/** Whether a signed-in user may make a 'session' call: anyone with some authority, the rest only their own. */
export function mayCallWithoutRole(
  user: SessionUser,
  method: string,
  url: string,
  req: FastifyRequest,
): boolean {
  if (user.authority.size > 0) return true;
  const rule = OWN_ACCOUNT[`${method} ${url}`];
  return rule === true || rule?.(user, req) === true;
}
