import {
  bedQuery,
  bedsAnswer,
  deptsAnswer,
  globalSearchAnswer,
  globalSearchQuery,
  jobsAnswer,
  jobTypesAnswer,
  LookupPaths,
  lookupQuery,
  rolesAnswer,
  roomQuery,
  roomsAnswer,
} from '../../../domain/api/lookups.js';
import { UseStatus } from '../../../domain/resources/orgArchive.js';
import { pageQuery } from '../../../domain/settings.js';
import { readDeptIds } from '../../http/deptScope.js';
import { type AnyRoute, route } from '../../http/route.js';
import { noQuery } from '../../http/schemas.js';
import { paged } from '../paging.js';

/** Spec 000 §7 "Lookups" that the foundation has tables for; every list is the user's organisation only. */
export function lookupRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: LookupPaths.depts,
      auth: 'session',
      summary: '部门',
      query: lookupQuery,
      response: deptsAnswer,
      handler: ({ db, user, query }) =>
        paged(db.selectFrom('dept').selectAll().where('orgId', '=', user.orgId).orderBy('deptId'), {
          ...query,
          pageHelper: query.pageHelper ?? 0,
        }),
    }),
    route({
      method: 'GET',
      url: LookupPaths.rooms,
      auth: 'session',
      summary: '房间',
      query: roomQuery,
      response: roomsAnswer,
      handler({ db, user, query }) {
        let q = db
          .selectFrom('room')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .innerJoin('building', 'building.buildingId', 'floor.buildingId')
          .select([
            'room.roomId',
            'room.roomName',
            'room.roomType',
            'room.floorId',
            'room.deptId',
            'floor.floorName',
            'building.buildingName',
          ])
          .where('building.orgId', '=', user.orgId)
          .where('room.deptId', 'in', readDeptIds(user))
          // retired rooms (机构档案) are not offered
          .where('room.useStatus', '=', UseStatus.inUse);
        if (query.floorId) q = q.where('room.floorId', '=', query.floorId);
        return paged(q.orderBy('room.roomId'), { ...query, pageHelper: query.pageHelper ?? 0 });
      },
    }),
    route({
      method: 'GET',
      url: LookupPaths.beds,
      auth: 'session',
      summary: '床位',
      query: bedQuery,
      response: bedsAnswer,
      handler({ db, user, query }) {
        let q = db
          .selectFrom('bed')
          .innerJoin('room', 'room.roomId', 'bed.roomId')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .innerJoin('building', 'building.buildingId', 'floor.buildingId')
          .select(['bed.bedId', 'bed.bedName', 'bed.bedStatus', 'bed.roomId', 'room.roomName'])
          .where('building.orgId', '=', user.orgId)
          .where('room.deptId', 'in', readDeptIds(user))
          .where('room.useStatus', '=', UseStatus.inUse)
          .where('bed.useStatus', '=', UseStatus.inUse);
        if (query.roomId) q = q.where('bed.roomId', '=', query.roomId);
        return paged(q.orderBy('bed.bedId'), { ...query, pageHelper: query.pageHelper ?? 0 });
      },
    }),
    route({
      method: 'GET',
      url: LookupPaths.jobs,
      auth: 'session',
      summary: '岗位',
      query: lookupQuery,
      response: jobsAnswer,
      handler: ({ db, user, query }) =>
        paged(db.selectFrom('job').selectAll().where('orgId', '=', user.orgId).orderBy('jobId'), {
          ...query,
          pageHelper: query.pageHelper ?? 0,
        }),
    }),
    route({
      method: 'GET',
      url: LookupPaths.jobTypes,
      auth: 'session',
      summary: '岗位类型',
      query: noQuery,
      response: jobTypesAnswer,
      handler: async () =>
        [
          ['DOCTOR', '医生'],
          ['NURSE', '护士'],
          ['deptHead', '科室主任'],
          ['nurseHead', '护士长'],
          ['nurseTeamLeader', '护理组长'],
          ['medicalTeamLeader', '医疗组长'],
          ['other', '其他'],
        ].map(([jobTypeCode, jobTypeName]) => ({ jobTypeCode, jobTypeName })),
    }),
    route({
      method: 'GET',
      url: LookupPaths.roles,
      auth: 'session',
      summary: '角色',
      query: pageQuery,
      response: rolesAnswer,
      handler: ({ db, user, query }) =>
        paged(
          db
            .selectFrom('role')
            .select(['roleId', 'name', 'remark'])
            .where('orgId', '=', user.orgId)
            .orderBy('roleId'),
          query,
        ),
    }),
    route({
      method: 'GET',
      url: LookupPaths.globalSearch,
      auth: 'session',
      summary: '菜单全局搜索',
      query: globalSearchQuery,
      response: globalSearchAnswer,
      async handler({ db, user, query }) {
        const codes = [...user.authority];
        if (!codes.length) return [];
        const rows = await db
          .selectFrom('menu')
          .select(['menuName', 'routePath'])
          .where('isButton', '=', 0)
          .where('routePath', '!=', '')
          .where('code', 'in', codes)
          .where('menuName', 'like', `%${query.keyword}%`)
          .execute();
        return rows.map((r) => ({ type: 'menu' as const, name: r.menuName, routePath: r.routePath }));
      },
    }),
  ];
}
