import { useSyncExternalStore } from 'react';
import { satisfies } from '../../domain/authorityExpr.js';

let codes: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

/** The signed-in user's authority codes (spec 000 §6), kept for the hooks below. */
export const authorityStore = {
  set(list: Iterable<string>) {
    codes = new Set(list);
    for (const l of listeners) l();
  },
  get: () => codes,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const hasAuthority = (expression: string, granted: ReadonlySet<string> = codes) =>
  satisfies(granted, expression);

export function useAuthority(expression: string): boolean {
  const granted = useSyncExternalStore(authorityStore.subscribe, authorityStore.get, authorityStore.get);
  return satisfies(granted, expression);
}
