import { pathWith } from '../../domain/api/path.js';
import { LoginPaths } from '../../domain/api/sessionPaths.js';
import { ConfigPaths } from '../../domain/api/settingsPaths.js';
import type { DeptInfo, LoginPayload, UserInfo } from '../../domain/session.js';

/** The slice of the API client the sign-in screens need. */
export type Request = <T>(config: {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, unknown>;
  data?: unknown;
  form?: 'json' | 'urlencoded' | 'multipart';
  silent?: boolean;
}) => Promise<T>;

export interface PhotoCode {
  verifyStr: string;
  image: string;
}
export interface Preload {
  recordNum: string;
  recordNumDesc: string;
  loginIcon: string;
  loginBackground: string;
  loginIconName: string;
  photoCodeConfig: { mode: string; afterFailures: number };
}

/** Calls of spec 000 §7 "Login and account" used before and right after sign-in. */
export function signInApi(request: Request) {
  return {
    login: (payload: LoginPayload) =>
      request<UserInfo>({ url: LoginPaths.login, method: 'POST', data: payload }),
    logout: () => request<null>({ url: LoginPaths.loginOut, silent: true }),
    photoCode: () => request<PhotoCode>({ url: LoginPaths.getPhotoCode, silent: true }),
    check: (loginName: string) =>
      request<{ needPhotoCode: boolean }>({
        url: LoginPaths.check,
        params: { loginName },
        silent: true,
      }),
    smsCode: (phone: string) =>
      request<null>({ url: pathWith(LoginPaths.getSmsCode, { userTelephone: phone }) }),
    register: (data: Record<string, unknown>) =>
      request<{ userId: number }>({ url: LoginPaths.register, method: 'POST', data }),
    userPhoneNum: (params: { loginName: string; photoCode: string; verifyStr: string }) =>
      request<{ phoneNum: string }>({ url: LoginPaths.userPhoneNum, params }),
    userId: (params: { phoneNum: string; smsCode: string }) =>
      request<number>({ url: LoginPaths.userId, params }),
    reset: (data: { userPassword: string; checkPass: string; userId: number; phoneNum: string }) =>
      request<null>({ url: LoginPaths.reset, method: 'PUT', data, form: 'urlencoded' }),
    forcedPassword: (data: { userPassword: string; userId: number }) =>
      request<null>({ url: LoginPaths.pwd, method: 'PUT', data, form: 'urlencoded' }),
    selectDept: (deptId: number) =>
      request<DeptInfo>({ url: pathWith(LoginPaths.selectDataDeptID, { deptId }), method: 'POST' }),
    preload: () => request<Preload>({ url: ConfigPaths.preload, silent: true }),
  };
}
export type SignInApi = ReturnType<typeof signInApi>;
