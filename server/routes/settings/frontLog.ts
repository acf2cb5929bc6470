import { sql } from 'kysely';
import { ShellPaths } from '../../../domain/api/settingsPaths.js';
import { Code } from '../../../domain/codes.js';
import { frontLogBytes, frontLogInput } from '../../../domain/settings.js';
import { pruneFrontLogsHourly } from '../../db/retention.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { noResult } from '../../http/schemas.js';

/**
 * What the front log takes per minute (issue #20): a signed-in console its error and slow-request
 * reports, the sign-in page (anonymous, counted per address) only a few. Counted from the stored
 * rows, so every node of a cluster counts the same.
 */
export const FrontLogLimits = {
  windowMs: 60_000,
  user: { entries: 60, bytes: 64 * 1024 },
  anonymous: { entries: 12, bytes: 16 * 1024 },
  /** Posts per address per minute, before any database work. */
  postsPerAddress: 120,
} as const;

/** POST /pims/di-pi/frontLog (spec 000 §7 "Startup and config"): the console's silent error log. */
export function frontLogRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: ShellPaths.frontLog,
      auth: 'public',
      summary: '上报前端日志',
      body: frontLogInput,
      response: noResult,
      rateLimit: { max: FrontLogLimits.postsPerAddress, timeWindow: FrontLogLimits.windowMs },
      log: false,
      async handler({ db, user, body, req, services }) {
        const now = services.now();
        const limit = user ? FrontLogLimits.user : FrontLogLimits.anonymous;
        const entries = body.logList;
        const bytes = entries.reduce((n, e) => n + frontLogBytes(e), 0);
        await db.transaction().execute(async (trx) => {
          const since = now - FrontLogLimits.windowMs;
          const sent = await trx
            .selectFrom('frontLog')
            .select([
              (eb) => eb.fn.countAll<number>().as('entries'),
              sql<number>`coalesce(sum(length(cast(type || message || pageUrl || ajaxUrl || parms || datetime as blob))), 0)`.as(
                'bytes',
              ),
            ])
            .where('createdAt', '>', since)
            .where((eb) =>
              user
                ? eb('userId', '=', user.userId)
                : eb.and([eb('userId', 'is', null), eb('ipAddress', '=', req.ip)]),
            )
            .executeTakeFirstOrThrow();
          if (
            Number(sent.entries) + entries.length > limit.entries ||
            Number(sent.bytes) + bytes > limit.bytes
          )
            throw new ApiFailure(Code.tooManyAttempts);
          await trx
            .insertInto('frontLog')
            .values(
              entries.map((e) => ({
                ...e,
                userId: user?.userId ?? null,
                orgId: user?.orgId ?? null,
                ipAddress: req.ip,
                createdAt: now,
              })),
            )
            .execute();
        });
        await pruneFrontLogsHourly(db, now);
        return null;
      },
    }),
  ];
}
