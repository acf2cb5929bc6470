import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, openMenu, signIn } from '../support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/assessment-${name}.png`, fullPage: false });
};

test.use({ viewport: { width: 1366, height: 768 } });

/** Clicks the first (best, or 否) option of the items from..to of the form, in order. */
async function answer(page: Page, from: number, to: number) {
  const items = page.getByTestId('page-assessment-form').locator('[data-testid^="item-"]');
  for (let i = from; i < to; i += 1) await items.nth(i).locator('button').first().click();
}

test('an assessor fills a 2023 assessment across two sessions, submits it and sees the level', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await openMenu(page, '护理计划', '评估记录');
  await expect(page.getByTestId('page-assessment-records')).toBeVisible();
  await page.getByRole('button', { name: '2023版能力评估' }).click();
  const form = page.getByTestId('page-assessment-form');
  await expect(form.getByText('GB/T 42195-2022《老年人能力评估规范》')).toBeVisible();
  await expect(form.locator('#as-elder option').nth(1)).toBeAttached();
  await form.locator('#as-elder').selectOption({ index: 1 });
  const elder = await form.locator('#as-elder option:checked').textContent();
  await form.locator('#as-cause').selectOption({ index: 1 });
  await answer(page, 0, 15);
  await expect(page.getByTestId('assessment-progress')).toContainText('已评 15/30 项');
  // a final submit of an unfinished form is refused before it leaves
  await page.getByTestId('assessment-submit').click();
  await expect(page.getByTestId('assessment-problem')).toContainText('请完成评估项');
  await page.getByTestId('assessment-save').click();
  await expect(page).toHaveURL(/assessmentId=\d+/);
  await shot(page, 'draft');

  // the second session: a fresh page load, back through the record list
  await page.reload();
  await expect(page.getByTestId('assessment-progress')).toContainText('已评 15/30 项');
  await openMenu(page, '护理计划', '评估记录');
  const list = page.getByTestId('page-assessment-records');
  // the newest record first: the draft just saved, under the elder's name
  await expect(list).toContainText((elder ?? '').split('（')[0] ?? '');
  await list.getByRole('button', { name: '继续评估' }).first().click();
  await expect(page.getByTestId('assessment-progress')).toContainText('已评 15/30 项');
  await answer(page, 15, 30);
  await expect(page.getByTestId('assessment-progress')).toContainText('当前得分 90/90');
  await page.getByTestId('assessment-submit').click();
  const grade = page.getByTestId('assessment-grade');
  await expect(grade).toContainText('评估等级：能力完好');
  await expect(grade).toContainText('建议护理等级：自理');
  // read-only now: no save, options disabled
  await expect(page.getByTestId('assessment-save')).toHaveCount(0);
  await expect(page.getByTestId('opt-B.1.1-4')).toBeDisabled();
  await shot(page, 'submitted');
});

test('评估权限: an assessor added to the list can be taken off it again', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/#/careplan/assessment/authority');
  const screen = page.getByTestId('page-assessors');
  const table = screen.getByTestId('resource-table');
  await expect(table.getByText('PG2025-0317')).toBeVisible();
  await screen.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('评估员', { exact: true }).selectOption({ label: '李秀英' });
  await dialog.getByLabel('评估员证书编号').fill('PG2026-0042');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByText('PG2026-0042')).toBeVisible();
  // the list keeps the order of adding: hers is the last row
  await expect(screen.getByRole('button', { name: '移除' })).toHaveCount(2);
  await screen.getByRole('button', { name: '移除' }).last().click();
  await page.locator('.bp6-alert').getByRole('button', { name: '移除' }).click();
  await expect(page.getByText('已将李秀英移出评估员名单')).toBeVisible();
  await expect(table.getByText('PG2026-0042')).toHaveCount(0);
  await expect(table.getByText('PG2025-0317')).toBeVisible();
});
