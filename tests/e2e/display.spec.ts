import { expect, test } from '@playwright/test';
import { ADMIN, openMenu, signIn } from './support.js';

test('display settings change the theme and the watermark at once and after a reload', async ({ page }) => {
  await signIn(page, ADMIN, '院办');
  await expect(page.getByTestId('watermark')).toHaveAttribute('data-text', 'admin 王建国');
  await openMenu(page, '系统管理', '系统设置', '显示设置');
  await page.getByLabel('主题色').selectOption({ label: '荷叶绿' });
  await page.getByLabel('水印').selectOption({ label: '关闭' });
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('显示设置已保存')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'heyelv');
  await expect(page.getByTestId('watermark')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'heyelv');
  await page.waitForTimeout(700);
  await expect(page.getByTestId('watermark')).toHaveCount(0);
});
