import { useCallback, useEffect, useRef, useState } from 'react';
import { useApp } from './AppContext.js';
import type { RequestConfig } from './request.js';
import { usePageRefresh } from './usePageRefresh.js';

/**
 * A page's one read (a report of a period, a statistics call): asked when the page opens and again
 * whenever `ask` changes (memoise it on what it reads), on the page's refresh, and by `load`. Only the
 * newest request's answer is shown: a quick change of period is never overwritten by a slower answer
 * to the one before. A refusal shows as `error` (the server's message, else `failed`) and clears when
 * an answer comes.
 */
export function useNewestAnswer<T>(ask: RequestConfig, failed: string) {
  const { request } = useApp();
  const [answer, setAnswer] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const load = useCallback(() => {
    const mine = ++asked.current;
    setLoading(true);
    request<T>({ ...ask, silent: true }).then(
      (a) => {
        if (mine !== asked.current) return;
        setAnswer(a);
        setError('');
        setLoading(false);
      },
      (e: { message?: string }) => {
        if (mine !== asked.current) return;
        setError(e.message ?? failed);
        setLoading(false);
      },
    );
  }, [request, ask, failed]);
  useEffect(load, [load]);
  usePageRefresh(load);
  return { answer, error, loading, load };
}
