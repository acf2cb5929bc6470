import { useEffect, useState } from 'react';
import { filter } from 'rxjs';
import { useOptionalRealtime } from '../../src/realtime/context.js';

/**
 * A number that grows each time the user's bell changes (here or in another tab: inbox.changed),
 * or — with `noticeId` — each time a recipient reads that announcement (notice.receipt): a list's
 * refreshKey, so it follows without a reload.
 */
export function useInboxVersion(noticeId?: number): number {
  const realtime = useOptionalRealtime();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!realtime) return;
    const s = realtime.inbox$
      .pipe(
        filter((signal) =>
          noticeId === undefined
            ? signal.kind === 'inbox'
            : signal.kind === 'receipt' && signal.noticeId === noticeId,
        ),
      )
      .subscribe(() => setVersion((v) => v + 1));
    return () => s.unsubscribe();
  }, [realtime, noticeId]);
  return version;
}
