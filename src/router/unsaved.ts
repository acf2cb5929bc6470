import { createContext, useContext, useEffect, useId } from 'react';
import { usePage } from './page.js';

/** What the console asks before it throws away what a person typed. */
export const DISCARD_QUESTION = '有未保存的修改，确定放弃吗？';

/** The dialog a form is in (src/ui/Dialog.tsx): told whether the form holds changes. */
export interface DialogGuard {
  form(id: string, changed: boolean): void;
  forget(id: string): void;
}
export const DialogGuardContext = createContext<DialogGuard | null>(null);

/** Pages with forms holding changes not yet saved, by page key; each form registers itself. */
const dirty = new Map<string, Set<string>>();

/** Whether the page at `key` holds unsaved changes. */
export const hasUnsaved = (key: string) => (dirty.get(key)?.size ?? 0) > 0;

/** Whether any page holds unsaved changes (signing out and switching department ask first). */
export const anyUnsaved = () => dirty.size > 0;

/** Forgets a page's changes (its tab was closed after the user confirmed). */
export const discardUnsaved = (key: string) => void dirty.delete(key);

/**
 * Marks the calling form's page as holding unsaved changes while `changed` is true: closing its
 * tab asks first, the page is not dropped from the kept tabs, and leaving the console warns.
 */
export function useUnsavedChanges(changed: boolean) {
  const { key } = usePage();
  const form = useId();
  const dialog = useContext(DialogGuardContext);
  useEffect(() => {
    if (!dialog) return;
    dialog.form(form, changed);
  }, [dialog, form, changed]);
  useEffect(() => (dialog ? () => dialog.forget(form) : undefined), [dialog, form]);
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
