import { sql } from 'kysely';
import {
  assessUserParams,
  deletedAnswer,
  dictionaryModelsAnswer,
  executorsAnswer,
  icPointsAnswer,
  LookupPaths,
  modelDictionaryAnswer,
  modelDictionaryQuery,
  shareCodeAnswer,
  shareCodeBody,
  shiftChoicesAnswer,
  specChoicesAnswer,
} from '../../../domain/api/lookups.js';
import { DictionaryPaths } from '../../../domain/api/settingsPaths.js';
import { Code } from '../../../domain/codes.js';
import { ShiftPaths } from '../../../domain/resources/attendanceBase.js';
import { BaseDataAuthority, DICTIONARY_MODELS } from '../../../domain/resources/baseData.js';
import { CareBasePaths } from '../../../domain/resources/careBase.js';
import { PatrolPaths } from '../../../domain/resources/patrolBase.js';
import { WarehousePaths } from '../../../domain/resources/warehouseBase.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery } from '../../../server/http/schemas.js';
import { ROOT_REGION, regionChildren } from '../../../server/regions/data.js';
import { elderLookupRoutes, whole } from '../../../server/routes/org/elderLookups.js';
import { lookupTreeRoutes } from '../../../server/routes/org/lookupTrees.js';

/**
 * Spec 000 §7 "Lookups" of the later modules and spec 001 §7's elder-profile lookups: the base
 * records' CRUD (resource engine) and the unpaged or tree-shaped answers their dropdowns read.
 */
export function lookupExtraRoutes(): AnyRoute[] {
  return [
    ...lookupTreeRoutes(),
    route({
      method: 'GET',
      url: WarehousePaths.specSelect,
      auth: 'session',
      summary: '物品规格选项',
      query: noQuery,
      response: specChoicesAnswer,
      async handler({ db, user }) {
        const { rows } = await sql`select specId, specName from storageSpec where orgId = ${user.orgId}
          order by sort, specId`.execute(db);
        return whole(rows);
      },
    }),
    route({
      method: 'GET',
      url: PatrolPaths.pointIc,
      auth: 'session',
      summary: '已绑IC卡的巡更点',
      query: noQuery,
      response: icPointsAnswer,
      async handler({ db, user }) {
        const { rows } = await sql`select pointPkId, pointName, icCard, buildingId, place from patrolPoint
          where orgId = ${user.orgId} and coalesce(icCard, '') != '' order by sort, pointPkId`.execute(db);
        return whole(rows);
      },
    }),
    route({
      method: 'GET',
      url: PatrolPaths.planExecutor,
      auth: 'session',
      summary: '可选巡更执行人',
      query: noQuery,
      response: executorsAnswer,
      async handler({ db, user }) {
        // Anyone on the staff may walk a round (nurses at night, the security guard by day).
        const list = await db
          .selectFrom('emp')
          .innerJoin('dept', 'dept.deptId', 'emp.deptId')
          .select(['emp.empId as nursingId', 'emp.empName as nursingName', 'emp.phoneNum', 'dept.deptName'])
          .where('emp.orgId', '=', user.orgId)
          .where('emp.status', '=', 0)
          .orderBy('emp.empId')
          .execute();
        return whole(list);
      },
    }),
    route({
      method: 'GET',
      url: ShiftPaths.noPage,
      auth: 'session',
      summary: '启用的班次',
      query: noQuery,
      response: shiftChoicesAnswer,
      async handler({ db, user }) {
        const { rows } = await sql`select shiftPkId, shiftName, workPeriod, startTime, endTime, scheduleMode
          from attendanceShift where orgId = ${user.orgId} and status = 0 order by startTime, shiftPkId`.execute(
          db,
        );
        return whole(rows);
      },
    }),
    route({
      method: 'DELETE',
      url: `${CareBasePaths.assessUser}/:userId`,
      auth: BaseDataAuthority.assessmentEdit,
      params: assessUserParams,
      response: deletedAnswer,
      log: { type: 'DELETE', name: '删除评估员' },
      async handler({ db, user, params, describe }) {
        const gone =
          await sql`delete from assessUser where orgId = ${user.orgId} and userId = ${params.userId}
          returning assessUserId`.execute(db);
        if (!gone.rows.length) throw new ApiFailure(Code.notFound, '评估员不存在');
        describe(`评估员：${params.userId}`);
        return { deleted: gone.rows.length };
      },
    }),
    ...elderLookupRoutes(),
    route({
      method: 'GET',
      url: DictionaryPaths.modelDictionarys,
      auth: 'session',
      summary: '模块字典项',
      query: modelDictionaryQuery,
      response: modelDictionaryAnswer,
      async handler({ db, user, query }) {
        const { rows } =
          await sql`select v.valueId as dictionaryId, v.valueName as dictionaryName, v.valueCode,
            d.dictionaryCode as modelCode
          from dictionaryValue v join dictionary d on d.dictionaryId = v.dictionaryId
          where d.orgId = ${user.orgId} and d.dictionaryCode = ${query.dictionaryCode}
          order by v.sort, v.valueId`.execute(db);
        return rows;
      },
    }),
    route({
      method: 'GET',
      url: DictionaryPaths.dictionaryModels,
      auth: 'session',
      summary: '模块字典',
      query: noQuery,
      response: dictionaryModelsAnswer,
      async handler({ db, user }) {
        const models = await db
          .selectFrom('dictionary')
          .select(['dictionaryId', 'dictionaryCode', 'dictionaryName'])
          .where('orgId', '=', user.orgId)
          .where('dictionaryCode', 'in', [...DICTIONARY_MODELS])
          .orderBy('sort')
          .execute();
        const values = models.length
          ? await db
              .selectFrom('dictionaryValue')
              .select(['valueId', 'dictionaryId', 'valueCode', 'valueName'])
              .where(
                'dictionaryId',
                'in',
                models.map((m) => m.dictionaryId),
              )
              .orderBy('sort')
              .execute()
          : [];
        return models.map((m) => ({ ...m, values: values.filter((v) => v.dictionaryId === m.dictionaryId) }));
      },
    }),
    route({
      method: 'POST',
      url: LookupPaths.shareCode,
      auth: 'session',
      summary: '省市区划（分享码）',
      log: false,
      body: shareCodeBody,
      response: shareCodeAnswer,
      async handler({ body }) {
        // Spec 000 §7: "mocked (provinces and cities, page size 9999)" — served from the vendored
        // division data (server/regions), so it works offline.
        const provinces = regionChildren(ROOT_REGION);
        const all = body.parentCode
          ? regionChildren(body.parentCode)
          : provinces.flatMap((p) => [p, ...regionChildren(p.code)]);
        const list = all
          .slice((body.pageNum - 1) * body.pageSize, body.pageNum * body.pageSize)
          .map(({ code, name, parentCode }) => ({ code, name, parentCode }));
        return { list, total: all.length, pageNum: body.pageNum, pageSize: body.pageSize };
      },
    }),
  ];
}
