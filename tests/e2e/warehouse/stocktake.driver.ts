import { expect, type Locator, type Page } from '@playwright/test';
import { WarehouseScreens as S } from '../../../domain/screens.js';
import { inventoryStateNames } from '../../../domain/statuses/warehouse.js';
import { WarehouseApi as P } from '../../../features/warehouse/api.js';
import { type StocktakeEvent, stocktakeWorkflow } from '../../../machines/stocktakeMachine.js';
import { type Rec, tokenOf } from '../drivers/common.js';
import { expectOffered, type ListScreen, type Staying, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';
import { depotList, depotRows, newDepot, printFrom, storeIn, twoSkus } from './depot.js';

/**
 * The stocktake machine's driver for the generated path tests (`npm run paths -- stocktake
 * --transitions --format playwright`), on 库存盘点. Each path puts five boxes of gloves into a depot of
 * its own through the API; 新增盘点 snapshots it, 录入 opens the count sheet (保存 the counts, 过账 with
 * its confirmation and the result's print view), 打印 and 作废 are the row's buttons. 重新快照 is
 * offered where 过账 is refused because the stock moved since the snapshot: the path moves it (one box
 * more, through the API) and takes the sheet's 重新快照. Each state is read from the server and from
 * 库存盘点 narrowed to the depot: nothing before 新增盘点, then the stocktake's status and 录入, 打印 and
 * 作废 enabled exactly where the machine takes their events.
 */
export interface StocktakeCtx extends Staying {
  token: string;
  depotId: number;
  depotName: string;
  skuId: number;
  inventoryId?: number;
}

const list: ListScreen = { url: `/index.html#${S.inventory}`, testId: 'page-inventory' };
const buttons = { 'stocktake.save': '录入', 'stocktake.print': '打印', 'stocktake.cancel': '作废' };
/** The print view's heading by invState. */
const printed: Record<number, string> = { 1: '盘点表', 2: '盘点结果' };

/** The path's stocktake as the server lists it; none before 新增盘点. */
async function stored(page: Page, ctx: StocktakeCtx): Promise<Rec | null> {
  const rows = await depotRows(page, ctx.token, P.inventory.list, ctx.depotId);
  expect(rows.length, 'stocktakes of the path’s depot').toBeLessThanOrEqual(1);
  return rows[0] ?? null;
}

/** 录入 on the row: the count sheet, every line counted (its book quantity; a box short the first time). */
async function countSheet(page: Page, row: Locator) {
  await row.getByRole('button', { name: '录入', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: /^盘点录入 PD\d+$/ });
  const line = sheet.getByTestId('count-line');
  await expect(line).toHaveCount(1);
  const box = line.getByRole('textbox');
  if (!(await box.inputValue())) {
    const book = Number(/账面(\d+)/.exec((await line.locator('label').textContent()) ?? '')?.[1]);
    await box.fill(String(book - 1));
    await expect(sheet.getByText('盘亏1')).toBeVisible();
  }
  return sheet;
}

export const driver = {
  async start(page: Page): Promise<StocktakeCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const depot = await newDepot(page, token, '路径盘点库');
    const [gloves] = await twoSkus(page, token);
    await storeIn(page, token, depot.depotId, gloves.skuId, 5);
    return { token, ...depot, skuId: gloves.skuId };
  },

  async send(page: Page, ctx: StocktakeCtx, event: StocktakeEvent) {
    const { screen, table } = await depotList(page, list, ctx.depotId, ctx);
    const row = table.getByTestId(`row-${ctx.inventoryId}`);
    switch (event.type) {
      case 'stocktake.create': {
        await screen.getByRole('button', { name: '新增盘点' }).click();
        const create = page.getByRole('dialog', { name: '新增盘点' });
        await expect(create.getByLabel('仓库').locator('option', { hasText: ctx.depotName })).toHaveCount(1);
        await create.getByLabel('仓库').selectOption({ label: ctx.depotName });
        await create.getByRole('button', { name: '建立盘点单' }).click();
        await expect(toast(page, '账面数量已快照')).toBeVisible();
        // the count sheet opens at once; the counting is a later step
        const sheet = page.getByRole('dialog', { name: /^盘点录入 PD\d+$/ });
        await expect(sheet.getByTestId('count-line')).toHaveCount(1);
        await sheet.getByRole('button', { name: '取消', exact: true }).click();
        await expect(sheet).toHaveCount(0);
        ctx.inventoryId = Number((await stored(page, ctx))?.inventoryId);
        return;
      }
      case 'stocktake.save': {
        const sheet = await countSheet(page, row);
        await sheet.getByRole('button', { name: '保存', exact: true }).click();
        await expect(toast(page, '实盘数量已保存')).toBeVisible();
        await sheet.getByRole('button', { name: '取消', exact: true }).click();
        await expect(sheet).toHaveCount(0);
        return;
      }
      case 'stocktake.resnapshot': {
        // a box more came in since the snapshot: 过账 is refused and 重新快照 offered
        await storeIn(page, ctx.token, ctx.depotId, ctx.skuId, 1);
        const sheet = await countSheet(page, row);
        await sheet.getByRole('button', { name: '过账', exact: true }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: '过账', exact: true }).click();
        await expect(sheet.getByText('请重新快照')).toBeVisible();
        await sheet.getByRole('button', { name: '重新快照', exact: true }).click();
        await expect(toast(page, '已重新快照账面数量')).toBeVisible();
        await sheet.getByRole('button', { name: '取消', exact: true }).click();
        await expect(sheet).toHaveCount(0);
        return;
      }
      case 'stocktake.post': {
        const sheet = await countSheet(page, row);
        await sheet.getByRole('button', { name: '过账', exact: true }).click();
        await printFrom(
          page,
          () => page.getByRole('alertdialog').getByRole('button', { name: '过账', exact: true }).click(),
          '盘点结果',
        );
        await expect(sheet).toHaveCount(0);
        await expect(toast(page, '已过账')).toBeVisible();
        return;
      }
      case 'stocktake.print': {
        const state = Number((await stored(page, ctx))?.invState);
        return printFrom(
          page,
          () => row.getByRole('button', { name: '打印', exact: true }).click(),
          printed[state] ?? '',
        );
      }
      case 'stocktake.cancel':
        await row.getByRole('button', { name: '作废', exact: true }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: '作废', exact: true }).click();
        await expect(toast(page, '已作废')).toBeVisible();
        return;
      default: {
        const unknown: never = event;
        throw new Error(`the stocktake driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: StocktakeCtx, state: unknown) {
    const stocktake = await stored(page, ctx);
    const { screen, table } = await depotList(page, list, ctx.depotId, ctx);
    if (!stocktake) {
      expect(state).toBe('draft');
      await expect(screen.getByText('暂无数据')).toBeVisible();
      return;
    }
    expect(stocktakeWorkflow.stateOf(stocktake), JSON.stringify(stocktake)).toBe(state);
    await expect(
      table.getByText(inventoryStateNames[Number(stocktake.invState)] ?? '', { exact: true }),
    ).toBeVisible();
    await expectOffered(
      table.getByTestId(`row-${ctx.inventoryId}`),
      stocktakeWorkflow,
      stocktake,
      buttons,
      true,
    );
  },
};
