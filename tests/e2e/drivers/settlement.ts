import { expect, type Page } from '@playwright/test';
import { COST } from '../../../domain/resources/cost.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import type { SettlementEvent } from '../../../machines/settlementMachine.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The settlement machine's driver for the generated path tests (`npm run paths -- settlement
 * --format playwright`): moving out and back are residence calls (their own screens have their own
 * tests); settling and revoking are done on the 退住结算 screen, and each state is read there.
 */
export interface SettlementCtx {
  token: string;
  oldmanId: number;
  oldmanName: string;
}

type Rec = Record<string, unknown>;

async function call(
  page: Page,
  ctx: { token: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
) {
  const res = await page.request.fetch(url, { method, headers: { authorization: ctx.token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.result;
}

const statusUrl = (oldmanId: number, status: number) => `/pims/web-pi/oldmans/live/${oldmanId}/${status}`;
const today = () => new Date().toISOString().slice(0, 10);

async function openSettle(page: Page, tab: '待结算' | '结算记录') {
  await page.goto('/#/expense/settle');
  await expect(page.getByTestId('page-expense-settle')).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

export const driver = {
  /** Signs in and picks a resident with no money yet; gives them a prepayment and a deposit. */
  async start(page: Page): Promise<SettlementCtx> {
    await signIn(page, ADMIN);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token as string,
    );
    const accounts = (await call(page, { token }, 'GET', `${COST}/account?oldmanStatuses=1&pageHelper=0`))
      .list as Rec[];
    // the seed leaves most residents without money in (bills of other tests may be waiting); one that
    // a path moved out is no longer listed
    const elder = accounts.find((a) => a.prestore === 0 && a.deposit === 0);
    if (!elder) throw new Error('no resident without money left');
    const ctx = { token, oldmanId: Number(elder.oldmanId), oldmanName: String(elder.oldmanName) };
    await call(page, ctx, 'POST', `${COST}/account/1/0`, {
      oldmanId: ctx.oldmanId,
      amount: 120000,
      payWay: 2,
    });
    await call(page, ctx, 'POST', `${COST}/account/2/0`, {
      oldmanId: ctx.oldmanId,
      amount: 300000,
      payWay: 8,
    });
    return ctx;
  },

  async send(page: Page, ctx: SettlementCtx, event: SettlementEvent) {
    switch (event.type) {
      case 'LEAVE':
        await call(page, ctx, 'PUT', statusUrl(ctx.oldmanId, LiveStatus.quit), {
          date: today(),
          note: '路径测试：退住',
        });
        return;
      case 'RETURN':
        await call(page, ctx, 'PUT', statusUrl(ctx.oldmanId, LiveStatus.waiting), {
          date: today(),
          note: '路径测试：重新入住',
        });
        return;
      case 'SETTLE': {
        await openSettle(page, '待结算');
        const row = page.locator(`[data-testid="settle-row"][data-oldman-id="${ctx.oldmanId}"]`);
        await row.getByRole('button', { name: '结算' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText(ctx.oldmanName);
        await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
        await dialog.getByRole('button', { name: '确认结算' }).click();
        await expect(dialog.getByTestId('settle-done')).toBeVisible();
        await dialog.getByRole('button', { name: '完成' }).click();
        return;
      }
      case 'REVOKE': {
        await openSettle(page, '结算记录');
        const record = page
          .locator(`[data-testid="settle-record"][data-oldman-id="${ctx.oldmanId}"]`)
          .first();
        await record.getByRole('button', { name: '撤销结算' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: '撤销结算' }).click();
        await expect(record.getByTestId('settle-status')).toContainText('已撤销');
        return;
      }
      default: {
        const unknown: never = event;
        throw new Error(`the settlement driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  /** Each state as the 退住结算 screen shows it. */
  async check(page: Page, ctx: SettlementCtx, state: unknown) {
    const row = page.locator(`[data-testid="settle-row"][data-oldman-id="${ctx.oldmanId}"]`);
    switch (state) {
      case 'inResidence':
        await openSettle(page, '待结算');
        await expect(page.getByTestId('page-expense-settle')).toBeVisible();
        await expect(row).toHaveCount(0);
        return;
      case 'awaiting':
        await openSettle(page, '待结算');
        await expect(row).toBeVisible();
        await expect(row.getByRole('button', { name: '结算' })).toBeVisible();
        return;
      case 'settled': {
        await openSettle(page, '结算记录');
        const record = page
          .locator(`[data-testid="settle-record"][data-oldman-id="${ctx.oldmanId}"]`)
          .first();
        await expect(record.getByTestId('settle-status')).toContainText('已结算');
        // everything the elder had was paid out: the account shows nothing left
        const account = await call(page, ctx, 'GET', `${COST}/account/${ctx.oldmanId}`);
        expect(account).toMatchObject({ prestore: 0, deposit: 0, receivable: 0 });
        return;
      }
      default:
        throw new Error(`the settlement driver cannot check ${String(state)}`);
    }
  },
};
