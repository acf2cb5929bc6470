import { useEffect, useRef, useSyncExternalStore } from 'react';
import { forgetDictionaries } from '../dict/cache.js';
import { usePage } from '../router/page.js';

/**
 * Why what the console shows may no longer be what the server holds (issue #36 point 7, stale views):
 * - saved: this console wrote something (a POST, PUT or DELETE that succeeded: a room added in
 *   机构档案, a bed taken);
 * - refused: the server refused a write as clashing with its data (数据冲突: 该床位已有长者入住):
 *   what the screen offered was stale;
 * - pushed: the server said something changed (a push channel notice);
 * - outside: the console comes back before the user's eyes (the window focused or shown again, the
 *   live channel reconnected): what others changed meanwhile is not known here.
 */
export type DataChange = 'saved' | 'refused' | 'pushed' | 'outside';

let version = 0;
const listeners = new Set<(change: DataChange) => void>();

/**
 * Marks the console's data changed: the cached dropdowns (src/dict) are dropped, and what shows
 * data reads it again — GET loaders on the page in view at once (useDataVersion), kept pages in
 * hidden tabs when they are shown again (usePageRefresh).
 */
export function noteDataChanged(change: DataChange) {
  version++;
  forgetDictionaries();
  for (const listener of [...listeners]) listener(change);
}

export function onDataChanged(listener: (change: DataChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const subscribe = (onChange: () => void) => onDataChanged(onChange);
const snapshot = () => version;

/**
 * The data version as the page this component is part of last saw it: it follows every change
 * while the page is on screen, and a page kept in a hidden tab catches up when it is shown again.
 * A loader that only reads (GET) puts it among its effect's dependencies to load again on a change.
 */
export function useDataVersion(): number {
  const { active } = usePage();
  const current = useSyncExternalStore(subscribe, snapshot);
  const seen = useRef(current);
  if (active) seen.current = current;
  return seen.current;
}

/**
 * Window focus and visibility: coming back to the console counts as an outside change (another
 * console may have changed anything meanwhile), as does a reconnect of the live channels. Installed
 * once by the console; returns the uninstaller.
 */
export function watchOutsideChanges(win: Window = window): () => void {
  let away = false;
  let last = 0;
  const back = () => {
    if (!away) return;
    away = false;
    // focus and visibilitychange come together when a tab is shown again: one change
    const now = Date.now();
    if (now - last < 500) return;
    last = now;
    noteDataChanged('outside');
  };
  const onBlur = () => {
    away = true;
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') away = true;
    else back();
  };
  const onReconnect = () => noteDataChanged('outside');
  win.addEventListener('blur', onBlur);
  win.addEventListener('focus', back);
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pims:reconnect', onReconnect);
  return () => {
    win.removeEventListener('blur', onBlur);
    win.removeEventListener('focus', back);
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pims:reconnect', onReconnect);
  };
}

/** Installs watchOutsideChanges for as long as the component is mounted (the console's shell). */
export function useOutsideChanges() {
  useEffect(() => watchOutsideChanges(), []);
}
