import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { LiveStatus, type LiveStatusCode } from '../../../domain/resources/residence.js';
import {
  bedStatusFor,
  canChange,
  eventFor,
  holdsBed,
  offeredEvents,
  type ResidenceEvent,
  type ResidenceFields,
  residenceEvents,
  residenceMachine,
  residenceTransition,
} from '../../../machines/residenceMachine.js';

type Snapshot = SnapshotFrom<typeof residenceMachine>;

/** Everything staff may try on a residence; the machine decides what it takes in each state. */
const attempts: ResidenceEvent[] = [
  { type: 'RESERVE', bedId: 7, date: '2026-01-05' },
  { type: 'RESERVE', bedId: null, date: '2026-01-05' },
  { type: 'TRIAL', bedId: 8, date: '2026-01-10' },
  { type: 'TRIAL', bedId: null, date: '2026-01-10' },
  { type: 'CHECK_IN', bedId: 9, date: '2026-01-12' },
  { type: 'CHECK_IN', bedId: null, date: '2026-01-12' },
  { type: 'CONFIRM', date: '2026-01-20' },
  { type: 'QUIT', date: '2026-02-01' },
  { type: 'QUIT_BOOKING', date: '2026-01-06' },
  { type: 'WAIT', date: '2026-03-01' },
];
const fresh: ResidenceFields = {
  oldmanStatus: LiveStatus.waiting,
  bedId: null,
  checkInDate: null,
  leaveDate: null,
};
const statusOfState: Record<string, LiveStatusCode> = {
  waiting: LiveStatus.waiting,
  reserved: LiveStatus.reserved,
  trial: LiveStatus.trial,
  living: LiveStatus.living,
  quit: LiveStatus.quit,
  cancelled: LiveStatus.cancelled,
};

const model = createTestModel(residenceMachine, {
  events: () => attempts,
  serializeState: (s) => JSON.stringify([s.value, s.context.bedId !== null, s.context.checkInDate !== null]),
  input: fresh,
});

const describeEvent = (e: ResidenceEvent) => `${e.type}${'bedId' in e ? `(${e.bedId ?? '无床'})` : ''}`;
const userEvents = (steps: readonly { event: { type: string } }[]) =>
  steps.flatMap((s) => (s.event.type === 'xstate.init' ? [] : [s.event as ResidenceEvent]));
const fieldsOf = (s: Snapshot): ResidenceFields => ({ ...s.context });

/** What must hold in every state: the stored status follows the state, a bed exactly when held. */
function checkInvariants(s: Snapshot) {
  const status = statusOfState[String(s.value)];
  expect(s.context.oldmanStatus).toBe(status);
  expect(s.context.bedId !== null).toBe(holdsBed(s.context.oldmanStatus));
  if (s.matches('quit')) expect(s.context.leaveDate).not.toBeNull();
  if (s.matches('living') || s.matches('trial')) {
    expect(s.context.checkInDate).not.toBeNull();
    expect(s.context.leaveDate).toBeNull();
  }
  if (s.matches('waiting')) expect(s.context).toEqual(fresh);
}

/** What each event must do when taken. */
function expectSpec(before: Snapshot, event: ResidenceEvent, after: Snapshot) {
  const took = after.value !== before.value;
  const from = before.context.oldmanStatus;
  expect(took).toBe(
    canChange(from, residenceEvents[event.type].to) &&
      eventFor(from, residenceEvents[event.type].to) === event.type &&
      ('bedId' in event ? event.bedId !== null || before.context.bedId !== null : true),
  );
  if (!took) {
    expect(after.context).toEqual(before.context);
    return;
  }
  expect(after.context.oldmanStatus).toBe(residenceEvents[event.type].to);
  switch (event.type) {
    case 'RESERVE':
      expect(after.context.bedId).toBe(event.bedId);
      break;
    case 'TRIAL':
    case 'CHECK_IN':
      // A reserved elder keeps the reserved bed unless another is named.
      expect(after.context.bedId).toBe(event.bedId ?? before.context.bedId);
      expect(after.context.checkInDate).toBe(event.date);
      break;
    case 'CONFIRM':
      expect(after.context.bedId).toBe(before.context.bedId);
      expect(after.context.checkInDate).toBe(event.date);
      break;
    case 'QUIT':
      expect(after.context).toMatchObject({
        bedId: null,
        leaveDate: event.date,
        checkInDate: before.context.checkInDate,
      });
      break;
    case 'QUIT_BOOKING':
      expect(after.context.bedId).toBeNull();
      break;
    case 'WAIT':
      expect(after.context).toEqual(fresh);
      break;
  }
}

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];

