import { z } from 'zod';
import {
  DashboardAuthority as A,
  averageAnswer,
  bedRoom,
  bedStatistics,
  birthCalendar,
  dashboardConfig,
  dashboardPanel,
  easyPart,
  easyPartBuildings,
  easyPartQuery,
  indexCount,
  liveCounts,
  oldmanCount,
  DashboardPaths as P,
  panelChart,
  roomStatistics,
  showSet,
  waitHandleCount,
} from '../../domain/api/dashboard.js';
import { Code } from '../../domain/codes.js';
import { ApiFailure } from '../http/failure.js';
import { type AnyRoute, route } from '../http/route.js';
import { idParams, idsOf, noQuery } from '../http/schemas.js';
import {
  average,
  bedCounts,
  birthdays,
  indexCount as countAll,
  elderCount,
  liveCountList,
  waitHandle,
} from './dashboard/figures.js';
import { panelChart as chartOf } from './dashboard/panels.js';
import { bedRoomOf, buildingParts, floorParts, roomCounts } from './dashboard/places.js';
import { type Reader, readerOf } from './dashboard/scope.js';
import { readShowSet, writeShowSet } from './dashboard/store.js';
import type { ServerModule } from './types.js';

/** How often the dashboard re-reads everything without a push (docs/decisions.md "Dashboard"). */
const REFRESH_SECONDS = 300;
const SCREEN_TITLE = '智慧养老数据看板';

/** A read of the dashboard: the view authority, no query, an answer of the given shape. */
const read = (url: string, response: z.ZodType, figure: (r: Reader) => Promise<unknown>) =>
  route({
    method: 'GET',
    url,
    auth: A.view,
    query: noQuery,
    response,
    handler: (ctx) => figure(readerOf(ctx)),
  });

const dashboardRoutes = (): AnyRoute[] => [
  read(P.count, indexCount, countAll),
  read(P.waitHandleCount, waitHandleCount, waitHandle),
  read(P.average, averageAnswer, average),
  read(P.liveCounts, liveCounts, liveCountList),
  read(P.oldmanCount, oldmanCount, elderCount),
  read(P.easyPartBuildings, easyPartBuildings, buildingParts),
  read(P.bedStatistics, bedStatistics, bedCounts),
  read(P.roomStatistics, roomStatistics, roomCounts),
  route({
    method: 'GET',
    url: P.birthCalendar,
    auth: A.view,
    params: idsOf('orgId'),
    query: noQuery,
    response: birthCalendar,
    async handler(ctx) {
      // Another organisation's elders are not this user's to see.
      if (ctx.params.orgId !== ctx.user.orgId)
        throw new ApiFailure(Code.noAuthority, '无权查看其他机构的数据');
      return birthdays(readerOf(ctx));
    },
  }),
  route({
    method: 'GET',
    url: P.easyPart,
    auth: A.view,
    query: easyPartQuery,
    response: easyPart,
    handler: (ctx) => floorParts(readerOf(ctx), ctx.query.buildingId),
  }),
  route({
    method: 'GET',
    url: P.bedRoom,
    auth: A.view,
    params: idParams,
    query: noQuery,
    response: bedRoom,
    async handler(ctx) {
      const found = await bedRoomOf(readerOf(ctx), ctx.params.id);
      if (!found) throw new ApiFailure(Code.notFound, '床位不存在');
      ctx.requireDept(found.deptId);
      const { deptId: _dept, ...bed } = found;
      return bed;
    },
  }),
  route({
    method: 'GET',
    url: P.systemConfig,
    auth: A.view,
    query: noQuery,
    response: dashboardConfig,
    async handler(ctx) {
      const org = await ctx.db
        .selectFrom('org')
        .select('orgName')
        .where('orgId', '=', ctx.user.orgId)
        .executeTakeFirst();
      return {
        orgId: ctx.user.orgId,
        orgName: org?.orgName ?? '',
        title: SCREEN_TITLE,
        refreshSeconds: REFRESH_SECONDS,
      };
    },
  }),
  // show/set before show/:panel: Fastify prefers the static segment anyway; kept in this order for readers.
  route({
    method: 'GET',
    url: P.showSet,
    auth: `${A.view}|${A.setting}`,
    query: noQuery,
    response: showSet,
    handler: (ctx) => readShowSet(ctx.db, ctx.user.userId),
  }),
  route({
    method: 'PUT',
    url: P.showSet,
    auth: A.settingSave,
    log: { type: 'UPDATE', name: '保存看板设置' },
    body: showSet,
    response: showSet,
    async handler(ctx) {
      await writeShowSet(ctx.db, ctx.user.orgId, ctx.user.userId, ctx.body);
      return ctx.body;
    },
  }),
  route({
    method: 'GET',
    url: P.show,
    auth: A.view,
    params: z.object({ panel: dashboardPanel }),
    query: noQuery,
    response: panelChart,
    handler: (ctx) => chartOf(readerOf(ctx), ctx.params.panel),
  }),
];

/** 数据看板 (spec 001 §7 "Dashboard"): headline counts, the nine panels and each user's choice of them. */
export const dashboardServer: ServerModule = { routes: dashboardRoutes };
