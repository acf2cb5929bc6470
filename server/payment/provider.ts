import type { PayWayCode } from '../../domain/payment.js';

/**
 * What a gateway says about one payment, in the states WeChat Pay and Alipay share: NOTPAY (waiting
 * for the customer), USERPAYING (the customer is confirming on the phone), SUCCESS, PAYERROR, CLOSED.
 */
export type GatewayState = 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'PAYERROR' | 'CLOSED';

export interface GatewayResult {
  /** Our order number (the gateway's out_trade_no). */
  payId: string;
  state: GatewayState;
  providerTradeNo?: string | null;
  /** What the gateway took, in fen; checked against the order before it counts as paid. */
  amountFen?: number;
  /** Why a payment failed, in Chinese for the cashier (余额不足). */
  failReason?: string;
}

export interface GatewayOrder {
  payId: string;
  amountFen: number;
  payWay: PayWayCode;
  subject: string;
}

/**
 * One payment gateway. The server calls create/micro/query/close; the gateway's asynchronous
 * answers (a real one's HTTP callback, the sandbox's simulated customer) go to the listener given
 * to onNotify, which applies them exactly once (PaymentService.settle). docs/decisions.md
 * "Payment provider" says how a real gateway plugs in.
 */
export interface PaymentProvider {
  /** Stored with each order, so a later change of gateway still knows where an order was made. */
  readonly name: string;
  /** Only a sandbox accepts the simulated scan. */
  readonly sandbox: boolean;
  /** A QR-code payment (pay ways 10/11): answers the code URL the customer scans. */
  create(
    order: GatewayOrder & { expiresAt: number },
  ): Promise<{ codeUrl: string; providerTradeNo: string | null }>;
  /** A 付款码 payment (pay ways 12/13): usually USERPAYING first, SUCCESS later. */
  micro(order: GatewayOrder & { authCode: string }): Promise<GatewayResult>;
  query(payId: string): Promise<GatewayResult>;
  /** Closes an unpaid payment; answers SUCCESS instead when the customer paid meanwhile. */
  close(payId: string): Promise<GatewayResult>;
  onNotify(listener: (result: GatewayResult) => Promise<void>): void;
  stop(): void;
}
