import type { AnyActorRef } from 'xstate';
import { pathWith } from '../../domain/api/path.js';
import { LoginPaths, SessionPaths } from '../../domain/api/sessionPaths.js';
import { Code } from '../../domain/codes.js';
import type { AuthorityItem, MenuItem, UserInfo } from '../../domain/session.js';
import type { Credentials, SessionError } from '../../machines/sessionMachine.js';
import { sessionMachine } from '../../machines/sessionMachine.js';
import type { ApiClient } from '../api/client.js';
import { authorityStore } from '../auth/authorityStore.js';
import { forgetDictionaries } from '../dict/cache.js';
import { emit } from '../util/events.js';
import { clearSignedInStorage, local } from '../util/storage.js';

const asError = (e: unknown): SessionError => {
  const { code, message } = (e ?? {}) as { code?: number | string; message?: string };
  return { code: code ?? 990, message: message ?? '请求失败' };
};

export const storedUser = () => local.get<UserInfo>('userInfo');

/**
 * Where a page keeps its signed-in user. The console's keys by default; the wall keeps a session of
 * its own (features/iot/wall/wallSession.ts, issue #38 point 7), which the console's sign-in, sign-out
 * and storage do not touch.
 */
export interface UserStore {
  user(): UserInfo | null;
  keepUser(userInfo: UserInfo): void;
  keepMenus(menus: MenuItem[], codes: string[]): void;
  clear(): void;
}
export const consoleStore: UserStore = {
  user: storedUser,
  keepUser(userInfo) {
    local.set('userInfo', userInfo);
    local.set('orgInfo', userInfo.orgInfo);
    local.set('quickEntry', userInfo.quickEntry);
  },
  keepMenus(menus, codes) {
    local.set('menus', menus);
    local.set('authority', codes);
  },
  clear: () => clearSignedInStorage(),
};

type Request = ApiClient['request'];
type Checked = { type: 'session.checked'; userInfo: UserInfo | null };

const landingEndOf = (userInfo: Pick<UserInfo, 'landingEndList'>) =>
  userInfo.landingEndList[0]?.landingEndId ?? 1;

/** Spec 000 §4: the stored token's user (profile call), or none. */
async function checkStoredSession(request: Request, store: UserStore = consoleStore): Promise<Checked> {
  if (!store.user()?.token) return { type: 'session.checked', userInfo: null };
  try {
    const userInfo = await request<UserInfo>({ url: SessionPaths.proFile, silent: true });
    return {
      type: 'session.checked',
      userInfo: { ...userInfo, token: store.user()?.token ?? userInfo.token },
    };
  } catch {
    // Spec 000 §8: after a failed profile call the user id is asked (empty means 4011); either way
    // the session is not resumed
    await request<number | ''>({ url: SessionPaths.getUserID, silent: true }).catch(() => '');
    return { type: 'session.checked', userInfo: null };
  }
}

const loadMenus = (request: Request, landingEndId: number) =>
  Promise.all([
    request<MenuItem[]>({ url: pathWith(LoginPaths.menu, { landingEndId }) }),
    request<AuthorityItem[]>({ url: LoginPaths.menuButton }),
  ]);

/** The session's first calls, asked before the session machine runs; each is used once. */
export interface WarmStart {
  checked?: Promise<Checked>;
  menus?: { landingEndId: number; answer: Promise<Menus> };
}
type Menus = Awaited<ReturnType<typeof loadMenus>>;

/**
 * The console's page asks for the signed-in user and their menus while its code and settings still
 * load, instead of one after the other once the shell has mounted: the same calls the session machine
 * would make (a token that is no longer valid gives the same answer), only sooner.
 */
export function warmStart(client: ApiClient): WarmStart {
  const user = storedUser();
  if (!user?.token) return {};
  const landingEndId = landingEndOf(user);
  const checked = checkStoredSession(client.request);
  // asked once the profile answered (a token no longer valid asks nothing more), for the stored
  // user's landing end: used only when the profile names the same one
  // …and only when the machine goes straight to its menus (sessionMachine's 'deciding': no password to
  // change, a department in use) — else a menus call before the choice would be refused, and toasted
  const answer = checked.then(({ userInfo }) =>
    userInfo &&
    userInfo.resetPassword !== 1 &&
    userInfo.selectedDataDeptId != null &&
    landingEndOf(userInfo) === landingEndId
      ? loadMenus(client.request, landingEndId)
      : Promise.reject(new Error('菜单未预取')),
  );
  answer.catch(() => undefined); // the session machine asks again and reports its own failure
  return { checked, menus: { landingEndId, answer } };
}

