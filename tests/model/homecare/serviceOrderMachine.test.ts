import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { AfterSaleStatus, ServeStatus } from '../../../domain/statuses/homecare.js';
import {
  newServiceOrder,
  offeredEvents,
  orderFieldsOf,
  type ServiceOrderEvent,
  type ServiceOrderFields,
  serviceOrderEvents,
  serviceOrderEventTypes,
  serviceOrderMachine,
  serviceOrderTransition,
  stateLabels,
  stateOf,
  statePath,
} from '../../../machines/serviceOrderMachine.js';

type Snapshot = SnapshotFrom<typeof serviceOrderMachine>;

/** Everything staff, the carer's app or a sweep may try; the machine decides what each state takes. */
const attempts: ServiceOrderEvent[] = [
  { type: 'pay' },
  { type: 'distribute', nursingId: 5 },
  { type: 'distribute', nursingId: 6 },
  { type: 'distribute', nursingId: 0 },
  { type: 'receive' },
  { type: 'start' },
  { type: 'over' },
  { type: 'cancel' },
  { type: 'abolish' },
  { type: 'close' },
  { type: 'afterSales' },
  { type: 'audit' },
];
const fresh = newServiceOrder();

const model = createTestModel(serviceOrderMachine, {
  events: () => attempts,
  serializeState: (s) => JSON.stringify([s.value, s.context.nursingId, s.context.paid]),
  input: fresh,
});

const describeEvent = (e: ServiceOrderEvent) =>
  e.type === 'distribute' ? `distribute(${e.nursingId})` : e.type;
const userEvents = (steps: readonly { event: { type: string } }[]) =>
  steps.flatMap((s) => (s.event.type === 'xstate.init' ? [] : [s.event as ServiceOrderEvent]));
const fieldsOf = (s: Snapshot): ServiceOrderFields => ({ ...s.context });

const statusOfState: Record<string, number> = {
  pendingPayment: ServeStatus.pendingPayment,
  pendingDispatch: ServeStatus.pendingDispatch,
  pendingService: ServeStatus.pendingService,
  inService: ServeStatus.inService,
  completed: ServeStatus.completed,
  cancelled: ServeStatus.cancelled,
  voided: ServeStatus.voided,
  closed: ServeStatus.closed,
};

/** What holds in every state: the stored fields say exactly which state the order is in. */
function checkInvariants(s: Snapshot) {
  const path = statePath(s.value);
  expect(s.context.serveStatus).toBe(statusOfState[path.split('.')[0] as string]);
  if (!['cancelled', 'voided', 'closed'].includes(path)) expect(stateOf(s.context)).toBe(path);
  const dispatched = ['pendingService', 'inService', 'completed'].includes(path.split('.')[0] as string);
  if (dispatched) expect(s.context.nursingId).not.toBeNull();
  if (path !== 'pendingPayment' && !['cancelled', 'voided', 'closed'].includes(path))
    expect(s.context.paid).toBe(true);
  if (path === 'pendingPayment') expect(s.context).toEqual(fresh);
  if (path === 'inService' || path.startsWith('completed')) expect(s.context.received).toBe(true);
  expect(s.context.afterSaleStatus).toBe(
    path === 'completed.afterSale'
      ? AfterSaleStatus.start
      : s.context.afterSaleStatus === AfterSaleStatus.end
        ? AfterSaleStatus.end
        : null,
  );
  if (s.context.afterSaleStatus === AfterSaleStatus.end) expect(path).toBe('closed');
  if (s.status === 'done') expect(offeredEvents(s.context)).toEqual([]);
}

/** docs/decisions.md "Home care": the states each event is allowed from. */
const allowedFrom: Record<ServiceOrderEvent['type'], readonly string[]> = {
  pay: ['pendingPayment'],
  distribute: ['pendingDispatch', 'pendingService.waitingReceive'],
  receive: ['pendingService.waitingReceive'],
  start: ['pendingService.received'],
  over: ['inService'],
  cancel: ['pendingPayment', 'pendingDispatch', 'pendingService.waitingReceive', 'pendingService.received'],
  abolish: [
    'pendingPayment',
    'pendingDispatch',
    'pendingService.waitingReceive',
    'pendingService.received',
    'inService',
  ],
  close: ['pendingPayment'],
  afterSales: ['completed.done'],
  audit: ['completed.afterSale'],
};
const allowed = (from: string, event: ServiceOrderEvent) =>
  allowedFrom[event.type].includes(from) && (event.type !== 'distribute' || event.nursingId > 0);

