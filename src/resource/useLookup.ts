import { useEffect, useState } from 'react';
import type { DictEntry } from '../../domain/dictionaries.js';
import { useApp } from '../app/AppContext.js';
import { useDataVersion } from '../app/dataChanges.js';
import { loadDict } from '../dict/dictionaries.js';

const NONE: DictEntry[] = [];

/**
 * A ref field's choices from its lookup (cached per session by loadDict); empty while loading or
 * without a name. A change of the data (src/app/dataChanges.ts) drops the cache and loads them again.
 */
export function useLookup(name: string | undefined): DictEntry[] {
  const { request } = useApp();
  const [entries, setEntries] = useState<DictEntry[]>(NONE);
  const version = useDataVersion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: version loads the choices again
  useEffect(() => {
    if (!name) return;
    let live = true;
    loadDict(name, request).then(
      (loaded) => live && setEntries(loaded),
      (error: unknown) => console.warn(`下拉数据未定义: ${name}`, error),
    );
    return () => {
      live = false;
    };
  }, [name, request, version]);
  return name ? entries : NONE;
}
