import { describe, expect, it } from 'vitest';
import { type ChannelHealth, livenessOf } from './liveness.js';

const t0 = 1_000_000;
const live: ChannelHealth = {
  push: 'open',
  broker: 'open',
  lastMessageAt: t0,
  online: true,
  startedAt: t0 - 60_000,
};

describe('liveness of the live channels', () => {
  it('is live while both channels are open and data came in the last 10 s', () => {
    expect(livenessOf(live, t0 + 9_999)).toEqual({ stale: false, reason: null, text: '', silentFor: 9 });
  });

  it('is stale at once when the browser goes offline, even with both channels still open', () => {
    expect(livenessOf({ ...live, online: false }, t0 + 100)).toMatchObject({
      stale: true,
      text: '网络已断开',
    });
  });

  it('is stale after 10 s without any message (a half-open connection still says open)', () => {
    expect(livenessOf(live, t0 + 10_000)).toMatchObject({ stale: true, reason: 'silent', silentFor: 10 });
  });

  it('is stale at once when either channel is down or reconnecting', () => {
    expect(livenessOf({ ...live, push: 'reconnecting' }, t0 + 1)).toMatchObject({
      stale: true,
      text: '推送通道中断',
    });
    expect(livenessOf({ ...live, broker: 'offline' }, t0 + 1)).toMatchObject({
      stale: true,
      text: '消息队列中断',
    });
    expect(livenessOf({ ...live, push: 'closed', broker: 'closed' }, t0 + 1).reason).toBe('push');
  });

  it('gives a fresh start 10 s to connect, then calls a channel that never came stale', () => {
    const starting: ChannelHealth = {
      push: 'connecting',
      broker: 'connecting',
      lastMessageAt: null,
      online: true,
      startedAt: t0,
    };
    expect(livenessOf(starting, t0 + 9_999).stale).toBe(false);
    expect(livenessOf(starting, t0 + 10_000)).toMatchObject({ stale: true, reason: 'push', silentFor: null });
    expect(livenessOf({ ...starting, push: 'open', broker: 'open' }, t0 + 10_000).reason).toBe('silent');
    // offline is never a start
    expect(livenessOf({ ...starting, online: false }, t0).stale).toBe(true);
  });

  it('lets one channel make its first connection while the other already delivers, but not one that dropped', () => {
    // the push channel is up and beating; the broker's client is still loading or connecting
    const pushFirst: ChannelHealth = {
      push: 'open',
      broker: 'connecting',
      lastMessageAt: t0 + 1_500,
      online: true,
      startedAt: t0,
    };
    expect(livenessOf(pushFirst, t0 + 2_000).stale).toBe(false);
    expect(livenessOf(pushFirst, t0 + 10_000)).toMatchObject({ stale: true, reason: 'broker' });
    expect(livenessOf({ ...pushFirst, broker: 'reconnecting' }, t0 + 2_000)).toMatchObject({
      stale: true,
      reason: 'broker',
    });
    expect(livenessOf({ ...pushFirst, push: 'closed' }, t0 + 2_000).reason).toBe('push');
  });
});
