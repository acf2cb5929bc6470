import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../domain/codes.js';
import { useApp } from '../app/AppContext.js';
import { defaultPageSize } from './pageSize.js';

export interface PagedList<T, F> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  loading: boolean;
  error: string;
  filters: F;
  setFilters(filters: F): void;
  setPage(pageNum: number, pageSize?: number): void;
  reload(): void;
}

/** A server-paged list ({list,total,pageNum,pageSize}) with filters; stale answers are dropped. */
export function usePagedList<T, F extends Record<string, unknown>>(
  url: string,
  initialFilters: F,
): PagedList<T, F> {
  const { request } = useApp();
  const [filters, setFilters] = useState(initialFilters);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: defaultPageSize() });
  const [data, setData] = useState<{ rows: T[]; total: number }>({ rows: [], total: 0 });
  const [state, setState] = useState({ loading: false, error: '' });
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    const ticket = ++latest.current;
    setState({ loading: true, error: '' });
    const params = Object.fromEntries(
      Object.entries({ ...filters, ...paging }).filter(([, v]) => v !== '' && v !== undefined && v !== null),
    );
    request<Page<T>>({ url, params }).then(
      (page) => {
        if (ticket !== latest.current) return;
        setData({ rows: page.list, total: page.total });
        setState({ loading: false, error: '' });
      },
      (e: { message?: string }) => {
        if (ticket !== latest.current) return;
        setState({ loading: false, error: e.message ?? '加载失败' });
      },
    );
  }, [request, url, filters, paging, version]);

  const setPage = useCallback(
    (pageNum: number, pageSize?: number) => setPaging((p) => ({ pageNum, pageSize: pageSize ?? p.pageSize })),
    [],
  );
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const applyFilters = useCallback((f: F) => {
    setFilters(f);
    setPaging((p) => ({ ...p, pageNum: 1 }));
  }, []);
  return { ...data, ...paging, ...state, filters, setFilters: applyFilters, setPage, reload };
}
