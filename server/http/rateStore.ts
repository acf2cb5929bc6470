import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Rows of windows that ended this long ago are deleted (now and then, by the request that finds them). */
const KEEP_MS = 60 * 60_000;
const PRUNE_EVERY = 500;

/**
 * @fastify/rate-limit's store in the database, so that several server nodes count one address's
 * requests together (issue #21: "rate limits live in the database"). One row per route and address:
 * its window's start and its count, moved on in one upsert. A database that does not answer lets the
 * request through (logged by the caller), as a limit is no reason to refuse a sign-in.
 */
export function databaseRateStore(db: Db, now: () => number = Date.now) {
  let requests = 0;
  return class DatabaseRateStore implements FastifyRateLimitStore {
    /** The route counted (its method and path); the plugin's own options at the top. */
    private readonly scope: string;

    constructor(options?: unknown) {
      // A route's options carry it as routeInfo (the plugin's typings name them RouteOptions).
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } } | undefined)
        ?.routeInfo;
      this.scope = `${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}`;
    }

    child(routeOptions: unknown) {
      return new DatabaseRateStore(routeOptions);
    }

    private bucket(key: string) {
      return `${this.scope} ${key}`;
    }

    incr(key: string, answer: Answer, timeWindow: number) {
      const at = now();
      const ended = sql<boolean>`${sql.ref('rateLimitHit.windowStart')} + ${timeWindow} <= ${at}`;
      db.insertInto('rateLimitHit')
        .values({ bucket: this.bucket(key), windowStart: at, hits: 1 })
        .onConflict((oc) =>
          oc.column('bucket').doUpdateSet({
            hits: sql`case when ${ended} then 1 else ${sql.ref('rateLimitHit.hits')} + 1 end`,
            windowStart: sql`case when ${ended} then ${at} else ${sql.ref('rateLimitHit.windowStart')} end`,
          }),
        )
        .returning(['hits', 'windowStart'])
        .executeTakeFirstOrThrow()
        .then(
          (row) => answer(null, { current: row.hits, ttl: Math.max(0, row.windowStart + timeWindow - at) }),
          (error: Error) => answer(error),
        );
      if (++requests % PRUNE_EVERY === 0)
        void db
          .deleteFrom('rateLimitHit')
          .where('windowStart', '<', at - KEEP_MS)
          .execute()
          .catch(() => undefined);
    }

    read(key: string, answer: Answer, timeWindow: number) {
      const at = now();
      db.selectFrom('rateLimitHit')
        .select(['hits', 'windowStart'])
        .where('bucket', '=', this.bucket(key))
        .executeTakeFirst()
        .then(
          (row) =>
            answer(
              null,
              !row || row.windowStart + timeWindow <= at
                ? { current: 0, ttl: 0 }
                : { current: row.hits, ttl: row.windowStart + timeWindow - at },
            ),
          (error: Error) => answer(error),
        );
    }
  };
}
