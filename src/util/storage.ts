import { STORAGE_PREFIX } from '../../domain/http.js';
import type { LocalKey, SessionKey } from '../../domain/storage.js';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** JSON values under `pims2.<key>` (spec 000 §1: local-storage prefix pims2). Corrupt values read as null. */
export function prefixedStore<K extends string>(store: () => KeyValueStore) {
  const full = (key: string) => `${STORAGE_PREFIX}.${key}`;
  return {
    get<T>(key: K): T | null {
      const raw = store().getItem(full(key));
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    set(key: K, value: unknown) {
      store().setItem(full(key), JSON.stringify(value));
    },
    remove(key: K) {
      store().removeItem(full(key));
    },
    getRaw(key: string) {
      return store().getItem(full(key));
    },
    setRaw(key: string, value: string) {
      store().setItem(full(key), value);
    },
  };
}

export const local = prefixedStore<LocalKey>(() => window.localStorage);
export const session = prefixedStore<SessionKey>(() => window.sessionStorage);

/**
 * Spec 000 §4 logout: system config, user info, authority and menus leave local storage; the tabs
 * leave both stores, so the next person at this browser starts on their own screen.
 */
export function clearSignedInStorage(store = local, tabStore: Pick<typeof session, 'remove'> = session) {
  for (const key of ['systemconfig', 'userInfo', 'authority', 'menus', 'tabbarlist', 'quickEntry'] as const)
    store.remove(key);
  tabStore.remove('tabbarlist');
}
