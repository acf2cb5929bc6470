import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  isMicroPayWay,
  type PaymentOrderView,
  PaymentStatus,
  PayWay,
  type PayWayCode,
} from '../domain/payment.js';

/**
 * One scanned-code payment at the counter (docs/decisions.md "Payment provider"): the cashier picks
 * a pay way; a QR way (10/11) creates the order and shows its code, a 付款码 way (12/13) waits for
 * the scanner; then the dialog waits for the gateway (push or poll) until the order is paid,
 * failed or closed. Each attempt carries its own idempotency key, so a retried request of the same
 * attempt never charges twice and 重新支付 is a new order. The effects are supplied by the dialog.
 */
interface ScanPayContext {
  payWay: PayWayCode;
  /** The idempotency key of the current attempt. */
  key: string;
  order: PaymentOrderView | null;
  /** Why the last call was refused (the server's Chinese message). */
  error: string | null;
}

export type ScanPayEvent =
  | { type: 'pay.chooseWay'; payWay: PayWayCode }
  | { type: 'pay.start' }
  | { type: 'pay.submitCode'; authCode: string }
  | { type: 'pay.updated'; order: PaymentOrderView }
  | { type: 'pay.simulateScan' }
  | { type: 'pay.retry' };

interface StartInput {
  payWay: PayWayCode;
  key: string;
  authCode: string | null;
}

const newKey = () => `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
const errorText = (error: unknown) =>
  (error as { message?: string } | null)?.message || '支付请求失败，请稍后重试';

/** Where a final order goes: paid, failed, or closed (timed out). */
const finalTargets = [
  { guard: { type: 'isPaid' }, target: '#scanPay.paid' },
  { guard: { type: 'isFailed' }, target: '#scanPay.failed' },
  { guard: { type: 'isClosed' }, target: '#scanPay.closed' },
] as const;

export const scanPayMachine = setup({
  types: {} as { context: ScanPayContext; events: ScanPayEvent; input: { payWay?: PayWayCode } | undefined },
  actors: {
    /** createPay or microPay; answers the order. */
    startPayment: fromPromise<PaymentOrderView, StartInput>(async () => {
      throw new Error('startPayment not provided');
    }),
    /** Sends pay.updated for the order as it changes (push and polling) until stopped. */
    watchOrder: fromCallback<ScanPayEvent, { payId: string }>(() => undefined),
    simulateScan: fromPromise<PaymentOrderView, { payId: string }>(async () => {
      throw new Error('simulateScan not provided');
    }),
  },
  actions: {
    restart: assign({ key: () => newKey(), order: null, error: null }),
  },
  guards: {
    isMicro: ({ context }) => isMicroPayWay(context.payWay),
    isPaid: ({ context }) => context.order?.status === PaymentStatus.paid,
    isFailed: ({ context }) => context.order?.status === PaymentStatus.failed,
    isClosed: ({ context }) =>
      context.order?.status === PaymentStatus.closed || context.order?.status === PaymentStatus.refunded,
    isOwnUpdate: ({ context, event }) =>
      event.type === 'pay.updated' && event.order.payId === context.order?.payId,
  },
}).createMachine({
  id: 'scanPay',
  context: ({ input }) => ({
    payWay: input?.payWay ?? PayWay.wechatQr,
    key: newKey(),
    order: null,
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'pay.chooseWay': { actions: assign({ payWay: ({ event }) => event.payWay, error: null }) },
        'pay.start': 'starting',
      },
      always: { guard: { type: 'isMicro' }, target: 'awaitingCode' },
    },
    awaitingCode: {
      on: {
        'pay.chooseWay': {
          target: 'choosing',
          actions: assign({ payWay: ({ event }) => event.payWay, error: null }),
        },
        'pay.submitCode': 'starting',
      },
    },
    starting: {
      invoke: {
        src: 'startPayment',
        input: ({ context, event }) => ({
          payWay: context.payWay,
          key: context.key,
          authCode: event.type === 'pay.submitCode' ? event.authCode : null,
        }),
        onDone: { target: 'settling', actions: assign({ order: ({ event }) => event.output, error: null }) },
        // A refused call keeps the key: nothing was created, or the retry finds the same order.
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    settling: { always: [...finalTargets, { target: 'waiting' }] },
    waiting: {
      invoke: { src: 'watchOrder', input: ({ context }) => ({ payId: context.order?.payId ?? '' }) },
      // Updates stay inside waiting (the watcher and a running scan go on) until the order is final.
      always: finalTargets,
      on: {
        'pay.updated': {
          guard: { type: 'isOwnUpdate' },
          actions: assign({ order: ({ event }) => event.order }),
        },
      },
      initial: 'idle',
      states: {
        idle: { on: { 'pay.simulateScan': 'scanning' } },
        scanning: {
          invoke: {
            src: 'simulateScan',
            input: ({ context }) => ({ payId: context.order?.payId ?? '' }),
            onDone: { target: 'idle', actions: assign({ order: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
    paid: { type: 'final' },
    failed: { on: { 'pay.retry': { target: 'choosing', actions: 'restart' } } },
    closed: { on: { 'pay.retry': { target: 'choosing', actions: 'restart' } } },
  },
});

/** Chinese names of the machine's events and states (npm run paths, test-case sheets). */
export const eventLabels: Record<string, string> = {
  'pay.chooseWay': '选择支付方式',
  'pay.start': '发起支付',
  'pay.submitCode': '提交付款码',
  'pay.simulateScan': '模拟扫码',
  'pay.updated': '订单状态更新',
  'pay.retry': '重新支付',
  'startPayment.done': '下单成功',
  'startPayment.error': '下单失败',
  'simulateScan.done': '扫码完成',
  'simulateScan.error': '扫码失败',
};
export const stateLabels: Record<string, string> = {
  choosing: '选择支付方式',
  awaitingCode: '等待付款码',
  starting: '正在下单',
  settling: '正在入账',
  waiting: '等待支付',
  'waiting.idle': '等待支付',
  'waiting.scanning': '等待支付（扫码中）',
  paid: '已支付',
  failed: '支付失败',
  closed: '已关闭',
};

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  isMicro: '付款码支付',
  isPaid: '已支付',
  isFailed: '支付失败',
  isClosed: '已关闭或退款',
  isOwnUpdate: '本订单的更新',
};
