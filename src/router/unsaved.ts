import { useEffect, useId } from 'react';
import { usePage } from './page.js';

/** Pages with forms holding changes not yet saved, by page key; each form registers itself. */
const dirty = new Map<string, Set<string>>();

/** Whether the page at `key` holds unsaved changes. */
export const hasUnsaved = (key: string) => (dirty.get(key)?.size ?? 0) > 0;

/** Forgets a page's changes (its tab was closed after the user confirmed). */
export const discardUnsaved = (key: string) => void dirty.delete(key);

/**
 * Marks the calling form's page as holding unsaved changes while `changed` is true: closing its
 * tab asks first, the page is not dropped from the kept tabs, and leaving the console warns.
 */
export function useUnsavedChanges(changed: boolean) {
  const { key } = usePage();
  const form = useId();
  useEffect(() => {
    if (!changed) return;
    const forms = dirty.get(key) ?? new Set<string>();
    forms.add(form);
    dirty.set(key, forms);
    return () => {
      forms.delete(form);
      if (!forms.size && dirty.get(key) === forms) dirty.delete(key);
    };
  }, [changed, key, form]);
}

/** The browser asks before the console is closed or reloaded with unsaved changes. */
export function warnBeforeUnload(win: Window) {
  win.addEventListener('beforeunload', (e) => {
    if (dirty.size) e.preventDefault();
  });
}