/** What each event must do when taken. */
function expectSpec(before: Snapshot, event: ServiceOrderEvent, after: Snapshot) {
  const from = statePath(before.value);
  const took = allowed(from, event);
  expect(before.can(event)).toBe(took);
  expect(offeredEvents(before.context).includes(event.type)).toBe(allowedFrom[event.type].includes(from));
  if (!took) {
    expect(after.value).toEqual(before.value);
    expect(after.context).toEqual(before.context);
    return;
  }
  const to = statePath(after.value);
  switch (event.type) {
    case 'pay':
      expect([from, to]).toEqual(['pendingPayment', 'pendingDispatch']);
      expect(after.context.paid).toBe(true);
      break;
    case 'distribute':
      expect(to).toBe('pendingService.waitingReceive');
      expect(after.context.nursingId).toBe(event.nursingId);
      break;
    case 'receive':
      expect([from, to]).toEqual(['pendingService.waitingReceive', 'pendingService.received']);
      expect(after.context.nursingId).toBe(before.context.nursingId);
      break;
    case 'start':
      expect([from, to]).toEqual(['pendingService.received', 'inService']);
      break;
    case 'over':
      expect([from, to]).toEqual(['inService', 'completed.done']);
      break;
    case 'cancel':
      // Only before the service starts.
      expect([
        'pendingPayment',
        'pendingDispatch',
        'pendingService.waitingReceive',
        'pendingService.received',
      ]).toContain(from);
      expect(to).toBe('cancelled');
      break;
    case 'abolish':
      expect(from.startsWith('completed')).toBe(false);
      expect(to).toBe('voided');
      break;
    case 'close':
      expect([from, to]).toEqual(['pendingPayment', 'closed']);
      break;
    case 'afterSales':
      expect([from, to]).toEqual(['completed.done', 'completed.afterSale']);
      break;
    case 'audit':
      expect([from, to]).toEqual(['completed.afterSale', 'closed']);
      expect(after.context.afterSaleStatus).toBe(AfterSaleStatus.end);
      break;
  }
}

const leafPaths = (node: AnyStateNode, prefix = ''): string[] => {
  const children = Object.values(node.states);
  const here = prefix ? `${prefix}.${node.key}` : node.key;
  if (!children.length) return [here];
  return children.flatMap((c) => leafPaths(c, node === serviceOrderMachine.root ? '' : here));
};
const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];

