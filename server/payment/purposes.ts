import type { PayWayCode } from '../../domain/payment.js';
import type { Db } from '../db/index.js';

/** A payment about to be made, for the purpose's check. */
export interface PaymentIntent {
  orgId: number;
  userId: number;
  purpose: string;
  /** As the client sent it (a bill id, an order id, a small object), or null. */
  purposeRef: unknown;
  amountFen: number;
  payWay: PayWayCode;
}

/** A payment the gateway confirmed. */
export interface PaidOrder extends PaymentIntent {
  payId: string;
  providerTradeNo: string | null;
  /** Epoch ms. */
  paidAt: number;
}

export interface PaymentPurposeHandlers {
  /**
   * Runs in the transaction that marks the order paid, exactly once per order: write the money's
   * effect here (ledger entries, the bill's paid state) with `trx`. Throwing rolls the confirmation
   * back; the order stays open, its lastError says why, and the next query or notification retries.
   */
  onPaid(trx: Db, order: PaidOrder): Promise<void>;
  /** Runs before an order is created, in its transaction; throw ApiFailure to refuse the payment. */
  validate?(trx: Db, intent: PaymentIntent): Promise<void>;
}

const purposes = new Map<string, PaymentPurposeHandlers>();

/**
 * What happens when money for `purpose` ('bill', 'prestore', 'homecareOrder'…) arrives. A module
 * registers its purposes when it is imported; payments for unregistered purposes are refused.
 * Returns a function that removes the registration (tests).
 */
export function registerPaymentPurpose(purpose: string, handlers: PaymentPurposeHandlers): () => void {
  purposes.set(purpose, handlers);
  return () => {
    if (purposes.get(purpose) === handlers) purposes.delete(purpose);
  };
}

export const purposeHandlers = (purpose: string): PaymentPurposeHandlers | undefined => purposes.get(purpose);
