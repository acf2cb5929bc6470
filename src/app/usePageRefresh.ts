import { useEffect, useRef } from 'react';
import { usePage } from '../router/page.js';
import { off, on } from '../util/events.js';
import { onDataChanged } from './dataChanges.js';

/**
 * Spec 000 §2: opening an already open tab raises a refresh event of type tabchanged on the
 * current page. Several pages stay mounted, so only the page the event names (or, for a refresh
 * without a path, the page on screen) reloads.
 *
 * Issue #36 point 7 (stale views): a page kept in a hidden tab while the data changed (a room added
 * in 机构档案 in another tab, see src/app/dataChanges.ts) reloads when it is shown again; the page on
 * screen reloads when the console comes back before the user (focus, reconnect) or a write was
 * refused as stale. Its own saves it reloads after by itself.
 */
export function usePageRefresh(reload: () => void) {
  const latest = useRef(reload);
  latest.current = reload;
  const page = usePage();
  const current = useRef(page);
  current.current = page;
  /** Data changed while the page was hidden: it reloads when shown. */
  const stale = useRef(false);
  useEffect(() => {
    const handler = ({ path }: { path?: string }) => {
      const mine = path === undefined ? current.current.active : path === current.current.key;
      if (mine) latest.current();
    };
    on('tabchanged', handler);
    on('refresh', handler);
    const stopWatching = onDataChanged((change) => {
      if (!current.current.active) stale.current = true;
      else if (change === 'outside' || change === 'refused') latest.current();
    });
    return () => {
      off('tabchanged', handler);
      off('refresh', handler);
      stopWatching();
    };
  }, []);
  useEffect(() => {
    if (page.active && stale.current) {
      stale.current = false;
      latest.current();
    }
  }, [page.active]);
}
