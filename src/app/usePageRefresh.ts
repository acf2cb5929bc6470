import { useEffect, useRef } from 'react';
import { usePage } from '../router/page.js';
import { off, on } from '../util/events.js';

/**
 * Spec 000 §2: opening an already open tab raises a refresh event of type tabchanged on the
 * current page. Several pages stay mounted, so only the page the event names (or, for a refresh
 * without a path, the page on screen) reloads.
 */
export function usePageRefresh(reload: () => void) {
  const latest = useRef(reload);
  latest.current = reload;
  const page = usePage();
  const current = useRef(page);
  current.current = page;
  useEffect(() => {
    const handler = ({ path }: { path?: string }) => {
      const mine = path === undefined ? current.current.active : path === current.current.key;
      if (mine) latest.current();
    };
    on('tabchanged', handler);
    on('refresh', handler);
    return () => {
      off('tabchanged', handler);
      off('refresh', handler);
    };
  }, []);
}
