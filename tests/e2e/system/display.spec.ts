import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, openMenu, signIn } from '../support.js';

const saveDisplay = async (page: Page) => {
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('显示设置已保存').last()).toBeVisible();
};

test('display settings apply at once (name, theme, watermark), last through a department switch and a reload', async ({
  page,
}) => {
  await signIn(page, ADMIN, '院办');
  await expect(page.getByTestId('watermark')).toHaveAttribute('data-text', 'admin 王建国');
  await openMenu(page, '系统管理', '系统设置', '显示设置');
  const form = page.getByTestId('page-display');
  await expect(form).toBeEnabled();
  const name = form.getByLabel('系统名称');
  const before = {
    name: await name.inputValue(),
    window: await form.getByLabel('窗口名称').inputValue(),
    theme: await form.getByLabel('主题色').inputValue(),
    watermark: await form.getByLabel('水印').inputValue(),
  };
  await name.fill('阳光颐养智慧平台');
  await form.getByLabel('窗口名称').fill('阳光颐养 · 控制台');
  await form.getByLabel('主题色').selectOption({ label: '荷叶绿' });
  await form.getByLabel('水印').selectOption({ label: '关闭' });
  await saveDisplay(page);

  // at once, through the running config machine: the header, the window title, the theme and the watermark
  await expect(page.locator('.shell-title')).toHaveText('阳光颐养智慧平台');
  await expect(page).toHaveTitle('阳光颐养 · 控制台');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'heyelv');
  await expect(page.getByTestId('watermark')).toHaveCount(0);

  // another data department keeps them
  await page.getByTestId('user-menu').click();
  await page.getByText('切换数据部门').click();
  const chooser = page.getByTestId('dept-chooser');
  await chooser.getByText('护理一部', { exact: true }).click();
  await page.getByRole('button', { name: '进入系统' }).click();
  await expect(page.getByTestId('current-dept')).toHaveText('护理一部');
  await expect(page.locator('.shell-title')).toHaveText('阳光颐养智慧平台');
  await expect(page.getByTestId('watermark')).toHaveCount(0);

  // and so does a reload: the header shows the stored name once the session is back
  await page.reload();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.locator('.shell-title')).toHaveText('阳光颐养智慧平台');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'heyelv');
  await expect(page.getByTestId('watermark')).toHaveCount(0);

  // put the home's settings back for the specs after this one (the reload kept 显示设置 open)
  await expect(form).toBeEnabled();
  await name.fill(before.name);
  await form.getByLabel('窗口名称').fill(before.window);
  await form.getByLabel('主题色').selectOption(before.theme);
  await form.getByLabel('水印').selectOption(before.watermark);
  await saveDisplay(page);
  await expect(page.locator('.shell-title')).toHaveText(before.name);
  await expect(page.getByTestId('watermark')).toHaveAttribute('data-text', 'admin 王建国');
});
