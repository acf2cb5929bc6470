import { expect } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });

const figure = async (scope: import('@playwright/test').Locator, testId: string) =>
  Number(await scope.getByTestId(testId).textContent());

test('an elder is registered (a place fewer), another signs in at the held activity, and the statistics count it', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/administration/activity');
  const list = page.getByTestId('page-activity');

  // 报名 on the activity open for registration: the places drop by one
  await list.getByRole('group', { name: '重阳节联欢会' }).getByRole('button', { name: '报名' }).click();
  const register = page.getByTestId('page-activity-register-detail');
  await expect(register.getByTestId('activity-name')).toHaveText('重阳节联欢会');
  await expect(register.getByTestId('activity-places-left')).toHaveText(/\d+/);
  const placesBefore = await figure(register, 'activity-places-left');
  await register.getByRole('button', { name: '报名', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '活动报名' });
  const elder = dialog.locator('select');
  await expect(elder.locator('option').nth(1)).toBeAttached();
  await elder.selectOption({ index: 1 });
  // a registration's row is named after its elder (张桂英（1号楼…）: the name before the bed)
  const oldmanName = String(await elder.locator('option:checked').textContent()).replace(/（.*$/, '');
  const rowsOfElder = register.getByRole('group', { name: oldmanName, exact: true });
  const registeredBefore = await rowsOfElder.count();
  await dialog.getByRole('button', { name: '确定报名' }).click();
  await expect(dialog).toBeHidden();
  await expect(register.getByTestId('activity-places-left')).toHaveText(String(placesBefore - 1));
  await expect(rowsOfElder).toHaveCount(registeredBefore + 1);

  // 签到 at the activity being held: the first elder not yet signed in
  await page.goto('/index.html#/administration/activity');
  const held = list.getByRole('group', { name: '康复操集体训练' });
  await expect(held.getByRole('button', { name: '报名' })).toBeDisabled();
  await held.getByRole('button', { name: '签到' }).click();
  const sign = page.getByTestId('page-activity-sign-detail');
  await expect(sign.getByTestId('activity-signed-in')).toHaveText(/\d+/);
  const signedBefore = await figure(sign, 'activity-signed-in');
  await sign
    .locator('button:not([disabled])', { hasText: /^签到$/ })
    .first()
    .click();
  await expect(sign.getByTestId('activity-signed-in')).toHaveText(String(signedBefore + 1));

  // 统计 of that activity shows the sign-in
  await page.goto('/index.html#/administration/activity');
  await held.getByRole('button', { name: '统计' }).click();
  const stats = page.getByTestId('page-activity-statistics');
  await expect(stats.getByTestId('stat-one-signed-in')).toHaveText(String(signedBefore + 1));
  await expect(stats.getByTestId('stat-signed-in')).toHaveText(/\d+/);

  // 取消活动 before it is held, with a reason: the row says 已取消 and takes nothing more
  // (one more than before: other tests, the activity path spec among them, cancel activities too)
  await page.goto('/index.html#/administration/activity');
  const later = list.getByRole('group', { name: '手工折纸活动' });
  const cancelled = list.getByText('已取消', { exact: true });
  await expect(later.getByRole('button', { name: '取消活动' })).toBeEnabled();
  const before = await cancelled.count();
  await later.getByRole('button', { name: '取消活动' }).click();
  await page.getByLabel('取消原因').fill('活动室维修');
  await page.getByRole('alertdialog').getByRole('button', { name: '取消活动' }).click();
  await expect(later.getByRole('button', { name: '取消活动' })).toBeDisabled();
  await expect(cancelled).toHaveCount(before + 1);
});
