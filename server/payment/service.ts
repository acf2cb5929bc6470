import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code } from '../../domain/codes.js';
import {
  type createPayBody,
  isOpenStatus,
  type microPayBody,
  OPEN_STATUSES,
  type PaymentOrderView,
  PaymentStatus,
  type PaymentStatusCode,
  PaymentTiming,
  type PayWayCode,
  payWayLabels,
} from '../../domain/payment.js';
import { fenToYuan } from '../../domain/resource.js';
import type { SessionUser } from '../auth/tokens.js';
import type { Db } from '../db/index.js';
import { ApiFailure } from '../http/failure.js';
import { writeOperationLog } from '../http/operationLog.js';
import type { PushHub } from '../push/hub.js';
import { generatedKey, maskAuthCode, newPayId, type OrderRow, refText, toPaid, toView } from './orders.js';
import type { GatewayResult, PaymentProvider } from './provider.js';
import { purposeHandlers } from './purposes.js';
import { SandboxProvider } from './sandbox.js';

type CreateInput = z.output<typeof createPayBody>;
type MicroInput = z.output<typeof microPayBody>;

export interface PaymentOptions {
  /** The gateway; the built-in sandbox when not given. */
  provider?: PaymentProvider;
  /** Unpaid orders are closed after this (default PaymentTiming.timeoutMs). */
  timeoutMs?: number;
  /** The sandbox's 付款码 confirmation delay (default PaymentTiming.sandboxMicroConfirmMs). */
  sandboxMicroConfirmMs?: number;
}

interface Deps {
  db: Db;
  hub: PushHub;
  log: FastifyBaseLogger;
  now(): number;
}

const TIMEOUT_REASON = '超时未支付，订单已关闭';
const SWEEP_BATCH = 100;

/**
 * Payment orders over one gateway: creates them idempotently, applies the gateway's answers exactly
 * once (the status change and the purpose's onPaid in one transaction), closes unpaid orders after
 * the timeout and tells the organisation's consoles (push 'payment.updated').
 */
