import { mergeMap, type Observable } from 'rxjs';
import type { DashboardChangeKind, ServerPushMessage } from '../domain/push.js';

/** What moved on the dashboard, out of the push channel's 'dashboard.changed' messages. */
export const dashboard$ = (push$: Observable<ServerPushMessage>): Observable<DashboardChangeKind[]> =>
  push$.pipe(mergeMap((m) => (m.type === 'dashboard.changed' ? [m.data.kinds] : [])));
