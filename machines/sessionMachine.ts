import { assign, setup } from 'xstate';
import { Code } from '../domain/codes.js';
import { Timing } from '../domain/http.js';
import type { AuthorityItem, MenuItem, UserInfo } from '../domain/session.js';

/** Spec 000 §8: texts of the blocking alerts before logout. */
export const sessionAlertText = {
  [Code.loginExpired]: '登录状态失效，请重新登录',
  [Code.signedInElsewhere]: '此账号已被其他人登录，请重新登录',
  [Code.keyInfoChanged]: '用户关键信息发生变化，请重新登录',
} as const;

/** Failed sign-ins after which the picture code is shown (the server asks for it from then on). */
export const PHOTO_CODE_AFTER_FAILURES = 3;

export interface Credentials {
  loginName: string;
  loginPassword: string;
  photoCode?: string;
  verifyStr?: string;
}
export interface SessionError {
  code: number | string;
  message: string;
}
export interface SessionContext {
  userInfo: UserInfo | null;
  menus: MenuItem[];
  buttons: AuthorityItem[];
  error: SessionError | null;
  failures: number;
  photoCodeRequired: boolean;
  alertText: string;
}
export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | { type: 'session.selectDept'; deptId: number }
  | { type: 'session.switchDept' }
  /** Closes the department choice opened by switchDept: the department in use stays. */
  | { type: 'session.cancelSwitch' }
  | { type: 'session.changePassword'; password: string }
  | { type: 'session.logout' }
  | { type: 'session.error'; code: number }
  | { type: 'session.alertClosed' }
  // Results the effects report back (createTestModel walks machines without invoke or after).
  | { type: 'session.checked'; userInfo: UserInfo | null }
  | { type: 'session.loginSucceeded'; userInfo: UserInfo }
  | { type: 'session.loginFailed'; error: SessionError }
  | { type: 'session.passwordChanged' }
  | { type: 'session.passwordChangeFailed'; error: SessionError }
  | { type: 'session.deptSelected'; deptId: number }
  | { type: 'session.deptSelectFailed'; error: SessionError }
  | { type: 'session.menusLoaded'; menus: MenuItem[]; buttons: AuthorityItem[] }
  | { type: 'session.menusFailed'; error: SessionError }
  | { type: 'session.loggedOut' }
  | { type: 'session.cleared' };

const photoCodeCodes: (number | string)[] = [Code.photoCodeRequired, Code.photoCodeWrong];

const initialContext: SessionContext = {
  userInfo: null,
  menus: [],
  buttons: [],
  error: null,
  failures: 0,
  photoCodeRequired: false,
  alertText: '',
};

/** Events that end a working session with a blocking alert (4011, 4012, 4013). */
const sessionErrors = {
  'session.error': [
    { guard: 'isSignedInElsewhere', target: '#session.signedInElsewhere' },
    { guard: 'isKeyInfoChanged', target: '#session.keyInfoChanged' },
    { target: '#session.expired' },
  ],
} as const;

type Ev<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>;
const errorOf = ({ event }: { event: SessionEvent }) => ('error' in event ? event.error : null);

/**
 * The console session (spec 000 §4, §8): start-up token check, sign-in with the picture code,
 * data department choice, forced password change, menus, the three session errors and logout.
 * Side effects are the actions below, supplied with .provide(); each reports its result back as
 * an event, so the same machine drives the screens and the generated path tests.
 */
