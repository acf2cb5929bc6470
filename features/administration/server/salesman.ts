import { sql } from 'kysely';
import { AdminAuthority as A } from '../../../domain/api/administration.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { ConsultStatus } from '../../live/module.js';
import {
  SalesmanPaths as P,
  type SalesmanAnswer,
  type SalesmanRow,
  salesmanAnswer,
  salesmanQuery,
} from '../api/salesman.js';

/** An elder who has moved in at some time: living, on trial, or left since. */
const MOVED_IN = [LiveStatus.living, LiveStatus.trial, LiveStatus.quit];

type Counted = Omit<SalesmanRow, 'interviewerName' | 'phone'> & {
  interviewerName: string | null;
  phone: string | null;
};

export function salesmanRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.performance,
      auth: A.salesman,
      summary: '营销人员业绩',
      query: salesmanQuery,
      response: salesmanAnswer,
      async handler(ctx): Promise<SalesmanAnswer> {
        const { fromDate, toDate } = ctx.query;
        const orgId = ctx.user.orgId;
        // every 接待人员 of the organisation (none received: zeros), and a row for consultations
        // received by nobody named; counts only in the departments the user reads
        const { rows } =
          await sql<Counted>`select i.id as interviewerId, i.interviewerName as interviewerName,
            i.phone as phone, coalesce(c.consults, 0) as consults, coalesce(c.following, 0) as following,
            coalesce(c.archived, 0) as archived, coalesce(c.dropped, 0) as dropped,
            coalesce(c.movedIn, 0) as movedIn
          from interviewer i left join (${counted(orgId, fromDate, toDate, ctx.user)}) c on c.interviewerId = i.id
          where i.orgId = ${orgId}
          union all
          select null, null, null, c.consults, c.following, c.archived, c.dropped, c.movedIn
          from (${counted(orgId, fromDate, toDate, ctx.user)}) c where c.interviewerId is null
          order by 4 desc, 1`.execute(ctx.db);
        return {
          fromDate,
          toDate,
          list: rows.map((r) => ({
            interviewerId: r.interviewerId === null ? null : Number(r.interviewerId),
            interviewerName: r.interviewerName ?? '未指定接待人员',
            phone: r.phone,
            consults: Number(r.consults),
            following: Number(r.following),
            archived: Number(r.archived),
            dropped: Number(r.dropped),
            movedIn: Number(r.movedIn),
          })),
        };
      },
    }),
  ];
}

/** Per interviewerId (null included), the period's consultations of the read departments. */
function counted(orgId: number, fromDate: string, toDate: string, user: Parameters<typeof inReadDepts>[1]) {
  return sql`select c.interviewerId as interviewerId, count(*) as consults,
      sum(case when c.consultStatus = ${ConsultStatus.following} then 1 else 0 end) as following,
      sum(case when c.consultStatus = ${ConsultStatus.archived} then 1 else 0 end) as archived,
      sum(case when c.consultStatus = ${ConsultStatus.dropped} then 1 else 0 end) as dropped,
      sum(case when c.consultStatus = ${ConsultStatus.archived} and o.oldmanStatus in (${sql.join(MOVED_IN)})
        then 1 else 0 end) as movedIn
    from consultation c left join oldman o on o.oldmanId = c.linkedOldmanId
    where c.orgId = ${orgId} and c.consultDate >= ${fromDate} and c.consultDate <= ${toDate}
      and ${inReadDepts('c.deptId', user)}
    group by c.interviewerId`;
}
