import { describe, expect, it } from 'vitest';
import { channelLevel, DEAD_AFTER_S, freshness, STALE_AFTER_S, worst } from './freshness.js';

const now = 1_700_000_100_000;

describe('freshness', () => {
  it('is green under 10 s, amber from 10 s, red from 60 s', () => {
    expect(freshness(now - 3_400, now)).toEqual({ seconds: 3, level: 'ok' });
    expect(freshness(now - (STALE_AFTER_S * 1000 - 1), now).level).toBe('ok');
    expect(freshness(now - STALE_AFTER_S * 1000, now)).toEqual({ seconds: 10, level: 'warn' });
    expect(freshness(now - (DEAD_AFTER_S * 1000 - 1), now).level).toBe('warn');
    expect(freshness(now - DEAD_AFTER_S * 1000, now)).toEqual({ seconds: 60, level: 'down' });
  });

  it('is red before the first message, and never negative when clocks disagree', () => {
    expect(freshness(null, now)).toEqual({ seconds: null, level: 'down' });
    expect(freshness(now + 2_000, now)).toEqual({ seconds: 0, level: 'ok' });
  });
});

describe('channel lights', () => {
  it('is green when open, amber on the way back, red when down', () => {
    expect(channelLevel('open')).toBe('ok');
    expect(channelLevel('connecting')).toBe('warn');
    expect(channelLevel('reconnecting')).toBe('warn');
    expect(channelLevel('offline')).toBe('down');
    expect(channelLevel('closed')).toBe('down');
  });

  it('shows the worst light for the wall as a whole', () => {
    expect(worst(['ok', 'ok', 'ok'])).toBe('ok');
    expect(worst(['ok', 'warn', 'ok'])).toBe('warn');
    expect(worst(['warn', 'down', 'ok'])).toBe('down');
  });
});
