import { expect } from '@playwright/test';
import { DrugApi as P } from '../../../features/drugs/api.js';
import { call, type Rec } from '../drivers/common.js';
import { test } from '../fixtures.js';
import { openMenu } from '../support.js';
import { doseName, doseRow, nurseWithSchedule, storedDose } from './medicationDose.driver.js';

test.use({ viewport: { width: 1366, height: 768 } });

/**
 * 今日用药 (issue #42 point 3): the nurse's round lists the day's doses of 用药设置 on the elder's
 * floor. She gives one (the kept rest falls by the dose, a 用药记录 is written), refuses one with a
 * reason of her own, and gives one in another quantity than the setting: it is flagged.
 * E2E_SHOTS=1 saves the screen as .tmp/shot-medication-round.png.
 */
test('a nurse gives, refuses and gives a differing dose on 今日用药', async ({ page }) => {
  const ctx = await nurseWithSchedule(page, { dose: 2, useTimes: ['08:00', '12:00', '18:00'], kept: 10 });
  await openMenu(page, '药品管理', '今日用药');
  const screen = page.getByTestId('page-medication-round');
  await expect(screen.getByRole('heading', { name: /^今日用药 · \d{4}-\d{2}-\d{2}$/ })).toBeVisible();

  const morning = await doseRow(page, ctx, '08:00');
  await expect(morning.getByTestId('dose-state')).toHaveText('待服');
  await expect(morning.getByTestId('dose-amount')).toHaveText('每次 2片');
  await expect(morning.getByTestId('dose-rest')).toHaveText('余 10片');

  // 已服 at the setting's dose: the rest falls by 2 on every dose of the drug
  await morning.getByRole('button', { name: `已服 ${doseName(ctx, '08:00')}`, exact: true }).click();
  const give = page.getByRole('dialog', { name: `已服：${doseName(ctx, '08:00')}` });
  await expect(give.getByLabel('实际用量', { exact: true })).toHaveValue('2');
  await give.getByRole('button', { name: '确定服药' }).click();
  await expect(give).toHaveCount(0);
  await expect(morning.getByTestId('dose-state')).toHaveText('已服 2片');
  await expect(morning.getByTestId('dose-rest')).toHaveText('余 8片');
  await expect(morning.getByTestId('dose-differs')).toHaveCount(0);
  await expect(
    morning.getByRole('button', { name: `已服 ${doseName(ctx, '08:00')}`, exact: true }),
  ).toHaveCount(0);

  // 拒服 needs a reason: 确定拒服 waits for one, typed here
  const noon = await doseRow(page, ctx, '12:00');
  await expect(noon.getByTestId('dose-rest')).toHaveText('余 8片');
  await noon.getByRole('button', { name: `拒服 ${doseName(ctx, '12:00')}`, exact: true }).click();
  const refuse = page.getByRole('dialog', { name: `拒服：${doseName(ctx, '12:00')}` });
  await expect(refuse.getByRole('button', { name: '确定拒服' })).toBeDisabled();
  await refuse.getByLabel('原因', { exact: true }).fill('长者说胃不舒服');
  await refuse.getByRole('button', { name: '确定拒服' }).click();
  await expect(refuse).toHaveCount(0);
  await expect(noon.getByTestId('dose-state')).toHaveText('拒服（长者说胃不舒服）');
  await expect(noon.getByTestId('dose-rest')).toHaveText('余 8片');

  // another quantity than the setting's: said in the dialog, flagged on the row
  const evening = await doseRow(page, ctx, '18:00');
  await evening.getByRole('button', { name: `已服 ${doseName(ctx, '18:00')}`, exact: true }).click();
  const differing = page.getByRole('dialog', { name: `已服：${doseName(ctx, '18:00')}` });
  await differing.getByLabel('实际用量', { exact: true }).fill('1');
  await expect(differing.getByText('用量与设置的2片不同，将标记在今日用药和用药记录中')).toBeVisible();
  await differing.getByRole('button', { name: '确定服药' }).click();
  await expect(differing).toHaveCount(0);
  await expect(evening.getByTestId('dose-state')).toHaveText('已服 1片');
  await expect(evening.getByTestId('dose-differs')).toHaveText('与设置不同（应为2片）');
  await expect(evening.getByTestId('dose-rest')).toHaveText('余 7片');
  await expect(morning.getByTestId('dose-differs')).toHaveCount(0);

  // the server's books: two 用药记录 of the drug, the rest 7, the refusal's reason kept
  const uses = (await call(page, ctx.token, 'GET', `${P.use}?drugId=${ctx.drugId}&pageHelper=0`))
    .list as Rec[];
  expect(uses.map((u) => Number(u.quantity)).sort()).toEqual([1, 2]);
  expect((await storedDose(page, ctx, '12:00')).reason).toBe('长者说胃不舒服');
  expect((await storedDose(page, ctx, '18:00')).restQuantity).toBe(7);

  if (process.env.E2E_SHOTS) {
    await evening.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/shot-medication-round.png' });
  }
});
