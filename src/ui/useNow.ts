import { useEffect, useState } from 'react';
import { usePage } from '../router/page.js';

/**
 * The current time, refreshed every `everyMs` (waiting-time counters) while the page is on screen. A
 * tab kept alive behind another one does not tick: its counters were re-rendered every second for
 * nobody (全部告警 behind a list kept a console at about 5 % of a core); shown again, it reads the
 * time at once.
 */
export function useNow(everyMs: number): number {
  const { active } = usePage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
