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

let names: ReadonlyMap<string, string> = new Map();

/** The Chinese names of the authority codes (the menu tree's), for a greyed button's reason. */
export const authorityNames = {
  set(entries: Iterable<readonly [string, string]>) {
    names = new Map(entries);
  },
  /** The name of a code, or of each code of an expression (a|b, a&b), joined with 或/和. */
  of(expression: string): string {
    const name = (code: string) => names.get(code.trim()) ?? code.trim();
    if (expression.includes('|')) return expression.split('|').map(name).join('」或「');
    return expression.split('&').map(name).join('」和「');
  },
};

export const hasAuthority = (expression: string, granted: ReadonlySet<string> = codes) =>
  satisfies(granted, expression);

export function useAuthority(expression: string): boolean {
  const granted = useSyncExternalStore(authorityStore.subscribe, authorityStore.get, authorityStore.get);
  return satisfies(granted, expression);
}
