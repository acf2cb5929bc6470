import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });

/**
 * The cells of the topmost list row that has a cell reading each of `wanted` ([] when none).
 * Blueprint's Table2 has no row elements: a row is the grid's cells of one row index.
 */
const rowCells = (list: Locator, wanted: string[]) =>
  list.evaluate((root, texts) => {
    const cells = [...root.querySelectorAll('.bp6-table-quadrant-main .bp6-table-cell')];
    const rowOf = (c: Element) => Number(/bp6-table-cell-row-(\d+)/.exec(c.className)?.[1] ?? -1);
    const byRow = new Map<number, string[]>();
    for (const c of cells) byRow.set(rowOf(c), [...(byRow.get(rowOf(c)) ?? []), c.textContent?.trim() ?? '']);
    const rows = [...byRow.entries()]
      .filter(([, t]) => texts.every((w) => t.includes(w)))
      .sort((a, b) => a[0] - b[0]);
    return rows[0]?.[1] ?? [];
  }, wanted);

/** 库存查询's row of 一次性手套 in 中心库房 holds `quantity`. */
async function expectGloves(page: Page, quantity: string) {
  await page.goto('/index.html#/warehouse/stock');
  const list = page.getByTestId('resource-list-storageStock');
  await expect.poll(() => rowCells(list, ['一次性手套', '中心库房'])).toContain(quantity);
}

test('a delivery is saved and printed, its red punch restores the stock', async ({ page }) => {
  await signIn(page, ADMIN);
  // the seed stored 30 boxes of gloves in 中心库房 and delivered 6 to the kitchen
  await expectGloves(page, '24');
  await page.screenshot({ path: '.tmp/shots-stock/stock.png' });

  await page.goto('/index.html#/warehouse/stockOut');
  const screen = page.getByTestId('page-deliver');
  const list = screen.getByTestId('resource-list-storageDeliver');
  await screen.getByRole('button', { name: '新增出库单' }).click();
  const dialog = page.getByRole('dialog', { name: '新增出库单' });
  await expect(dialog.getByLabel('仓库').locator('option', { hasText: '中心库房' })).toHaveCount(1);
  await dialog.getByLabel('仓库').selectOption({ label: '中心库房' });
  await dialog.getByLabel('领用人').fill('周海燕');
  await expect(dialog.getByLabel('物品1').locator('option', { hasText: '一次性手套' })).toHaveCount(1);
  await dialog.getByLabel('物品1').selectOption({ label: '一次性手套' });
  await dialog.getByLabel('数量').fill('3');
  await page.screenshot({ path: '.tmp/shots-stock/deliver-dialog.png' });
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: '保存并打印' }).click();
  const printed = await popup;
  await expect(printed.locator('h2')).toHaveText('出库单');
  await expect(printed.locator('table')).toContainText('一次性手套');
  await printed.screenshot({ path: '.tmp/shots-stock/print.png' });
  await printed.close();
  await expect(dialog).toBeHidden();
  await expect.poll(() => rowCells(list, ['周海燕'])).toContain('已打印');
  const docNo = (await rowCells(list, ['周海燕']))[0] ?? '';
  expect(docNo).toMatch(/^CK\d{11}$/);
  await expectGloves(page, '21');

  // 冲红: a reversing document restores the stock; the original cannot be punched again
  await page.goto('/index.html#/warehouse/stockOut');
  const row = list.getByRole('group', { name: docNo, exact: true });
  await row.getByRole('button', { name: '冲红' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '冲红' }).click();
  await expect.poll(() => rowCells(list, [`${docNo}H`])).toContain('冲红单');
  await expect.poll(() => rowCells(list, [docNo])).toContain('已冲红');
  await expect(row.getByRole('button', { name: '冲红' })).toBeDisabled();
  await page.screenshot({ path: '.tmp/shots-stock/stock-out.png' });
  await expectGloves(page, '24');
});

test('a stocktake posts its difference: 库存查询 shows the counted quantity', async ({ page }) => {
  await signIn(page, ADMIN);
  // the seed put 30 pads into 护理耗材库 and its stocktake found one missing
  await page.goto('/index.html#/warehouse/stock');
  const stock = page.getByTestId('resource-list-storageStock');
  await expect.poll(() => rowCells(stock, ['一次性护理垫', '护理耗材库'])).toContain('29');

  await page.goto('/index.html#/warehouse/inventory');
  const screen = page.getByTestId('page-inventory');
  await screen.getByRole('button', { name: '新增盘点' }).click();
  const create = page.getByRole('dialog', { name: '新增盘点' });
  await expect(create.getByLabel('仓库').locator('option', { hasText: '护理耗材库' })).toHaveCount(1);
  await create.getByLabel('仓库').selectOption({ label: '护理耗材库' });
  await create.getByRole('button', { name: '建立盘点单' }).click();

  // the count sheet: every line's book quantity from the snapshot; the pads are counted two short
  const sheet = page.getByRole('dialog', { name: /^盘点录入 PD\d{11}$/ });
  const lines = sheet.getByTestId('count-line');
  await expect(lines).toHaveCount(2);
  for (const line of await lines.all()) {
    const label = (await line.locator('label').textContent()) ?? '';
    const [, name, book] = /^(.+)（账面(\d+)/.exec(label) ?? [];
    const counted = name === '一次性护理垫' ? Number(book) - 2 : Number(book);
    await line.getByRole('textbox').fill(String(counted));
  }
  await expect(sheet.getByText('盘亏2')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots-stock/stocktake.png' });
  await sheet.getByRole('button', { name: '过账' }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('alertdialog').getByRole('button', { name: '过账' }).click();
  const printed = await popup;
  await expect(printed.locator('h2')).toHaveText('盘点结果');
  await expect(printed.locator('table')).toContainText('-2');
  await printed.close();
  await expect(sheet).toBeHidden();
  const list = screen.getByTestId('resource-list-storageInventory');
  await expect.poll(() => rowCells(list, ['护理耗材库', '已过账', '1'])).not.toEqual([]);

  await page.goto('/index.html#/warehouse/stock');
  await expect.poll(() => rowCells(stock, ['一次性护理垫', '护理耗材库'])).toContain('27');
});
