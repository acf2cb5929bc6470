import { assign, setup, transition } from 'xstate';
import {
  AfterSaleStatus,
  HomecareAuthority,
  ServeStatus,
  type ServeStatusCode,
  serveStatuses,
} from '../domain/statuses/homecare.js';
import { can } from './can.js';

/**
 * A home-care service order (spec 001 §4 "Service orders"; statuses of spec 000 §3; the transitions
 * are ours, docs/decisions.md "Home care"):
 * 待支付 → pay → 待派单 → distribute → 待服务 (待接单) → receive → 待服务 (已接单) → start → 服务中
 * → over → 已完成; cancel before the service starts (已取消), abolish by the office until it is
 * done (已作废), close an unpaid order (已关闭); afterSales from 已完成 opens an after-sale order
 * (START), whose audit ends it (END) and closes the order (已关闭). 已取消, 已作废 and 已关闭 are final.
 * The console asks it which buttons a row offers; the server checks every change with
 * serviceOrderTransition before it writes, and the carers' app calls go through the same check.
 */

/** The order fields the workflow reads and writes. */
export interface ServiceOrderFields {
  serveStatus: ServeStatusCode;
  /** The carer the order was given to (派单). */
  nursingId: number | null;
  /** Set when the carer accepted the order (接单); the status stays 待服务. */
  received: boolean;
  /** Paid money that a cancel or abolish must return. */
  paid: boolean;
  afterSaleStatus: (typeof AfterSaleStatus)[keyof typeof AfterSaleStatus] | null;
}

export type ServiceOrderEvent =
  | { type: 'pay' }
  | { type: 'distribute'; nursingId: number }
  | { type: 'receive' }
  | { type: 'start' }
  | { type: 'over' }
  | { type: 'cancel' }
  | { type: 'abolish' }
  | { type: 'close' }
  | { type: 'afterSales' }
  | { type: 'audit' };
export type ServiceOrderEventType = ServiceOrderEvent['type'];

/** Each event's Chinese name (buttons, the operation log, refusals) and the authority it needs. */
export const serviceOrderEvents: Record<ServiceOrderEventType, { label: string; authority: string }> = {
  pay: { label: '支付', authority: HomecareAuthority.orderPay },
  distribute: { label: '派单', authority: HomecareAuthority.orderDistribute },
  receive: { label: '接单', authority: HomecareAuthority.orderServe },
  start: { label: '开始服务', authority: HomecareAuthority.orderServe },
  over: { label: '完成服务', authority: HomecareAuthority.orderServe },
  cancel: { label: '取消', authority: HomecareAuthority.orderCancel },
  abolish: { label: '作废', authority: HomecareAuthority.orderAbolish },
  close: { label: '关闭', authority: HomecareAuthority.orderCancel },
  afterSales: { label: '申请售后', authority: HomecareAuthority.orderAfterSales },
  audit: { label: '售后审核', authority: HomecareAuthority.afterSaleAudit },
};
export const serviceOrderEventTypes = Object.keys(serviceOrderEvents) as ServiceOrderEventType[];

const serve = serveStatuses.labels;
/**
 * Chinese names of the machine's states (the leaf states, as `a.b` paths): the serveStatus labels
 * (domain/statuses/homecare.ts), told apart within 待服务 and 已完成.
 */
export const stateLabels = {
  pendingPayment: serve.pendingPayment,
  pendingDispatch: serve.pendingDispatch,
  'pendingService.waitingReceive': `${serve.pendingService}（待接单）`,
  'pendingService.received': `${serve.pendingService}（已接单）`,
  inService: serve.inService,
  'completed.done': serve.completed,
  'completed.afterSale': `${serve.completed}（售后处理中）`,
  cancelled: serve.cancelled,
  voided: serve.voided,
  closed: serve.closed,
} as const;
type ServiceOrderState = keyof typeof stateLabels;

