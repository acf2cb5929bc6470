import { z } from 'zod';
import { formatYuan, yuanToFen } from './resource.js';

/**
 * Scanned-code payment (spec 001 §7 "Payment provider"; spec 000 "pay ways 10-13 for scanned
 * WeChat/Alipay payment"). docs/decisions.md "Payment provider" says why the four ways are these.
 */
export const PAY_BASE = '/yhpay/pay';
/** Ours, sandbox only (docs/decisions.md "Payment provider"). */
export const SANDBOX_SCAN_BASE = '/yhpay/sandbox/scan';
export const PaymentPath = {
  createPay: `${PAY_BASE}/createPay`,
  microPay: `${PAY_BASE}/microPay`,
  payorder: (payId: string) => `${PAY_BASE}/payorder/${encodeURIComponent(payId)}`,
  /** Ours, sandbox only: the simulated customer scans the QR code and pays (or fails). */
  sandboxScan: (payId: string) => `${SANDBOX_SCAN_BASE}/${encodeURIComponent(payId)}`,
} as const;

export const PayWay = {
  /** The customer scans our QR code (createPay answers a code URL). */
  wechatQr: 10,
  alipayQr: 11,
  /** We scan the customer's 付款码 (microPay with authCode). */
  wechatMicro: 12,
  alipayMicro: 13,
} as const;
export type PayWayCode = (typeof PayWay)[keyof typeof PayWay];

export const payWayLabels: Record<PayWayCode, string> = {
  10: '微信扫码',
  11: '支付宝扫码',
  12: '微信付款码',
  13: '支付宝付款码',
};
const MICRO_PAY_WAYS = [PayWay.wechatMicro, PayWay.alipayMicro] as const;
export const isMicroPayWay = (w: number): w is (typeof MICRO_PAY_WAYS)[number] =>
  (MICRO_PAY_WAYS as readonly number[]).includes(w);

export const PaymentStatus = {
  /** Created, waiting for the customer to scan. */
  pending: 'pending',
  /** The gateway has the payment and waits for the customer (USERPAYING: password on the phone). */
  paying: 'paying',
  paid: 'paid',
  failed: 'failed',
  /** Not paid in time; closed at the gateway too. */
  closed: 'closed',
  /** Money returned (by the module that owns the purpose; no refund call yet). */
  refunded: 'refunded',
} as const;
export type PaymentStatusCode = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const paymentStatusLabels: Record<PaymentStatusCode, string> = {
  pending: '待支付',
  paying: '支付中',
  paid: '已支付',
  failed: '已失败',
  closed: '已关闭（超时）',
  refunded: '已退款',
};
/** Statuses the gateway may still move; every other one is final. */
export const OPEN_STATUSES: readonly PaymentStatusCode[] = [PaymentStatus.pending, PaymentStatus.paying];
export const isOpenStatus = (s: PaymentStatusCode) => OPEN_STATUSES.includes(s);

/** Defaults; the server takes others through its options (tests use short ones). */
export const PaymentTiming = {
  /** An order not paid within this is closed (at the gateway too). */
  timeoutMs: 120_000,
  /** The sandbox gateway answers a 付款码 payment after this (USERPAYING, then SUCCESS). */
  sandboxMicroConfirmMs: 2_000,
  /** The console asks for the order this often while it waits (push usually comes first). */
  pollMs: 3_000,
} as const;

/** The most one order may take: 100,000.00 yuan. */
const MAX_PAY_FEN = 10_000_000;

/**
 * An amount in yuan, a text or a number with at most two decimals, to integer fen — never through
 * floating arithmetic: a number is read by its shortest decimal text (0.1 → '0.1' → 10 fen).
 */
