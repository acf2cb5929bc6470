import { useEffect, useRef } from 'react';
import { usePage } from '../router/page.js';

/**
 * Runs `tick` every `everyMs` while its page is on screen (`usePage().active`; outside the console's tabs,
 * always), and at once when the page is shown (on mount too, unless `atOnce` is false). A tab kept alive
 * behind another one neither re-renders nor asks the server for nobody (docs/architecture.md rule 8).
 * `everyMs` null or 0: never. `tick` may change at every render; the latest one runs.
 */
export function usePageInterval(
  tick: () => void,
  everyMs: number | null | undefined,
  { atOnce = true } = {},
) {
  const { active } = usePage();
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!active || !everyMs) return;
    if (atOnce) latest.current();
    const timer = setInterval(() => latest.current(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, atOnce]);
}
