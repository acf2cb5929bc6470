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

/** Spec 000 §4 logout: system config, user info, authority and menus leave local storage. */
export function clearSignedInStorage(store = local) {
  for (const key of ['systemconfig', 'userInfo', 'authority', 'menus', 'tabbarlist', 'quickEntry'] as const)
    store.remove(key);
}

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
  const raw = store.getItem(pageSettingKey(routeName, settingName));
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writePageSetting(
  routeName: string,
  settingName: string,
  value: unknown,
  store: KeyValueStore = window.localStorage,
) {
  store.setItem(pageSettingKey(routeName, settingName), JSON.stringify(value));
}
