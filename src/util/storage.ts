import { md5 } from 'js-md5';
import { STORAGE_PREFIX } from '../../domain/http.js';
import { type LocalKey, PAGE_SETTING_PREFIX, type SessionKey } from '../../domain/storage.js';

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

/** The signed-in account (userInfo's userId), whose page settings are read and written; null signed out. */
const accountOf = (store: KeyValueStore): string | null => {
  const id = prefixedStore<LocalKey>(() => store).get<{ userId?: unknown }>('userInfo')?.userId;
  return typeof id === 'number' ? String(id) : null;
};

/** A page setting's value of every account (one key per page and setting, the spec's). */
const byAccountAt = (store: KeyValueStore, key: string): Record<string, unknown> => {
  try {
    return (
      (JSON.parse(store.getItem(key) ?? 'null') as { byAccount?: Record<string, unknown> } | null)
        ?.byAccount ?? {}
    );
  } catch {
    return {};
  }
};

/** Spec 000 §3: per-page settings under adjfd + md5(route name + setting name); the setting name is required. */
export function pageSettingKey(routeName: string, settingName: string): string {
  if (!settingName) throw new Error('页面设置名称不能为空');
  return PAGE_SETTING_PREFIX + md5(routeName + settingName);
}

export function readPageSetting<T>(
  routeName: string,
  settingName: string,
  store: KeyValueStore = window.localStorage,
): T | null {
  const account = accountOf(store);
  if (account === null) return null;
  return (byAccountAt(store, pageSettingKey(routeName, settingName))[account] as T | undefined) ?? null;
}

export function writePageSetting(
  routeName: string,
  settingName: string,
  value: unknown,
  store: KeyValueStore = window.localStorage,
) {
  const account = accountOf(store);
  if (account === null) return;
  const key = pageSettingKey(routeName, settingName);
  store.setItem(key, JSON.stringify({ byAccount: { ...byAccountAt(store, key), [account]: value } }));
}
