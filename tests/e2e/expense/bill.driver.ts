import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { COST } from '../../../features/expense/api.js';
import {
  type BillEvent,
  type BillStatusCode,
  billEvents,
  billSnapshot,
  offeredBillEvents,
} from '../../../machines/billMachine.js';
import {
  call,
  moveElder,
  type Rec,
  residentWithMoney,
  revokeSettlement,
  settleAtCheckout,
  tokenOf,
} from '../drivers/common.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The bill machine's driver for the generated path tests (`npm run paths -- bill --transitions
 * --format playwright`). A resident with no money gets a prepayment and one bill of a month no other
 * test uses; 缴费, 反结算 and 作废 are done on the bill's row of 费用账单, 退住结算 and 撤销结算 on the
 * 退住结算 screen (moving out first, through the residence call). Each state is read from the server
 * and from the row: its status and exactly the buttons the machine offers from there.
 */
export interface BillCtx {
  token: string;
  oldmanId: number;
  oldmanName: string;
}

const BILL_MONTH = '2026-05';

/** The elder's bill of the path's month, as the server has it. */
async function stored(page: Page, ctx: BillCtx) {
  const bills = (await call(page, ctx.token, 'GET', `${COST}/payBack/${ctx.oldmanId}`)).list as Rec[];
  const bill = bills.find((b) => b.billMonth === BILL_MONTH);
  if (!bill) throw new Error(`${ctx.oldmanName} has no bill of ${BILL_MONTH}`);
  return bill;
}

/** 费用账单 filtered to the path's month and elder: the bill's row (its buttons) and its status. */
async function billRow(page: Page, ctx: BillCtx) {
  const { billId } = await stored(page, ctx);
  await page.goto('/index.html#/expense/bill');
  const bills = page.getByTestId('page-expense-bill');
  await bills.getByLabel('账单月份', { exact: true }).fill(BILL_MONTH);
  await bills.getByLabel('关键字').fill(ctx.oldmanName);
  await bills.getByRole('button', { name: '查询' }).click();
  const row = bills.getByTestId(`row-${String(billId)}`);
  await expect(row).toHaveCount(1);
  return { row, status: bills.getByTestId(`bill-status-${String(billId)}`) };
}

/** The row's button for an event (作废 is written short on the row). */
const buttonName = (type: BillEvent['type']) => (type === 'VOID' ? '作废' : billEvents[type].label);

export const driver = {
  async start(page: Page): Promise<BillCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    // enough in the prepaid balance for 缴费 from it
    const ctx = {
      token,
      ...(await residentWithMoney(page, token, { prepaidFen: 2_000_000 }, `${BILL_MONTH}-01`)),
    };
    const made = await call(page, token, 'POST', `${COST}/payBack/addBill`, {
      billMonth: BILL_MONTH,
      oldmanIds: [ctx.oldmanId],
    });
    expect(made.created).toBe(1);
    return ctx;
  },

  async send(page: Page, ctx: BillCtx, event: BillEvent) {
    switch (event.type) {
      case 'PAY': {
        const { row } = await billRow(page, ctx);
        await row.getByRole('button', { name: '缴费', exact: true }).click();
        const pay = page.getByRole('dialog');
        await expect(pay.getByLabel('支付方式')).toHaveValue('1'); // 预存款
        await pay.getByRole('button', { name: '确认缴费' }).click();
        await expect(pay).toHaveCount(0);
        return;
      }
      case 'ANTI_SETTLE':
      case 'VOID': {
        const { row } = await billRow(page, ctx);
        const name = buttonName(event.type);
        await row.getByRole('button', { name, exact: true }).click();
        await page.locator('.bp6-alert').getByRole('button', { name }).click();
        await expect(page.getByText(`${billEvents[event.type].label}成功`)).toBeVisible();
        return;
      }
      case 'SETTLE':
        await moveElder(page, ctx.token, ctx.oldmanId, LiveStatus.quit, '路径测试：退住');
        return settleAtCheckout(page, ctx);
      case 'REVOKE_SETTLE':
        return revokeSettlement(page, ctx);
      default: {
        const unknown: never = event;
        throw new Error(`the bill driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: BillCtx, state: unknown) {
    const status = Number((await stored(page, ctx)).billStatus) as BillStatusCode;
    expect(billSnapshot(status).value, `bill status ${status}`).toBe(state);
    const { row, status: shown } = await billRow(page, ctx);
    await expect(shown).toHaveText(dictLabel('billStatus', status));
    const offered = offeredBillEvents(status);
    for (const type of ['PAY', 'ANTI_SETTLE', 'VOID'] as const)
      await expect(row.getByRole('button', { name: buttonName(type), exact: true })).toHaveCount(
        offered.includes(type) ? 1 : 0,
      );
  },
};
