import { expect, type Page, type Route } from '@playwright/test';
import { Code, codeMessage } from '../../../domain/codes.js';
import {
  type PaymentOrderView,
  PaymentPath,
  PaymentStatus,
  PayWay,
  payWayLabels,
  SANDBOX_SCAN_BASE,
} from '../../../domain/payment.js';
import { formatYuan } from '../../../domain/resource.js';
import { ExpenseScreens } from '../../../domain/screens.js';
import { costPath, ExpensePaths } from '../../../features/expense/api.js';
import type { ScanPayEvent } from '../../../machines/scanPayMachine.js';
import { call, newElder, tokenOf } from '../drivers/common.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The scan-pay machine's driver for the generated path tests (`npm run paths -- scanPay --transitions
 * --without pay.chooseWay --format playwright`). 选择支付方式 is left out: the console opens 扫码收款
 * with the one way the clerk chose in 收款 or 缴费 (payWays of one), so no other way can be chosen in
 * the dialog, and choosing the chosen one again changes nothing. Without it the 付款码 ways are not
 * reached either, and could not be walked here anyway: the sandbox confirms a 付款码 by itself two
 * seconds later and offers no 模拟扫码 for it (expense.spec.ts pays one).
 *
 * Each path gives an elder of its own 收款 of 88.80 on 账户明细 by 微信扫码. The clerk's clicks are
 * clicks; the console's calls to create the order and to simulate the scan are held (page.route)
 * until the path says how the server answers: the real answer let through, or a create refused with
 * the server's envelope (the gateway unavailable). The gateway's news comes from outside: the
 * customer's phone scans through the sandbox's call (paid, or failed with the path's reason), or
 * walks away and the sandbox gateway closes the trade as a real one does when its code expires. Each state is read from the
 * dialog (what the clerk sees and may press) and, once there is an order, from the server.
 */
export interface ScanPayCtx {
  token: string;
  oldmanId: number;
  prestoreBefore: number;
  /** The console's calls not let through yet. */
  held: { create: Route | null; scan: Route | null };
  /** The order of the current attempt, once created. */
  payId: string | null;
}

/** An order as the path model samples it: what the machine's guards read, and more. */
type SampleOrder = Pick<PaymentOrderView, 'payId' | 'status' | 'failReason'> & Record<string, unknown>;
/** The machine's events as the spec sends them, and what its invoked calls report. */
type Step =
  | Exclude<ScanPayEvent, { type: 'pay.updated' }>
  | { type: 'pay.updated'; order: SampleOrder }
  | { type: 'startPayment.done' | 'simulateScan.done'; output?: SampleOrder }
  | { type: 'startPayment.error' | 'simulateScan.error'; error?: { message?: string } };

const AMOUNT_FEN = 8880;
const PAY_WAY = PayWay.wechatQr;

const scanDialog = (page: Page) => page.getByRole('dialog', { name: '扫码收款' });

const stored = async (page: Page, ctx: ScanPayCtx) => {
  if (!ctx.payId) throw new Error('the path has no order yet');
  return (await call(page, ctx.token, 'GET', PaymentPath.payorder(ctx.payId))) as unknown as PaymentOrderView;
};

const prestore = async (page: Page, ctx: Pick<ScanPayCtx, 'token' | 'oldmanId'>) =>
  Number(
    (await call(page, ctx.token, 'GET', costPath(ExpensePaths.account, { oldmanId: ctx.oldmanId }))).prestore,
  );

/** The held call, once the console has sent it; it is the path's to answer from now on. */
async function take(ctx: ScanPayCtx, kind: keyof ScanPayCtx['held']): Promise<Route> {
  await sent(ctx, kind);
  const route = ctx.held[kind] as Route;
  ctx.held[kind] = null;
  return route;
}

/** Waits until the console has sent the call (it is held then). */
const sent = (ctx: ScanPayCtx, kind: keyof ScanPayCtx['held']) =>
  expect.poll(() => ctx.held[kind] !== null, { message: `the console sends ${kind}` }).toBe(true);

/** The server's envelope of a refusal, as its error handler writes it. */
const refusal = (code: number, msg: string) => ({
  status: 400,
  contentType: 'application/json',
  body: JSON.stringify({ code, msg, result: null }),
});

/** The customer's phone scans the order's code (the sandbox's call, not the console's button). */
async function customerScans(
  page: Page,
  ctx: ScanPayCtx,
  outcome: { result: 'success' | 'fail' | 'closed'; reason?: string },
) {
  const order = (await call(
    page,
    ctx.token,
    'POST',
    PaymentPath.sandboxScan(ctx.payId ?? ''),
    outcome,
  )) as unknown as PaymentOrderView;
  expect(order.status).toBe(
    { success: PaymentStatus.paid, fail: PaymentStatus.failed, closed: PaymentStatus.closed }[outcome.result],
  );
}

/** The leaf of a state value: 'choosing', 'waiting.idle'. */
const leaf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([key, child]) => `${key}.${leaf(child)}`)
        .join();

