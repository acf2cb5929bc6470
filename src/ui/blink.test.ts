import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBlinkClock } from './blink.js';

describe('the blink clock', () => {
  afterEach(() => vi.useRealTimers());

  it('turns off for the second half of each second, on for the first, on the clock’s half-seconds', () => {
    vi.useFakeTimers();
    vi.setSystemTime(10_200);
    const root = { dataset: {} as DOMStringMap } as HTMLElement;
    const stop = startBlinkClock(root);
    const seen: [number, string | undefined][] = [[Date.now(), root.dataset.blink]];
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersToNextTimer();
      seen.push([Date.now(), root.dataset.blink]);
    }
    expect(seen).toEqual([
      [10_200, 'on'],
      [10_501, 'off'],
      [11_001, 'on'],
      [11_501, 'off'],
      [12_001, 'on'],
    ]);
    stop();
    expect(root.dataset.blink).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
