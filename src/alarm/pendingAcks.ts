import { useEffect, useRef } from 'react';
import { BehaviorSubject } from 'rxjs';
import type { AlarmRecord, AlarmSource } from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import { Authority } from '../../domain/menus.js';
import { subjectStore } from '../../streams/alarms.js';
import { ApiError } from '../api/errors.js';
import { useApp } from '../app/AppContext.js';
import { useAuthority } from '../auth/authorityStore.js';
import { useOptionalRealtime, useStore } from '../realtime/context.js';

/**
 * Acknowledgements that did not reach the server (issue #38 point 8: an acknowledgement made just
 * before the link dropped is retried, never lost silently). A 确认 whose call failed on the way — no
 * answer, a timeout, a gateway that could not reach the server — waits here, its row says 确认待重发,
 * and it is sent again every few seconds until the server answers. A refusal is an answer: the server
 * says why (already acknowledged elsewhere, handled meanwhile) and the record's own state shows.
 * Every 确认 of one alarm — the console's rows and map card, the wall, the urgent banner — goes through
 * useAlarmAck, so each is retried the same way.
 */
export const ACK_RETRY_MS = 3_000;

/** Why 确认 is disabled while the browser is offline. */
export const OFFLINE_REASON = '网络已断开：恢复连接后才能确认';

/** Codes of a call that may never have reached the server (src/api/client.ts: 999 no answer, 408 timeout). */
const LOST = new Set<number | string>([999, 408, 502, 503, 504]);
export const lostOnTheWay = (error: unknown) => error instanceof ApiError && LOST.has(error.code);

const pending$ = new BehaviorSubject<ReadonlySet<number>>(new Set());
const store = subjectStore(pending$);
/** Sent again and not yet answered: every screen that acknowledges retries, one call at a time per record. */
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

/**
 * 确认 of one alarm, for every screen that offers it: the call, its answer shown at once whether or
 * not a live channel brings it too, and a call lost on the way kept in pendingAcks and sent again
 * every ACK_RETRY_MS while the screen is open. `onAcked` says it to the user (the console counts a run
 * of acknowledgements into one toast, the wall and the banner say 已确认).
 */
export function useAlarmAck(onAcked: (record: AlarmRecord) => void) {
  const { request, toast } = useApp();
  const realtime = useOptionalRealtime();
  const handles: Record<AlarmSource, boolean> = {
    pnt: useAuthority(Authority.iotLocateAlarmHandle),
    mattress: useAuthority(Authority.iotAlarmHandle),
  };
  const waiting = usePendingAcks();
  const send = (recordId: number, again: boolean): Promise<void> =>
    request<AlarmRecord>({ url: IotPaths.alarmAck, method: 'POST', data: { recordId }, silent: again }).then(
      (record) => {
        realtime?.noteAlarm(record);
        pendingAcks.remove(recordId);
        onAcked(record);
      },
      (error: unknown) => {
        if (lostOnTheWay(error)) {
          if (!again) toast('确认未送达服务器：连接恢复后自动重发', 'warning', `ack-lost-${recordId}`);
          pendingAcks.add(recordId);
        } else pendingAcks.remove(recordId);
      },
    );
  const resend = useRef(send);
  resend.current = send;
  useEffect(() => {
    if (waiting.size === 0) return;
    const timer = setInterval(() => {
      for (const id of pendingAcks.ids())
        if (pendingAcks.claim(id)) void resend.current(id, true).finally(() => pendingAcks.settle(id));
    }, ACK_RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  return {
    /** Whether the user may act on alarms of each source (the server checks again). */
    handles,
    mayAck: (a: Pick<AlarmRecord, 'source'>) => handles[a.source],
    ack: (recordId: number) => send(recordId, false),
    /** Acknowledgements sent but not yet answered by the server: their rows say 确认待重发. */
    waiting,
  };
}
