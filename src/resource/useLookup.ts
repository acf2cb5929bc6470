import { useEffect, useState } from 'react';
import type { DictEntry } from '../../domain/dictionaries.js';
import { useApp } from '../app/AppContext.js';
import { loadDict } from '../dict/dictionaries.js';

const NONE: DictEntry[] = [];

/** A ref field's choices from its lookup (cached per session by loadDict); empty while loading or without a name. */
export function useLookup(name: string | undefined): DictEntry[] {
  const { request } = useApp();
  const [entries, setEntries] = useState<DictEntry[]>(NONE);
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
  }, [name, request]);
  return name ? entries : NONE;
}