export const serviceOrderMachine = setup({
  types: {} as { context: ServiceOrderFields; events: ServiceOrderEvent; input: ServiceOrderFields },
  guards: {
    namesCarer: ({ event }) =>
      event.type === 'distribute' && Number.isInteger(event.nursingId) && event.nursingId > 0,
  },
  actions: {
    markPaid: assign({ paid: true }),
    giveTo: assign(({ event }) => ({ nursingId: event.type === 'distribute' ? event.nursingId : null })),
    receive: assign({ received: true }),
    openAfterSale: assign({ afterSaleStatus: AfterSaleStatus.start }),
    endAfterSale: assign({ afterSaleStatus: AfterSaleStatus.end }),
  },
}).createMachine({
  id: 'serviceOrder',
  context: ({ input }) => ({ ...input }),
  initial: 'pendingPayment',
  states: {
    pendingPayment: {
      entry: assign({ serveStatus: ServeStatus.pendingPayment }),
      on: {
        pay: { target: 'pendingDispatch', actions: 'markPaid' },
        cancel: 'cancelled',
        abolish: 'voided',
        close: 'closed',
      },
    },
    pendingDispatch: {
      entry: assign({ serveStatus: ServeStatus.pendingDispatch }),
      on: {
        distribute: { guard: 'namesCarer', target: 'pendingService', actions: 'giveTo' },
        cancel: 'cancelled',
        abolish: 'voided',
      },
    },
    pendingService: {
      entry: assign({ serveStatus: ServeStatus.pendingService }),
      initial: 'waitingReceive',
      on: { cancel: '#serviceOrder.cancelled', abolish: '#serviceOrder.voided' },
      states: {
        waitingReceive: {
          // 改派: the office may give an order nobody accepted yet to another carer.
          on: {
            receive: { target: 'received', actions: 'receive' },
            distribute: { guard: 'namesCarer', target: 'waitingReceive', reenter: true, actions: 'giveTo' },
          },
        },
        received: { on: { start: '#serviceOrder.inService' } },
      },
    },
    inService: {
      entry: assign({ serveStatus: ServeStatus.inService }),
      on: { over: 'completed', abolish: 'voided' },
    },
    completed: {
      entry: assign({ serveStatus: ServeStatus.completed }),
      initial: 'done',
      states: {
        done: { on: { afterSales: { target: 'afterSale', actions: 'openAfterSale' } } },
        afterSale: { on: { audit: { target: '#serviceOrder.closed', actions: 'endAfterSale' } } },
      },
    },
    cancelled: { type: 'final', entry: assign({ serveStatus: ServeStatus.cancelled }) },
    voided: { type: 'final', entry: assign({ serveStatus: ServeStatus.voided }) },
    closed: { type: 'final', entry: assign({ serveStatus: ServeStatus.closed }) },
  },
});

/** The state a stored order is in. */
export function stateOf(fields: ServiceOrderFields): ServiceOrderState {
  switch (fields.serveStatus) {
    case ServeStatus.pendingPayment:
      return 'pendingPayment';
    case ServeStatus.pendingDispatch:
      return 'pendingDispatch';
    case ServeStatus.pendingService:
      return fields.received ? 'pendingService.received' : 'pendingService.waitingReceive';
    case ServeStatus.inService:
      return 'inService';
    case ServeStatus.completed:
      return fields.afterSaleStatus === AfterSaleStatus.start ? 'completed.afterSale' : 'completed.done';
    case ServeStatus.cancelled:
      return 'cancelled';
    case ServeStatus.voided:
      return 'voided';
    case ServeStatus.closed:
      return 'closed';
  }
}

/** The state value of a snapshot as a `a.b` path. */
export function statePath(value: unknown): ServiceOrderState {
  if (typeof value === 'string') return value as ServiceOrderState;
  const [parent, child] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return `${parent}.${String(child)}` as ServiceOrderState;
}

function serviceOrderSnapshot(fields: ServiceOrderFields) {
  const [parent, child] = stateOf(fields).split('.');
  const value = child ? { [parent as string]: child } : (parent as string);
  return serviceOrderMachine.resolveState({ value, context: { ...fields } });
}

/** The events an order in these fields offers, in the machine's order. */
export function offeredEvents(fields: ServiceOrderFields): ServiceOrderEventType[] {
  const { value } = serviceOrderSnapshot(fields);
  return serviceOrderEventTypes.filter((type) => can(serviceOrderMachine, value, type));
}

type ServiceOrderResult = { ok: true; next: ServiceOrderFields } | { ok: false; reason: string };

/** The server's check (docs/architecture.md rule 2): the fields after the event, or why not, in Chinese. */
export function serviceOrderTransition(
  fields: ServiceOrderFields,
  event: ServiceOrderEvent,
): ServiceOrderResult {
  const snapshot = serviceOrderSnapshot(fields);
  if (!snapshot.can(event)) {
    const offered = offeredEvents(fields).includes(event.type);
    return {
      ok: false,
      reason: offered
        ? '请选择服务人员'
        : `当前工单状态为${stateLabels[stateOf(fields)] ?? serveStatuses.labelOf(fields.serveStatus)}，不能${serviceOrderEvents[event.type].label}`,
    };
  }
  const [next] = transition(serviceOrderMachine, snapshot, event);
  const { serveStatus, nursingId, received, paid, afterSaleStatus } = next.context;
  return { ok: true, next: { serveStatus, nursingId, received, paid, afterSaleStatus } };
}

/** A new order: unpaid, nobody assigned. */
export const newServiceOrder = (): ServiceOrderFields => ({
  serveStatus: ServeStatus.pendingPayment,
  nursingId: null,
  received: false,
  paid: false,
  afterSaleStatus: null,
});

/** The workflow fields of an order as the server stores and lists it. */
export function orderFieldsOf(row: Record<string, unknown>): ServiceOrderFields {
  const status = Number(row.serveStatus);
  const afterSale = row.afterSaleStatus;
  return {
    serveStatus: (Object.values(ServeStatus) as number[]).includes(status)
      ? (status as ServeStatusCode)
      : ServeStatus.pendingPayment,
    nursingId: row.nursingId === null || row.nursingId === undefined ? null : Number(row.nursingId),
    received: row.receiveTime !== null && row.receiveTime !== undefined && row.receiveTime !== '',
    paid: row.payTxId !== null && row.payTxId !== undefined,
    afterSaleStatus:
      afterSale === AfterSaleStatus.start || afterSale === AfterSaleStatus.end ? afterSale : null,
  };
}

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  namesCarer: '已选服务人员',
};