export const driver = {
  /** 收款 of 88.80 by 微信扫码 for a new elder on 账户明细: 扫码收款 opens, choosing. */
  async start(page: Page): Promise<ScanPayCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const { oldmanId } = await newElder(page, token, '扫码');
    const ctx: ScanPayCtx = {
      token,
      oldmanId,
      prestoreBefore: await prestore(page, { token, oldmanId }),
      held: { create: null, scan: null },
      payId: null,
    };
    await page.route(`**${PaymentPath.createPay}`, (route) => {
      ctx.held.create = route;
    });
    await page.route(`**${SANDBOX_SCAN_BASE}/*`, (route) => {
      ctx.held.scan = route;
    });
    await page.goto(`/index.html#${ExpenseScreens.accountDetail}?oldmanId=${oldmanId}`);
    const detail = page.getByTestId('page-expense-account-detail');
    await detail.getByRole('button', { name: '收款', exact: true }).click();
    const receive = page.getByRole('dialog');
    await receive.getByLabel('金额（元）').fill(formatYuan(AMOUNT_FEN));
    await receive.getByLabel('支付方式').selectOption({ label: payWayLabels[PAY_WAY] });
    await receive.getByRole('button', { name: '确定收款' }).click();
    await expect(scanDialog(page).getByTestId('pay-amount')).toHaveText(`¥${formatYuan(AMOUNT_FEN)}`);
    return ctx;
  },

  async send(page: Page, ctx: ScanPayCtx, event: Step) {
    const dialog = scanDialog(page);
    switch (event.type) {
      case 'pay.start':
        await dialog.getByRole('button', { name: '生成收款码' }).click();
        return sent(ctx, 'create');
      case 'startPayment.done': {
        const route = await take(ctx, 'create');
        const answer = await route.fetch();
        const body = (await answer.json()) as { code: number; msg: string; result: PaymentOrderView };
        expect(body.code, body.msg).toBe(0);
        ctx.payId = body.result.payId;
        await route.fulfill({ response: answer });
        return;
      }
      case 'startPayment.error': {
        // what createPay answers when the gateway refuses the order (the sample's wording is the
        // bill purpose's, which a 收款 never meets)
        const unavailable = codeMessage[Code.paymentProviderError] ?? '';
        await (await take(ctx, 'create')).fulfill(refusal(Code.paymentProviderError, unavailable));
        await expect(dialog.getByRole('alert')).toHaveText(unavailable);
        return;
      }
      case 'pay.simulateScan':
        await dialog.getByRole('button', { name: '模拟扫码支付' }).click();
        return sent(ctx, 'scan');
      case 'simulateScan.done':
        return (await take(ctx, 'scan')).continue();
      case 'simulateScan.error': {
        const route = await take(ctx, 'scan');
        return route.fulfill(
          refusal(Code.paymentState, event.error?.message ?? '该二维码已失效，不能再扫码'),
        );
      }
      case 'pay.updated':
        // a 模拟扫码 call still held stays so: the order is final before it would reach the server
        switch (event.order.status) {
          case PaymentStatus.paid:
            return customerScans(page, ctx, { result: 'success' });
          case PaymentStatus.failed:
            return customerScans(page, ctx, { result: 'fail', reason: event.order.failReason ?? '余额不足' });
          case PaymentStatus.closed:
            // nobody pays: the gateway closes the trade when its code expires
            return customerScans(page, ctx, { result: 'closed' });
          default:
            throw new Error(`the gateway does not answer ${event.order.status} on its own`);
        }
      case 'pay.retry':
        await dialog.getByRole('button', { name: '重新支付' }).click();
        ctx.payId = null;
        return;
      case 'pay.chooseWay':
      case 'pay.submitCode':
        throw new Error(`${event.type} is left out of the scan-pay paths: see the top of this driver`);
      default: {
        const unknown: never = event;
        throw new Error(`the scan-pay driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: ScanPayCtx, state: unknown) {
    const dialog = scanDialog(page);
    const button = (name: string) => dialog.getByRole('button', { name, exact: true });
    const qrCode = dialog.getByTestId('pay-code-url');
    const value = leaf(state);
    await expect(button('生成收款码')).toHaveCount(value === 'choosing' ? 1 : 0);
    await expect(button('重新支付')).toHaveCount(value === 'failed' || value === 'closed' ? 1 : 0);
    await expect(dialog.getByLabel('正在下单')).toHaveCount(value === 'starting' ? 1 : 0);
    if (!value.startsWith('waiting.')) await expect(qrCode).toHaveCount(0);
    switch (value) {
      case 'choosing':
        await expect(
          dialog.getByLabel('支付方式').getByRole('button', { name: payWayLabels[PAY_WAY] }),
        ).toHaveClass(/bp6-active/);
        // nothing is created before 生成收款码
        expect(ctx.payId).toBeNull();
        expect(ctx.held.create).toBeNull();
        return;
      case 'starting':
        expect(ctx.held.create).not.toBeNull();
        return;
      case 'waiting.idle':
      case 'waiting.scanning': {
        const order = await stored(page, ctx);
        expect(order.status).toBe(PaymentStatus.pending);
        await expect(qrCode).toHaveText(order.codeUrl ?? '');
        await expect(dialog.getByText('等待顾客扫码…')).toBeVisible();
        const scan = dialog.locator('button', { hasText: '模拟扫码支付' });
        if (value === 'waiting.idle') {
          await expect(scan).toBeEnabled();
          await expect(scan).not.toHaveClass(/bp6-loading/);
        } else await expect(scan).toHaveClass(/bp6-loading/);
        return;
      }
      case 'paid': {
        await expect(dialog.getByText('支付成功')).toBeVisible();
        await expect(dialog).toContainText(`已收款 ¥${formatYuan(AMOUNT_FEN)}（${payWayLabels[PAY_WAY]}）`);
        await expect(button('完成')).toBeVisible();
        expect((await stored(page, ctx)).status).toBe(PaymentStatus.paid);
        // the money is in the elder's prepaid account
        expect(await prestore(page, ctx)).toBe(ctx.prestoreBefore + AMOUNT_FEN);
        return;
      }
      case 'failed': {
        const order = await stored(page, ctx);
        expect(order.status).toBe(PaymentStatus.failed);
        await expect(dialog.getByText(`支付失败：${order.failReason}`)).toBeVisible();
        return;
      }
      case 'closed':
        expect((await stored(page, ctx)).status).toBe(PaymentStatus.closed);
        await expect(dialog.getByText('已超时')).toBeVisible();
        return;
      default:
        throw new Error(`the scan-pay driver cannot check ${value}`);
    }
  },
};
