import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { ADMIN, NURSE, openMenu, signInWithForm, submitLogin } from './support.js';

// Contexts a test opens itself would keep their pages running (a wall draws its map every second)
// through every later test: close them all when a test ends.
test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

test('sign in, choose a department, open three tabs, reopen one, log out', async ({ page }) => {
  await signInWithForm(page, ADMIN, '护理一部');
  await expect(page.getByTestId('current-dept')).toHaveText('护理一部');

  const logCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/passport/web-rbac/systemLogs')) logCalls.push(req.url());
  });
  await openMenu(page, '系统管理', '系统设置', '操作日志');
  await expect(page.getByTestId('page-logList')).toBeVisible();
  // the 工作台 the console landed on (issue #37 point 8) and the three opened. Each page is waited
  // for before the next menu: a click while a screen's code still loads replaces that navigation, as
  // a browser's second click does (the CI run under load had 显示设置 but never 数据字典)
  const tabs = page.getByTestId('tab');
  await openMenu(page, '数据字典');
  await expect(tabs).toHaveCount(3);
  await openMenu(page, '显示设置');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.nth(0)).toContainText('工作台');
  await expect(tabs.nth(3)).toHaveAttribute('data-active', 'true');
  const callsBefore = logCalls.length;
  expect(callsBefore).toBeGreaterThan(0);

  // Reopening an open tab does not add one; the page gets a tabchanged refresh and reloads its data.
  await openMenu(page, '操作日志');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.nth(1)).toHaveAttribute('data-active', 'true');
  await openMenu(page, '操作日志');
  await expect.poll(() => logCalls.length).toBeGreaterThan(callsBefore);

  await page.getByTestId('user-menu').click();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/login\.html/);
  expect(await page.evaluate(() => localStorage.getItem('pims2.userInfo'))).toBeNull();
  await page.goto('/index.html#/systemSetting/logList');
  await expect(page).toHaveURL(/login\.html/);
});

test('three wrong passwords make the photo code required', async ({ page }) => {
  for (let i = 0; i < 3; i++) {
    // Another account than the ones later tests sign in with: its name stays locked behind the code.
    await submitLogin(page, { loginName: 'cq_admin', password: `wrong-${i}` });
    await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');
  }
  await expect(page.getByLabel('图片验证码')).toBeVisible();
  await expect(page.getByTestId('photo-code-image').locator('img')).toBeVisible();
});

test('signing in from a second browser ends the first session, pushed to it, with the spec text', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await signInWithForm(a, NURSE);
  await signInWithForm(b, NURSE);
  // The first console is told over the push channel, without any click of its own.
  const alert = a.getByRole('alertdialog').or(a.getByRole('dialog'));
  await expect(alert).toContainText('此账号已被其他人登录，请重新登录', { timeout: 15_000 });
  await alert.getByRole('button', { name: '确定' }).click();
  await expect(a).toHaveURL(/login\.html/);
  await first.close();
  await second.close();
});

test('the restricted user sees fewer menus, a disabled button and is refused by the server', async ({
  page,
}) => {
  // the 护士 (issue #37 point 8): her care screens, no 系统管理 and no 费用管理
  await signInWithForm(page, NURSE);
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByRole('button', { name: '护理计划', exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: '系统管理', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: '费用管理', exact: true })).toHaveCount(0);

  // 呼叫记录 › 实时呼叫: 清除 is the monitor desk's, greyed for her
  await page.goto('/index.html#/yunmuIot/callRecord');
  await page.getByRole('tab', { name: '实时呼叫' }).click();
  await expect(page.getByRole('button', { name: '清除全部' })).toBeDisabled();

  const answer = await page.evaluate(async () => {
    const token =
      (JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}') as { token?: string }).token ?? '';
    const res = await fetch('/tdms/web-td/device/package', { headers: { authorization: token } });
    return { status: res.status, body: (await res.json()) as { msg: string } };
  });
  expect(answer.status).toBe(403);
  expect(answer.body.msg).toBe('权限不足');
});

test('after sign-in the console lands on the 工作台 (a new home’s main first URL) or on the returnUrl', async ({
  page,
}) => {
  await signInWithForm(page, NURSE);
  await expect(page.getByTestId('page-workbench')).toBeVisible();
  await expect(page).toHaveURL(/#\/home$/);
  await page.goto('/index.html#/nope/here');
  await expect(page.getByTestId('page-not-found')).toBeVisible();
  await page.goto('/index.html#/notimpliment');
  await expect(page.getByTestId('page-not-implemented')).toContainText('正在加紧开发中');
});

test('login.html: the department choice offers 退出登录; a session ended there shows the blocking alert', async ({
  browser,
  page,
}) => {
  await submitLogin(page, ADMIN);
  const chooser = page.getByTestId('dept-chooser');
  await expect(chooser).toBeVisible();
  await chooser.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(chooser).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('pims2.userInfo'))).toBeNull();

  // Signed in again, the same account signs in in another browser while the department is chosen here.
  await submitLogin(page, ADMIN);
  await expect(chooser).toBeVisible();
  const elsewhere = await (await browser.newContext()).newPage();
  await submitLogin(elsewhere, ADMIN);
  await expect(elsewhere.getByTestId('dept-chooser')).toBeVisible();
  await chooser.getByText('护理一部', { exact: true }).click();
  await page.getByRole('button', { name: '进入系统' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('此账号已被其他人登录，请重新登录');
  await alert.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pims2.userInfo'))).toBeNull();
});

test("the next person at this browser starts on their own screen: another account's tabs are never theirs", async ({
  page,
}) => {
  const tabs = page.getByTestId('tabbar').getByTestId('tab');
  const adminsTabs = async () => {
    await signInWithForm(page, ADMIN);
    await page.goto('/index.html#/live/consult/base');
    await expect(tabs.filter({ hasText: '咨询登记' })).toHaveCount(1);
    await openMenu(page, '费用管理', '费用账单');
    await expect(tabs.filter({ hasText: '费用账单' })).toHaveCount(1);
    await page.goto('/index.html#/live/archives/base');
    for (const title of ['咨询登记', '费用账单', '长者档案'])
      await expect(tabs.filter({ hasText: title })).toHaveCount(1);
  };
  const nursesScreen = async () => {
    await signInWithForm(page, NURSE);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    for (const title of ['咨询登记', '费用账单', '长者档案'])
      await expect(tabs.filter({ hasText: title })).toHaveCount(0);
  };

  // admin signs out; 李秀英 signs in on the same browser tab
  await adminsTabs();
  await page.getByTestId('user-menu').click();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/login\.html/);
  await page.setViewportSize({ width: 1366, height: 768 });
  await nursesScreen();
  await page.screenshot({ path: '.tmp/shot-nurse-after-admin.png' });

  // admin's session ends without 退出登录 (the browser closed, the session timed out): the tabs stay in
  // this browser's storage, and still are not 李秀英's
  await page.getByTestId('user-menu').click();
  await page.getByText('退出登录').click();
  await adminsTabs();
  expect(await page.evaluate(() => localStorage.getItem('pims2.tabbarlist'))).toContain('咨询登记');
  await page.evaluate(() => localStorage.removeItem('pims2.userInfo'));
  await nursesScreen();
});
