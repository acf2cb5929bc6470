import { randomInt, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  type PaymentOrderView,
  type PaymentStatusCode,
  type PayWayCode,
  paymentStatusLabels,
  payWayLabels,
} from '../../domain/payment.js';
import { fenToYuan } from '../../domain/resource.js';
import type { PaymentOrderTable } from '../db/schema.js';
import type { PaidOrder } from './purposes.js';

export type OrderRow = Selectable<PaymentOrderTable>;

/** YH + UTC time to the second + 6 random digits: 22 characters, sortable, within every gateway's 32. */
export function newPayId(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `YH${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** A key for calls that bring none: such an order is simply not idempotent. */
export const generatedKey = () => `srv-${randomUUID()}`;

/** The first six digits identify the wallet; the whole 付款码 is a one-time bearer credential. */
export const maskAuthCode = (authCode: string) => `${authCode.slice(0, 6)}${'*'.repeat(authCode.length - 6)}`;

export const refText = (ref: unknown): string | null =>
  ref === null || ref === undefined ? null : JSON.stringify(ref);

const refValue = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export function toView(row: OrderRow): PaymentOrderView {
  const status = row.status as PaymentStatusCode;
  return {
    payId: row.payId,
    purpose: row.purpose,
    purposeRef: refValue(row.purposeRef),
    amount: fenToYuan(row.amountFen),
    amountFen: row.amountFen,
    payWay: row.payWay,
    payWayName: payWayLabels[row.payWay as PayWayCode] ?? String(row.payWay),
    status,
    statusName: paymentStatusLabels[status] ?? row.status,
    subject: row.subject,
    codeUrl: row.codeUrl,
    provider: row.provider,
    providerTradeNo: row.providerTradeNo,
    failReason: row.failReason,
    idempotencyKey: row.idempotencyKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    expiresAt: row.expiresAt,
    paidAt: row.paidAt,
  };
}

export function toPaid(row: OrderRow): PaidOrder {
  return {
    payId: row.payId,
    orgId: row.orgId,
    userId: row.createdBy ?? 0,
    purpose: row.purpose,
    purposeRef: refValue(row.purposeRef),
    amountFen: row.amountFen,
    payWay: row.payWay as PayWayCode,
    providerTradeNo: row.providerTradeNo,
    paidAt: row.paidAt ?? row.updatedAt,
  };
}
