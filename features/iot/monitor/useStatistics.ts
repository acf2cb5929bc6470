import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../../src/app/AppContext.js';
import { usePageRefresh } from '../../../src/app/usePageRefresh.js';
import { type SeriesName, statisticsUrl } from './kinds.js';
import { type RangeKind, rangeOf, type Statistics, statisticsParams } from './series.js';

/** The rules engine writes minute aggregates every few seconds: a range that includes now is re-read each minute. */
const OPEN_RANGE_RELOAD_MS = 60_000;

interface SeriesData {
  stats: Partial<Record<SeriesName, Statistics>>;
  loading: boolean;
  error: string;
  reload(): void;
}

/** The statistics of some series of one elder over a day or a week; stale answers are dropped. */
export function useStatistics(
  oldmanId: number | null,
  series: readonly SeriesName[],
  kind: RangeKind,
  date: string,
): SeriesData {
  const { request } = useApp();
  const [stats, setStats] = useState<SeriesData['stats']>({});
  const [status, setStatus] = useState({ loading: false, error: '' });
  const [version, setVersion] = useState(0);
  const ticket = useRef(0);
  const key = series.join(',');
  usePageRefresh(() => setVersion((v) => v + 1));

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the series list; version reloads
  useEffect(() => {
    if (oldmanId === null) {
      setStats({});
      return;
    }
    const range = rangeOf(kind, date);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (silent: boolean) => {
      const mine = ++ticket.current;
      if (!silent) {
        setStatus({ loading: true, error: '' });
        setStats({});
      }
      Promise.all(
        series.map((s) =>
          request<Statistics>({
            url: statisticsUrl(oldmanId, s),
            params: statisticsParams(kind, s, range),
            silent,
          }).then((answer) => [s, answer] as const),
        ),
      ).then(
        (answers) => {
          if (mine !== ticket.current) return;
          setStats(Object.fromEntries(answers));
          setStatus({ loading: false, error: '' });
          if (range.endTime >= Date.now()) timer = setTimeout(() => load(true), OPEN_RANGE_RELOAD_MS);
        },
        (e: { message?: string }) => {
          if (mine !== ticket.current) return;
          setStatus({ loading: false, error: e.message || '加载失败' });
        },
      );
    };
    load(false);
    return () => {
      ticket.current++;
      clearTimeout(timer);
    };
  }, [request, oldmanId, key, kind, date, version]);

  return { stats, ...status, reload: () => setVersion((v) => v + 1) };
}
