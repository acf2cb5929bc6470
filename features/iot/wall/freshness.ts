import type { ConnectionState } from '../../../streams/transport.js';

/** A light of the wall: green, amber or red. */
export type Level = 'ok' | 'warn' | 'down';

/** Seconds without a message after which the data-freshness light turns amber, then red. */
export const STALE_AFTER_S = 10;
export const DEAD_AFTER_S = 60;

/** Seconds since the last position/telemetry message and the light for it; no message yet is red. */
export function freshness(
  lastMessageAt: number | null,
  now: number,
): { seconds: number | null; level: Level } {
  if (lastMessageAt === null) return { seconds: null, level: 'down' };
  const seconds = Math.max(0, Math.floor((now - lastMessageAt) / 1000));
  const level = seconds >= DEAD_AFTER_S ? 'down' : seconds >= STALE_AFTER_S ? 'warn' : 'ok';
  return { seconds, level };
}

/** A channel on its way back is amber (nothing to do yet); closed or offline is red. */
const channelLevels: Record<ConnectionState, Level> = {
  open: 'ok',
  connecting: 'warn',
  reconnecting: 'warn',
  offline: 'down',
  closed: 'down',
};
export const channelLevel = (state: ConnectionState): Level => channelLevels[state];

export const channelText: Record<ConnectionState, string> = {
  open: '正常',
  connecting: '连接中',
  reconnecting: '重连中',
  offline: '网络断开',
  closed: '已断开',
};

/** The worst of several lights. */
export function worst(levels: readonly Level[]): Level {
  if (levels.includes('down')) return 'down';
  if (levels.includes('warn')) return 'warn';
  return 'ok';
}
