import { useEffect, useRef } from 'react';
import { off, on } from '../util/events.js';

/**
 * Spec 000 §2: opening an already open tab raises a refresh event of type tabchanged on the
 * current page. Only the active tab's page is mounted, so the mounted page reloads.
 */
export function usePageRefresh(reload: () => void) {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    const handler = () => latest.current();
    on('tabchanged', handler);
    on('refresh', handler);
    return () => {
      off('tabchanged', handler);
      off('refresh', handler);
    };
  }, []);
}
