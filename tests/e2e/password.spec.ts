import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { ADMIN, NURSE, submitLogin } from './support.js';

const TEMPORARY = 'Temp2026ab';
const CHOSEN = 'Huli2026new';
const LOGINS = '/passport/web-rbac/logins';

async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(url, {
    method,
    headers: token ? { authorization: token } : {},
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as { code: number; msg: string; result: T };
  if (body.code !== 0) throw new Error(`${method} ${url}: ${body.code} ${body.msg}`);
  return body.result;
}
const apiSignIn = (request: APIRequestContext, loginName: string, loginPassword: string) =>
  apiCall<{ token: string; userId: number }>(request, 'POST', `${LOGINS}/login`, null, {
    loginName,
    loginPassword,
  });

/** The administrator gives huli01 a new initial password through user administration (PUT users/{userId}). */
async function adminResets(request: APIRequestContext, userPassword: string) {
  const admin = await apiSignIn(request, ADMIN.loginName, ADMIN.password);
  const users = await apiCall<{ list: { userId: number; loginName: string }[] }>(
    request,
    'GET',
    `/passport/web-rbac/users?keyword=${NURSE.loginName}&pageNum=1&pageSize=10`,
    admin.token,
  );
  const nurse = users.list.find((u) => u.loginName === NURSE.loginName);
  if (!nurse) throw new Error('huli01 not found');
  await apiCall(request, 'PUT', `/passport/web-rbac/users/${nurse.userId}`, admin.token, { userPassword });
  return nurse.userId;
}

/** Waits for the console, choosing the department when there are several (settings.spec widens them). */
async function reachConsole(page: Page) {
  const chooser = page.getByTestId('dept-chooser');
  await expect(chooser.or(page.getByTestId('side-menu'))).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByText('护理一部', { exact: true }).click();
    await page.getByRole('button', { name: '进入系统' }).click();
  }
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

// Later specs sign in as huli01 with its demo password: put it back, without the reset flag.
test.afterEach(async ({ request }) => {
  const userId = await adminResets(request, NURSE.password);
  const nurse = await apiSignIn(request, NURSE.loginName, NURSE.password);
  await apiCall(request, 'PUT', `${LOGINS}/pwd`, nurse.token, { userId, userPassword: NURSE.password });
});

test('a password reset by the administrator must be changed before the console opens; the old one stops working', async ({
  page,
  request,
}) => {
  await adminResets(request, TEMPORARY);

  await submitLogin(page, { loginName: NURSE.loginName, password: TEMPORARY });
  const forced = page.getByTestId('forced-password');
  await expect(forced).toContainText('首次登录或密码已被重置，请先修改密码');
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  // The console sends a user who still has to change the password back to the sign-in page.
  await page.goto('/index.html#/systemSetting/logList');
  await expect(page).toHaveURL(/login\.html/);
  await expect(forced).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);

  await forced.getByLabel('新密码', { exact: true }).fill(CHOSEN);
  await forced.getByLabel('确认新密码').fill(`${CHOSEN}x`);
  await forced.getByRole('button', { name: '修改密码' }).click();
  await expect(forced).toContainText('两次输入的密码不一致');
  await forced.getByLabel('新密码', { exact: true }).fill('short1');
  await forced.getByLabel('确认新密码').fill('short1');
  await forced.getByRole('button', { name: '修改密码' }).click();
  await expect(forced).toContainText('密码长度须为8-64位');
  await expect(forced).not.toContainText('两次输入的密码不一致');

  await forced.getByLabel('新密码', { exact: true }).fill(CHOSEN);
  await forced.getByLabel('确认新密码').fill(CHOSEN);
  await forced.getByRole('button', { name: '修改密码' }).click();
  await reachConsole(page);
  await expect(page).toHaveURL(/index\.html#\//);

  await page.getByTestId('user-menu').click();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/login\.html/);
  for (const old of [TEMPORARY, NURSE.password]) {
    await submitLogin(page, { loginName: NURSE.loginName, password: old });
    await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');
  }
  await submitLogin(page, { loginName: NURSE.loginName, password: CHOSEN });
  await reachConsole(page);
  await expect(page.getByTestId('forced-password')).toHaveCount(0);
});
