import { expect, type Page } from '@playwright/test';
import { WarehousePaths } from '../../../domain/resources/warehouseBase.js';
import { WarehouseApi } from '../../../features/warehouse/api.js';
import { call, type Rec } from '../drivers/common.js';
import { type ListScreen, narrowList, type Staying } from '../drivers/workflowList.js';

/**
 * What the warehouse drivers share (出入库单据, 借用, 盘点): a depot of the path's own, so that its
 * documents are the only ones its lists show when narrowed to it and its stock moves no one else's,
 * with goods put in through the API.
 */
let seq = 0;

/** A new depot, named for the path. */
export async function newDepot(page: Page, token: string, prefix: string) {
  seq += 1;
  const depotName = `${prefix}${(Date.now() % 1_000_000) + seq}`;
  const made = await call(page, token, 'POST', WarehousePaths.depot, { depotName, status: 1 });
  return { depotId: Number(made.depotId), depotName };
}

/** Goods of the seed (一次性手套 and 一次性护理垫), as documents choose them. */
export async function twoSkus(page: Page, token: string) {
  const skus = (await call(page, token, 'GET', WarehouseApi.skuNoPage)) as unknown as Rec[];
  const named = (name: string) => {
    const sku = skus.find((s) => s.skuName === name);
    if (!sku) throw new Error(`the seed has no ${name}`);
    return { skuId: Number(sku.skuId), skuName: name };
  };
  return [named('一次性手套'), named('一次性护理垫')] as const;
}

/** 入库单 of `quantity` of the sku into the depot, saved through the API (goods arrived). */
export const storeIn = (page: Page, token: string, depotId: number, skuId: number, quantity: number) =>
  call(page, token, 'POST', WarehouseApi.store.save, {
    depotId,
    remark: '路径测试：到货',
    lines: [{ skuId, quantity }],
  });

/** The depot's documents at `url` as the server lists them. */
export const depotRows = async (page: Page, token: string, url: string, depotId: number) =>
  (await call(page, token, 'GET', `${url}?depotId=${depotId}&pageHelper=0`)).list as Rec[];

/**
 * The list narrowed to the depot (its 仓库 filter), loaded once per path while the page shows it:
 * the screen and its table (the rows are the depot's documents; a red punch adds a second one).
 */
export async function depotList(page: Page, list: ListScreen, depotId: number, at: Staying) {
  const key = `${list.url} depot ${depotId}`;
  const screen = page.getByTestId(list.testId);
  if (at.narrowed === key && (await screen.isVisible()))
    return { screen, table: screen.getByTestId('resource-table') };
  const narrowed = await narrowList(page, list, { filter: '仓库', param: 'depotId', value: String(depotId) });
  at.narrowed = key;
  return narrowed;
}

/** A print button opens the print view in a window of its own: it shows the document, then closes. */
export async function printFrom(page: Page, click: () => Promise<void>, heading: string) {
  const popup = page.waitForEvent('popup');
  await click();
  const printed = await popup;
  await expect(printed.locator('h2')).toHaveText(heading);
  await printed.close();
}
