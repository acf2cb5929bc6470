import { type DictEntry, staticDictionaries } from '../../domain/dictionaries.js';
import { type LookupDef, lookups } from '../../domain/lookups.js';
import { DICTIONARY_CACHE_PREFIX } from '../../domain/storage.js';
import type { Request } from '../app/request.js';
import type { KeyValueStore } from '../util/storage.js';
import { forgetDictionaries, loading } from './cache.js';

export { forgetDictionaries };

/** A static dictionary by name; an undefined name is a programming error (spec 000 §3). */
export function getDict(name: string): DictEntry[] {
  const dict = (staticDictionaries as Record<string, DictEntry[]>)[name];
  if (!dict) throw new Error(`dd:${name},未定义`);
  return dict;
}

export const dictLabel = (name: string, value: string | number | null | undefined) =>
  getDict(name).find((e) => String(e.value) === String(value))?.label ?? '';

type ServerDict = LookupDef;

/** Chinese names in dictionary (pinyin) order, as people look them up. */
const byPinyin = new Intl.Collator('zh-Hans-CN-u-co-pinyin');

/** Spec 000 §3 "Dropdown data sets" and §7 "Lookups": where each server-loaded dictionary comes from. */
export const serverDictionaries: Record<string, ServerDict> = lookups;

/** Answers come as a list or as an object with a list field (spec 000 §7). */
const asList = (answer: unknown): Record<string, unknown>[] =>
  Array.isArray(answer)
    ? answer
    : Array.isArray((answer as { list?: unknown })?.list)
      ? (answer as { list: Record<string, unknown>[] }).list
      : [];

/**
 * A server-loaded dictionary, cached in session storage under 'dictionary' + name and restored
 * from there. A failed fetch is logged, not shown, and gives an empty list (spec 000 §8).
 */
export function loadDict(
  name: string,
  request: Request,
  cache: KeyValueStore = window.sessionStorage,
): Promise<DictEntry[]> {
  const key = DICTIONARY_CACHE_PREFIX + name;
  const cached = cache.getItem(key);
  if (cached) {
    try {
      return Promise.resolve(JSON.parse(cached) as DictEntry[]);
    } catch {
      cache.removeItem(key);
    }
  }
  const source = serverDictionaries[name];
  if (!source) return Promise.reject(new Error(`dd:${name},未定义`));
  let underWay = loading.get(cache);
  if (!underWay) {
    underWay = new Map();
    loading.set(cache, underWay);
  }
  const running = underWay.get(name);
  if (running) return running;
  const loads = underWay;
  const load = fetchDict(name, source, request).then((entries) => {
    // forgotten meanwhile (the data changed): the answer may be older than the change, so it is
    // handed to who asked but not kept
    if (loads.get(name) === load) {
      loads.delete(name);
      if (entries) cache.setItem(key, JSON.stringify(entries));
    }
    return entries ?? [];
  });
  loads.set(name, load);
  return load;
}

/** The dictionary from the server, or null when it failed (logged). */
async function fetchDict(name: string, source: ServerDict, request: Request): Promise<DictEntry[] | null> {
  try {
    const rows = asList(await request({ url: source.url, params: source.params, silent: true }));
    // Trees keep their shape: a node's children become the entry's children. A node without the
    // value field groups others (a department above its users) and cannot be chosen itself.
    const toEntry = (r: Record<string, unknown>): DictEntry => {
      const children = Array.isArray(r.children) ? (r.children as Record<string, unknown>[]) : [];
      const group = r[source.value] === undefined;
      return {
        value: group ? `group:${String(r.deptId ?? r.id ?? '')}` : (r[source.value] as string | number),
        label: source.describe ? source.describe(r) : String(r[source.label] ?? r.deptName ?? r.name ?? ''),
        ...(children.length ? { children: children.map(toEntry) } : {}),
        ...(group || r.selectable === false ? { disabled: true } : {}),
      };
    };
    const entries = rows.map(toEntry);
    if (source.sorted) entries.sort((a, b) => byPinyin.compare(a.label, b.label));
    return entries;
  } catch (error) {
    console.warn(`下拉数据加载失败: ${name}`, error);
    return null;
  }
}
