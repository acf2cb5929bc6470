import { assign, type StateValue, setup, transition } from 'xstate';
import {
  type AlarmRecord,
  AlarmStatus,
  alarmStatuses,
  alarmStatusName,
  DEFAULT_ESCALATE_AFTER_MINUTES,
} from '../domain/alarms.js';
import { can } from './can.js';
import { createTimers, type TimerOwner } from './timers.js';

/** The fields of a stored record that the lifecycle reads and writes. */
export type AlarmFields = Pick<
  AlarmRecord,
  | 'status'
  | 'count'
  | 'lastTime'
  | 'ackBy'
  | 'ackName'
  | 'ackTime'
  | 'escalated'
  | 'handlerId'
  | 'handlerName'
  | 'handleNote'
  | 'handleTime'
>;
export interface AlarmContext extends AlarmFields {
  escalateAfterMinutes: number;
}
/** A new alarm: when the rule fired, and the organisation's escalation setting. */
export interface AlarmInput {
  at: number;
  escalateAfterMinutes: number;
}

interface By {
  userId: number;
  userName: string;
  at: number;
}
export type AlarmEvent =
  | ({ type: 'alarm.ack' } & By)
  | { type: 'alarm.escalate'; at: number }
  | ({ type: 'alarm.handle'; note: string } & By)
  | ({ type: 'alarm.ignore'; reason?: string } & By)
  | ({ type: 'alarm.release' } & By)
  | { type: 'alarm.comment'; userId: number; userName: string; content: string }
  | { type: 'alarm.retrigger'; at: number };

const fieldsOf = (r: AlarmFields): AlarmFields => ({
  status: r.status,
  count: r.count,
  lastTime: r.lastTime,
  ackBy: r.ackBy,
  ackName: r.ackName,
  ackTime: r.ackTime,
  escalated: r.escalated,
  handlerId: r.handlerId,
  handlerName: r.handlerName,
  handleNote: r.handleNote,
  handleTime: r.handleTime,
});
const newAlarm = (input: AlarmInput): AlarmContext => ({
  status: AlarmStatus.unhandled,
  count: 1,
  lastTime: input.at,
  ackBy: null,
  ackName: null,
  ackTime: null,
  escalated: false,
  handlerId: null,
  handlerName: null,
  handleNote: null,
  handleTime: null,
  escalateAfterMinutes: input.escalateAfterMinutes,
});

/**
 * One alarm record's lifecycle (spec 000 §3: 0 unhandled → 3 handled | 2 ignored | 4 released), with
 * the control room's extras: acknowledge (stops the latching sound), escalation after N minutes
 * unacknowledged, comments in every state. The console runs it per live alarm; the server checks
 * status changes with alarmTransition. A retrigger while open counts up and never un-acknowledges:
 * whoever acknowledged is already on it, and the sound would only repeat what the count shows.
 */
/** The open alarm's two states, by the machine's names. */
const ACK_LABELS = { unacknowledged: '未确认', acknowledged: '已确认' } as const;

export const alarmMachine = setup({
  types: {} as { context: AlarmContext; events: AlarmEvent; input: AlarmInput },
  actions: {
    /** Latching alarm sound, until stopSound. */
    startSound: () => undefined,
    stopSound: () => undefined,
    /** After `ms` → alarm.escalate { at }. */
    scheduleEscalation: (_, _params: { ms: number }) => undefined,
    cancelEscalation: () => undefined,
    /** Stores the comment (server: an alarmComment row; console: POST …/comment). */
    saveComment: (_, _params: { userId: number; userName: string; content: string }) => undefined,
    recordAck: assign(({ event }) =>
      event.type === 'alarm.ack' ? { ackBy: event.userId, ackName: event.userName, ackTime: event.at } : {},
    ),
    /**
     * Who closed the record and when: handled, ignored, or released at the device. Handling or ignoring an
     * alarm nobody acknowledged answers it too: its 确认时间 is the closing, so response times are never
     * missing for alarms answered in one step.
     */
    recordCloser: assign(({ context, event }) =>
      event.type === 'alarm.handle' || event.type === 'alarm.ignore' || event.type === 'alarm.release'
        ? {
            ...(context.ackTime === null && event.type !== 'alarm.release'
              ? { ackBy: event.userId, ackName: event.userName, ackTime: event.at }
              : {}),
            handlerId: event.userId,
            handlerName: event.userName,
            handleTime: event.at,
            // a handle's note, an ignore's reason (issue #19: ignoring asks why)
            handleNote:
              event.type === 'alarm.handle'
                ? event.note.trim()
                : event.type === 'alarm.ignore'
                  ? event.reason?.trim() || null
                  : null,
          }
        : {},
    ),
    countRetrigger: assign(({ context, event }) =>
      event.type === 'alarm.retrigger' ? { count: context.count + 1, lastTime: event.at } : {},
    ),
  },
  guards: {
    hasNote: ({ event }) => event.type === 'alarm.handle' && event.note.trim() !== '',
    hasContent: ({ event }) => event.type === 'alarm.comment' && event.content.trim() !== '',
  },
}).createMachine({
  id: 'alarm',
  context: ({ input }) => newAlarm(input),
  initial: 'unhandled',
  on: {
    'alarm.comment': {
      guard: 'hasContent',
      actions: {
        type: 'saveComment',
        params: ({ event }) => ({
          userId: event.userId,
          userName: event.userName,
          content: event.content.trim(),
        }),
      },
    },
  },
  states: {
    unhandled: {
      meta: { label: alarmStatuses.labels.unhandled },
      initial: 'unacknowledged',
      on: {
        'alarm.handle': { guard: 'hasNote', target: 'handled', actions: 'recordCloser' },
        'alarm.ignore': { target: 'ignored', actions: 'recordCloser' },
        'alarm.release': { target: 'released', actions: 'recordCloser' },
        'alarm.retrigger': { actions: 'countRetrigger' },
      },
      states: {
        unacknowledged: {
          meta: { label: ACK_LABELS.unacknowledged },
          initial: 'pending',
          entry: [
            'startSound',
            {
              type: 'scheduleEscalation',
              params: ({ context }) => ({ ms: context.escalateAfterMinutes * 60_000 }),
            },
          ],
          exit: ['cancelEscalation', 'stopSound'],
          on: { 'alarm.ack': { target: 'acknowledged', actions: 'recordAck' } },
          states: {
            pending: {
              meta: { label: '待升级' },
              on: { 'alarm.escalate': { target: 'escalated', actions: assign({ escalated: true }) } },
            },
            escalated: { meta: { label: '已升级' } },
          },
        },
        acknowledged: { meta: { label: ACK_LABELS.acknowledged } },
      },
    },
    handled: {
      meta: { label: alarmStatuses.labels.handled },
      entry: assign({ status: AlarmStatus.handled }),
    },
    ignored: {
      meta: { label: alarmStatuses.labels.ignored },
      entry: assign({ status: AlarmStatus.ignored }),
    },
    released: {
      meta: { label: alarmStatuses.labels.released },
      entry: assign({ status: AlarmStatus.released }),
    },
  },
});
export type AlarmMachine = typeof alarmMachine;

