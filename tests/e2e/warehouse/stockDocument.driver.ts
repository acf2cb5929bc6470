import { expect, type Page } from '@playwright/test';
import { WarehouseScreens as S } from '../../../domain/screens.js';
import { DocState, docStateNames } from '../../../domain/statuses/warehouse.js';
import { WarehouseApi as P } from '../../../features/warehouse/api.js';
import { type StockDocEvent, stockDocWorkflow } from '../../../machines/stockDocumentMachine.js';
import { type Rec, tokenOf } from '../drivers/common.js';
import { expectOffered, type ListScreen, type Staying, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';
import { depotList, depotRows, newDepot, printFrom, storeIn, twoSkus } from './depot.js';

/**
 * The stock document machine's driver for the generated path tests (`npm run paths -- stockDocument
 * --transitions --format playwright`), on 入库管理. Each path has a depot of its own (made through the
 * API); 保存 is 新增入库单 (the depot, two boxes of gloves), 打印 and 冲红 are the row's buttons (打印 opens
 * the print view, 冲红 asks first). A red-punch document is saved by 冲红 of another: 保存冲红单 punches
 * an 入库单 the path put into its depot through the API, and the path follows the red-punch document
 * from then on. Each state is read from the server and from 入库管理 narrowed to the depot: nothing
 * before the first save, then the document's status and 打印 and 冲红 enabled exactly where the
 * machine takes their events.
 */
export interface StockDocumentCtx extends Staying {
  token: string;
  depotId: number;
  depotName: string;
  docId?: number;
}

const list: ListScreen = { url: `/index.html#${S.stockIn}`, testId: 'page-store' };
const buttons = { 'stockDoc.print': '打印', 'stockDoc.reverse': '冲红' };

/** The path's document as the server lists it; none before it is saved. */
async function stored(page: Page, ctx: StockDocumentCtx): Promise<Rec | null> {
  const rows = await depotRows(page, ctx.token, P.store.list, ctx.depotId);
  return rows.find((r) => Number(r.storeId) === ctx.docId) ?? null;
}

export const driver = {
  async start(page: Page): Promise<StockDocumentCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    return { token, ...(await newDepot(page, token, '路径入库库')) };
  },

  async send(page: Page, ctx: StockDocumentCtx, event: StockDocEvent) {
    if (event.type === 'stockDoc.postRedPunch') {
      // the document the red punch reverses: goods that came in before the path
      const [gloves] = await twoSkus(page, ctx.token);
      ctx.docId = Number((await storeIn(page, ctx.token, ctx.depotId, gloves.skuId, 2)).id);
      ctx.narrowed = undefined;
    }
    const { screen, table } = await depotList(page, list, ctx.depotId, ctx);
    const row = table.getByTestId(`row-${ctx.docId}`);
    switch (event.type) {
      case 'stockDoc.post': {
        await screen.getByRole('button', { name: '新增入库单' }).click();
        const dialog = page.getByRole('dialog', { name: '新增入库单' });
        await expect(dialog.getByLabel('仓库').locator('option', { hasText: ctx.depotName })).toHaveCount(1);
        await dialog.getByLabel('仓库').selectOption({ label: ctx.depotName });
        await dialog.getByLabel('物品1').selectOption({ label: '一次性手套' });
        await dialog.getByLabel('数量').fill('2');
        await dialog.getByRole('button', { name: '保存', exact: true }).click();
        await expect(dialog).toHaveCount(0);
        await expect(toast(page, '已保存')).toBeVisible();
        const [doc] = await depotRows(page, ctx.token, P.store.list, ctx.depotId);
        ctx.docId = Number(doc?.storeId);
        return;
      }
      case 'stockDoc.print': {
        const red = Number((await stored(page, ctx))?.docState) === DocState.redPunch;
        return printFrom(
          page,
          () => row.getByRole('button', { name: '打印', exact: true }).click(),
          red ? '入库单（红字冲销）' : '入库单',
        );
      }
      case 'stockDoc.reverse':
      case 'stockDoc.postRedPunch': {
        await row.getByRole('button', { name: '冲红', exact: true }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: '冲红', exact: true }).click();
        await expect(toast(page, '已冲红')).toBeVisible();
        if (event.type === 'stockDoc.postRedPunch') {
          const rows = await depotRows(page, ctx.token, P.store.list, ctx.depotId);
          const red = rows.find((r) => Number(r.docState) === DocState.redPunch);
          ctx.docId = Number(red?.storeId);
        }
        return;
      }
      default: {
        const unknown: never = event;
        throw new Error(`the stock document driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: StockDocumentCtx, state: unknown) {
    const doc = await stored(page, ctx);
    const { screen, table } = await depotList(page, list, ctx.depotId, ctx);
    if (!doc) {
      expect(state).toBe('draft');
      await expect(screen.getByText('暂无数据')).toBeVisible();
      return;
    }
    expect(stockDocWorkflow.stateOf(doc), JSON.stringify(doc)).toBe(state);
    await expect(table.getByText(docStateNames[Number(doc.docState)] ?? '', { exact: true })).toBeVisible();
    await expectOffered(table.getByTestId(`row-${ctx.docId}`), stockDocWorkflow, doc, buttons, true);
  },
};
