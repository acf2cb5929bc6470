import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { HOMECARE_WEB as WEB } from '../../../domain/statuses/homecare.js';
import {
  offeredEvents,
  orderFieldsOf,
  type ServiceOrderEvent,
  type ServiceOrderEventType,
  serviceOrderEvents,
  stateOf,
  statePath,
} from '../../../machines/serviceOrderMachine.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The service order machine's driver for the generated path tests (`npm run paths -- serviceOrder
 * --transitions --without close --format playwright`; close is the unpaid-order sweep's, not a
 * person's). The order is created through the API; every event is a button of the 服务工单 list
 * (售后审核 one of the 售后工单 list), and each state is read from the server and from the
 * buttons the order's row offers.
 */
export interface ServiceOrderCtx {
  token: string;
  orderId: number;
}

/** The person's buttons on an order row (close and audit are not on it). */
const rowEvents: ServiceOrderEventType[] = [
  'pay',
  'distribute',
  'receive',
  'start',
  'over',
  'cancel',
  'abolish',
  'afterSales',
];

async function openOrders(page: Page) {
  await page.goto('/index.html#/homecare/serverWorkorder');
  await expect(page.getByTestId('page-homecare-orders').getByTestId('resource-table')).toBeVisible();
}

/** Runs a row's step through its dialog, filling what the step asks for. */
async function rowStep(page: Page, ctx: ServiceOrderCtx, type: ServiceOrderEventType) {
  await openOrders(page);
  const label = serviceOrderEvents[type].label;
  const row = page.getByTestId('page-homecare-orders').getByTestId(`row-${ctx.orderId}`);
  await row.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (type === 'pay') await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  if (type === 'distribute') await dialog.getByLabel('服务人员').selectOption({ index: 1 });
  if (type === 'afterSales') await dialog.getByLabel('售后原因').fill('路径测试：服务时间不足');
  await dialog.getByRole('button', { name: `确定${label}` }).click();
  await expect(page.getByText(`${label}成功`).first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

export const driver = {
  /** Signs in and creates an unpaid order of 助浴服务 for the first home-care elder. */
  async start(page: Page): Promise<ServiceOrderCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const [elder] = (await call(page, token, 'GET', `${WEB}/oldmanBase?pageHelper=0`)).list as Rec[];
    const projects = (await call(page, token, 'GET', `${WEB}/serveProject?onShelf=1&pageHelper=0`))
      .list as Rec[];
    const bath = projects.find((p) => p.projectName === '助浴服务');
    if (!elder || !bath) throw new Error('the seed has no home-care elder or no 助浴服务');
    const created = await call(page, token, 'POST', `${WEB}/serveOrder`, {
      oldmanId: elder.oldmanId,
      projectId: bath.projectId,
      quantity: 1,
      serveTime: '2026-12-01 09:00:00',
    });
    return { token, orderId: Number(created.orderId) };
  },

  async send(page: Page, ctx: ServiceOrderCtx, event: ServiceOrderEvent) {
    const type = event.type;
    if (rowEvents.includes(type)) return rowStep(page, ctx, type);
    if (type !== 'audit') throw new Error(`the service order driver does not know ${event.type}`);
    const afterSales = (await call(page, ctx.token, 'GET', `${WEB}/serveAfterOrder?pageHelper=0`))
      .list as Rec[];
    const open = afterSales.find((a) => Number(a.orderId) === ctx.orderId);
    if (!open) throw new Error(`order ${ctx.orderId} has no after-sale order`);
    await page.goto('/index.html#/homecare/afterSaleOrder');
    const screen = page.getByTestId('page-homecare-after-sales');
    await screen
      .getByTestId(`row-${String(open.afterOrderId)}`)
      .getByRole('button', { name: '审核' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('退款金额（元）').fill('10');
    await dialog.getByLabel('处理意见').fill('路径测试：退还部分费用');
    await dialog.getByRole('button', { name: '确定审核' }).click();
    await expect(page.getByText('售后审核完成')).toBeVisible();
  },

  /**
   * The stored order is in the machine's state, its detail shows the status, and its row on the
   * list offers exactly the buttons the machine allows from there.
   */
  async check(page: Page, ctx: ServiceOrderCtx, state: unknown) {
    const stored = await call(page, ctx.token, 'GET', `${WEB}/serveOrder/${ctx.orderId}`);
    const fields = orderFieldsOf(stored);
    expect(stateOf(fields), JSON.stringify(fields)).toBe(statePath(state));

    await page.goto(`/index.html#/homecare/serverWorkorderDetail?orderId=${ctx.orderId}`);
    await expect(
      page
        .getByTestId('page-homecare-order-detail')
        .getByText(dictLabel('serviceOrderStatus', fields.serveStatus))
        .first(),
    ).toBeVisible();

    await openOrders(page);
    const row = page.getByTestId('page-homecare-orders').getByTestId(`row-${ctx.orderId}`);
    await expect(row).toBeVisible();
    const offered = offeredEvents(fields);
    for (const type of rowEvents)
      await expect(
        row.getByRole('button', { name: serviceOrderEvents[type].label, exact: true }),
        `${serviceOrderEvents[type].label} in ${JSON.stringify(state)}`,
      ).toHaveCount(offered.includes(type) ? 1 : 0);
  },
};
