import type { FilterDef, ResourceDef } from '../../domain/resource.js';

export type SortOrder = 'asc' | 'desc';
export interface Sort {
  field: string;
  order: SortOrder;
}

/** Filter inputs by query parameter name; a range filter has `${param}Start` and `${param}End`. */
export type FilterValues = Record<string, string>;

export interface ListQuery {
  filters: FilterValues;
  keyword: string;
  sort: Sort;
  pageNum: number;
  pageSize: number;
}

export type ExportFormat = 'xlsx' | 'csv';

export const filterParam = (filter: FilterDef) => filter.param ?? filter.field;

/** The query parameter names one filter fills. */
const filterParams = (filter: FilterDef): string[] =>
  filter.kind === 'range'
    ? [`${filterParam(filter)}Start`, `${filterParam(filter)}End`]
    : [filterParam(filter)];

/** The list call's parameters: paging, sort, keyword and each filled filter; fixed ones always. */
export function listParams(
  def: ResourceDef,
  query: ListQuery,
  fixedParams: Record<string, string | number> = {},
): Record<string, string | number> {
  const params: Record<string, string | number> = {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    sortField: query.sort.field,
    sortOrder: query.sort.order,
  };
  const keyword = query.keyword.trim();
  if (def.search?.length && keyword) params.keyword = keyword;
  for (const filter of def.filters ?? [])
    for (const name of filterParams(filter)) {
      const value = query.filters[name]?.trim();
      if (value) params[name] = value;
    }
  return { ...params, ...fixedParams };
}

/** The export of the current filters and sort: the list URL with `export=xlsx|csv`, paging left out. */
export function exportUrl(
  def: ResourceDef,
  query: ListQuery,
  format: ExportFormat,
  fixedParams?: Record<string, string | number>,
): string {
  return listExportUrl(def.api.list ?? '', listFilters(def, query, fixedParams), format);
}

/** The list call's parameters without paging: what an export or a print view of the list takes. */
export function listFilters(
  def: ResourceDef,
  query: ListQuery,
  fixedParams?: Record<string, string | number>,
): Record<string, string | number> {
  const { pageNum: _pageNum, pageSize: _pageSize, ...params } = listParams(def, query, fixedParams);
  return params;
}

/** The export of a list: its filters (empty ones left out), every page, as a file of that format. */
export function listExportUrl(
  url: string,
  filters: Readonly<Record<string, string | number | undefined>>,
  format: ExportFormat,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== '' && value !== undefined) search.append(key, String(value));
  search.append('export', format);
  return `${url}?${search.toString()}`;
}

/** A path with `:id` / `:ids` replaced. */
export function fillPath(path: string, ids: readonly (string | number)[]): string {
  return path
    .replace(':ids', ids.map(encodeURIComponent).join(','))
    .replace(':id', encodeURIComponent(String(ids[0] ?? '')));
}
