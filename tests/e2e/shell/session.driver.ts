import { join } from 'node:path';
import { expect, type Page, type Route } from '@playwright/test';
import Database from 'better-sqlite3';
import { UserPaths } from '../../../domain/api/org.js';
import { pathWith } from '../../../domain/api/path.js';
import { LoginPaths, SessionPaths } from '../../../domain/api/sessionPaths.js';
import { Code } from '../../../domain/codes.js';
import { ALL_DATA_DEPTS_NAME } from '../../../domain/deptChoice.js';
import { STORAGE_PREFIX } from '../../../domain/http.js';
import type { UserInfo } from '../../../domain/session.js';
import { type SessionEvent, sessionAlertText } from '../../../machines/sessionMachine.js';
import { call, type Rec } from '../drivers/common.js';
import { e2eDataDir } from '../realtime.js';
import { ADMIN } from '../support.js';

/**
 * The session machine's driver for the generated path tests (`npm run paths -- session --shortest
 * --format playwright`). Nothing is left out (`--without`): the shortest path to every state is one
 * the console walks. `--transitions` is not used: it would walk two events in states where the
 * console cannot meet them, and an event cannot be left out of some states alone:
 * - session.error in 选择数据部门 and 需修改密码 (login.html): the page makes no call while the choice or
 *   the new password waits, so nothing can tell it the session ended there; a session ended while the
 *   choice is sent shows its alert (session.spec.ts). Left out everywhere, no alert would be walked.
 * - session.logout from 启动失败 in the console: a start-up failure sends it to error.html, whose
 *   重新进入 only reopens the console (login.html's 重新登录 and the chooser's 退出登录 do log out;
 *   session.spec.ts walks the chooser's).
 *
 * Each path signs in an account of its own, never a demo account: registered once per worker through
 * the sign-in page's calls (its picture and SMS codes read where the server keeps them); the paths
 * reset its password, end its sessions and change its departments, and the next path sets it back.
 * A path starts with that account's session stored in the browser (护理一部 chosen), as a user coming
 * back to the console (校验登录状态). The console talks to the real server; its session calls are held
 * (page.route) until the path says how the server answers, and the server then answers as it does:
 * - 检查登录状态 without a user: the stored session was signed out meanwhile (another tab).
 * - 登录成功 with the path's user: while the sign-in is held, the administrator gives the account the
 *   path's shape: two data departments, one, or a password reset (to the one typed, so it must be
 *   changed). The server never answers a sign-in with a department already chosen, so the sample
 *   that goes straight to the menus is met by an account without data departments. The credentials
 *   typed are the account's, not the path's sample.
 * - 菜单加载失败: the network drops the menu calls (page.route aborts them: the server refuses none to
 *   a live session, and a session ended makes it 会话错误).
 * - 会话错误: the session really ends while the menus are held: 4011 signed out in another tab, 4012
 *   the account signed in elsewhere, 4013 the administrator saved its data departments again.
 * The 200 ms before the stored session is cleared (清理登录信息) runs on Playwright's clock, installed
 * before the console loads and paused once the server answered the logout.
 * Each state is read from the console or the login page (what the user sees), from the held calls,
 * and from the server (what it answers the session's token).
 */
export interface SessionCtx {
  account: Account;
  /** The administrator's token (once signed in), for the account's shape and key information. */
  adminToken: string;
  depts: Dept[];
  /** How each session call of the page is treated now, and the calls held. */
  mode: Record<CallName, 'hold' | 'pass' | 'abort'>;
  held: Record<CallName, Route[]>;
  /** The console's token the path started with, or the one of the last sign-in. */
  token: string;
  /** The data department in use, as the console's header names it. */
  deptName: string;
}

interface Account {
  userId: number;
  loginName: string;
  password: string;
}
interface Dept {
  deptId: number;
  deptName: string;
}

type CallName = 'profile' | 'login' | 'menus' | 'selectDept' | 'pwd' | 'logout';

