import { expect, test } from '@playwright/test';
import { ADMIN, openMenu, signIn } from './support.js';

test('uploads an installation package, sees the total, refuses a fake one, deletes it', async ({ page }) => {
  await signIn(page, ADMIN, '院办');
  await openMenu(page, '系统管理', '系统设置', '安装包管理');
  const pageEl = page.getByTestId('page-install-package');
  await pageEl.getByLabel('名称').fill('床旁机');
  await pageEl.getByLabel('版本').fill('2.1.0');
  await pageEl.getByLabel('设备类型').fill('BEDSIDE');
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2044)]);
  await pageEl
    .locator('input[type=file]')
    .setInputFiles({ name: 'bedside.apk', mimeType: 'application/octet-stream', buffer: zip });
  await pageEl.getByRole('button', { name: '上传' }).click();
  await expect(pageEl.getByRole('cell', { name: 'bedside.apk' })).toBeVisible();
  await expect(page.getByTestId('package-sum')).toHaveText('2.0 KB');

  await pageEl.getByRole('button', { name: '上传' }).click();
  await expect(pageEl.getByText('请选择安装包文件')).toBeVisible();
  await pageEl.getByLabel('名称').fill('伪造包');
  await pageEl.getByLabel('版本').fill('1.0');
  await pageEl.getByLabel('设备类型').fill('BEDSIDE');
  await pageEl.locator('input[type=file]').setInputFiles({
    name: 'fake.apk',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('not a package'),
  });
  await pageEl.getByRole('button', { name: '上传' }).click();
  await expect(pageEl.getByText('文件内容与扩展名不符')).toBeVisible();

  await pageEl.getByRole('button', { name: '删除' }).click();
  await page.locator('.bp6-alert').getByRole('button', { name: '删除' }).click();
  await expect(pageEl.getByText('暂无安装包')).toBeVisible();
  await expect(page.getByTestId('package-sum')).toHaveText('0.0 KB');
});

test('server settings refuse bad input with the server message and keep the old values', async ({ page }) => {
  await signIn(page, ADMIN, '院办');
  await openMenu(page, '系统管理', '系统设置', '服务器设置');
  const days = page.getByLabel('操作日志保留天数');
  await expect(days).toHaveValue('180');
  await days.fill('3');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('form-error')).toContainText('keepLogDays');
  await page.reload();
  await expect(page.getByLabel('操作日志保留天数')).toHaveValue('180');
});
