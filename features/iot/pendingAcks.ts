import { BehaviorSubject } from 'rxjs';
import { ApiError } from '../../src/api/errors.js';
import { useStore } from '../../src/realtime/context.js';
import { subjectStore } from '../../streams/alarms.js';

/**
 * Acknowledgements that did not reach the server (issue #38 point 8: an acknowledgement made just
 * before the link dropped is retried, never lost silently). A 确认 whose call failed on the way — no
 * answer, a timeout, a gateway that could not reach the server — waits here, its row says 确认待重发,
 * and it is sent again every few seconds until the server answers. A refusal is an answer: the server
 * says why (already acknowledged elsewhere, handled meanwhile) and the record's own state shows.
 */
export const ACK_RETRY_MS = 3_000;

/** Codes of a call that may never have reached the server (src/api/client.ts: 999 no answer, 408 timeout). */
const LOST = new Set<number | string>([999, 408, 502, 503, 504]);
export const lostOnTheWay = (error: unknown) => error instanceof ApiError && LOST.has(error.code);

const pending$ = new BehaviorSubject<ReadonlySet<number>>(new Set());
const store = subjectStore(pending$);
/** Sent again and not yet answered: every open console screen retries, one call at a time per record. */
const inFlight = new Set<number>();

export const pendingAcks = {
  add(recordId: number) {
    if (!pending$.value.has(recordId)) pending$.next(new Set([...pending$.value, recordId]));
  },
  remove(recordId: number) {
    if (!pending$.value.has(recordId)) return;
    const next = new Set(pending$.value);
    next.delete(recordId);
    pending$.next(next);
  },
  ids: () => [...pending$.value],
  /** Takes a record's resend; false while another screen's is on its way. */
  claim(recordId: number) {
    if (inFlight.has(recordId)) return false;
    inFlight.add(recordId);
    return true;
  },
  settle: (recordId: number) => void inFlight.delete(recordId),
};

/** The acknowledgements waiting to be sent again, as a render reads them. */
export const usePendingAcks = (): ReadonlySet<number> => useStore(store);