const LOGINS = LoginPaths.login.replace(/\/login$/, '');
/** Which session call a request of the page is. */
function callOf(url: URL): CallName | null {
  const path = url.pathname;
  if (path === SessionPaths.proFile) return 'profile';
  if (path === LoginPaths.login) return 'login';
  if (path.startsWith(`${LOGINS}/menu/`)) return 'menus';
  if (path.startsWith(`${LOGINS}/selectDataDeptID/`)) return 'selectDept';
  if (path === LoginPaths.pwd) return 'pwd';
  if (path === LoginPaths.loginOut) return 'logout';
  return null;
}

const PASSWORD = 'Lujing2026ok';
/** The account's data departments at the start: the console needs a choice among them. */
const DEPT_NAMES = ['护理一部', '护理二部'];

type Envelope = { code: number; msg: string; result: unknown };
/** A call's envelope, whatever its code. */
async function answer(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  data?: unknown,
): Promise<Envelope> {
  const res = await page.request.fetch(url, {
    method,
    headers: token ? { authorization: token } : {},
    ...(data === undefined ? {} : { data }),
  });
  return (await res.json()) as Envelope;
}

async function signInApi(page: Page, account: { loginName: string; password: string }) {
  const body = await answer(page, 'POST', LoginPaths.login, null, {
    loginName: account.loginName,
    loginPassword: account.password,
  });
  expect(body.code, `sign-in of ${account.loginName}: ${body.msg}`).toBe(0);
  return body.result as UserInfo;
}

