import { OverlayToaster, type Toaster, type ToasterPosition } from '@blueprintjs/core';
import { ShellPaths } from '../../domain/api/settingsPaths.js';
import { Timing } from '../../domain/http.js';
import { createApiClient } from '../api/client.js';
import { createFrontLog } from '../api/frontLog.js';
import { noteDataChanged } from '../app/dataChanges.js';
import { storedUser, type UserStore } from './effects.js';

let toaster: Promise<Toaster> | null = null;
let position: ToasterPosition = 'top';
let container: HTMLElement | null = null;
/**
 * Where this page's toasts appear, before the first: the wall's bottom left, over the map — at the
 * top they covered the wall's counters for 2.5 s after each 确认, at the right the queue's 确认 buttons.
 */
export function placeToasts(where: ToasterPosition) {
  position = where;
}
/**
 * The element whose top the toasts open at (a ref callback): the console's working area, under the
 * header and whatever banners stand above it (连接中断, 紧急告警), so a toast never covers the alarm chip
 * or the banner's 确认. Without one (the login page, before the shell) they open at the page's top.
 */
export function toastsIn(element: HTMLElement | null) {
  if (element === container) return;
  container = element;
  toaster = null;
}
/**
 * One toaster for the page (spec 000 §9: toasts stay 2500 ms). A key updates the toast of that key
 * in place (and restarts its time) instead of stacking another: 已确认 5 条 rather than five toasts.
 */
export function toast(
  message: string,
  intent: 'success' | 'warning' | 'danger' | 'primary' = 'danger',
  key?: string,
) {
  toaster ??= container
    ? OverlayToaster.create({ position, usePortal: false }, { container })
    : OverlayToaster.create({ position });
  toaster.then((t) => t.show({ message, intent, timeout: Timing.toastMs }, key));
}

/**
 * The page's API client over the stored token, with the front log and toasts. `user` is where the
 * page's session is kept (the wall's own, wallSession.ts; the console's by default).
 */
export function createPageClient(
  onSlow?: (path: string) => Promise<'continue' | 'close'>,
  user: UserStore['user'] = storedUser,
) {
  const logClient = createApiClient({
    getToken: () => user()?.token ?? null,
    getUserId: () => user()?.userId ?? null,
  });
  const frontLog = createFrontLog((logList) =>
    logClient.request({ url: ShellPaths.frontLog, method: 'POST', data: { logList }, silent: true }),
  );
  const client = createApiClient({
    getToken: () => user()?.token ?? null,
    getUserId: () => user()?.userId ?? null,
    onError: (e) => toast(e.text, e.kind === 'toast' ? 'warning' : 'danger'),
    onWarn: (text) => toast(text, 'warning'),
    onSlow,
    log: (entry) => frontLog.add(entry),
    // what a write changes (or a refusal shows stale) is read again: lists, pickers, maps
    onDataChanged: noteDataChanged,
  });
  return { client, frontLog };
}
