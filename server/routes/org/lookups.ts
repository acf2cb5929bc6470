import { z } from 'zod';
import { UseStatus } from '../../../domain/resources/orgArchive.js';
import { pageQuery } from '../../../domain/settings.js';
import { readDeptIds } from '../../http/deptScope.js';
import { type AnyRoute, route } from '../../http/route.js';
import { paged } from '../paging.js';

const unpaged = pageQuery.extend({ keyword: z.string().max(64).optional() });

/** Spec 000 §7 "Lookups" that the foundation has tables for; every list is the user's organisation only. */
export function lookupRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/ifms/web-org/depts',
      auth: 'session',
      query: unpaged,
      handler: ({ db, user, query }) =>
        paged(db.selectFrom('dept').selectAll().where('orgId', '=', user.orgId).orderBy('deptId'), {
          ...query,
          pageHelper: query.pageHelper ?? 0,
        }),
    }),
    route({
      method: 'GET',
      url: '/ifms/web-org/rooms',
      auth: 'session',
      query: unpaged.extend({ floorId: z.coerce.number().int().optional() }),
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
      url: '/ifms/web-org/beds',
      auth: 'session',
      query: unpaged.extend({ roomId: z.coerce.number().int().optional() }),
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
      url: '/ifms/web-org/job',
      auth: 'session',
      query: unpaged,
      handler: ({ db, user, query }) =>
        paged(db.selectFrom('job').selectAll().where('orgId', '=', user.orgId).orderBy('jobId'), {
          ...query,
          pageHelper: query.pageHelper ?? 0,
        }),
    }),
    route({
      method: 'GET',
      url: '/ifms/web-org/jobType',
      auth: 'session',
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
      url: '/passport/web-rbac/roles',
      auth: 'session',
      query: pageQuery,
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
      url: '/passport/web-org/common/global-search',
      auth: 'session',
      query: z.object({ keyword: z.string().trim().min(1, '请输入搜索内容').max(32) }),
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
        return rows.map((r) => ({ type: 'menu', name: r.menuName, routePath: r.routePath }));
      },
    }),
  ];
}