let registered: Promise<Account> | undefined;
/** The driver's account: registered once per worker, as the sign-in page's 注册账号 does. */
function account(page: Page): Promise<Account> {
  registered ??= (async () => {
    const stamp = Date.now() % 100_000_000;
    const loginName = `lujing${stamp}`;
    const phone = `137${String(stamp).padStart(8, '0')}`;
    const photo = (await call(page, '', 'GET', LoginPaths.getPhotoCode)) as { verifyStr: string };
    await call(page, '', 'GET', pathWith(LoginPaths.getSmsCode, { userTelephone: phone }));
    const codes = new Database(join(e2eDataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
    const photoCode = codes
      .prepare('select code from photoCode where verifyStr = ?')
      .get(photo.verifyStr) as {
      code: string;
    };
    const sms = codes.prepare('select code from smsCode where phoneNum = ?').get(phone) as { code: string };
    codes.close();
    const made = await call(page, '', 'POST', LoginPaths.register, {
      userName: loginName,
      userPassword: PASSWORD,
      repactPassword: PASSWORD,
      userTelephone: phone,
      smsCode: sms.code,
      photoCode: photoCode.code,
      verifyStr: photo.verifyStr,
    });
    return { userId: Number(made.userId), loginName, password: PASSWORD };
  })();
  registered.catch(() => {
    registered = undefined;
  });
  return registered;
}

/**
 * What the paths changed of the account since it was last set up: its data departments, or its
 * password too (reset by the administrator, so it must be changed before it works again).
 */
let altered: 'nothing' | 'depts' | 'password' = 'depts';
let deptsOfSeed: Dept[] | undefined;

/** The administrator's token, signed in when first needed. */
async function adminToken(page: Page, ctx: Pick<SessionCtx, 'adminToken'>) {
  ctx.adminToken ||= (await signInApi(page, ADMIN)).token;
  return ctx.adminToken;
}

/** The administrator changes the account (key information: its sessions end with 4013). */
async function administer(page: Page, ctx: Pick<SessionCtx, 'adminToken' | 'account'>, change: Rec) {
  altered = altered === 'password' || 'userPassword' in change ? 'password' : 'depts';
  await call(
    page,
    await adminToken(page, ctx),
    'PUT',
    pathWith(UserPaths.one, { userId: ctx.account.userId }),
    change,
  );
}

/** The token the page keeps (the last sign-in's), or '' once the session is cleared. */
const storedToken = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '',
    `${STORAGE_PREFIX}.userInfo`,
  );

/** What the server answers the token now: 0, or the code that ended its session. */
const tokenCode = async (page: Page, token: string) =>
  (await answer(page, 'GET', SessionPaths.proFile, token)).code;

/** Waits until the page has sent the call (it is held then). */
const sent = (ctx: SessionCtx, name: CallName) =>
  expect.poll(() => ctx.held[name].length, { message: `the console sends ${name}` }).toBeGreaterThan(0);

/**
 * Lets the held calls through. The profile and the menus are asked again as the console opens after
 * a sign-in: the next ones pass too, until a path holds them again; each later sign-in, department
 * choice, password change and logout is held for the path to answer.
 */
async function release(ctx: SessionCtx, name: CallName) {
  if (name === 'profile' || name === 'menus') ctx.mode[name] = 'pass';
  for (const route of ctx.held[name].splice(0)) await route.continue();
}

/** Where deciding (登录后去向) leads a user of this shape. */
function destination(user: UserInfo) {
  if (user.resetPassword === 1) return 'password';
  if (user.selectedDataDeptId != null) return 'menus';
  return user.dataDeptInfoList.length > 1 ? 'choose' : user.dataDeptInfoList.length === 1 ? 'one' : 'menus';
}

/** The form's 登录 (while it spins its text is hidden, and with it the button's name). */
const loginButton = (page: Page) => page.locator('form button[type=submit]');
const alert = (page: Page) => page.getByRole('alertdialog');
const chooser = (page: Page) => page.getByTestId('dept-chooser');
const forced = (page: Page) => page.getByTestId('forced-password');
const changeButton = (page: Page) => forced(page).locator('button', { hasText: '修改密码' });
const onLoginPage = (page: Page) => new URL(page.url()).pathname === '/login.html';

/** Logging out: the login page says it returns to the sign-in; the console stays until it is cleared. */
async function expectLeaving(page: Page) {
  if (onLoginPage(page)) await expect(page.getByText('正在返回登录…')).toBeVisible();
  else await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
}

export const driver = {
  /** The account signed in (two data departments, 护理一部 chosen) and stored; the console opens. */
  async start(page: Page): Promise<SessionCtx> {
    const acct = await account(page);
    const base = { adminToken: '', account: acct };
    deptsOfSeed ??= await (async () => {
      const all = (await call(
        page,
        await adminToken(page, base),
        'GET',
        LoginPaths.getDataDeptInfoList,
      )) as unknown as Dept[];
      return DEPT_NAMES.map((name) => {
        const dept = all.find((d) => d.deptName === name);
        if (!dept) throw new Error(`the seed has no ${name}`);
        return { deptId: dept.deptId, deptName: dept.deptName };
      });
    })();
    const depts = deptsOfSeed;
    // what an earlier path left (other departments, a reset password) is set back
    const dataDeptIds = depts.map((d) => d.deptId);
    if (altered === 'password') {
      await administer(page, base, { dataDeptIds, userPassword: PASSWORD });
      const reset = await signInApi(page, acct);
      await call(page, reset.token, 'PUT', LoginPaths.pwd, { userId: acct.userId, userPassword: PASSWORD });
    } else if (altered === 'depts') await administer(page, base, { dataDeptIds });
    altered = 'nothing';
    const user = await signInApi(page, acct);
    await call(
      page,
      user.token,
      'POST',
      pathWith(LoginPaths.selectDataDeptID, { deptId: depts[0]?.deptId ?? 0 }),
    );

    const ctx: SessionCtx = {
      ...base,
      depts,
      mode: {
        profile: 'hold',
        login: 'hold',
        menus: 'hold',
        selectDept: 'hold',
        pwd: 'hold',
        logout: 'hold',
      },
      held: { profile: [], login: [], menus: [], selectDept: [], pwd: [], logout: [] },
      token: user.token,
      deptName: depts[0]?.deptName ?? '',
    };
    await page.clock.install();
    await page.route(
      (url) => callOf(url) !== null,
      (route) => {
        const name = callOf(new URL(route.request().url())) as CallName;
        if (ctx.mode[name] === 'hold') ctx.held[name].push(route);
        else if (ctx.mode[name] === 'abort') return route.abort('failed');
        else return route.continue();
      },
    );
    // the session as the console stores it after a sign-in
    await page.goto('/favicon.svg');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      `${STORAGE_PREFIX}.userInfo`,
      JSON.stringify(user),
    ] as const);
    await page.goto('/index.html');
    return ctx;
  },

  async send(page: Page, ctx: SessionCtx, event: SessionEvent) {
    switch (event.type) {
      case 'session.checked':
        if (event.userInfo === null) {
          // signed out in another tab meanwhile: the server no longer knows the stored token
          await call(page, ctx.token, 'GET', LoginPaths.loginOut);
          expect(await tokenCode(page, ctx.token)).toBe(Code.loginExpired);
        }
        await sent(ctx, 'profile');
        return release(ctx, 'profile');
      case 'session.login':
        // the account's credentials (the path's sample names no real account)
        await page.getByLabel('账号').fill(ctx.account.loginName);
        await page.getByLabel('密码', { exact: true }).fill(ctx.account.password);
        await loginButton(page).click();
        return sent(ctx, 'login');
      case 'session.loginSucceeded': {
        // the administrator gives the account the path's shape while its sign-in is on the way
        const [first, second] = ctx.depts as [Dept, Dept];
        const shape = destination(event.userInfo);
        if (shape === 'password') await administer(page, ctx, { userPassword: ctx.account.password });
        else
          await administer(page, ctx, {
            dataDeptIds: { choose: [first, second], one: [first], menus: [] }[shape].map((d) => d.deptId),
          });
        if (shape === 'menus') ctx.deptName = '';
        ctx.mode.menus = 'hold';
        await release(ctx, 'login');
        // the console stores the new session's token
        const before = ctx.token;
        await expect
          .poll(async () => {
            ctx.token = await storedToken(page);
            return ctx.token !== '' && ctx.token !== before;
          })
          .toBe(true);
        return;
      }
      case 'session.menusLoaded':
        await sent(ctx, 'menus');
        return release(ctx, 'menus');
      case 'session.menusFailed':
        // the network drops the menu calls (the early ones, and those the machine asks again)
        await sent(ctx, 'menus');
        ctx.mode.menus = 'abort';
        for (const route of ctx.held.menus.splice(0)) await route.abort('failed');
        return;
      case 'session.error': {
        await sent(ctx, 'menus');
        if (event.code === Code.loginExpired) await call(page, ctx.token, 'GET', LoginPaths.loginOut);
        else if (event.code === Code.signedInElsewhere) await signInApi(page, ctx.account);
        else await administer(page, ctx, { dataDeptIds: ctx.depts.map((d) => d.deptId) });
        expect(await tokenCode(page, ctx.token)).toBe(event.code);
        return release(ctx, 'menus');
      }
      case 'session.logout':
        if (await forced(page).isVisible())
          await forced(page).getByRole('button', { name: '退出登录' }).click();
        else {
          await page.getByTestId('user-menu').click();
          await page.getByRole('menuitem', { name: '退出登录' }).click();
        }
        return sent(ctx, 'logout');
      case 'session.changePassword':
        await forced(page).getByLabel('新密码', { exact: true }).fill(event.password);
        await forced(page).getByLabel('确认新密码').fill(event.password);
        await changeButton(page).click();
        return sent(ctx, 'pwd');
      case 'session.loggedOut':
        // the stored session is cleared 200 ms after the server's answer: the page's clock stops
        // first (a moment ahead of its time, which runs on while it is asked)
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
        return release(ctx, 'logout');
      case 'session.cleared':
        await page.clock.resume();
        return;
      default:
        throw new Error(`${event.type} is not on the session paths: see the top of this driver`);
    }
  },

  async check(page: Page, ctx: SessionCtx, state: unknown) {
    const value = String(state);
    switch (value) {
      case 'checking':
        // the console's first screen while it asks the server for the stored session
        await expect(page.locator('.boot')).toBeVisible();
        await expect(page.getByTestId('side-menu')).toHaveCount(0);
        await sent(ctx, 'profile');
        expect(await tokenCode(page, ctx.token)).toBe(0);
        return;
      case 'anonymous':
        await expect(page).toHaveURL(/\/login\.html/);
        await expect(loginButton(page)).toBeEnabled();
        await expect(loginButton(page)).not.toHaveClass(/bp6-loading/);
        expect(await storedToken(page)).toBe('');
        return;
      case 'authenticating':
        await expect(loginButton(page)).toHaveClass(/bp6-loading/);
        await sent(ctx, 'login');
        return;
      case 'loadingMenus':
        await sent(ctx, 'menus');
        if (onLoginPage(page)) {
          await expect(page.locator('form')).toHaveCount(0);
          await expect(chooser(page)).toHaveCount(0);
        } else {
          await expect(page.getByTestId('side-menu')).toBeVisible();
          await expect(page.locator('.shell-page').getByText('加载中')).toBeVisible();
        }
        return;
      case 'authenticated':
        await expect(page).toHaveURL(/\/index\.html/);
        await expect(page.getByTestId('side-menu')).toBeVisible();
        await expect(page.getByTestId('current-dept')).toHaveText(ctx.deptName);
        await expect(page.locator('.shell-page').getByText('加载中')).toHaveCount(0);
        await expect(alert(page)).toHaveCount(0);
        expect(await tokenCode(page, ctx.token)).toBe(0);
        return;
      case 'startupFailed':
        // the console sends a start-up failure to the error page (the login page shows it in place)
        if (onLoginPage(page))
          await expect(page.getByText('加载菜单失败：网络异常，服务器无响应')).toBeVisible();
        else await expect(page.getByTestId('error-message')).toHaveText('网络异常，服务器无响应#999');
        return;
      case 'expired':
      case 'signedInElsewhere':
      case 'keyInfoChanged': {
        const code = {
          expired: Code.loginExpired,
          signedInElsewhere: Code.signedInElsewhere,
          keyInfoChanged: Code.keyInfoChanged,
        }[value] as keyof typeof sessionAlertText;
        await expect(alert(page)).toContainText(sessionAlertText[code]);
        await expect(alert(page).getByRole('button', { name: '确定' })).toBeVisible();
        expect(await tokenCode(page, ctx.token)).toBe(code);
        return;
      }
      case 'choosingDepartment': {
        const choices = chooser(page).getByRole('radio');
        await expect(choices).toHaveCount(ctx.depts.length + 1);
        for (const name of [ALL_DATA_DEPTS_NAME, ...ctx.depts.map((d) => d.deptName)])
          await expect(chooser(page).getByText(name, { exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: '进入系统' })).toBeDisabled();
        expect(ctx.held.selectDept).toHaveLength(0);
        return;
      }
      case 'selectingDepartment':
        // the one department is chosen by itself: the sign-in form is gone, nothing to choose
        await sent(ctx, 'selectDept');
        await expect(page.locator('form')).toHaveCount(0);
        if (await chooser(page).isVisible())
          await expect(page.getByRole('button', { name: '进入系统' })).toHaveClass(/bp6-loading/);
        return;
      case 'passwordChangeRequired':
        await expect(forced(page)).toContainText('首次登录或密码已被重置，请先修改密码');
        await expect(changeButton(page)).not.toHaveClass(/bp6-loading/);
        expect(ctx.held.pwd).toHaveLength(0);
        // the server takes no business call of the session until the password is changed
        expect((await answer(page, 'GET', '/pims/web-pi/oldmans', ctx.token)).code).toBe(
          Code.passwordChangeRequired,
        );
        return;
      case 'changingPassword':
        await expect(changeButton(page)).toHaveClass(/bp6-loading/);
        await sent(ctx, 'pwd');
        return;
      case 'loggingOut':
        await expectLeaving(page);
        await sent(ctx, 'logout');
        expect(await storedToken(page)).toBe(ctx.token);
        expect(await tokenCode(page, ctx.token)).toBe(0);
        return;
      case 'leaving':
        // the server ended the session; the stored one is still there until the clock moves on
        await expectLeaving(page);
        await expect.poll(() => tokenCode(page, ctx.token)).toBe(Code.loginExpired);
        expect(await storedToken(page)).toBe(ctx.token);
        return;
      default:
        throw new Error(`the session driver cannot check ${value}`);
    }
  },
};
