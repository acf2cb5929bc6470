import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Page } from '../../domain/codes.js';
import type { ResourceDef } from '../../domain/resource.js';
import { useApp } from '../app/AppContext.js';
import { defaultPageSize } from '../ui/pageSize.js';
import { readPageSize, writePageSize } from './columnSettings.js';
import type { Row } from './format.js';
import { type FilterValues, type ListQuery, listParams, type Sort } from './listQuery.js';

export interface ResourceListState {
  rows: Row[];
  total: number;
  /** Totals over every filtered row, when the definition has sums. */
  sums: Record<string, number> | null;
  loading: boolean;
  error: string;
  query: ListQuery;
  /** Applies filters and keyword from the filter bar, back to page 1. */
  search(filters: FilterValues, keyword: string): void;
  setSort(sort: Sort): void;
  setPage(pageNum: number, pageSize?: number): void;
  reload(): void;
}

/**
 * A resource's server-paged list: the query (filters, keyword, sort, paging) and its answer.
 * The page size starts from the page's saved choice, else spec 000 §9's default; answers to
 * superseded queries are dropped.
 */
export function useResourceList(
  def: ResourceDef,
  routeName: string,
  fixedParams?: Record<string, string | number>,
  refreshKey?: unknown,
  initialFilters: FilterValues = {},
): ResourceListState {
  const { request } = useApp();
  const [query, setQuery] = useState<ListQuery>(() => ({
    filters: initialFilters,
    keyword: '',
    sort: def.defaultSort,
    pageNum: 1,
    pageSize: readPageSize(routeName) ?? defaultPageSize(),
  }));
  const [data, setData] = useState<{ rows: Row[]; total: number; sums: Record<string, number> | null }>({
    rows: [],
    total: 0,
    sums: null,
  });
  const [status, setStatus] = useState({ loading: false, error: '' });
  const [version, setVersion] = useState(0);
  const latest = useRef(0);
  const fixedKey = JSON.stringify(fixedParams ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixedKey stands for fixedParams (a new object each render)
  const params = useMemo(() => listParams(def, query, fixedParams), [def, query, fixedKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version and refreshKey are reload triggers
  useEffect(() => {
    const url = def.api.list;
    if (!url) return;
    const ticket = ++latest.current;
    setStatus({ loading: true, error: '' });
    request<Page<Row>>({ url, params, silent: true }).then(
      (page) => {
        if (ticket !== latest.current) return;
        setData({ rows: page.list ?? [], total: page.total ?? 0, sums: page.sums ?? null });
        setStatus({ loading: false, error: '' });
      },
      (e: { message?: string }) => {
        if (ticket !== latest.current) return;
        setStatus({ loading: false, error: e.message ?? '加载失败' });
      },
    );
  }, [request, def.api.list, params, version, refreshKey]);

  const search = useCallback(
    (filters: FilterValues, keyword: string) => setQuery((q) => ({ ...q, filters, keyword, pageNum: 1 })),
    [],
  );
  const setSort = useCallback((sort: Sort) => setQuery((q) => ({ ...q, sort, pageNum: 1 })), []);
  const setPage = useCallback(
    (pageNum: number, pageSize?: number) => {
      if (pageSize !== undefined) writePageSize(routeName, pageSize);
      setQuery((q) => ({ ...q, pageNum, pageSize: pageSize ?? q.pageSize }));
    },
    [routeName],
  );
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...data, ...status, query, search, setSort, setPage, reload };
}
