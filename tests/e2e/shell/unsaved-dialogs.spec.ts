import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/**
 * What a person typed in a dialog is never thrown away without asking (src/ui/Dialog.tsx): Escape, the
 * × and a click outside ask 放弃修改 / 继续编辑 first, and so do signing out and switching department.
 * A dialog nobody typed in closes at once.
 */
const question = (page: Page) => page.getByRole('alertdialog').filter({ hasText: '有未保存的修改' });

/** Every way out of a dialog but its own buttons; each asks, 继续编辑 keeps the typing. */
async function everyWayOutAsks(page: Page, dialog: Locator, field: Locator, typed: string) {
  const ways: [string, () => Promise<void>][] = [
    ['Escape', () => page.keyboard.press('Escape')],
    ['×', () => dialog.getByRole('button', { name: '关闭', exact: true }).first().click()],
    // the backdrop, beside the dialog
    ['outside', () => page.mouse.click(8, 400)],
  ];
  for (const [way, leave] of ways) {
    await field.focus();
    await leave();
    await expect(question(page), `${way} asks`).toBeVisible();
    await question(page).getByRole('button', { name: '继续编辑' }).click();
    await expect(question(page)).toBeHidden();
    await expect(dialog, `${way}: the dialog stays`).toBeVisible();
    await expect(field, `${way}: the typing stays`).toHaveValue(typed);
  }
}

test('咨询登记 › 新增: Escape, × and a click outside ask before the typing goes; 放弃修改 closes; an untouched dialog closes at once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN, '护理一部');
  await page.goto('/index.html#/live/consult/base');
  const screen = page.getByTestId('page-consult');
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '咨询登记' });
  await dialog.getByRole('button', { name: '无身份证号，直接登记' }).click();
  const name = dialog.getByLabel('长者姓名');
  await name.fill('孙玉梅');
  await everyWayOutAsks(page, dialog, name, '孙玉梅');

  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await page.screenshot({ path: '.tmp/shot-consult-escape-asks.png' });
  await question(page).getByRole('button', { name: '放弃修改' }).click();
  await expect(dialog).toBeHidden();

  // opened again and left as it came: nothing to lose, no question
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  await expect(dialog).toBeVisible();
  // Escape goes where the focus is: Blueprint moves it into the dialog on the next frame, which a
  // loaded machine may hold back (a fresh-clone run pressed Escape on 新增 itself)
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.bp6-overlay') != null))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(question(page)).toBeHidden();
});

test('on a machine whose frames lag, Escape pressed as a dialog opens closes it', async ({ page }) => {
  // Blueprint takes the focus into a dialog on the next animation frame; a loaded machine held that
  // frame back and Escape went to 新增 (a fresh-clone run). Here every frame waits four seconds.
  await page.addInitScript(() => {
    window.requestAnimationFrame = (callback) => window.setTimeout(() => callback(performance.now()), 4000);
  });
  await signIn(page, ADMIN, '护理一部');
  await page.goto('/index.html#/live/consult/base');
  const screen = page.getByTestId('page-consult');
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '咨询登记' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden({ timeout: 3000 });
});

test('长者账户 › 收款: the typed amount is not lost to Escape, × or a click outside', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/expense/account');
  const accounts = page.getByTestId('page-expense-account');
  await accounts.getByRole('button', { name: '收款', exact: true }).first().click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('金额（元）') });
  const amount = dialog.getByLabel('金额（元）');
  await amount.fill('3000');
  await everyWayOutAsks(page, dialog, amount, '3000');
  await page.keyboard.press('Escape');
  await question(page).getByRole('button', { name: '放弃修改' }).click();
  await expect(dialog).toBeHidden();
});

test('a page holding changes: 退出登录 and 切换数据部门 ask first, and 取消 keeps the typing', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/systemSetting/serve');
  const name = page.getByTestId('page-serve').getByLabel('服务器名称');
  await expect(name).toBeEditable();
  await name.fill('护理楼服务器（改）');

  for (const action of ['退出登录', '切换数据部门']) {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: action }).click();
    const asked = page.getByRole('alertdialog').filter({ hasText: `${action}后将丢失` });
    await expect(asked, `${action} asks`).toBeVisible();
    await asked.getByRole('button', { name: '取消' }).click();
    await expect(asked).toBeHidden();
    await expect(page).not.toHaveURL(/login\.html/);
    await expect(page.getByTestId('dept-chooser')).toHaveCount(0);
    await expect(name, `${action}: the typing stays`).toHaveValue('护理楼服务器（改）');
  }

  // answered 退出登录, it signs out
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/login\.html/);
});