const yuanAmount = z.union([z.string(), z.number()], { error: '请填写支付金额' }).transform((value, ctx) => {
  const fen = yuanToFen(typeof value === 'number' ? String(value) : value);
  if (fen === null) {
    ctx.addIssue({ code: 'custom', message: '支付金额应为元，最多两位小数' });
    return z.NEVER;
  }
  if (fen <= 0) {
    ctx.addIssue({ code: 'custom', message: '支付金额必须大于0' });
    return z.NEVER;
  }
  if (fen > MAX_PAY_FEN) {
    ctx.addIssue({ code: 'custom', message: `单笔支付金额不能超过${formatYuan(MAX_PAY_FEN)}元` });
    return z.NEVER;
  }
  return fen;
});

const common = {
  amount: yuanAmount,
  /** What the money is for; a module registers it on the server (registerPaymentPurpose). */
  purpose: z.string({ error: '请填写支付用途' }).regex(/^[A-Za-z][\w.-]{0,31}$/, '支付用途格式不正确'),
  /** Which thing of the purpose (a bill id, an order id, or a small JSON object). */
  purposeRef: z
    .union([
      z.string().max(200, '支付关联不能超过200个字'),
      z.number().int(),
      z.record(z.string(), z.unknown()),
    ])
    .nullish()
    .refine((v) => v === null || v === undefined || JSON.stringify(v).length <= 1000, '支付关联内容过长'),
  subject: z.string().trim().max(64, '商品描述不能超过64个字').optional(),
  /** The same key returns the same order: a retried request never charges twice. */
  idempotencyKey: z
    .string()
    .regex(/^[\w-]{8,64}$/, '幂等键应为8～64位字母、数字、下划线或连字符')
    .optional(),
};

export const createPayBody = z.object({
  ...common,
  payWay: z.union([z.literal(PayWay.wechatQr), z.literal(PayWay.alipayQr)], {
    error: '扫码支付方式应为10（微信扫码）或11（支付宝扫码）',
  }),
});

export const microPayBody = z.object({
  ...common,
  payWay: z.union([z.literal(PayWay.wechatMicro), z.literal(PayWay.alipayMicro)], {
    error: '付款码支付方式应为12（微信付款码）或13（支付宝付款码）',
  }),
  /** The customer's 付款码 as the scanner types it: 16–24 digits. */
  authCode: z
    .string({ error: '请扫描付款码' })
    .trim()
    .regex(/^\d{16,24}$/, '付款码应为16～24位数字'),
});

export const payorderParams = z.object({
  payId: z.string({ error: '请填写支付单号' }).regex(/^[A-Za-z0-9]{8,40}$/, '支付单号格式不正确'),
});

/** Sandbox scan: what the simulated customer does (pays, or fails with a reason). */
export const sandboxScanBody = z.object({
  /** closed: the customer walks away and the gateway closes the trade (its code expired). */
  result: z
    .enum(['success', 'fail', 'closed'], { error: '扫码结果应为success、fail或closed' })
    .default('success'),
  reason: z
    .string({ error: '失败原因应为文字' })
    .trim()
    .min(1, '请填写失败原因')
    .max(64, '失败原因不能超过64个字')
    .optional(),
});

/** A payment order as the API answers it and the push channel sends it. */
export const paymentOrderView = z.object({
  payId: z.string(),
  purpose: z.string(),
  purposeRef: z.unknown(),
  /** Yuan text with two decimals ('12.30'); amountFen is the exact value. */
  amount: z.string(),
  amountFen: z.number().int(),
  payWay: z.number().int(),
  payWayName: z.string(),
  status: z.enum(Object.values(PaymentStatus) as [PaymentStatusCode, ...PaymentStatusCode[]]),
  statusName: z.string(),
  subject: z.string(),
  /** QR content for pay ways 10/11 (render it as a QR code). */
  codeUrl: z.string().nullable(),
  /** The gateway's name; 'sandbox' offers the simulated scan. */
  provider: z.string(),
  providerTradeNo: z.string().nullable(),
  failReason: z.string().nullable(),
  idempotencyKey: z.string(),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
  expiresAt: z.number(),
  paidAt: z.number().nullable(),
});
export type PaymentOrderView = z.infer<typeof paymentOrderView>;
