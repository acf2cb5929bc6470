import { type RawBuilder, sql } from 'kysely';
import { localDay } from '../../../domain/clock.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { inReadDepts } from '../../../server/http/deptScope.js';

/** What every dashboard figure is read with: the database, the user's organisation and reading scope, today. */
export interface Reader {
  db: Db;
  user: SessionUser;
  today: string;
}

export const readerOf = (ctx: { db: Db; user: SessionUser; services: { now(): number } }): Reader => ({
  db: ctx.db,
  user: ctx.user,
  today: localDay(ctx.services.now()),
});

/** `alias.orgId = … and alias.deptId in (…)`: the user's organisation and the departments they read. */
export const scoped = (r: Reader, alias: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${alias}.orgId`)} = ${r.user.orgId} and ${inReadDepts(`${alias}.deptId`, r.user)}`;

/** Elders living in the home: 在住 and 试住. */
export const inResidence = (alias: string) =>
  sql<boolean>`${sql.ref(`${alias}.oldmanStatus`)} in (${sql.lit(LiveStatus.living)}, ${sql.lit(LiveStatus.trial)})`;

/** Whole years from a 'YYYY-MM-DD' birthday column to today. */
export const ageSql = (r: Reader, column: string) =>
  sql<number>`(cast(substr(${r.today}, 1, 4) as integer) - cast(substr(${sql.ref(column)}, 1, 4) as integer)
    - case when substr(${r.today}, 6, 5) < substr(${sql.ref(column)}, 6, 5) then 1 else 0 end)`;

export const rows = async <T>(r: Reader, query: RawBuilder<T>) => (await query.execute(r.db)).rows;
export const one = async <T>(r: Reader, query: RawBuilder<T>) => (await query.execute(r.db)).rows[0] as T;

/** 'YYYY-MM-DD' n days before a day. */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** The last 12 months up to this one, oldest first, as 'YYYY-MM'. */
export function lastMonths(day: string, n = 12): string[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (n - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