describe('residence machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches every status', () => {
    const reached = new Set(shortest.map((p) => String(p.state.value)));
    const all = stateNodes(residenceMachine.root)
      .filter((n) => n !== residenceMachine.root)
      .map((n) => n.key);
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(cases.flatMap((c) => residenceMachine.getTransitionData(c.path.state, c.event)));
    const defined = stateNodes(residenceMachine.root).flatMap((n) => [...n.transitions.values()].flat());
    const missed = defined.filter((t) => !taken.has(t)).map((t) => `${t.source.key} —${t.eventType}→`);
    expect(missed).toEqual([]);
  });

  for (const { path, event } of cases) {
    const via = userEvents(path.steps).map(describeEvent).join('→') || '新登记';
    it(`${String(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(residenceMachine, { input: fresh }).start();
      for (const e of userEvents(path.steps)) actor.send(e);
      const before = actor.getSnapshot();
      actor.send(event);
      const after = actor.getSnapshot();
      checkInvariants(after);
      expectSpec(before, event, after);
      // The server's check agrees with the running machine, field for field.
      const server = residenceTransition(fieldsOf(before), event);
      expect(server.ok).toBe(after.value !== before.value);
      if (server.ok) expect(server.next).toEqual(fieldsOf(after));
      actor.stop();
    });
  }

  const simple = model.getSimplePaths();
  it('has simple routes from registration through booking, trial and stay to leaving (WAIT closes the cycle)', () => {
    const routes = new Set(
      simple.map((p) =>
        userEvents(p.steps)
          .map((e) => e.type)
          .join(' '),
      ),
    );
    expect(routes).toContain('RESERVE TRIAL CONFIRM QUIT');
    expect(routes).toContain('RESERVE QUIT_BOOKING');
    expect(routes).toContain('CHECK_IN QUIT');
  });
  for (const path of simple) {
    const events = userEvents(path.steps);
    it(`route to ${String(path.state.value)}: ${events.map(describeEvent).join(' → ') || '新登记'}`, async () => {
      const actor = createActor(residenceMachine, { input: fresh }).start();
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
            ({ event }: { event: ResidenceEvent }) => actor.send(event),
          ]),
        ) as never,
      });
      actor.stop();
    });
  }
});

describe('what the server and the console ask the machine', () => {
  const S = LiveStatus;
  /** docs/decisions.md "Residence": the allowed changes, from → to. */
  const allowed: [LiveStatusCode, LiveStatusCode, string][] = [
    [S.waiting, S.reserved, 'RESERVE'],
    [S.waiting, S.trial, 'TRIAL'],
    [S.waiting, S.living, 'CHECK_IN'],
    [S.reserved, S.trial, 'TRIAL'],
    [S.reserved, S.living, 'CHECK_IN'],
    [S.reserved, S.cancelled, 'QUIT_BOOKING'],
    [S.trial, S.living, 'CONFIRM'],
    [S.trial, S.quit, 'QUIT'],
    [S.living, S.quit, 'QUIT'],
    [S.quit, S.waiting, 'WAIT'],
    [S.cancelled, S.waiting, 'WAIT'],
  ];
  const codes = Object.values(S);

  it('allows exactly the documented changes', () => {
    const table = codes.flatMap((from) =>
      codes.flatMap((to) => (canChange(from, to) ? [[from, to, eventFor(from, to)] as const] : [])),
    );
    expect(table).toEqual(expect.arrayContaining(allowed));
    expect(table).toHaveLength(allowed.length);
  });

  it('offers each row its actions and names refusals in Chinese', () => {
    expect(offeredEvents(S.waiting)).toEqual(['RESERVE', 'CHECK_IN', 'TRIAL']);
    expect(offeredEvents(S.living)).toEqual(['QUIT']);
    expect(offeredEvents(S.quit)).toEqual(['WAIT']);
    const quit = {
      oldmanStatus: S.quit,
      bedId: null,
      checkInDate: '2025-01-01',
      leaveDate: '2026-01-01',
    } as const;
    expect(residenceTransition(quit, { type: 'TRIAL', bedId: 3, date: '2026-02-01' })).toEqual({
      ok: false,
      reason: '当前状态为已退住，不能办理试住',
    });
    expect(residenceTransition(fresh, { type: 'CHECK_IN', bedId: null, date: '2026-02-01' })).toEqual({
      ok: false,
      reason: '请选择床位',
    });
    expect(codes.map(bedStatusFor)).toEqual([1, 0, 0, 1, 2, 0]);
  });
});
