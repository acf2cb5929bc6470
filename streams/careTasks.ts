import { mergeMap, type Observable } from 'rxjs';
import type { CareTasksPush, ServerPushMessage } from '../domain/push.js';

/** Changes of the department's care tasks out of the push channel's 'careTasks' messages, in order. */
export const careTasks$ = (push$: Observable<ServerPushMessage>): Observable<CareTasksPush> =>
  push$.pipe(mergeMap((m) => (m.type === 'careTasks' ? [m.data] : [])));
