import { expect } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test.use({ viewport: { width: 1920, height: 1080 } });

test('an article is written with formatting, saved sanitised and published', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/education/wholeWard/list');
  const list = page.getByTestId('page-education-whole');
  await list.getByRole('button', { name: '新增', exact: true }).click();

  const save = page.getByTestId('page-education-save');
  await save.getByLabel('标题').fill('冬季防滑小贴士');
  await save.getByLabel('分类').selectOption({ label: '安全防护' });
  const body = save.getByRole('textbox', { name: '正文' });
  await body.click();
  await page.keyboard.type('雨雪天少出门');
  await page.keyboard.press('ControlOrMeta+A');
  await save.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('穿防滑鞋');
  // what a paste from elsewhere could bring: the server must drop it
  await body.evaluate((el) => {
    el.insertAdjacentHTML(
      'beforeend',
      '<p onclick="window.hacked=1">点我</p><p><a href="javascript:window.hacked=1">坏链接</a></p>',
    );
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await save.getByRole('button', { name: '保存' }).click();

  const row = list.getByRole('group', { name: '冬季防滑小贴士' });
  await expect(list.getByText('草稿', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: '查看' }).click();
  const frame = page.getByTestId('article-preview');
  const preview = page.frameLocator('[data-testid="article-preview"]').locator('body');
  await expect(preview.locator('b, strong').filter({ hasText: '雨雪天少出门' })).toBeVisible();
  await expect(preview.getByText('穿防滑鞋')).toBeVisible();
  await expect(preview.getByText('点我')).toBeVisible();
  expect(await preview.innerHTML()).not.toMatch(/onclick|javascript:/);
  // shown in a sandbox: no script runs there even if one got through
  await expect(frame).toHaveAttribute('sandbox', /^allow-popups allow-popups-to-escape-sandbox$/);
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await page.getByRole('dialog').getByText('关闭', { exact: true }).click();

  await row.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(row.getByRole('button', { name: '撤回' })).toBeVisible();
});
