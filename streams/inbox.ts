import { mergeMap, type Observable } from 'rxjs';
import type { ServerPushMessage } from '../domain/push.js';

/** What tells a bell or a receipts list to load again. */
export type InboxSignal = { kind: 'inbox' } | { kind: 'receipt'; noticeId: number };

/**
 * The user's bell changed (in this console or another of the same user), or a recipient read an
 * announcement, out of the push channel's messages; everything else is not theirs.
 */
export const inbox$ = (push$: Observable<ServerPushMessage>): Observable<InboxSignal> =>
  push$.pipe(
    mergeMap((m): InboxSignal[] =>
      m.type === 'inbox.changed'
        ? [{ kind: 'inbox' }]
        : m.type === 'notice.receipt'
          ? [{ kind: 'receipt', noticeId: m.data.noticeId }]
          : [],
    ),
  );