export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actions: {
    /** proFile, then getUserID on 401 (spec §8) → session.checked. */
    checkSession: () => undefined,
    /** POST login → session.loginSucceeded | session.loginFailed. */
    startLogin: (_, _params: Credentials) => undefined,
    /** POST selectDataDeptID → session.deptSelected | session.deptSelectFailed. */
    startSelectDept: (_, _params: { deptId: number }) => undefined,
    /** PUT pwd → session.passwordChanged | session.passwordChangeFailed. */
    startChangePassword: (_, _params: { userId: number; password: string }) => undefined,
    /** menu + menu/button → session.menusLoaded | session.menusFailed. */
    startLoadMenus: (_, _params: { userInfo: UserInfo }) => undefined,
    /** loginOut on the server (errors ignored) → session.loggedOut. */
    startLogout: () => undefined,
    /** Waits the logout delay (200 ms) → session.cleared. */
    scheduleClear: (_, _params: { ms: number }) => undefined,
    storeUser: (_, _params: { userInfo: UserInfo }) => undefined,
    storeMenus: (_, _params: { menus: MenuItem[]; buttons: AuthorityItem[] }) => undefined,
    showBlockingAlert: (_, _params: { text: string }) => undefined,
    raiseLogoutEvent: () => undefined,
    clearStorage: () => undefined,
  },
  guards: {
    isSignedInElsewhere: ({ event }) =>
      event.type === 'session.error' && event.code === Code.signedInElsewhere,
    isKeyInfoChanged: ({ event }) => event.type === 'session.error' && event.code === Code.keyInfoChanged,
    hasNoSession: ({ event }) => event.type === 'session.checked' && event.userInfo === null,
    mustChangePassword: ({ context }) => context.userInfo?.resetPassword === 1,
    mustChooseDept: ({ context }) =>
      (context.userInfo?.dataDeptInfoList.length ?? 0) > 1 && context.userInfo?.selectedDataDeptId == null,
    hasOneUnselectedDept: ({ context }) =>
      context.userInfo?.dataDeptInfoList.length === 1 && context.userInfo.selectedDataDeptId == null,
    /**
     * A department is already in use, so the choice is a switch from the working console (only
     * switchDept reaches the choice with one set): the first choice after sign-in cannot be cancelled.
     */
    hasDeptInUse: ({ context }) => context.userInfo?.selectedDataDeptId != null,
  },
}).createMachine({
  id: 'session',
  context: initialContext,
  initial: 'checking',
  states: {
    checking: {
      meta: { label: '校验登录状态' },
      entry: 'checkSession',
      on: {
        'session.checked': [
          { guard: 'hasNoSession', target: 'anonymous', actions: 'clearStorage' },
          { target: 'deciding', actions: assign({ userInfo: ({ event }) => event.userInfo }) },
        ],
      },
    },
    anonymous: {
      meta: { label: '未登录' },
      on: { 'session.login': 'authenticating' },
    },
    authenticating: {
      meta: { label: '登录中' },
      entry: {
        type: 'startLogin',
        params: ({ event }) => {
          const { type: _type, ...credentials } = event as Ev<'session.login'>;
          return credentials;
        },
      },
      on: {
        'session.loginSucceeded': {
          target: 'deciding',
          actions: [
            assign({
              userInfo: ({ event }) => event.userInfo,
              error: null,
              failures: 0,
              photoCodeRequired: false,
            }),
            { type: 'storeUser', params: ({ event }) => ({ userInfo: event.userInfo }) },
          ],
        },
        'session.loginFailed': {
          target: 'anonymous',
          actions: assign(({ context, event }) => {
            const failures =
              event.error.code === Code.wrongCredentials ? context.failures + 1 : context.failures;
            return {
              error: event.error,
              failures,
              photoCodeRequired:
                context.photoCodeRequired ||
                failures >= PHOTO_CODE_AFTER_FAILURES ||
                photoCodeCodes.includes(event.error.code),
            };
          }),
        },
      },
    },
    deciding: {
      meta: { label: '判断登录后去向' },
      always: [
        { guard: 'mustChangePassword', target: 'passwordChangeRequired' },
        { guard: 'mustChooseDept', target: 'choosingDepartment' },
        { guard: 'hasOneUnselectedDept', target: 'selectingDepartment' },
        { target: 'loadingMenus' },
      ],
    },
    passwordChangeRequired: {
      meta: { label: '需修改密码' },
      on: { 'session.changePassword': 'changingPassword', 'session.logout': 'loggingOut', ...sessionErrors },
    },
    changingPassword: {
      meta: { label: '修改密码中' },
      entry: {
        type: 'startChangePassword',
        params: ({ context, event }) => ({
          userId: context.userInfo?.userId ?? 0,
          password: (event as Ev<'session.changePassword'>).password,
        }),
      },
      on: {
        // The server ends the session (4013); the user signs in again with the new password.
        'session.passwordChanged': { target: 'loggingOut', actions: assign({ error: null }) },
        'session.passwordChangeFailed': {
          target: 'passwordChangeRequired',
          actions: assign({ error: errorOf }),
        },
      },
    },
    choosingDepartment: {
      meta: { label: '选择数据部门' },
      on: {
        'session.selectDept': 'selectingDepartment',
        'session.cancelSwitch': {
          guard: 'hasDeptInUse',
          target: 'authenticated',
          actions: assign({ error: null }),
        },
        'session.logout': 'loggingOut',
        ...sessionErrors,
      },
    },
    selectingDepartment: {
      meta: { label: '切换数据部门中' },
      entry: {
        type: 'startSelectDept',
        params: ({ context, event }) => ({
          deptId:
            event.type === 'session.selectDept'
              ? event.deptId
              : (context.userInfo?.dataDeptInfoList[0]?.deptId ?? 0),
        }),
      },
      on: {
        'session.deptSelected': {
          target: 'loadingMenus',
          actions: [
            assign({
              userInfo: ({ context, event }) =>
                context.userInfo ? { ...context.userInfo, selectedDataDeptId: event.deptId } : null,
              error: null,
            }),
            { type: 'storeUser', params: ({ context }) => ({ userInfo: context.userInfo as UserInfo }) },
          ],
        },
        'session.deptSelectFailed': { target: 'choosingDepartment', actions: assign({ error: errorOf }) },
        ...sessionErrors,
      },
    },
    loadingMenus: {
      meta: { label: '加载菜单与权限' },
      entry: {
        type: 'startLoadMenus',
        params: ({ context }) => ({ userInfo: context.userInfo as UserInfo }),
      },
      on: {
        'session.menusLoaded': {
          target: 'authenticated',
          actions: [
            assign({ menus: ({ event }) => event.menus, buttons: ({ event }) => event.buttons }),
            { type: 'storeMenus', params: ({ event }) => ({ menus: event.menus, buttons: event.buttons }) },
          ],
        },
        'session.menusFailed': { target: 'startupFailed', actions: assign({ error: errorOf }) },
        ...sessionErrors,
      },
    },
    authenticated: {
      meta: { label: '已登录' },
      on: { 'session.logout': 'loggingOut', 'session.switchDept': 'choosingDepartment', ...sessionErrors },
    },
    startupFailed: {
      meta: { label: '启动失败' },
      on: { 'session.logout': 'loggingOut' },
    },
    expired: {
      meta: { label: '登录失效' },
      entry: [
        assign({ alertText: sessionAlertText[Code.loginExpired] }),
        { type: 'showBlockingAlert', params: { text: sessionAlertText[Code.loginExpired] } },
      ],
      on: { 'session.alertClosed': 'loggingOut' },
    },
    signedInElsewhere: {
      meta: { label: '账号在别处登录' },
      entry: [
        assign({ alertText: sessionAlertText[Code.signedInElsewhere] }),
        { type: 'showBlockingAlert', params: { text: sessionAlertText[Code.signedInElsewhere] } },
      ],
      on: { 'session.alertClosed': 'loggingOut' },
    },
    keyInfoChanged: {
      meta: { label: '关键信息变更' },
      entry: [
        assign({ alertText: sessionAlertText[Code.keyInfoChanged] }),
        { type: 'showBlockingAlert', params: { text: sessionAlertText[Code.keyInfoChanged] } },
      ],
      on: { 'session.alertClosed': 'loggingOut' },
    },
    loggingOut: {
      meta: { label: '退出中' },
      entry: ['raiseLogoutEvent', 'startLogout'],
      on: { 'session.loggedOut': 'leaving' },
    },
    leaving: {
      meta: { label: '清理登录信息' },
      // Spec 000 §4: storage is cleared 200 ms after the logout event.
      entry: { type: 'scheduleClear', params: { ms: Timing.logoutDelayMs } },
      on: {
        'session.cleared': {
          target: 'anonymous',
          actions: ['clearStorage', assign(() => ({ ...initialContext }))],
        },
      },
    },
  },
});
export type SessionMachine = typeof sessionMachine;

