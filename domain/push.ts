import { z } from 'zod';
import { alarmRecord } from './alarms.js';
import { positionPayload } from './devices.js';
import { paymentOrderView } from './payment.js';

/** What changed, for the dashboard's panels (features/dashboard/api.ts panelsMovedBy says which). */
export const DashboardChange = z.enum(['residence', 'alarm', 'task']);
export type DashboardChangeKind = z.infer<typeof DashboardChange>;
export const dashboardChanged = z.object({ kinds: z.array(DashboardChange) });

/**
 * Pushed to the users of the department who see care tasks when its tasks change: made (a plan
 * started, a new day), done or missed, cancelled, or come due or overdue. Screens reload on it.
 */
export const careTasksPush = z.object({
  taskDate: z.string(),
  reason: z.enum(['generated', 'changed', 'cancelled', 'due', 'overdue']),
  count: z.number().int(),
});
export type CareTasksPush = z.infer<typeof careTasksPush>;

/** An elder left on an outing (确认外出) or came back (返院登记): the map and bed cards show 外出中 live. */
export const outingPresence = z.object({
  outId: z.number().int(),
  oldmanId: z.number().int(),
  out: z.boolean(),
});
export type OutingPresence = z.infer<typeof outingPresence>;

/** Push channel messages (docs/architecture.md, "Real-time conventions"). */
export const PUSH_PATH = '/push';
export const PushCloseCode = { unauthorized: 4401, loginExpired: 4011, signedInElsewhere: 4012 } as const;

export const clientPushMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('heartbeat'), data: z.unknown().optional() }),
  /** The map asks for position frames while it is open. */
  z.object({ type: z.literal('positions'), on: z.boolean() }),
]);
export type ClientPushMessage = z.infer<typeof clientPushMessage>;

/** What the server sends; the console validates every message against this before using it. */
export const serverPushMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth.ok') }),
  z.object({ type: z.literal('heartbeat'), data: z.object({ ts: z.number() }) }),
  z.object({ type: z.literal('login.expired'), data: z.object({ code: z.number() }) }),
  z.object({ type: z.literal('notice'), data: z.object({ noticeId: z.number(), title: z.string() }) }),
  z.object({ type: z.literal('remind'), data: z.object({ remindId: z.number(), title: z.string() }) }),
  z.object({ type: z.literal('alarm.created'), data: alarmRecord }),
  z.object({ type: z.literal('alarm.updated'), data: alarmRecord }),
  /** A payment order of the organisation changed (paid, failed, closed): a QR dialog waits for it. */
  z.object({ type: z.literal('payment.updated'), data: paymentOrderView }),
  /** Sent to the users of OUTING_PRESENCE_AUDIENCE in the elder's data department. */
  z.object({ type: z.literal('outing.presence'), data: outingPresence }),
  /**
   * Something of the user's bell changed (a message came or was read, an announcement was published
   * to them, a remind was read): every open console of the user loads the bell again.
   */
  z.object({ type: z.literal('inbox.changed'), data: z.object({}) }),
  /** A recipient read an announcement: open read receipts of it load again (公告管理). */
  z.object({ type: z.literal('notice.receipt'), data: z.object({ noticeId: z.number().int() }) }),
  /** Care tasks of a department changed or came due (features/care/api/care.ts). */
  z.object({ type: z.literal('careTasks'), data: careTasksPush }),
  /** Figures of the dashboard moved (a check-in, an alarm, a care task): it re-reads those panels. */
  z.object({ type: z.literal('dashboard.changed'), data: dashboardChanged }),
  /** Positions batched per client (at most ~20 frames a second), latest per device. */
  z.object({
    type: z.literal('positions'),
    data: z.array(positionPayload.extend({ deviceId: z.number().int() })),
  }),
]);
export type ServerPushMessage = z.infer<typeof serverPushMessage>;
export type ServerPushType = ServerPushMessage['type'];
/**
 * How a silent or half-open channel is noticed (issue #18 item 3; not in the spec, whose push heartbeat
 * of 240 s + 30 s would keep a dead channel 已连接 for four and a half minutes).
 */
export const Liveness = {
  /** The server sends every authenticated push socket a heartbeat this often. */
  serverBeatMs: 5_000,
  /** No push message for this long: the console closes and reopens the socket (a half-open connection). */
  pushSilenceMs: 15_000,
  /** The server pings each socket this often and drops one that did not answer the previous ping. */
  serverPingMs: 10_000,
  /** MQTT keepalive (s): mqtt.js pings after it and drops the connection 1.5× after the last packet. */
  brokerKeepaliveS: 10,
  /** No message on either channel for this long marks the console and the wall stale. */
  staleAfterMs: 10_000,
} as const;

/** Frames of position updates per second a console receives at most. */
export const POSITION_FRAMES_PER_SECOND = 20;

/** A notice or reminder pushed while the console is open (the console shows it as a toast). */
export interface PushedNotice {
  kind: 'notice' | 'remind';
  id: number;
  title: string;
}
