import { sql } from 'kysely';
import { localDateTime } from '../../../domain/clock.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { ActivityStatus } from '../../../machines/activityMachine.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import {
  ActivityAuthority as A,
  ActivityPaths as P,
  rateOf,
  statisticAnswer,
  statisticQuery,
} from '../api/activities.js';

interface Figures {
  activities: number;
  registered: number;
  signedIn: number;
  signedOut: number;
  /** Registered to activities that have begun: what the attendance rate is measured against. */
  begun: number;
}
const empty = (): Figures => ({ activities: 0, registered: 0, signedIn: 0, signedOut: 0, begun: 0 });
const answer = ({ begun, ...f }: Figures) => ({
  ...f,
  attendanceRate: begun ? rateOf(f.signedIn, begun) : null,
});

/**
 * GET piActivity/statistic: the activities that start in the period (default this year) of the
 * user's departments — registered, signed in and out, attendance (signed in of those registered
 * to activities that have begun) — in all, by type and by month; cancelled ones only counted.
 */
export function statisticRoute(): AnyRoute {
  return route({
    method: 'GET',
    url: P.statistic,
    auth: `${A.statistics}|${A.activity}`,
    summary: '活动统计',
    query: statisticQuery,
    response: statisticAnswer,
    async handler({ db, user, query, services }) {
      const now = localDateTime(services.now());
      const from = query.startTimeStart ?? `${now.slice(0, 4)}-01-01`;
      const to = query.startTimeEnd ?? `${now.slice(0, 4)}-12-31`;
      const rows = await sql<{
        activityType: string;
        startTime: string;
        activityStatus: number;
        registerCount: number;
        signedIn: number;
        signedOut: number;
      }>`select a.activityType, a.startTime, a.activityStatus, a.registerCount,
          (select count(*) from piActivityRegister r where r.activityId = a.activityId and r.signStatus >= 1) as signedIn,
          (select count(*) from piActivityRegister r where r.activityId = a.activityId and r.signStatus = 2) as signedOut
        from piActivity a
        where a.orgId = ${user.orgId} and ${inReadDepts(sql.ref('a.deptId'), user)}
          and a.startTime >= ${from} and a.startTime < ${`${to} 99`}
          ${query.activityType ? sql`and a.activityType = ${query.activityType}` : sql``}
        order by a.startTime`.execute(db);
      const total = empty();
      const byType = new Map<string, Figures>();
      const byMonth = new Map<string, Figures>();
      let cancelled = 0;
      for (const r of rows.rows) {
        if (Number(r.activityStatus) === ActivityStatus.cancelled) {
          cancelled += 1;
          continue;
        }
        const type = String(r.activityType);
        const month = String(r.startTime).slice(0, 7);
        if (!byType.has(type)) byType.set(type, empty());
        if (!byMonth.has(month)) byMonth.set(month, empty());
        for (const f of [total, byType.get(type), byMonth.get(month)] as Figures[]) {
          f.activities += 1;
          f.registered += Number(r.registerCount);
          f.signedIn += Number(r.signedIn);
          f.signedOut += Number(r.signedOut);
          if (String(r.startTime) <= now) f.begun += Number(r.registerCount);
        }
      }
      return {
        ...answer(total),
        cancelled,
        byType: [...byType].map(([activityType, f]) => ({
          activityType,
          typeName: dictLabel('activityType', activityType) || activityType,
          ...answer(f),
        })),
        byMonth: [...byMonth].map(([month, f]) => ({ month, ...answer(f) })),
      };
    },
  });
}
