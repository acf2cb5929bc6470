import type { DictEntry } from '../../domain/dictionaries.js';
import { DICTIONARY_CACHE_PREFIX } from '../../domain/storage.js';
import type { KeyValueStore } from '../util/storage.js';

/**
 * The server dropdowns' session cache, apart from the lookups that fill it (src/dict/dictionaries.ts):
 * what forgets the cache — a sign-in, a department switch, any data change — does not load every
 * lookup's definition, so the login page's code stays small (issue #43 point 3).
 */

/** Loads under way per cache, so that two screens asking for one dropdown make one call. */
export const loading = new WeakMap<KeyValueStore, Map<string, Promise<DictEntry[]>>>();

/**
 * Drops every server dropdown cached for the session: they are read in the data department in use,
 * so a switch (or another sign-in in the same tab) loads them again.
 */
export function forgetDictionaries(
  cache: KeyValueStore & { key(i: number): string | null; length: number } = window.sessionStorage,
) {
  const keys: string[] = [];
  for (let i = 0; i < cache.length; i++) {
    const key = cache.key(i);
    if (key?.startsWith(DICTIONARY_CACHE_PREFIX)) keys.push(key);
  }
  for (const key of keys) cache.removeItem(key);
  loading.get(cache)?.clear();
}
