import { expect } from '@playwright/test';
import { test } from '../fixtures.js';
import { NURSE, signIn } from '../support.js';

/**
 * Issue #36 point 9: a nurse was asked 确定删除计划护理项目“8”吗？ The question names the item by its
 * project, as the list shows it. Asked and cancelled: nothing changes.
 */
test('deleting a plan’s item asks about it by its project, not by its id', async ({ page }) => {
  await signIn(page, NURSE, '护理一部');
  await page.goto('/#/careplan/nursing');
  const plans = page.getByTestId('page-nursing-plans');
  const editable = plans.getByRole('button', { name: '编辑' }).and(page.locator(':enabled'));
  await expect(editable.first()).toBeVisible();
  await editable.first().click();

  const edit = page.getByTestId('page-nursing-plan-edit');
  // the items' list: each row's operation cell is named after the row (src/resource/ResourceTable.tsx)
  const item = edit.getByTestId(/^row-\d+$/).first();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: '删除' }).click();
  const alert = page.locator('.bp6-alert');
  await expect(alert).toContainText(/确定删除计划护理项目“.+”吗？/);
  const question = (await alert.locator('.bp6-alert-contents').textContent()) ?? '';
  const project = /“(.+)”/.exec(question)?.[1] ?? '';
  // the project the row shows in its 护理项目 column
  expect(project).not.toMatch(/^\d+$/);
  await expect(edit.getByRole('gridcell', { name: project, exact: true }).first()).toBeVisible();
  await alert.getByRole('button', { name: '取消' }).click();
  await expect(alert).toBeHidden();
});
