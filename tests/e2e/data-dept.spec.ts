import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { ADMIN, NURSE, signIn } from './support.js';

/**
 * Issue #23 (a clerk's day): the data department. A nurse with one department could not leave the
 * 切换数据部门 dialog; an administrator's choice changed nothing the lists showed.
 */
const SHOTS = process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/` : null;
test.use({ viewport: { width: 1366, height: 768 } });

async function api(page: Page, url: string): Promise<{ total: number; list: Record<string, unknown>[] }> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.get(url, { headers: { authorization: token } });
  const body = (await res.json()) as { code: number; msg: string; result: { total: number; list: [] } };
  expect(body.code, body.msg).toBe(0);
  return body.result;
}

const openChooser = async (page: Page) => {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '切换数据部门' }).click();
  const dialog = page.getByRole('dialog', { name: '请选择数据部门' });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('a nurse with one department can always close 切换数据部门: ×, 取消, Esc and a click outside', async ({
  page,
}) => {
  await signIn(page, NURSE);
  await expect(page.getByTestId('current-dept')).toHaveText('护理一部');
  let dialog = await openChooser(page);
  // her only department is the one in use: nothing to enter, but the way back is there
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: '护理一部' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: '进入系统' })).toBeDisabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}dept-switch-nurse-1366.png` });
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openChooser(page);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openChooser(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await openChooser(page);
  await page.mouse.click(5, 760);
  await expect(dialog).toBeHidden();
  // still working where she was
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('current-dept')).toHaveText('护理一部');
});

test('the chosen data department scopes the lists; 全部部门 shows every held one; the header says which', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, '护理二部');
  await expect(page.getByTestId('current-dept')).toHaveText('护理二部');

  // 长者档案: only 护理二部's elders
  await page.goto('/index.html#/live/archives/base');
  const archives = page.getByTestId('resource-list-oldman');
  const table = archives.getByTestId('resource-table');
  await expect(table.getByText('护理二部').first()).toBeVisible();
  await expect(table.getByText('护理一部')).toHaveCount(0);
  const second = (await api(page, '/pims/web-pi/oldmans?pageSize=1')).total;
  await expect(archives.getByText(`共 ${second} 条`)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}dept-archives-hl2-1366.png` });

  // switch to 护理一部: 入住管理 shows its residents only
  let dialog = await openChooser(page);
  await expect(dialog.getByRole('radio', { name: '全部部门' })).toBeVisible();
  await dialog.getByText('护理一部', { exact: true }).click();
  await dialog.getByRole('button', { name: '进入系统' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-dept')).toHaveText('护理一部');
  await page.goto('/index.html#/live/live/list');
  const residents = page.getByTestId('resource-list-residence').getByTestId('resource-table');
  await expect(residents.getByText('护理一部').first()).toBeVisible();
  await expect(residents.getByText('护理二部')).toHaveCount(0);
  const first = (await api(page, '/pims/web-pi/oldmans?pageSize=1')).total;

  // 全部部门: the header says so and the elder list holds both
  dialog = await openChooser(page);
  await dialog.getByText('全部部门', { exact: true }).click();
  await dialog.getByRole('button', { name: '进入系统' }).click();
  await expect(page.getByTestId('current-dept')).toHaveText('全部部门');
  await page.goto('/index.html#/live/archives/base');
  const all = (await api(page, '/pims/web-pi/oldmans?pageSize=1')).total;
  expect(all).toBeGreaterThanOrEqual(first + second);
  await expect(archives.getByText(`共 ${all} 条`)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}dept-archives-all-1366.png` });
});