/** Chinese names of the machine's events (npm run paths, test-case sheets). */
export const eventLabels: Record<string, string> = {
  'session.checked': '检查登录状态',
  'session.login': '登录',
  'session.loginSucceeded': '登录成功',
  'session.loginFailed': '登录失败',
  'session.selectDept': '选择数据部门',
  'session.deptSelected': '部门已选',
  'session.deptSelectFailed': '选择部门失败',
  'session.switchDept': '切换部门',
  'session.cancelSwitch': '取消切换',
  'session.menusLoaded': '菜单已加载',
  'session.menusFailed': '菜单加载失败',
  'session.changePassword': '修改密码',
  'session.passwordChanged': '密码已修改',
  'session.passwordChangeFailed': '修改密码失败',
  'session.error': '会话错误',
  'session.alertClosed': '关闭提示',
  'session.logout': '退出登录',
  'session.loggedOut': '已退出',
  'session.cleared': '本地数据已清除',
};

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  isSignedInElsewhere: '异地登录',
  isKeyInfoChanged: '关键信息变更',
  hasNoSession: '无登录状态',
  mustChangePassword: '须修改密码',
  mustChooseDept: '须选择数据部门',
  hasOneUnselectedDept: '仅一个数据部门且未选',
  hasDeptInUse: '已有数据部门在用',
};
