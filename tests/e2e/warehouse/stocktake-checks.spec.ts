import { expect } from '@playwright/test';
import { WarehouseScreens as S } from '../../../domain/screens.js';
import { WarehouseApi as P } from '../../../features/warehouse/api.js';
import { call, tokenOf } from '../drivers/common.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';
import { depotList, newDepot, storeIn, twoSkus } from './depot.js';

test.use({ viewport: { width: 1366, height: 768 } });

/**
 * 库存盘点 › 录入 › 过账 (issue #42 point 4): a line left blank is refused before “确定过账吗？” is asked,
 * at the line, focused, with the summary above; 未盘点按账面数填入 fills the blank lines from the book
 * (the counted one keeps what was typed) and then 过账 asks and posts.
 */
test('过账 checks the counts before asking, and blank lines can take the book figures', async ({ page }) => {
  await signIn(page, ADMIN);
  const token = await tokenOf(page);
  const depot = await newDepot(page, token, '盘点检查库');
  const [gloves, pads] = await twoSkus(page, token);
  await storeIn(page, token, depot.depotId, gloves.skuId, 5);
  await storeIn(page, token, depot.depotId, pads.skuId, 3);
  const made = await call(page, token, 'POST', P.inventory.save, { depotId: depot.depotId });
  const id = Number(made.id);

  const { table } = await depotList(
    page,
    { url: `/index.html#${S.inventory}`, testId: 'page-inventory' },
    depot.depotId,
    {},
  );
  await table.getByTestId(`row-${id}`).getByRole('button', { name: '录入', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: /^盘点录入 PD\d+$/ });
  await expect(sheet.getByTestId('count-line')).toHaveCount(2);
  await sheet.getByLabel('一次性手套实盘数量').fill('4');
  await sheet.getByRole('button', { name: '过账' }).click();

  const blank = sheet.getByLabel('一次性护理垫实盘数量');
  await expect(sheet.getByText(/^还有1种物品未录入实盘数量：一次性护理垫/)).toBeVisible();
  await expect(
    sheet.getByTestId('count-line').filter({ hasText: '一次性护理垫' }).getByText('请填写实盘数量'),
  ).toBeVisible();
  await expect(blank).toBeFocused();
  // refused before the question: no confirmation was asked
  await expect(page.getByText('确定过账吗？')).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots-office/stocktake-blank-line.png' });

  await sheet.getByRole('button', { name: '未盘点按账面数填入' }).click();
  await expect(blank).toHaveValue('3');
  await expect(sheet.getByLabel('一次性手套实盘数量')).toHaveValue('4');
  await expect(sheet.getByText('请填写实盘数量')).toHaveCount(0);
  await sheet.getByRole('button', { name: '过账' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('确定过账吗？');
  const popup = page.waitForEvent('popup');
  await confirm.getByRole('button', { name: '过账' }).click();
  await (await popup).close();
  await expect(page.getByText(/^盘点单PD\d+已过账/)).toBeVisible();
  const lines = (await call(page, token, 'GET', P.inventory.get.replace(':id', String(id)))).lines as {
    skuId: number;
    countQuantity: number;
  }[];
  expect(lines.map((l) => [l.skuId, l.countQuantity])).toEqual(
    expect.arrayContaining([
      [gloves.skuId, 4],
      [pads.skuId, 3],
    ]),
  );
});
