import { randomInt } from 'node:crypto';
import { Code } from '../../domain/codes.js';
import { PaymentTiming, PayWay, type PayWayCode } from '../../domain/payment.js';
import { ApiFailure } from '../http/failure.js';
import type { GatewayOrder, GatewayResult, GatewayState, PaymentProvider } from './provider.js';

/**
 * Magic 付款码 endings that force an outcome, so a cashier or a test can try every path
 * (docs/decisions.md "Payment provider").
 */
export const SandboxAuthCode = {
  /** Declined at once: 余额不足. */
  insufficientSuffix: '0000',
  /** USERPAYING for ever: the customer never confirms, so the order times out. */
  silentSuffix: '9999',
} as const;

/** WeChat 付款码: 18 digits starting 10–15; Alipay: 16–24 digits starting 25–30. */
const AUTH_CODE_SHAPE: Record<number, RegExp> = {
  [PayWay.wechatMicro]: /^1[0-5]\d{16}$/,
  [PayWay.alipayMicro]: /^(2[5-9]|30)\d{14,22}$/,
};

interface Trade {
  payId: string;
  amountFen: number;
  payWay: PayWayCode;
  state: GatewayState;
  tradeNo: string;
  failReason?: string;
  timer?: ReturnType<typeof setTimeout>;
}

export interface SandboxOptions {
  /** How long the simulated customer takes to confirm a 付款码 payment. */
  microConfirmMs?: number;
}

/**
 * A gateway in memory that behaves like WeChat Pay / Alipay: QR payments wait for a simulated scan
 * (`scan`), 付款码 payments answer USERPAYING and confirm after a delay, results arrive through
 * the notification listener, unpaid trades can be queried and closed. Nothing leaves the machine.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly trades = new Map<string, Trade>();
  private listener: ((result: GatewayResult) => Promise<void>) | null = null;
  private readonly microConfirmMs: number;

  constructor(options: SandboxOptions = {}) {
    this.microConfirmMs = options.microConfirmMs ?? PaymentTiming.sandboxMicroConfirmMs;
  }

  onNotify(listener: (result: GatewayResult) => Promise<void>) {
    this.listener = listener;
  }

  async create(order: GatewayOrder) {
    const trade = this.trades.get(order.payId) ?? this.open(order, 'NOTPAY');
    const codeUrl =
      order.payWay === PayWay.alipayQr
        ? `https://qr.alipay.com/sandbox/${trade.tradeNo}`
        : `weixin://wxpay/bizpayurl?pr=${trade.tradeNo}`;
    return { codeUrl, providerTradeNo: trade.tradeNo };
  }

  async micro(order: GatewayOrder & { authCode: string }): Promise<GatewayResult> {
    // A repeated submission of the same order is answered with its trade, never charged twice.
    const known = this.trades.get(order.payId);
    if (known) return this.resultOf(known);
    if (!AUTH_CODE_SHAPE[order.payWay]?.test(order.authCode))
      return this.resultOf(this.open(order, 'PAYERROR', '付款码无效，请顾客刷新付款码后重试'));
    if (order.authCode.endsWith(SandboxAuthCode.insufficientSuffix))
      return this.resultOf(this.open(order, 'PAYERROR', '余额不足'));
    const trade = this.open(order, 'USERPAYING');
    if (!order.authCode.endsWith(SandboxAuthCode.silentSuffix)) {
      trade.timer = setTimeout(() => void this.finish(trade, 'SUCCESS'), this.microConfirmMs);
      trade.timer.unref?.();
    }
    return this.resultOf(trade);
  }

  async query(payId: string): Promise<GatewayResult> {
    const trade = this.trades.get(payId);
    return trade ? this.resultOf(trade) : { payId, state: 'NOTPAY' };
  }

  async close(payId: string): Promise<GatewayResult> {
    const trade = this.trades.get(payId);
    if (!trade) return { payId, state: 'CLOSED' };
    if (trade.state === 'NOTPAY' || trade.state === 'USERPAYING') {
      clearTimeout(trade.timer);
      trade.state = 'CLOSED';
    }
    return this.resultOf(trade);
  }

  /**
   * The simulated customer scans a QR payment's code and pays (or the payment fails with a reason).
   * Resolves once the notification has been handled, as a gateway waits for the merchant's answer.
   */
  /**
   * The simulated customer at a QR code: pays, fails (with a reason), or walks away and the gateway
   * closes the trade as a real one does when its code expires (`closed`).
   */
  async scan(payId: string, outcome: { result: 'success' | 'fail' | 'closed'; reason?: string | undefined }) {
    const trade = this.trades.get(payId);
    if (!trade || (trade.payWay !== PayWay.wechatQr && trade.payWay !== PayWay.alipayQr))
      throw new ApiFailure(Code.paymentState, '该订单不是待扫码的二维码支付');
    if (trade.state !== 'NOTPAY') throw new ApiFailure(Code.paymentState, '该二维码已失效，不能再扫码');
    if (outcome.result === 'success') await this.finish(trade, 'SUCCESS');
    else if (outcome.result === 'closed') await this.finish(trade, 'CLOSED');
    else await this.finish(trade, 'PAYERROR', outcome.reason ?? '用户取消支付');
  }

  stop() {
    for (const trade of this.trades.values()) clearTimeout(trade.timer);
    this.listener = null;
  }

  private open(order: GatewayOrder, state: GatewayState, failReason?: string): Trade {
    const tradeNo = `SBX${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    const trade: Trade = {
      payId: order.payId,
      amountFen: order.amountFen,
      payWay: order.payWay,
      state,
      tradeNo,
    };
    if (failReason) trade.failReason = failReason;
    this.trades.set(order.payId, trade);
    return trade;
  }

  private async finish(trade: Trade, state: 'SUCCESS' | 'PAYERROR' | 'CLOSED', failReason?: string) {
    if (trade.state !== 'NOTPAY' && trade.state !== 'USERPAYING') return;
    trade.state = state;
    if (failReason) trade.failReason = failReason;
    await this.listener?.(this.resultOf(trade));
  }

  private resultOf(trade: Trade): GatewayResult {
    return {
      payId: trade.payId,
      state: trade.state,
      providerTradeNo: trade.tradeNo,
      amountFen: trade.amountFen,
      ...(trade.failReason ? { failReason: trade.failReason } : {}),
    };
  }
}
