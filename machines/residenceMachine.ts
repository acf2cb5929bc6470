import { assign, setup, transition } from 'xstate';
import { LiveAuthority } from '../domain/resources/oldman.js';
import { BedStatus, LiveStatus, type LiveStatusCode } from '../domain/resources/residence.js';
import { liveStatuses } from '../domain/resources/statuses.js';
import { can } from './can.js';

/** The residence fields of an elder that the workflow reads and writes. */
export interface ResidenceFields {
  oldmanStatus: LiveStatusCode;
  bedId: number | null;
  checkInDate: string | null;
  leaveDate: string | null;
}

/** `bedId`: the chosen bed (null: keep the reserved one); `date`: when it happens (YYYY-MM-DD). */
export type ResidenceEvent =
  | { type: 'RESERVE'; bedId: number | null; date: string }
  | { type: 'CHECK_IN'; bedId: number | null; date: string }
  | { type: 'TRIAL'; bedId: number | null; date: string }
  | { type: 'CONFIRM'; date: string }
  | { type: 'QUIT'; date: string }
  | { type: 'QUIT_BOOKING'; date: string }
  | { type: 'WAIT'; date: string };
export type ResidenceEventType = ResidenceEvent['type'];

/** Each event's Chinese name (buttons, records, refusals) and the status it leads to. */
export const residenceEvents: Record<ResidenceEventType, { label: string; to: LiveStatusCode }> = {
  RESERVE: { label: '预订', to: LiveStatus.reserved },
  CHECK_IN: { label: '办理入住', to: LiveStatus.living },
  TRIAL: { label: '办理试住', to: LiveStatus.trial },
  CONFIRM: { label: '试住转在住', to: LiveStatus.living },
  QUIT: { label: '办理退住', to: LiveStatus.quit },
  QUIT_BOOKING: { label: '取消预订', to: LiveStatus.cancelled },
  WAIT: { label: '登记待入住', to: LiveStatus.waiting },
};
export const residenceEventTypes = Object.keys(residenceEvents) as ResidenceEventType[];

/** Events that take a bed (and so may name one). */
export const takesBed = (type: ResidenceEventType) =>
  type === 'RESERVE' || type === 'CHECK_IN' || type === 'TRIAL';

/** Moving into a bed needs 办理入住; leaving, cancelling and re-registering need 变更入住状态. */
export const eventAuthority = (type: ResidenceEventType) =>
  takesBed(type) || type === 'CONFIRM' ? LiveAuthority.liveCheckIn : LiveAuthority.liveChange;

/** The machine state of a liveStatus: its key (domain/resources/statuses.ts). */
const stateOf = (status: LiveStatusCode) => liveStatuses.keyOf(status) as string;

const chosenBed = (context: ResidenceFields, event: ResidenceEvent) =>
  'bedId' in event && event.bedId !== null ? event.bedId : context.bedId;

/**
 * An elder's residence (spec 001 §4; the transitions are ours, docs/decisions.md "Residence"):
 * 待入住 → 预订 | 试住 | 在住; 预订 → 试住 | 在住 | 已取消; 试住 → 在住 | 已退住; 在住 → 已退住;
 * 已退住 and 已取消 → 待入住 (a new admission). A bed is held exactly in 预订, 试住 and 在住.
 * The console asks it which actions a row offers; the server checks each change with
 * residenceTransition before it writes.
 */