describe('service order machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches every state, each with a Chinese label', () => {
    const reached = new Set(shortest.map((p) => statePath(p.state.value)));
    const all = leafPaths(serviceOrderMachine.root);
    expect([...reached].sort()).toEqual([...all].sort());
    expect(Object.keys(stateLabels).sort()).toEqual([...all].sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(cases.flatMap((c) => serviceOrderMachine.getTransitionData(c.path.state, c.event)));
    const defined = stateNodes(serviceOrderMachine.root).flatMap((n) => [...n.transitions.values()].flat());
    const missed = defined.filter((t) => !taken.has(t)).map((t) => `${t.source.key} —${t.eventType}→`);
    expect(missed).toEqual([]);
  });

  for (const { path, event } of cases) {
    const via = userEvents(path.steps).map(describeEvent).join('→') || '新建';
    it(`${statePath(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(serviceOrderMachine, { input: fresh }).start();
      for (const e of userEvents(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      // A final order takes nothing (and a stopped actor would only warn about the event).
      if (before.status !== 'done') actor.send(event);
      const after = actor.getSnapshot();
      checkInvariants(after);
      expectSpec(before, event, after);
      // The server's check agrees with the running machine, field for field.
      const server = serviceOrderTransition(fieldsOf(before), event);
      expect(server.ok).toBe(allowed(statePath(before.value), event));
      if (server.ok) expect(server.next).toEqual(fieldsOf(after));
      else expect(server.reason).toMatch(/^(当前工单状态为.+，不能.+|请选择服务人员)$/);
      actor.stop();
    });
  }

  const simple = model.getSimplePaths();
  it('has the simple routes of the documented life cycle', () => {
    const routes = new Set(
      simple.map((p) =>
        userEvents(p.steps)
          .map((e) => e.type)
          .join(' '),
      ),
    );
    expect(routes).toContain('pay distribute receive start over afterSales audit');
    expect(routes).toContain('pay distribute receive cancel');
    expect(routes).toContain('pay distribute receive start abolish');
    expect(routes).toContain('close');
  });
  for (const path of simple) {
    const events = userEvents(path.steps);
    it(`route to ${statePath(path.state.value)}: ${events.map(describeEvent).join(' → ') || '新建'}`, async () => {
      const actor = createActor(serviceOrderMachine, { input: fresh }).start();
      await path.test({
        states: {
          '*': (snapshot) => {
            expect(actor.getSnapshot().value).toEqual(snapshot.value);
            checkInvariants(actor.getSnapshot());
          },
        },
        events: Object.fromEntries(
          [...new Set(events.map((e) => e.type))].map((type) => [
            type,
            ({ event }: { event: ServiceOrderEvent }) => actor.send(event),
          ]),
        ) as never,
      });
      actor.stop();
    });
  }
});

describe('what the server and the console ask the machine', () => {
  const at = (over: Partial<ServiceOrderFields>): ServiceOrderFields => ({ ...fresh, ...over });
  it('offers each stored order its row actions', () => {
    expect(offeredEvents(fresh)).toEqual(['pay', 'cancel', 'abolish', 'close']);
    expect(offeredEvents(at({ serveStatus: 3, paid: true }))).toEqual(['distribute', 'cancel', 'abolish']);
    expect(offeredEvents(at({ serveStatus: 5, paid: true, nursingId: 5 }))).toEqual([
      'distribute',
      'receive',
      'cancel',
      'abolish',
    ]);
    expect(offeredEvents(at({ serveStatus: 5, paid: true, nursingId: 5, received: true }))).toEqual([
      'start',
      'cancel',
      'abolish',
    ]);
    expect(offeredEvents(at({ serveStatus: 7, paid: true, nursingId: 5, received: true }))).toEqual([
      'over',
      'abolish',
    ]);
    expect(offeredEvents(at({ serveStatus: 9, paid: true, nursingId: 5, received: true }))).toEqual([
      'afterSales',
    ]);
    expect(offeredEvents(at({ serveStatus: 9, afterSaleStatus: 'START' }))).toEqual(['audit']);
    for (const serveStatus of [10, 11, 13] as const) expect(offeredEvents(at({ serveStatus }))).toEqual([]);
  });

  it('reads the stored row and names refusals in Chinese', () => {
    expect(
      orderFieldsOf({
        serveStatus: 5,
        nursingId: 7,
        receiveTime: '2026-01-01 08:00:00',
        payTxId: 3,
        afterSaleStatus: null,
      }),
    ).toEqual({ serveStatus: 5, nursingId: 7, received: true, paid: true, afterSaleStatus: null });
    expect(serviceOrderTransition(at({ serveStatus: 9 }), { type: 'cancel' })).toEqual({
      ok: false,
      reason: '当前工单状态为已完成，不能取消',
    });
    expect(
      serviceOrderTransition(at({ serveStatus: 3, paid: true }), { type: 'distribute', nursingId: 0 }),
    ).toEqual({
      ok: false,
      reason: '请选择服务人员',
    });
    expect(Object.keys(serviceOrderEvents)).toEqual(serviceOrderEventTypes);
    expect(Object.values(serviceOrderEvents).every((e) => /^[\u4e00-\u9fa5]+$/.test(e.label))).toBe(true);
  });
});
