import { md5 } from 'js-md5';
import { type LocalKey, PAGE_SETTING_PREFIX } from '../../domain/storage.js';
import { type KeyValueStore, prefixedStore } from './storage.js';

/* Per-page settings (column widths, filters, layouts) of the signed-in account, apart from the
   plain stores: the login page keeps none and loads no md5. */

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
