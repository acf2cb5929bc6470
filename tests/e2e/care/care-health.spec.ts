import { expect } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test('a blood oxygen reading out of range entered in the console raises an alarm seen in 告警中心; an impossible one is refused', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/#/careplan/bloodOxygen');
  const list = page.getByTestId('page-sign-bloodOxygen');
  await expect(list).toBeVisible();
  await list.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  const elder = dialog.getByLabel('长者', { exact: true });
  await expect(elder.locator('option').nth(1)).toBeAttached();
  await elder.selectOption({ index: 1 });
  const name = ((await elder.locator('option:checked').textContent()) ?? '').replace(/（.*$/, '');
  expect(name).not.toBe('');

  // a reading taken an hour ago (server, browser and tests all run on the home's clock)
  const morning = await page.evaluate(() => {
    const d = new Date(Date.now() - 3600_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });
  await dialog.getByLabel('测量时间').fill(morning);

  // impossible: refused with the server's message, nothing saved
  await dialog.getByLabel('血氧饱和度（%）').fill('30');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(
    dialog.getByTestId('form-error').or(dialog.getByText('血氧饱和度（%）不能小于50')),
  ).toBeVisible();

  // low: saved, flagged, and raised as an alarm
  await dialog.getByLabel('血氧饱和度（%）').fill('86');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  const table = list.getByTestId('resource-table');
  await expect(table.getByText('86', { exact: true })).toBeVisible();
  await expect(table.getByText(name, { exact: true }).first()).toBeVisible();

  await page.goto('/#/yunmuIot/alarm');
  const row = page
    .getByTestId('live-alarms')
    .getByTestId('alarm-row')
    .filter({ hasText: '血氧过低（体征录入）' })
    .filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('血氧饱和度86%，低于90%');
  await expect(row).toContainText('人工录入');

  // 个人健康 lists every resident, with a mattress or not, and draws the hand-entered reading
  await page.goto('/#/yunmuIot/health/personal');
  const personal = page.getByTestId('health-personal');
  const choice = personal.getByLabel('长者', { exact: true }).locator('option', { hasText: name }).first();
  await expect(choice).toBeAttached();
  const value = await choice.getAttribute('value');
  await personal.getByLabel('长者', { exact: true }).selectOption(value ?? '');
  await expect(personal.getByTestId('chart-manual-signs')).toHaveAttribute('data-points', /^[1-9]\d*$/);
});

test('this week’s meal plan is copied forward to the next week', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/#/careplan/dishPlan');
  const screen = page.getByTestId('page-dish-plans');
  await expect(screen.getByTestId('week-menu')).toContainText('午餐');
  // Table2 has no row elements: each row's buttons are a group named after the plan
  const thisWeek = screen.getByRole('group', { name: '本周食谱' });
  await thisWeek.getByRole('button', { name: '复制到下周' }).click();
  await expect(page.getByText(/已复制为 \d{4}-\d{2}-\d{2} 起的一周食谱/)).toBeVisible();
  const copied = screen.getByRole('group', { name: /日起一周食谱$/ });
  await expect(copied).toBeVisible();
  await copied.getByRole('button', { name: '查看' }).click();
  await expect(page.getByTestId('page-dish-plan-detail').getByTestId('week-menu-day')).toHaveCount(7);
  await expect(page.getByTestId('page-dish-plan-detail')).toContainText('小米粥');
});
