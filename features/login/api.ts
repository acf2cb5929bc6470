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

const LOGINS = '/passport/web-rbac/logins';
const CONFIGS = '/passport/web-rbac/systemConfigs';

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
      request<UserInfo>({ url: `${LOGINS}/login`, method: 'POST', data: payload }),
    logout: () => request<null>({ url: `${LOGINS}/loginOut`, silent: true }),
    photoCode: () => request<PhotoCode>({ url: `${LOGINS}/getPhotoCode`, silent: true }),
    check: (loginName: string) =>
      request<{ needPhotoCode: boolean }>({
        url: `${LOGINS}/check`,
        params: { loginName },
        silent: true,
      }),
    smsCode: (phone: string) => request<null>({ url: `${LOGINS}/getSmsCode/${encodeURIComponent(phone)}` }),
    register: (data: Record<string, unknown>) =>
      request<{ userId: number }>({ url: `${LOGINS}/register`, method: 'POST', data }),
    userPhoneNum: (params: { loginName: string; photoCode: string; verifyStr: string }) =>
      request<{ phoneNum: string }>({ url: `${LOGINS}/userPhoneNum`, params }),
    userId: (params: { phoneNum: string; smsCode: string }) =>
      request<number>({ url: `${LOGINS}/userId`, params }),
    reset: (data: { userPassword: string; checkPass: string; userId: number; phoneNum: string }) =>
      request<null>({ url: `${LOGINS}/reset`, method: 'PUT', data, form: 'urlencoded' }),
    forcedPassword: (data: { userPassword: string; userId: number }) =>
      request<null>({ url: `${LOGINS}/pwd`, method: 'PUT', data, form: 'urlencoded' }),
    selectDept: (deptId: number) =>
      request<DeptInfo>({ url: `${LOGINS}/selectDataDeptID/${deptId}`, method: 'POST' }),
    preload: () => request<Preload>({ url: `${CONFIGS}/preload`, silent: true }),
  };
}
export type SignInApi = ReturnType<typeof signInApi>;
