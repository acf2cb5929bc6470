import { expect, type Page } from '@playwright/test';
import { localDay } from '../../../domain/clock.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { DrugScreens as S } from '../../../domain/screens.js';
import { DrugApi as P } from '../../../features/drugs/api.js';
import { type CustodyEvent, drugCustodyWorkflow } from '../../../machines/drugCustodyMachine.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { residentWithout } from '../care/nursingPlan.driver.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { expectOffered, type ListScreen, type Staying, stayOn, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The drug custody machine's driver for the generated path tests (`npm run paths -- drugCustody
 * --transitions --format playwright`). Each path registers, through the API, four tablets handed over
 * by the family of a resident who has none in custody yet (代管药品 lists the residents in the house
 * to narrow by, and a path's record is then the only one of its elder); 用药 (a dose) and 取药 (退还家属 or 销毁, as many as the event
 * says) are the row's buttons on 代管药品, narrowed to the elder, with their forms. Each state is read
 * from the server and from the row: its status and rest, 用药 and 取药 enabled exactly where the
 * machine takes their events, and greyed with the machine's reason elsewhere.
 */
export interface DrugCustodyCtx extends Staying {
  token: string;
  keepId: number;
  oldmanId: number;
}

const list: ListScreen = { url: `/index.html#${S.depositedList}`, testId: 'page-drug-deposited' };
const byElder = (ctx: DrugCustodyCtx) => ({ filter: '长者', param: 'oldmanId', value: String(ctx.oldmanId) });
const buttons = { 'custody.use': '用药', 'custody.giveBack': '取药' };
const stored = (page: Page, ctx: DrugCustodyCtx) =>
  call(page, ctx.token, 'GET', fillPath(P.keepOne, [ctx.keepId]));

export const driver = {
  async start(page: Page): Promise<DrugCustodyCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const elder = await residentWithout(page, token, P.keep);
    const drugs = (await call(page, token, 'GET', P.dictNoPage)) as unknown as Rec[];
    const drug = drugs.find((d) => String(d.drugName).startsWith('阿司匹林')) ?? drugs[0];
    const made = await call(page, token, 'POST', P.keep, {
      oldmanId: elder.oldmanId,
      drugId: drug?.drugId,
      quantity: 4,
      batchNo: 'LJ20261127',
      expiryDate: localDay(Date.now() + 400 * 86_400_000),
      handedBy: '王建国',
    });
    return { token, keepId: Number(made.keepId), oldmanId: elder.oldmanId };
  },

  async send(page: Page, ctx: DrugCustodyCtx, event: CustodyEvent) {
    const { row } = await stayOn(page, list, byElder(ctx), ctx.keepId, ctx);
    const dose = event.type === 'custody.use';
    await row.getByRole('button', { name: dose ? '用药' : '取药', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: dose ? '用药' : '取药（退还家属 / 销毁）' });
    if (dose) await dialog.getByLabel('用量').fill(String(event.quantity));
    else {
      await dialog
        .getByLabel('取药去向')
        .selectOption({ label: event.type === 'custody.giveBack' ? '退还家属' : '销毁' });
      await dialog.getByLabel('取出数量').fill(String(event.quantity));
      await dialog
        .getByLabel('领取人/监销人')
        .fill(event.type === 'custody.giveBack' ? '王建国' : '李护士长');
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, dose ? '已记录用药' : '已记录取药')).toBeVisible();
  },

  async check(page: Page, ctx: DrugCustodyCtx, state: unknown) {
    const keep = await stored(page, ctx);
    expect(drugCustodyWorkflow.stateOf(keep), JSON.stringify(keep)).toBe(state);
    const { table, row } = await stayOn(page, list, byElder(ctx), ctx.keepId, ctx);
    await expect(
      table.getByText(dictLabel('drugKeepState', Number(keep.keepState)), { exact: true }),
    ).toBeVisible();
    // a greyed 用药 / 取药 names why, in the server's words (issue #42 point 5)
    await expectOffered(row, drugCustodyWorkflow, keep, buttons, true);
  },
};