export class PaymentService {
  readonly provider: PaymentProvider;
  readonly timeoutMs: number;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly deps: Deps,
    options: PaymentOptions = {},
  ) {
    this.provider =
      options.provider ?? new SandboxProvider({ microConfirmMs: options.sandboxMicroConfirmMs });
    this.timeoutMs = options.timeoutMs ?? PaymentTiming.timeoutMs;
  }

  /** Listens to the gateway and closes orders a previous run left open past their time. */
  start() {
    this.provider.onNotify((result) => this.settle(result).then(() => undefined));
    // Timers are per process; the sweep catches orders whose process stopped (and other nodes').
    this.sweeper = setInterval(() => void this.sweep(), Math.min(this.timeoutMs, 30_000));
    this.sweeper.unref?.();
    void this.sweep();
  }

  stop() {
    clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.provider.stop();
  }

  get sandbox(): SandboxProvider | null {
    return this.provider instanceof SandboxProvider ? this.provider : null;
  }

  /** createPay: an order for a QR payment (10/11) with the code URL to show. */
  async createPay(user: SessionUser, input: CreateInput, req: FastifyRequest): Promise<PaymentOrderView> {
    const { row, created } = await this.open(user, input, PaymentStatus.pending, null, req);
    if (!created) return toView(row);
    try {
      const answer = await this.provider.create({ ...this.gatewayOrder(row), expiresAt: row.expiresAt });
      await this.deps.db
        .updateTable('paymentOrder')
        .set({ codeUrl: answer.codeUrl, providerTradeNo: answer.providerTradeNo, updatedAt: this.deps.now() })
        .where('payId', '=', row.payId)
        .execute();
    } catch (error) {
      this.deps.log.error({ err: error, payId: row.payId }, 'payment gateway refused createPay');
      await this.finish(row.payId, PaymentStatus.failed, '支付通道不可用');
      throw new ApiFailure(Code.paymentProviderError);
    }
    this.arm(row.payId);
    return this.view(row.payId);
  }

  /** microPay: charges the customer's 付款码 (12/13); usually answers 支付中 and confirms later. */
  async microPay(user: SessionUser, input: MicroInput, req: FastifyRequest): Promise<PaymentOrderView> {
    const { authCode, ...rest } = input;
    const { row, created } = await this.open(user, rest, PaymentStatus.paying, maskAuthCode(authCode), req);
    if (!created) return toView(row);
    let answer: GatewayResult | null = null;
    try {
      answer = await this.provider.micro({ ...this.gatewayOrder(row), authCode });
    } catch (error) {
      // The outcome is unknown (the gateway may have charged): the order stays 支付中, queries and the
      // timeout settle it.
      this.deps.log.error({ err: error, payId: row.payId }, 'payment gateway did not answer microPay');
    }
    if (answer) await this.settle(answer);
    if (isOpenStatus((await this.load(row.payId)).status as PaymentStatusCode)) this.arm(row.payId);
    return this.view(row.payId);
  }

  /** payorder: the order of the user's organisation, after asking the gateway while it is open. */
  async payorder(user: SessionUser, payId: string): Promise<PaymentOrderView> {
    const row = await this.ownOrder(user, payId);
    if (isOpenStatus(row.status as PaymentStatusCode)) {
      if (this.deps.now() >= row.expiresAt) await this.expire(payId);
      else {
        const answer = await this.provider.query(payId).catch((error: unknown) => {
          this.deps.log.warn({ err: error, payId }, 'payment gateway query failed');
          return null;
        });
        if (answer) await this.settle(answer);
      }
    }
    return this.view(payId);
  }

  /** Sandbox only: the customer scans the order's QR code and pays (or fails with a reason). */
  async sandboxScan(
    user: SessionUser,
    payId: string,
    outcome: { result: 'success' | 'fail' | 'closed'; reason?: string | undefined },
    req: FastifyRequest,
  ): Promise<PaymentOrderView> {
    const sandbox = this.sandbox;
    if (!sandbox) throw new ApiFailure(Code.paymentNotSandbox);
    const row = await this.ownOrder(user, payId);
    if (row.status !== PaymentStatus.pending) throw new ApiFailure(Code.paymentState, '该订单不在待扫码状态');
    await sandbox.scan(payId, outcome);
    await this.deps.db
      .transaction()
      .execute((trx) =>
        writeOperationLog(trx, req, user, { type: 'UPDATE', name: `模拟扫码支付${payId}` }, outcome),
      );
    return this.view(payId);
  }

  /**
   * Applies a gateway answer. Paid happens at most once per order: the conditional update and the
   * purpose's onPaid share one transaction, so a second notification, a concurrent query or a
   * timeout finds the order no longer open and does nothing.
   */
  async settle(result: GatewayResult): Promise<void> {
    try {
      switch (result.state) {
        case 'NOTPAY':
          return;
        case 'USERPAYING':
          await this.move(result.payId, PaymentStatus.pending, PaymentStatus.paying);
          return;
        case 'SUCCESS':
          await this.markPaid(result);
          return;
        case 'PAYERROR':
          await this.finish(result.payId, PaymentStatus.failed, result.failReason ?? '支付失败');
          return;
        case 'CLOSED':
          await this.finish(result.payId, PaymentStatus.closed, TIMEOUT_REASON);
          return;
        default:
          result.state satisfies never;
      }
    } catch (error) {
      this.deps.log.error({ err: error, payId: result.payId }, 'payment confirmation failed');
    }
  }

  /** Closes an order whose time is up; the gateway is asked first, it may have been paid just now. */
  async expire(payId: string): Promise<void> {
    const queried = await this.provider.query(payId).catch(() => null);
    if (queried?.state === 'SUCCESS' || queried?.state === 'PAYERROR') return this.settle(queried);
    const closed = await this.provider.close(payId).catch((error: unknown) => {
      this.deps.log.warn({ err: error, payId }, 'payment gateway close failed; retried by the sweep');
      return null;
    });
    if (closed) await this.settle(closed.state === 'SUCCESS' ? closed : { payId, state: 'CLOSED' });
  }

  private async open(
    user: SessionUser,
    input: Omit<CreateInput, 'payWay'> & { payWay: PayWayCode },
    status: PaymentStatusCode,
    authCode: string | null,
    req: FastifyRequest,
  ): Promise<{ row: OrderRow; created: boolean }> {
    const handlers = purposeHandlers(input.purpose);
    if (!handlers) throw new ApiFailure(Code.paymentPurposeUnknown, `不支持的支付用途：${input.purpose}`);
    const key = input.idempotencyKey ?? generatedKey();
    const purposeRef = refText(input.purposeRef);
    const attempt = () =>
      this.deps.db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('paymentOrder')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .where('idempotencyKey', '=', key)
          .executeTakeFirst();
        if (existing) {
          const same =
            existing.amountFen === input.amount &&
            existing.payWay === input.payWay &&
            existing.purpose === input.purpose &&
            existing.purposeRef === purposeRef;
          if (!same) throw new ApiFailure(Code.paymentKeyConflict);
          return { row: existing, created: false };
        }
        await handlers.validate?.(trx, {
          orgId: user.orgId,
          userId: user.userId,
          purpose: input.purpose,
          purposeRef: input.purposeRef ?? null,
          amountFen: input.amount,
          payWay: input.payWay,
        });
        const now = this.deps.now();
        const row: OrderRow = {
          payId: newPayId(now),
          orgId: user.orgId,
          purpose: input.purpose,
          purposeRef,
          amountFen: input.amount,
          payWay: input.payWay,
          status,
          subject: input.subject || payWayLabels[input.payWay],
          idempotencyKey: key,
          authCode,
          codeUrl: null,
          provider: this.provider.name,
          providerTradeNo: null,
          failReason: null,
          lastError: null,
          createdBy: user.userId,
          createdAt: now,
          updatedAt: now,
          expiresAt: now + this.timeoutMs,
          paidAt: null,
          closedAt: null,
        };
        await trx.insertInto('paymentOrder').values(row).execute();
        const name = `${payWayLabels[input.payWay]}收款${fenToYuan(input.amount)}元`;
        await writeOperationLog(trx, req, user, { type: 'ADD', name }, { ...input, payId: row.payId });
        return { row, created: true };
      });
    try {
      return await attempt();
    } catch (error) {
      // Two first requests with one key at once: the loser's insert hits the unique index.
      if (error instanceof ApiFailure || !/unique|duplicate/i.test(String(error))) throw error;
      return attempt();
    }
  }

  private async markPaid(result: GatewayResult) {
    const row = await this.load(result.payId).catch(() => null);
    if (!row || row.status === PaymentStatus.paid) return;
    if (!isOpenStatus(row.status as PaymentStatusCode)) {
      // Paid at the gateway after the order was closed here: the money must go back by hand.
      this.deps.log.error(
        { payId: row.payId, status: row.status },
        'gateway reports payment of a closed order',
      );
      return;
    }
    if (result.amountFen !== undefined && result.amountFen !== row.amountFen) {
      this.deps.log.error(
        { payId: row.payId, paid: result.amountFen, ordered: row.amountFen },
        'amount mismatch',
      );
      await this.finish(row.payId, PaymentStatus.failed, '支付金额与订单不符，请人工核对');
      return;
    }
    let applied = false;
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const now = this.deps.now();
        const changed = await trx
          .updateTable('paymentOrder')
          .set({
            status: PaymentStatus.paid,
            paidAt: now,
            updatedAt: now,
            providerTradeNo: result.providerTradeNo ?? row.providerTradeNo,
            lastError: null,
          })
          .where('payId', '=', row.payId)
          .where('status', 'in', OPEN_STATUSES)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) return;
        const handlers = purposeHandlers(row.purpose);
        if (!handlers) throw new Error(`没有登记支付用途${row.purpose}的入账处理`);
        const paid = await trx
          .selectFrom('paymentOrder')
          .selectAll()
          .where('payId', '=', row.payId)
          .executeTakeFirstOrThrow();
        await handlers.onPaid(trx, toPaid(paid));
        applied = true;
      });
    } catch (error) {
      this.deps.log.error({ err: error, payId: row.payId }, 'onPaid failed; the confirmation is retried');
      const message = error instanceof Error ? error.message : String(error);
      await this.deps.db
        .updateTable('paymentOrder')
        .set({ lastError: `入账失败：${message}`.slice(0, 500), updatedAt: this.deps.now() })
        .where('payId', '=', row.payId)
        .execute();
      return;
    }
    if (applied) await this.changed(row.payId);
  }

  /** A final status other than paid (failed, closed), only from an open one. */
  private async finish(payId: string, status: 'failed' | 'closed', reason: string) {
    const now = this.deps.now();
    const changed = await this.deps.db
      .updateTable('paymentOrder')
      .set({ status, failReason: reason, closedAt: now, updatedAt: now })
      .where('payId', '=', payId)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 1) await this.changed(payId);
  }

  private async move(payId: string, from: PaymentStatusCode, to: PaymentStatusCode) {
    const changed = await this.deps.db
      .updateTable('paymentOrder')
      .set({ status: to, updatedAt: this.deps.now() })
      .where('payId', '=', payId)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 1) await this.changed(payId);
  }

  /** After a committed change: stop the order's timer when it is final and tell the consoles. */
  private async changed(payId: string) {
    const row = await this.load(payId);
    if (!isOpenStatus(row.status as PaymentStatusCode)) {
      clearTimeout(this.timers.get(payId));
      this.timers.delete(payId);
    }
    const data = toView(row);
    for (const client of this.deps.hub.clients)
      if (client.user.orgId === row.orgId) this.deps.hub.send(client, { type: 'payment.updated', data });
  }

  private arm(payId: string) {
    if (this.timers.has(payId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(payId);
      void this.expire(payId);
    }, this.timeoutMs);
    timer.unref?.();
    this.timers.set(payId, timer);
  }

  private async sweep() {
    try {
      const due = await this.deps.db
        .selectFrom('paymentOrder')
        .select('payId')
        .where('status', 'in', OPEN_STATUSES)
        .where('expiresAt', '<=', this.deps.now())
        .limit(SWEEP_BATCH)
        .execute();
      for (const { payId } of due) await this.expire(payId);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'payment sweep failed');
    }
  }

  private async ownOrder(user: SessionUser, payId: string): Promise<OrderRow> {
    const row = await this.deps.db
      .selectFrom('paymentOrder')
      .selectAll()
      .where('payId', '=', payId)
      .where('orgId', '=', user.orgId)
      .executeTakeFirst();
    // Another organisation's order answers as if it did not exist.
    if (!row) throw new ApiFailure(Code.paymentNotFound);
    return row;
  }

  private load(payId: string): Promise<OrderRow> {
    return this.deps.db
      .selectFrom('paymentOrder')
      .selectAll()
      .where('payId', '=', payId)
      .executeTakeFirstOrThrow();
  }

  private async view(payId: string) {
    return toView(await this.load(payId));
  }

  private gatewayOrder(row: OrderRow) {
    return {
      payId: row.payId,
      amountFen: row.amountFen,
      payWay: row.payWay as PayWayCode,
      subject: row.subject,
    };
  }
}
