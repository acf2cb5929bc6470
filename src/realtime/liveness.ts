import { Liveness } from '../../domain/push.js';
import type { ConnectionState } from '../../streams/transport.js';

/** What the liveness rule reads of the live channels (RealtimeHealth). */
export interface ChannelHealth {
  push: ConnectionState;
  broker: ConnectionState;
  /** The last message on either channel (the server beats the push channel every 5 s). */
  lastMessageAt: number | null;
  /** The browser's own online/offline state (its events, navigator.onLine). */
  online: boolean;
  /** When the channels were started: the first seconds are a start, not an outage. */
  startedAt: number;
}

export type StaleReason = 'offline' | 'push' | 'broker' | 'silent';

export interface LivenessView {
  stale: boolean;
  reason: StaleReason | null;
  /** Why, in the words the banner uses. */
  text: string;
  /** Seconds since the last message (null: none yet). */
  silentFor: number | null;
}

const reasonText: Record<StaleReason, string> = {
  offline: '网络已断开',
  push: '推送通道中断',
  broker: '消息队列中断',
  silent: '数据中断',
};

/**
 * Whether what the console and the wall show may be out of date (issue #18 item 3): the browser went
 * offline, a channel is not open, or nothing arrived for Liveness.staleAfterMs. A channel still making
 * its first connection in the first seconds after the start is not stale, whatever the other channel
 * has delivered meanwhile: a sign-in (or a page opened) is not an outage. A channel that was open and
 * dropped is stale at once.
 */
export function livenessOf(h: ChannelHealth, now: number): LivenessView {
  const last = h.lastMessageAt;
  const silentFor = last === null ? null : Math.max(0, Math.floor((now - last) / 1000));
  const starting = now - h.startedAt < Liveness.staleAfterMs;
  const down = (channel: ConnectionState) => channel !== 'open' && !(starting && channel === 'connecting');
  const reason: StaleReason | null = !h.online
    ? 'offline'
    : down(h.push)
      ? 'push'
      : down(h.broker)
        ? 'broker'
        : now - (last ?? h.startedAt) >= Liveness.staleAfterMs
          ? 'silent'
          : null;
  return { stale: reason !== null, reason, text: reason ? reasonText[reason] : '', silentFor };
}
