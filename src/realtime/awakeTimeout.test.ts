import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AWAKE_STEP_MS, awakeTimeout } from './awakeTimeout.js';

/** The page runs a long task: the clock moves on and no timer fires meanwhile. */
const holdUp = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('a timeout counted in the time the page listened', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('expires after its time on a page that is never held up', () => {
    const expired = vi.fn();
    awakeTimeout(4_000, expired);
    vi.advanceTimersByTime(3_999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('counts a long hold-up as 1.5 s: the answer that came meanwhile has the rest of the time', () => {
    const expired = vi.fn();
    awakeTimeout(4_000, expired);
    vi.advanceTimersByTime(1_000);
    // a long task of 6 s: a plain setTimeout(4 s) would now fire before the waiting answer is read
    holdUp(6_000);
    vi.advanceTimersToNextTimer();
    expect(expired).not.toHaveBeenCalled();
    // 4 s = 1 s before + 1.5 s for the hold-up + 1.5 s after it
    vi.advanceTimersByTime(1_499);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('is cancelled by the answer', () => {
    const expired = vi.fn();
    const cancel = awakeTimeout(4_000, expired);
    vi.advanceTimersByTime(3_000);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(expired).not.toHaveBeenCalled();
  });

  it('never expires on the step that ends a hold-up: one step more, for what waited', () => {
    const expired = vi.fn();
    awakeTimeout(4_000, expired);
    vi.advanceTimersByTime(3_000);
    holdUp(10_000);
    vi.advanceTimersToNextTimer();
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(AWAKE_STEP_MS - 1);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('still gives up on a page held up again and again: each hold-up counts up to 1.5 s', () => {
    const expired = vi.fn();
    awakeTimeout(4_000, expired);
    let steps = 0;
    while (expired.mock.calls.length === 0 && steps < 100) {
      holdUp(3_000);
      vi.advanceTimersToNextTimer();
      steps++;
    }
    // 1.5 s + 1.5 s + 1.5 s runs out on the third, and the fourth step decides
    expect(steps).toBe(4);
  });

  it('counts a hidden tab’s throttled steps (a second apart) in full', () => {
    const expired = vi.fn();
    awakeTimeout(4_000, expired);
    for (let i = 0; i < 3; i++) {
      holdUp(1_000 - AWAKE_STEP_MS);
      vi.advanceTimersToNextTimer();
    }
    expect(expired).not.toHaveBeenCalled();
    holdUp(1_000 - AWAKE_STEP_MS);
    vi.advanceTimersToNextTimer();
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