export const residenceMachine = setup({
  types: {} as { context: ResidenceFields; events: ResidenceEvent; input: ResidenceFields },
  guards: {
    /** A bed is named, or the elder already holds one (a reservation). */
    hasBed: ({ context, event }) => chosenBed(context, event) !== null,
  },
  actions: {
    takeBed: assign(({ context, event }) => ({
      bedId: chosenBed(context, event),
      checkInDate: event.date,
      leaveDate: null,
    })),
    reserveBed: assign(({ context, event }) => ({ bedId: chosenBed(context, event) })),
    confirm: assign(({ event }) => ({ checkInDate: event.date })),
    leave: assign(({ event }) => ({ bedId: null, leaveDate: event.date })),
    releaseBooking: assign({ bedId: null }),
    reopen: assign({ bedId: null, checkInDate: null, leaveDate: null }),
  },
}).createMachine({
  id: 'residence',
  context: ({ input }) => ({ ...input }),
  initial: 'waiting',
  states: {
    waiting: {
      meta: { label: liveStatuses.labels.waiting },
      entry: assign({ oldmanStatus: LiveStatus.waiting }),
      on: {
        RESERVE: { guard: 'hasBed', target: 'reserved', actions: 'reserveBed' },
        TRIAL: { guard: 'hasBed', target: 'trial', actions: 'takeBed' },
        CHECK_IN: { guard: 'hasBed', target: 'living', actions: 'takeBed' },
      },
    },
    reserved: {
      meta: { label: liveStatuses.labels.reserved },
      entry: assign({ oldmanStatus: LiveStatus.reserved }),
      on: {
        TRIAL: { guard: 'hasBed', target: 'trial', actions: 'takeBed' },
        CHECK_IN: { guard: 'hasBed', target: 'living', actions: 'takeBed' },
        QUIT_BOOKING: { target: 'cancelled', actions: 'releaseBooking' },
      },
    },
    trial: {
      meta: { label: liveStatuses.labels.trial },
      entry: assign({ oldmanStatus: LiveStatus.trial }),
      on: {
        CONFIRM: { target: 'living', actions: 'confirm' },
        QUIT: { target: 'quit', actions: 'leave' },
      },
    },
    living: {
      meta: { label: liveStatuses.labels.living },
      entry: assign({ oldmanStatus: LiveStatus.living }),
      on: { QUIT: { target: 'quit', actions: 'leave' } },
    },
    quit: {
      meta: { label: liveStatuses.labels.quit },
      entry: assign({ oldmanStatus: LiveStatus.quit }),
      on: { WAIT: { target: 'waiting', actions: 'reopen' } },
    },
    cancelled: {
      meta: { label: liveStatuses.labels.cancelled },
      entry: assign({ oldmanStatus: LiveStatus.cancelled }),
      on: { WAIT: { target: 'waiting', actions: 'reopen' } },
    },
  },
});
export type ResidenceMachine = typeof residenceMachine;

/** The snapshot a stored elder is in. */
export function residenceSnapshot(fields: ResidenceFields) {
  return residenceMachine.resolveState({ value: stateOf(fields.oldmanStatus), context: { ...fields } });
}

/** The event that moves `from` to `to`, or null when the machine has none. */
export function eventFor(from: LiveStatusCode, to: LiveStatusCode): ResidenceEventType | null {
  return (
    residenceEventTypes.find(
      (type) => residenceEvents[type].to === to && can(residenceMachine, stateOf(from), type),
    ) ?? null
  );
}
export const canChange = (from: LiveStatusCode, to: LiveStatusCode) => eventFor(from, to) !== null;

/** What a row offers, in the machine's order (the bed is chosen afterwards where one is needed). */
export const offeredEvents = (status: LiveStatusCode): ResidenceEventType[] =>
  residenceEventTypes.filter((type) => can(residenceMachine, stateOf(status), type));

/** A bed can be adjusted or exchanged while it is held. */
export const holdsBed = (status: LiveStatusCode) =>
  status === LiveStatus.living || status === LiveStatus.trial || status === LiveStatus.reserved;

/** bed.bedStatus of the bed an elder in `status` holds. */
export const bedStatusFor = (status: LiveStatusCode) =>
  status === LiveStatus.reserved
    ? BedStatus.reserved
    : holdsBed(status)
      ? BedStatus.occupied
      : BedStatus.free;

export type ResidenceResult = { ok: true; next: ResidenceFields } | { ok: false; reason: string };

/** Why a change is refused, for the person who tried: 当前状态为已退住，不能办理试住. */
function refusal(fields: ResidenceFields, event: ResidenceEvent): string {
  const offered = offeredEvents(fields.oldmanStatus).includes(event.type);
  if (offered) return '请选择床位';
  return `当前状态为${liveStatuses.labelOf(fields.oldmanStatus)}，不能${residenceEvents[event.type].label}`;
}

/** The server's check (docs/architecture.md rule 2): the fields after the event, or why not. */
export function residenceTransition(fields: ResidenceFields, event: ResidenceEvent): ResidenceResult {
  const snapshot = residenceSnapshot(fields);
  if (!snapshot.can(event)) return { ok: false, reason: refusal(fields, event) };
  const [next] = transition(residenceMachine, snapshot, event);
  const { oldmanStatus, bedId, checkInDate, leaveDate } = next.context;
  return { ok: true, next: { oldmanStatus, bedId, checkInDate, leaveDate } };
}

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  hasBed: '已有床位',
};
