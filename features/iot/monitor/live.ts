import { useEffect, useMemo, useState } from 'react';
import type { AlarmRecord } from '../../../domain/alarms.js';
import { useApp } from '../../../src/app/AppContext.js';
import { usePageRefresh } from '../../../src/app/usePageRefresh.js';
import { useRealtime, useStore } from '../../../src/realtime/context.js';
import { isOutNow } from '../../../streams/outings.js';
import { MONITOR_POLL_MS, type MonitorKind, monitorUrl } from './kinds.js';
import { byPlace, type MonitorRow } from './rows.js';

interface MonitorRows {
  rows: MonitorRow[];
  /** When the last answer came; null before the first. */
  loadedAt: number | null;
  /** When the request of that answer left (0 before the first). */
  requestedAt: number;
  error: string;
}

/**
 * The mattresses of a monitor kind, polled every MONITOR_POLL_MS. The realtime context carries
 * alarms and positions but not vitals, so the readings are polled; a hidden tab skips its polls.
 * Calls are silent: a failed poll shows on the page, it does not toast every five seconds.
 */
export function useMonitorRows(kind: MonitorKind): MonitorRows {
  const { request } = useApp();
  const [state, setState] = useState<MonitorRows>({
    rows: [],
    loadedAt: null,
    requestedAt: 0,
    error: '',
  });
  const [version, setVersion] = useState(0);
  usePageRefresh(() => setVersion((v) => v + 1));

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      if (!stopped) timer = setTimeout(poll, MONITOR_POLL_MS);
    };
    const poll = () => {
      if (document.visibilityState === 'hidden') return next();
      const requestedAt = Date.now();
      request<MonitorRow[]>({ url: monitorUrl(kind), silent: true })
        .then(
          (rows) => {
            if (!stopped)
              setState({ rows: [...rows].sort(byPlace), loadedAt: Date.now(), requestedAt, error: '' });
          },
          (e: { message?: string }) => {
            if (!stopped) setState((s) => ({ ...s, error: e.message || '加载失败' }));
          },
        )
        .finally(next);
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [request, kind, version]);
  return state;
}

/** Unhandled alarms from the live store (push and broker), most severe and oldest first. */
export function useOpenAlarms(): readonly AlarmRecord[] {
  const { alarms } = useRealtime();
  return useStore(useMemo(() => alarms.open(), [alarms]));
}

/**
 * The rows with 外出中 as heard on the push channel since their request left: an elder leaving or
 * coming back shows at once, not at the next poll (which then says the same).
 */
export function useOutingNow(rows: MonitorRow[], requestedAt: number): MonitorRow[] {
  const { outingPresence } = useRealtime();
  const heard = useStore(outingPresence);
  return useMemo(
    () =>
      rows.map((row) => {
        const out = isOutNow(heard, row.oldmanId, row.outing === 1, requestedAt);
        return out === (row.outing === 1) ? row : { ...row, outing: out ? 1 : 0 };
      }),
    [rows, heard, requestedAt],
  );
}