/**
 * The session machine with its effects: the API calls, storage and events of spec 000 §4 and §8.
 * Each effect reports its result back to the machine as an event.
 */
export function provideSession(client: ApiClient, early?: WarmStart, store: UserStore = consoleStore) {
  const { request } = client;
  let warm = early;
  type Args = { self: AnyActorRef };
  const report = (self: AnyActorRef, work: Promise<Record<string, unknown> & { type: string }>) => {
    work.then((event) => self.send(event));
  };
  return sessionMachine.provide({
    actions: {
      checkSession: ({ self }: Args) => {
        // the page may have asked already, while its code and settings were still loading
        const early = warm?.checked;
        warm = { ...warm, checked: undefined };
        report(self, early ?? checkStoredSession(request, store));
      },
      startLogin: ({ self }: Args, credentials: Credentials) =>
        report(
          self,
          request<UserInfo>({ url: LoginPaths.login, method: 'POST', data: credentials, silent: true }).then(
            (userInfo) => {
              client.resetSessionErrorLatch();
              return { type: 'session.loginSucceeded', userInfo };
            },
            (e: unknown) => ({ type: 'session.loginFailed', error: asError(e) }),
          ),
        ),
      startSelectDept: ({ self }: Args, { deptId }: { deptId: number }) =>
        report(
          self,
          request({
            url: pathWith(LoginPaths.selectDataDeptID, { deptId }),
            method: 'POST',
            silent: true,
          }).then(
            () => ({ type: 'session.deptSelected', deptId }),
            (e: unknown) => ({ type: 'session.deptSelectFailed', error: asError(e) }),
          ),
        ),
      startChangePassword: ({ self }: Args, { userId, password }: { userId: number; password: string }) =>
        report(
          self,
          request({
            url: LoginPaths.pwd,
            method: 'PUT',
            data: { userId, userPassword: password },
            form: 'urlencoded',
            silent: true,
          }).then(
            () => ({ type: 'session.passwordChanged' }),
            (e: unknown) => ({ type: 'session.passwordChangeFailed', error: asError(e) }),
          ),
        ),
      startLoadMenus: ({ self }: Args, { userInfo }: { userInfo: UserInfo }) => {
        const landingEndId = landingEndOf(userInfo);
        const early = warm?.menus?.landingEndId === landingEndId ? warm.menus.answer : undefined;
        warm = { ...warm, menus: undefined };
        // an early answer that did not come is asked again, so a failure reported is the machine's own
        const menus =
          early?.catch(() => loadMenus(request, landingEndId)) ?? loadMenus(request, landingEndId);
        report(
          self,
          menus.then(
            ([menus, buttons]) => ({ type: 'session.menusLoaded', menus, buttons }),
            (e: unknown) => {
              const error = asError(e);
              const code = Number(error.code);
              if (
                code === Code.loginExpired ||
                code === Code.signedInElsewhere ||
                code === Code.keyInfoChanged
              )
                return { type: 'session.error', code };
              return { type: 'session.menusFailed', error };
            },
          ),
        );
      },
      startLogout: ({ self }: Args) =>
        report(
          self,
          request({ url: LoginPaths.loginOut, silent: true }).then(
            () => ({ type: 'session.loggedOut' }),
            () => ({ type: 'session.loggedOut' }),
          ),
        ),
      scheduleClear: ({ self }: Args, { ms }: { ms: number }) => {
        setTimeout(() => self.send({ type: 'session.cleared' }), ms);
      },
      storeUser: (_: unknown, { userInfo }: { userInfo: UserInfo }) => {
        // dropdowns were read for another user or data department
        forgetDictionaries();
        store.keepUser(userInfo);
        authorityStore.set(userInfo.authority.map((a) => a.code));
      },
      storeMenus: (_: unknown, { menus, buttons }: { menus: MenuItem[]; buttons: AuthorityItem[] }) => {
        const user = store.user();
        const codes = [...(user?.authority ?? []), ...buttons].map((a) => a.code);
        store.keepMenus(menus, codes);
        authorityStore.set(codes);
      },
      raiseLogoutEvent: () => emit('logout'),
      clearStorage: () => {
        store.clear();
        forgetDictionaries();
        authorityStore.set([]);
      },
    } as never,
  });
}
