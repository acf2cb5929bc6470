import { Code } from '../../domain/codes.js';
import {
  createPayBody,
  microPayBody,
  PAY_BASE,
  PaymentPath,
  paymentOrderView,
  payorderParams,
  SANDBOX_SCAN_BASE,
  sandboxScanBody,
} from '../../domain/payment.js';
import type { SessionUser } from '../auth/tokens.js';
import { ApiFailure } from '../http/failure.js';
import { type AnyRoute, route } from '../http/route.js';
import { noQuery } from '../http/schemas.js';

/**
 * Any signed-in user may take a payment for now; the billing authority narrows it
 * (docs/decisions.md "Payment provider"). A user who must change the password may not.
 */
const AUTH = 'session';
const mayPay = (user: SessionUser) => {
  if (user.mustChangePassword) throw new ApiFailure(Code.passwordChangeRequired);
};

/**
 * Spec 001 §7 "Payment provider". The calls keep the route's schemas and authentication but run
 * their own short transactions (log: false): a gateway call must not hold the database, and each
 * order's creation writes its operation-log row in the transaction that inserts it.
 */
export function paymentRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: PaymentPath.createPay,
      auth: AUTH,
      summary: '创建支付订单',
      body: createPayBody,
      response: paymentOrderView,
      log: false,
      async handler(ctx) {
        mayPay(ctx.user);
        return ctx.services.payments.createPay(ctx.user, ctx.body, ctx.req);
      },
    }),
    route({
      method: 'POST',
      url: PaymentPath.microPay,
      auth: AUTH,
      summary: '付款码支付',
      body: microPayBody,
      response: paymentOrderView,
      log: false,
      async handler(ctx) {
        mayPay(ctx.user);
        return ctx.services.payments.microPay(ctx.user, ctx.body, ctx.req);
      },
    }),
    route({
      method: 'GET',
      url: `${PAY_BASE}/payorder/:payId`,
      auth: AUTH,
      summary: '查询支付订单',
      params: payorderParams,
      query: noQuery,
      response: paymentOrderView,
      async handler(ctx) {
        return ctx.services.payments.payorder(ctx.user, ctx.params.payId);
      },
    }),
    route({
      method: 'POST',
      url: `${SANDBOX_SCAN_BASE}/:payId`,
      auth: AUTH,
      summary: '沙箱模拟扫码支付',
      params: payorderParams,
      body: sandboxScanBody,
      response: paymentOrderView,
      log: false,
      async handler(ctx) {
        mayPay(ctx.user);
        return ctx.services.payments.sandboxScan(ctx.user, ctx.params.payId, ctx.body, ctx.req);
      },
    }),
  ];
}
