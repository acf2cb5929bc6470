// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { IE_WARNING, warnOldBrowser } from '../../src/util/browserWarning.js';

describe('old-browser warning', () => {
  it('warns Internet Explorer for 5 s and leaves Chromium alone', () => {
    vi.useFakeTimers();
    expect(warnOldBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36')).toBe(false);
    expect(document.querySelector('[data-testid=browser-warning]')).toBeNull();
    expect(warnOldBrowser('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(document.querySelector('[data-testid=browser-warning]')?.textContent).toBe(IE_WARNING);
    vi.advanceTimersByTime(5000);
    expect(document.querySelector('[data-testid=browser-warning]')).toBeNull();
    vi.useRealTimers();
  });
});
