/** Scanned-code payment (spec 001 §7 "Payment provider"): orders, gateways and the paid hook. */
export type { GatewayResult, GatewayState, PaymentProvider } from './provider.js';
export {
  type PaidOrder,
  type PaymentIntent,
  type PaymentPurposeHandlers,
  registerPaymentPurpose,
} from './purposes.js';
export { paymentRoutes } from './routes.js';
export { SandboxAuthCode, SandboxProvider } from './sandbox.js';
export { type PaymentOptions, PaymentService } from './service.js';
