import { expect, type Page } from '@playwright/test';
import { WarehouseScreens as S } from '../../../domain/screens.js';
import { lendStateNames } from '../../../domain/statuses/warehouse.js';
import { WarehouseApi as P } from '../../../features/warehouse/api.js';
import { type LendEvent, lendWorkflow } from '../../../machines/lendMachine.js';
import { offers } from '../../../machines/workflow.js';
import { type Rec, tokenOf } from '../drivers/common.js';
import { type ListScreen, type Staying, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';
import { depotList, depotRows, newDepot, storeIn, twoSkus } from './depot.js';

/**
 * The lending machine's driver for the generated path tests (`npm run paths -- lend --transitions
 * --format playwright`). Each path puts three boxes of gloves into a depot of its own through the API;
 * 借出 is 新增借用单 on 借用管理 (the depot, a borrower, three boxes), 归还 the row's button with its dialog
 * (one box back, or all that is still out). Each state is read from the server and from 借用管理
 * narrowed to the depot: nothing before 借出, then the lending's status and 归还 enabled exactly where
 * the machine takes it (and gone where it does not: a fully returned lending).
 */
export interface LendCtx extends Staying {
  token: string;
  depotId: number;
  depotName: string;
  sku: { skuId: number; skuName: string };
  lendId?: number;
}

const list: ListScreen = { url: `/index.html#${S.lend}`, testId: 'page-lend' };

/** The path's lending as the server lists it; none before 借出. */
async function stored(page: Page, ctx: LendCtx): Promise<Rec | null> {
  const rows = await depotRows(page, ctx.token, P.lend.list, ctx.depotId);
  expect(rows.length, 'lendings of the path’s depot').toBeLessThanOrEqual(1);
  return rows[0] ?? null;
}

export const driver = {
  async start(page: Page): Promise<LendCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const depot = await newDepot(page, token, '路径借用库');
    const [gloves] = await twoSkus(page, token);
    await storeIn(page, token, depot.depotId, gloves.skuId, 3);
    return { token, ...depot, sku: gloves };
  },

  async send(page: Page, ctx: LendCtx, event: LendEvent) {
    const { screen, table } = await depotList(page, list, ctx.depotId, ctx);
    switch (event.type) {
      case 'lend.post': {
        await screen.getByRole('button', { name: '新增借用单' }).click();
        const dialog = page.getByRole('dialog', { name: '新增借用单' });
        await expect(dialog.getByLabel('仓库').locator('option', { hasText: ctx.depotName })).toHaveCount(1);
        await dialog.getByLabel('仓库').selectOption({ label: ctx.depotName });
        await dialog.getByLabel('借用人').fill('周海燕');
        await dialog.getByLabel('物品1').selectOption({ label: ctx.sku.skuName });
        await dialog.getByLabel('数量').fill('3');
        await dialog.getByRole('button', { name: '保存', exact: true }).click();
        await expect(dialog).toHaveCount(0);
        await expect(toast(page, '已保存')).toBeVisible();
        ctx.lendId = Number((await stored(page, ctx))?.lendId);
        return;
      }
      case 'lend.return': {
        await table
          .getByTestId(`row-${ctx.lendId}`)
          .getByRole('button', { name: '归还', exact: true })
          .click();
        const dialog = page.getByRole('dialog', { name: /^归还 / });
        const back = dialog.getByLabel(`${ctx.sku.skuName}归还数量`);
        // the dialog offers all that is still out; a partial return gives one box back
        await expect(back).not.toHaveValue('');
        if (!event.allBack) await back.fill('1');
        await dialog.getByRole('button', { name: '归还', exact: true }).click();
        await expect(dialog).toHaveCount(0);
        await expect(toast(page, '已归还')).toBeVisible();
        return;
      }
      default: {
        const unknown: never = event;
        throw new Error(`the lend driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: LendCtx, state: unknown) {
    const lending = await stored(page, ctx);
    const { screen, table } = await depotList(page, list, ctx.depotId, ctx);
    if (!lending) {
      expect(state).toBe('draft');
      await expect(screen.getByText('暂无数据')).toBeVisible();
      return;
    }
    expect(lendWorkflow.stateOf(lending), JSON.stringify(lending)).toBe(state);
    await expect(
      table.getByText(lendStateNames[Number(lending.lendState)] ?? '', { exact: true }),
    ).toBeVisible();
    const button = table.getByTestId(`row-${ctx.lendId}`).getByRole('button', { name: '归还', exact: true });
    // a lending with nothing left out has no 归还 at all (issue #42 point 6), not a greyed one
    if (offers(lendWorkflow, lending, 'lend.return')) await expect(button).toBeEnabled();
    else await expect(button).toHaveCount(0);
  },
};
