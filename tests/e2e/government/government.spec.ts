import { expect } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/** A 1×1 PNG: the rectification photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const ITEM = '走廊、卫生间、浴室安装扶手';

test.use({ viewport: { width: 1920, height: 1080 } });

test('an inspection problem is registered, assigned with a deadline and rectified with a photo', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/government/inspect');
  await page
    .getByTestId('page-government-inspect')
    .getByRole('button', { name: '新增', exact: true })
    .click();

  // 新增检查: the 60 items, one of them failed with its problem
  const add = page.getByTestId('page-government-inspect-add');
  await expect(add.getByText('检查项目（60项，不合格 0 项）')).toBeVisible();
  await add.getByLabel('检查单位').fill('西湖区民政局');
  await add.getByLabel('检查人员').fill('周敏');
  const item = add.getByTestId('item-38');
  await item.getByText('不合格', { exact: true }).click();
  await item.getByLabel('第38项问题描述').fill('三楼西侧浴室未安装扶手');
  await expect(add.getByText('检查项目（60项，不合格 1 项）')).toBeVisible();
  await add.getByRole('button', { name: '保存' }).click();

  // 问题登记 of the new inspection: the failed item waits to be assigned
  const register = page.getByTestId('page-government-register');
  const row = register.getByRole('group', { name: ITEM });
  await expect(register.getByText('三楼西侧浴室未安装扶手')).toBeVisible();
  await expect(register.getByText('待整改', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: '提交整改' }).waitFor({ state: 'detached' });

  await row.getByRole('button', { name: '下发整改' }).click();
  const assign = page.getByRole('dialog');
  await assign.getByLabel('整改责任人').fill('赵永强');
  await assign.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('下发整改成功')).toBeVisible();
  await expect(register.getByText('整改中', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: '提交整改' }).click();
  const rectify = page.getByRole('dialog');
  await rectify.getByRole('button', { name: '确定' }).click();
  await expect(rectify.getByText('请填写整改情况')).toBeVisible();
  await rectify.getByLabel('整改情况').fill('已在浴室加装不锈钢扶手两处');
  await rectify
    .locator('#gov-rectify-photo')
    .setInputFiles({ name: '扶手.png', mimeType: 'image/png', buffer: PNG });
  await expect(rectify.locator('img[src^="/files/inspections/"]')).toBeVisible();
  await rectify.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('提交整改成功')).toBeVisible();
  await expect(register.getByText('已整改', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: '提交整改' })).toHaveCount(0);
});
