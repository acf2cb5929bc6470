import type { SelectQueryBuilder } from 'kysely';
import type { Page } from '../../domain/codes.js';
import type { Database } from '../db/schema.js';

/** Runs a list query as {list,total,pageNum,pageSize}; pageHelper=0 returns every row. */
export async function paged<T, TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  page: { pageNum: number; pageSize: number; pageHelper?: number | undefined },
): Promise<Page<T>> {
  const { total } = (await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as { total: number };
  const all = page.pageHelper === 0;
  const rows = await (all
    ? query
    : query.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize)
  ).execute();
  return {
    list: rows as unknown as T[],
    total: Number(total),
    pageNum: all ? 1 : page.pageNum,
    pageSize: all ? Number(total) : page.pageSize,
  };
}
