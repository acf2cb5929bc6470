import { expect } from '@playwright/test';
import { localDay } from '../../../domain/clock.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });

/**
 * 代管药品 (issue #16): a drug the family hands over is registered for an elder, a dose lowers what
 * is kept, and a dose beyond the rest is refused with the server's Chinese message.
 */
test('a drug received from the family is kept, dosed, and not dosed beyond its rest', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/drug/depositedList');
  const screen = page.getByTestId('page-drug-deposited');
  const list = screen.getByTestId('resource-list-drugKeep');
  // how many records the list holds before (the seed's handovers are from the same families' names)
  const total = screen.getByText(/^共 \d+ 条$/);
  await expect(list.locator('fieldset').first()).toBeVisible();
  const before = Number((await total.textContent())?.match(/\d+/)?.[0]);
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增代管药品' });
  const elders = dialog.getByLabel('长者', { exact: true });
  await expect(elders.locator('option').nth(1)).toBeAttached();
  await elders.selectOption({ index: 1 });
  const elder = ((await elders.locator('option:checked').textContent()) ?? '').split('（')[0] ?? '';
  await dialog.getByLabel('药品', { exact: true }).selectOption({ label: '阿司匹林肠溶片（100mg×30片）' });
  await dialog.getByLabel('接收数量').fill('6');
  await dialog.getByLabel('批号').fill('BJ20261108');
  await dialog.getByLabel('有效期至').fill(localDay(Date.now() + 400 * 86_400_000));
  await dialog.getByLabel('交药人', { exact: true }).fill('王建国');
  await page.screenshot({ path: '.tmp/shots-drugs/register.png' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  // newest first: the record just registered heads the list, once the list has it
  await expect(total).toHaveText(`共 ${before + 1} 条`);
  const first = list.locator('fieldset').first();
  await expect(first).toHaveAttribute('aria-label', `${elder}的阿司匹林肠溶片`);
  await first.getByRole('button', { name: '用药' }).click();
  const dose = page.getByRole('dialog', { name: '用药' });
  await expect(dose.getByTestId('keep-summary')).toHaveText(`${elder}　阿司匹林肠溶片　现余6片`);
  await dose.getByLabel('用量').fill('2');
  await dose.getByRole('button', { name: '保存' }).click();
  await expect(dose).toBeHidden();

  await first.getByRole('button', { name: '用药' }).click();
  await expect(dose.getByTestId('keep-summary')).toHaveText(`${elder}　阿司匹林肠溶片　现余4片`);
  await dose.getByLabel('用量').fill('5');
  await dose.getByRole('button', { name: '保存' }).click();
  await expect(dose.getByTestId('form-error')).toHaveText(
    `代管药品余量不足：${elder}的阿司匹林肠溶片现余4片，不能服用5片`,
  );
  await page.screenshot({ path: '.tmp/shots-drugs/refused.png' });
  await dose.getByRole('button', { name: '取消' }).click();
  await page.getByRole('button', { name: '放弃修改' }).click();
  await expect(dose).toBeHidden();
  await expect(first.getByRole('button', { name: '用药' })).toBeEnabled();
  await page.screenshot({ path: '.tmp/shots-drugs/deposited.png' });
});
