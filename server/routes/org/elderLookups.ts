import { sql } from 'kysely';
import {
  elderCarersAnswer,
  nursingWorkersAnswer,
  oldmanQuery,
  profileChangesAnswer,
  profileChangesQuery,
} from '../../../domain/api/lookups.js';
import { Code } from '../../../domain/codes.js';
import { CareBasePaths } from '../../../domain/resources/careBase.js';
import { LiveAuthority, PROFILE } from '../../../domain/resources/oldman.js';
import { readDeptIds } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';

/** Unpaged lists as the engine answers them with pageHelper=0. */
export const whole = <T>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: list.length });

/** Spec 001 §7 "Elder profiles": the carers of an elder and the profile changes terminals refresh from. */
export function elderLookupRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: CareBasePaths.nursingWorkers,
      auth: 'session',
      summary: '护理员选项',
      query: oldmanQuery.partial(),
      response: nursingWorkersAnswer,
      async handler({ db, user, query }) {
        // Spec 000 §3 "nursing worker nursingId/realName": the organisation's active staff; with an
        // elder, those of the elder's department first.
        let elderDept: number | null = null;
        if (query.oldmanId) {
          const elder = await db
            .selectFrom('oldman')
            .select('deptId')
            .where('oldmanId', '=', query.oldmanId)
            .where('orgId', '=', user.orgId)
            .executeTakeFirst();
          if (!elder) throw new ApiFailure(Code.notFound, '长者不存在');
          elderDept = elder.deptId;
        }
        const list = await db
          .selectFrom('emp')
          .select(['empId as nursingId', 'empName as realName', 'phoneNum', 'deptId', 'sex'])
          .where('orgId', '=', user.orgId)
          .where('status', '=', 0)
          .orderBy('empId')
          .execute();
        if (elderDept !== null)
          list.sort((a, b) => Number(b.deptId === elderDept) - Number(a.deptId === elderDept));
        return whole(list);
      },
    }),
    route({
      method: 'GET',
      url: CareBasePaths.nursingByOldman,
      auth: LiveAuthority.archives,
      summary: '长者的护理员',
      query: oldmanQuery,
      response: elderCarersAnswer,
      async handler({ db, user, query, requireDept }) {
        const elder = await db
          .selectFrom('oldman')
          .select(['deptId', 'oldmanName'])
          .where('oldmanId', '=', query.oldmanId)
          .where('orgId', '=', user.orgId)
          .executeTakeFirst();
        if (!elder) throw new ApiFailure(Code.notFound, '长者不存在');
        requireDept(elder.deptId);
        const { rows } = await sql`select n.id, n.oldmanId, n.nursingId, e.empName as realName, e.phoneNum,
            n.isMain, n.startDate, n.remark
          from oldmanNursing n join emp e on e.empId = n.nursingId
          where n.orgId = ${user.orgId} and n.oldmanId = ${query.oldmanId}
          order by n.isMain desc, n.id`.execute(db);
        return whole(rows);
      },
    }),
    route({
      method: 'GET',
      url: `${PROFILE}/updateOldManCommand`,
      auth: LiveAuthority.archives,
      summary: '长者档案变更',
      query: profileChangesQuery,
      response: profileChangesAnswer,
      async handler({ db, user, query }) {
        // Ours: the profile changes since a time, newest first, for terminals that show elders
        // (bedside units, the nurse host) to refresh what they hold.
        let q = db
          .selectFrom('oldmanModify')
          .innerJoin('oldman', 'oldman.oldmanId', 'oldmanModify.oldmanId')
          .select([
            'oldmanModify.modifyId',
            'oldmanModify.oldmanId',
            'oldman.oldmanName',
            'oldman.bedId',
            'oldmanModify.section',
            'oldmanModify.userName',
            'oldmanModify.createTime',
          ])
          .where('oldman.orgId', '=', user.orgId)
          .where('oldman.deptId', 'in', readDeptIds(user));
        if (query.oldmanId) q = q.where('oldmanModify.oldmanId', '=', query.oldmanId);
        if (query.since) q = q.where('oldmanModify.createTime', '>=', query.since);
        return whole(await q.orderBy('oldmanModify.modifyId', 'desc').limit(500).execute());
      },
    }),
  ];
}
