// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Subject } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PaymentOrderView, PaymentPath } from '../../domain/payment.js';
import { AppProvider } from '../../src/app/AppContext.js';
import type { Request, RequestConfig } from '../../src/app/request.js';
import { type Realtime, RealtimeProvider } from '../../src/realtime/context.js';
import { ScanPayDialog } from '../../src/ui/payment/ScanPayDialog.js';

const makeOrder = (over: Partial<PaymentOrderView> = {}): PaymentOrderView => ({
  payId: 'YH20261123160000123456',
  purpose: 'bill',
  purposeRef: 7,
  amount: '12.30',
  amountFen: 1230,
  payWay: 10,
  payWayName: '微信扫码',
  status: 'pending',
  statusName: '待支付',
  subject: '护理费',
  codeUrl: 'weixin://wxpay/bizpayurl?pr=SBX1',
  provider: 'sandbox',
  providerTradeNo: 'SBX1',
  failReason: null,
  idempotencyKey: 'k',
  createdAt: 1,
  updatedAt: 1,
  expiresAt: 120_001,
  paidAt: null,
  ...over,
});

/** A fake API: the order as the "server" holds it now, answered to every payment call. */
function fakeServer(initial: PaymentOrderView) {
  const state = { order: initial };
  const request = vi.fn(async (config: RequestConfig) => {
    if (config.url === PaymentPath.createPay || config.url === PaymentPath.microPay) return state.order;
    if (config.url === PaymentPath.payorder(state.order.payId)) return state.order;
    if (config.url === PaymentPath.sandboxScan(state.order.payId)) {
      state.order = { ...state.order, status: 'paid', statusName: '已支付', paidAt: 2 };
      return state.order;
    }
    throw { code: 404, message: `接口不存在${config.url}` };
  });
  return { state, request };
}
type Fake = ReturnType<typeof fakeServer>;
const posts = (fake: Fake, url: string) =>
  fake.request.mock.calls.map(([c]) => c).filter((c) => c.url === url && c.method === 'POST');

function renderDialog(
  request: Fake['request'],
  props: Partial<Parameters<typeof ScanPayDialog>[0]> = {},
  wrap?: (ui: ReactNode) => ReactNode,
) {
  const onPaid = vi.fn();
  const onClose = vi.fn();
  const ui = (
    <ScanPayDialog
      amountFen={1230}
      purpose="bill"
      purposeRef={7}
      subject="护理费"
      pollMs={20}
      onPaid={onPaid}
      onClose={onClose}
      {...props}
    />
  );
  render(
    <AppProvider services={{ request: request as unknown as Request, toast: vi.fn() }}>
      {wrap ? wrap(ui) : ui}
    </AppProvider>,
  );
  return { onPaid, onClose };
}

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => cleanup());

describe('ScanPayDialog', () => {
  it('creates a WeChat QR order, shows its code and 支付成功 after the simulated scan', async () => {
    const fake = fakeServer(makeOrder());
    const { onPaid } = renderDialog(fake.request);
    expect(screen.getByTestId('pay-amount').textContent).toBe('¥12.30');
    fireEvent.click(screen.getByRole('button', { name: '生成收款码' }));
    expect((await screen.findByTestId('pay-code-url')).textContent).toBe('weixin://wxpay/bizpayurl?pr=SBX1');
    expect(screen.getByText('等待顾客扫码…')).toBeTruthy();
    const [create] = posts(fake, PaymentPath.createPay);
    expect(create?.data).toMatchObject({
      amount: '12.30',
      payWay: 10,
      purpose: 'bill',
      purposeRef: 7,
      subject: '护理费',
    });
    expect((create?.data as { idempotencyKey?: string } | undefined)?.idempotencyKey).toMatch(
      /^[\w-]{8,64}$/,
    );
    fireEvent.click(screen.getByRole('button', { name: '模拟扫码支付' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(onPaid).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'paid', payId: makeOrder().payId }),
    );
  });

  it('hears the payment on the push channel and ignores other orders', async () => {
    const fake = fakeServer(
      makeOrder({ payWay: 11, payWayName: '支付宝扫码', codeUrl: 'https://qr.alipay.com/sandbox/SBX2' }),
    );
    const payments$ = new Subject<PaymentOrderView>();
    const realtime = { payments$ } as unknown as Realtime;
    // polling slower than the test: only push can end it
    renderDialog(fake.request, { pollMs: 60_000 }, (ui) => (
      <RealtimeProvider realtime={realtime}>{ui}</RealtimeProvider>
    ));
    fireEvent.click(screen.getByRole('button', { name: '支付宝扫码' }));
    fireEvent.click(screen.getByRole('button', { name: '生成收款码' }));
    await screen.findByTestId('pay-code-url');
    expect(screen.getByText('请顾客使用支付宝扫描二维码付款')).toBeTruthy();
    expect(posts(fake, PaymentPath.createPay)[0]?.data).toMatchObject({ payWay: 11 });
    act(() => payments$.next(makeOrder({ payId: 'YHOTHER000000000000001', status: 'paid' })));
    expect(screen.queryByText('支付成功')).toBeNull();
    act(() => payments$.next(makeOrder({ status: 'paid', statusName: '已支付' })));
    expect(await screen.findByText('支付成功')).toBeTruthy();
  });

  it('reads a 付款码 from the scanner, shows 支付失败 with the reason, and 重新支付 starts a new attempt', async () => {
    const fake = fakeServer(
      makeOrder({ payWay: 12, payWayName: '微信付款码', status: 'paying', codeUrl: null }),
    );
    renderDialog(fake.request);
    fireEvent.click(screen.getByRole('button', { name: '微信付款码' }));
    const input = screen.getByLabelText('付款码');
    fireEvent.change(input, { target: { value: '134567890123450000' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('顾客支付中，请稍候…')).toBeTruthy();
    const [micro] = posts(fake, PaymentPath.microPay);
    expect(micro?.data).toMatchObject({ amount: '12.30', payWay: 12, authCode: '134567890123450000' });
    fake.state.order = {
      ...fake.state.order,
      status: 'failed',
      statusName: '已失败',
      failReason: '余额不足',
    };
    expect(await screen.findByText('支付失败：余额不足')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新支付' }));
    const again = screen.getByLabelText('付款码');
    fireEvent.change(again, { target: { value: '134567890123451111' } });
    fireEvent.click(screen.getByRole('button', { name: '确认收款' }));
    await waitFor(() => expect(posts(fake, PaymentPath.microPay)).toHaveLength(2));
    const keys = posts(fake, PaymentPath.microPay).map(
      (c) => (c.data as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows 已超时 when the order is closed', async () => {
    const fake = fakeServer(makeOrder());
    renderDialog(fake.request);
    fireEvent.click(screen.getByRole('button', { name: '生成收款码' }));
    await screen.findByTestId('pay-code-url');
    fake.state.order = {
      ...fake.state.order,
      status: 'closed',
      statusName: '已关闭（超时）',
      failReason: '超时未支付，订单已关闭',
    };
    expect(await screen.findByText('已超时')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新支付' })).toBeTruthy();
  });

  it("shows the server's refusal and stays ready to try again", async () => {
    const request = vi.fn(async () => {
      throw { code: 10601, message: '不支持的支付用途：bill' };
    });
    renderDialog(request as unknown as Fake['request']);
    fireEvent.click(screen.getByRole('button', { name: '生成收款码' }));
    expect((await screen.findByRole('alert')).textContent).toBe('不支持的支付用途：bill');
    expect(screen.getByRole('button', { name: '生成收款码' })).toBeTruthy();
  });
});
