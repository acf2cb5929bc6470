import { type RawBuilder, sql } from 'kysely';

/**
 * The SQL pieces the expense lists share when they read several tables themselves (the engine's
 * `list` hook): the page, the order the user chose, a keyword.
 */
export type ListPage = { limit: number; offset: number } | null;

/** `limit … offset …` of a page; nothing for every row. */
export const limitOf = (page: ListPage) => (page ? sql`limit ${page.limit} offset ${page.offset}` : sql``);

/**
 * `order by` the chosen column (of those a list allows, by the column's SQL), then `tieBreak` the
 * same way so that pages never overlap.
 */
export function orderOf(
  q: Record<string, unknown>,
  columns: Readonly<Record<string, string>>,
  fallback: { field: string; order: 'asc' | 'desc' },
  tieBreak: string,
): RawBuilder<unknown> {
  const field = typeof q.sortField === 'string' && columns[q.sortField] ? q.sortField : fallback.field;
  const order = sql.raw(q.sortOrder === 'asc' || q.sortOrder === 'desc' ? q.sortOrder : fallback.order);
  return sql`order by ${sql.ref(columns[field] ?? tieBreak)} ${order}, ${sql.ref(tieBreak)} ${order}`;
}

/** `column like %keyword%`, the keyword's own % and _ taken literally. */
export const contains = (column: string, keyword: string) =>
  sql`${sql.ref(column)} like ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/** A list call's answer from rows of one page. */
export function pageOf<R>(
  q: Record<string, unknown>,
  found: { rows: R[]; total: number; sums?: Record<string, number> },
) {
  const all = q.pageHelper === 0;
  return {
    list: found.rows,
    total: found.total,
    pageNum: all ? 1 : Number(q.pageNum),
    pageSize: all ? found.total : Number(q.pageSize),
    ...(found.sums ? { sums: found.sums } : {}),
  };
}

/** The page of a paged query (pageNum from 1), or null for pageHelper=0. */
export const pageLimit = (q: { pageNum: number; pageSize: number; pageHelper?: number | undefined }) =>
  q.pageHelper === 0 ? null : { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize };
