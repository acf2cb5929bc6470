import { DICTIONARY_CACHE_PREFIX } from '../../../domain/storage.js';

/** Drops a server dropdown cached for the session (src/dict), so the next form loads it again. */
export function forgetLookup(...names: string[]) {
  for (const name of names) window.sessionStorage.removeItem(DICTIONARY_CACHE_PREFIX + name);
}
