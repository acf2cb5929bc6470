import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { HOME_CARER_JOB_TYPES } from '../../../domain/statuses/homecare.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';

export interface Carer {
  nursingId: number;
  realName: string;
  phoneNum: string;
  deptId: number;
}

/**
 * Staff of the organisation, active, and — when only carers are asked for — holding a post whose
 * job type serves home-care orders (HOME_CARER_JOB_TYPES; emp.jobIds is a comma-separated list).
 */
export async function staffOf(db: Db, orgId: number, onlyCarers: boolean, empId?: number) {
  const carerPost = sql`exists (select 1 from job j where j.orgId = e.orgId
    and j.jobTypeCode in (${sql.join([...HOME_CARER_JOB_TYPES])})
    and (',' || e.jobIds || ',') like ('%,' || j.jobId || ',%'))`;
  const { rows } = await sql<Carer>`select e.empId as nursingId, e.empName as realName, e.phoneNum, e.deptId
    from emp e where e.orgId = ${orgId} and e.status = 0
    ${onlyCarers ? sql`and ${carerPost}` : sql``}
    ${empId === undefined ? sql`` : sql`and e.empId = ${empId}`}
    order by e.empId`.execute(db);
  return rows;
}

/** The carer an order is given to (派单), or a refusal naming who is not one. */
export async function dispatchableCarer(db: Db, orgId: number, empId: number): Promise<Carer> {
  const [carer] = await staffOf(db, orgId, true, empId);
  if (carer) return carer;
  const [staff] = await staffOf(db, orgId, false, empId);
  if (!staff) throw new ApiFailure(Code.invalidInput, '服务人员不存在');
  throw new ApiFailure(Code.notHomeCarer, `${staff.realName}不是居家服务人员（护理员或护理组长），不能派单`);
}
