import { useState } from 'react';
import { usePageInterval } from './usePageInterval.js';

/**
 * The current time, refreshed every `everyMs` (waiting-time counters) while the page is on screen. A
 * tab kept alive behind another one does not tick: its counters were re-rendered every second for
 * nobody (全部告警 behind a list kept a console at about 5 % of a core); shown again, it reads the
 * time at once.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  usePageInterval(() => setNow(Date.now()), everyMs);
  return now;
}
