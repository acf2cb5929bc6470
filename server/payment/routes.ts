import { Code } from '../../domain/codes.js';
import {
  createPayBody,
  microPayBody,
  PAY_BASE,
  PaymentPath,
  payorderParams,
  SANDBOX_SCAN_BASE,
  sandboxScanBody,
} from '../../domain/payment.js';
import type { SessionUser } from '../auth/tokens.js';
import { ApiFailure } from '../http/failure.js';
import { type AnyRoute, route } from '../http/route.js';
import { parseInput } from '../resources/engine.js';

/**
 * Any signed-in user may take a payment for now; the billing authority narrows it
 * (docs/decisions.md "Payment provider"). A user who must change the password may not.
 */
const AUTH = 'session';
const mayPay = (user: SessionUser) => {
  if (user.mustChangePassword) throw new ApiFailure(Code.passwordChangeRequired);
};
const payIdOf = (params: unknown) => parseInput(payorderParams, params).payId;

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
      log: false,
      async handler(ctx) {
        mayPay(ctx.user);
        return ctx.services.payments.createPay(ctx.user, parseInput(createPayBody, ctx.req.body), ctx.req);
      },
    }),
    route({
      method: 'POST',
      url: PaymentPath.microPay,
      auth: AUTH,
      log: false,
      async handler(ctx) {
        mayPay(ctx.user);
        return ctx.services.payments.microPay(ctx.user, parseInput(microPayBody, ctx.req.body), ctx.req);
      },
    }),
    route({
      method: 'GET',
      url: `${PAY_BASE}/payorder/:payId`,
      auth: AUTH,
      async handler(ctx) {
        return ctx.services.payments.payorder(ctx.user, payIdOf(ctx.req.params));
      },
    }),
    route({
      method: 'POST',
      url: `${SANDBOX_SCAN_BASE}/:payId`,
      auth: AUTH,
      log: false,
      async handler(ctx) {
        mayPay(ctx.user);
        const payId = payIdOf(ctx.req.params);
        const outcome = parseInput(sandboxScanBody, ctx.req.body);
        return ctx.services.payments.sandboxScan(ctx.user, payId, outcome, ctx.req);
      },
    }),
  ];
}
