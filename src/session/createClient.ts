import { OverlayToaster, type Toaster } from '@blueprintjs/core';
import { ShellPaths } from '../../domain/api/settingsPaths.js';
import { Timing } from '../../domain/http.js';
import { createApiClient } from '../api/client.js';
import { createFrontLog } from '../api/frontLog.js';
import { noteDataChanged } from '../app/dataChanges.js';
import { storedUser, type UserStore } from './effects.js';

let toaster: Promise<Toaster> | null = null;
/**
 * One toaster for the page (spec 000 §9: toasts stay 2500 ms). A key updates the toast of that key
 * in place (and restarts its time) instead of stacking another: 已确认 5 条 rather than five toasts.
 */
export function toast(
  message: string,
  intent: 'success' | 'warning' | 'danger' | 'primary' = 'danger',
  key?: string,
) {
  toaster ??= OverlayToaster.create({ position: 'top' });
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
