import { useEffect, useState, useSyncExternalStore } from 'react';
import { useOptionalRealtime } from './context.js';
import { type LivenessView, livenessOf } from './liveness.js';

const noStore = { subscribe: () => () => undefined, getSnapshot: () => null };
const live: LivenessView = { stale: false, reason: null, text: '', silentFor: null };

/**
 * The live channels' liveness, again every second (silence is a matter of time) and on every change;
 * always live where the console runs without live channels.
 */
export function useLiveness(): LivenessView {
  const realtime = useOptionalRealtime();
  const store = realtime?.health ?? noStore;
  const health = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [now, setNow] = useState(() => Date.now());
  const ticking = health !== null;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return health ? livenessOf(health, Math.max(now, Date.now())) : live;
}
