import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { ADMIN, openMenu, signIn } from './support.js';

test('open tabs keep what was typed; closing one with unsaved changes asks first', async ({ page }) => {
  await signIn(page, ADMIN);
  await openMenu(page, '系统管理', '系统设置', '服务器设置');
  const serve = page.getByTestId('page-serve');
  await serve.getByLabel('服务器名称').fill('一号院区服务器');

  await openMenu(page, '居住管理', '长者管理', '长者档案');
  const archives = page.getByTestId('resource-list-oldman');
  await archives.getByLabel('关键字').fill('张');
  await expect(serve).toHaveCount(0);

  const tabs = page.getByTestId('tab');
  await tabs.filter({ hasText: '服务器设置' }).click();
  await expect(serve.getByLabel('服务器名称')).toHaveValue('一号院区服务器');
  await tabs.filter({ hasText: '长者档案' }).click();
  await expect(archives.getByLabel('关键字')).toHaveValue('张');

  await page.getByRole('button', { name: '关闭服务器设置' }).click();
  const ask = page.getByText('有未保存的修改，关闭后将丢失，确定关闭吗？');
  await expect(ask).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(tabs.filter({ hasText: '服务器设置' })).toBeVisible();
  await page.getByRole('button', { name: '关闭服务器设置' }).click();
  await page.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(tabs.filter({ hasText: '服务器设置' })).toHaveCount(0);
  // A tab without changes closes at once.
  await page.getByRole('button', { name: '关闭长者档案' }).click();
  await expect(tabs.filter({ hasText: '长者档案' })).toHaveCount(0);
});

test('a screen whose bundle fails to load shows an error with 重试, and 重试 opens it', async ({ page }) => {
  await signIn(page, ADMIN);
  let refused = 0;
  await page.route(/\/assets\/LogList-[\w-]+\.js$/, (route) => {
    refused += 1;
    return route.abort('connectionrefused');
  });
  await page.goto('/index.html#/systemSetting/logList');
  const failed = page.getByTestId('page-load-failed');
  await expect(failed).toContainText('页面加载失败');
  expect(refused).toBeGreaterThan(0);
  await page.unroute(/\/assets\/LogList-[\w-]+\.js$/);
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('page-logList')).toBeVisible();
});

test('the trailing menuId of spec 000 §2 opens the screen; anything else after it is not found', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/systemSetting/logList/12');
  await expect(page.getByTestId('page-logList')).toBeVisible();
  await page.goto('/index.html#/systemSetting/logList/abc');
  await expect(page.getByTestId('page-not-found')).toBeVisible();
});

test('/home/iframe without a menu id lists the embedded pages of the menu, each opening in the console', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/home/iframe');
  const links = page.getByTestId('page-iframe-links');
  await expect(links.getByText('内嵌页面')).toBeVisible();
  await expect(page.getByTestId('page-not-found')).toHaveCount(0);
  await links.getByRole('button', { name: '使用帮助' }).click();
  await expect(page.getByTestId('iframe-page')).toHaveAttribute('src', '/help.html');
  await expect(page).toHaveURL(/#\/home\/iframe\/\d+$/);
});
