/**
 * Where the calls of spec 000 §7 "Login and account" are, apart from what they take and answer
 * (domain/api/session.ts): the login page names these paths and loads no schema library.
 */
const LOGINS = '/passport/web-rbac/logins';
export const LoginPaths = {
  login: `${LOGINS}/login`,
  loginOut: `${LOGINS}/loginOut`,
  getPhotoCode: `${LOGINS}/getPhotoCode`,
  check: `${LOGINS}/check`,
  getSmsCode: `${LOGINS}/getSmsCode/:userTelephone`,
  register: `${LOGINS}/register`,
  userPhoneNum: `${LOGINS}/userPhoneNum`,
  userId: `${LOGINS}/userId`,
  reset: `${LOGINS}/reset`,
  pwd: `${LOGINS}/pwd`,
  userPwd: `${LOGINS}/userPwd`,
  ssoMarkLogin: `${LOGINS}/ssoMarkLogin`,
  updateIsPass: `${LOGINS}/updateIsPass`,
  selectDataDeptID: `${LOGINS}/selectDataDeptID/:deptId`,
  getDataDeptInfoList: `${LOGINS}/getDataDeptInfoList`,
  menuButton: `${LOGINS}/menu/button`,
  menu: `${LOGINS}/menu/:landingEndId`,
} as const;

export const SessionPaths = {
  /** The console's session check (the signed-in user's info). */
  proFile: '/pims/web-pi/oldmans/proFile',
  /** Asked after proFile answered 401: an empty result means the session is gone (spec 000 §8). */
  getUserID: '/omms/web-rbac/logins/getUserID',
  checkDeptLanding: '/omms/web-rbac/logins/checkDeptLanding',
  /** The wall screen's sign-in with the console's token. */
  screenPassLogin: '/omms/di-om/third/yly/screenPassLogin',
} as const;
