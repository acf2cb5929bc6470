import { mergeMap, type Observable } from 'rxjs';
import type { PushedNotice, ServerPushMessage } from '../domain/push.js';

/** Notices and reminders out of the push channel's messages, in order; everything else is not theirs. */
export const notices$ = (push$: Observable<ServerPushMessage>): Observable<PushedNotice> =>
  push$.pipe(
    mergeMap((m): PushedNotice[] =>
      m.type === 'notice'
        ? [{ kind: 'notice', id: m.data.noticeId, title: m.data.title }]
        : m.type === 'remind'
          ? [{ kind: 'remind', id: m.data.remindId, title: m.data.title }]
          : [],
    ),
  );