/**
 * What a record's state is called where one word must say it (the history's 状态): an open alarm is
 * 未确认 or 已确认 — the stored status alone says 未处理 for both — a closed one its status.
 */
export function alarmStateName(r: AlarmFields): string {
  const state = alarmStateOf(r);
  if (typeof state === 'string') return alarmStatuses.labels[state as keyof typeof alarmStatuses.labels];
  return (state as { unhandled: unknown }).unhandled === 'acknowledged'
    ? ACK_LABELS.acknowledged
    : ACK_LABELS.unacknowledged;
}

/** The machine state a stored record is in. */
export function alarmStateOf(r: AlarmFields): StateValue {
  switch (r.status) {
    case AlarmStatus.handled:
      return 'handled';
    case AlarmStatus.ignored:
      return 'ignored';
    case AlarmStatus.released:
      return 'released';
    case AlarmStatus.unhandled:
      if (r.ackBy !== null) return { unhandled: 'acknowledged' };
      return { unhandled: { unacknowledged: r.escalated ? 'escalated' : 'pending' } };
  }
}

const verb: Record<AlarmEvent['type'], string> = {
  'alarm.ack': '确认',
  'alarm.escalate': '升级',
  'alarm.handle': '处理',
  'alarm.ignore': '忽略',
  'alarm.release': '解除',
  'alarm.comment': '备注',
  'alarm.retrigger': '再次触发',
};
/** Why the machine refused the event, in words for the person who tried. */
function refusal(r: AlarmFields, event: AlarmEvent): string {
  // Comments are allowed in every state: only an empty one is refused.
  if (event.type === 'alarm.comment') return '请填写备注内容';
  if (r.status !== AlarmStatus.unhandled) return `告警${alarmStatusName[r.status]}，不能${verb[event.type]}`;
  if (event.type === 'alarm.handle') return '请填写处理说明';
  if (event.type === 'alarm.ack') return `告警已由${r.ackName ?? '他人'}确认`;
  if (event.type === 'alarm.escalate') return r.escalated ? '告警已升级' : '告警已确认，无需升级';
  return `告警不能${verb[event.type]}`;
}

/** Whether a stored alarm offers an event type (the console shows 确认 only where it may be sent). */
export const alarmOffers = (record: AlarmFields, type: AlarmEvent['type']) =>
  can(alarmMachine, alarmStateOf(record), type);

export type AlarmTransitionResult = { ok: true; next: AlarmFields } | { ok: false; reason: string };

/**
 * The server's check of a status change (docs/architecture.md rule 2): resolves the machine state from the
 * stored fields, refuses an event the machine would not take, and otherwise returns the fields after
 * it. A comment changes no field; the caller stores it.
 */
export function alarmTransition(record: AlarmFields, event: AlarmEvent): AlarmTransitionResult {
  const snapshot = alarmMachine.resolveState({
    value: alarmStateOf(record),
    context: { ...fieldsOf(record), escalateAfterMinutes: DEFAULT_ESCALATE_AFTER_MINUTES },
  });
  if (!snapshot.can(event)) return { ok: false, reason: refusal(record, event) };
  const [next] = transition(alarmMachine, snapshot, event);
  return { ok: true, next: fieldsOf(next.context) };
}

/**
 * The real escalation timer. Each actor keeps its own, so one call serves every live alarm;
 * `at` is when the escalation fell due.
 */
export function alarmTimerEffects(now: () => number = Date.now) {
  const timers = createTimers();
  type Args = { self: TimerOwner<AlarmEvent> };
  return {
    scheduleEscalation: ({ self }: Args, { ms }: { ms: number }) =>
      timers.start(self, 'escalation', ms, { type: 'alarm.escalate', at: now() + ms }),
    cancelEscalation: ({ self }: Args) => timers.cancel(self, 'escalation'),
  };
}

/** Chinese names of the machine's events (npm run paths, test-case sheets). */
export const eventLabels: Record<AlarmEvent['type'], string> = {
  'alarm.ack': '确认告警',
  'alarm.escalate': '升级告警',
  'alarm.handle': '处理告警',
  'alarm.ignore': '忽略告警',
  'alarm.release': '解除告警',
  'alarm.comment': '添加备注',
  'alarm.retrigger': '再次触发',
};

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  hasNote: '已填处理说明',
  hasContent: '已填备注',
};
