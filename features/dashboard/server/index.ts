import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, idsOf, noQuery } from '../../../server/http/schemas.js';
import type { ServerModule } from '../../../server/modules/types.js';
import {
  DashboardAuthority as A,
  averageAnswer,
  bedRoom,
  bedStatistics,
  birthCalendar,
  type DashboardPanel,
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
} from '../api.js';
import {
  average,
  bedCounts,
  birthdays,
  indexCount as countAll,
  elderCount,
  liveCountList,
  waitHandle,
} from './figures.js';
import { sendFigure } from './kept.js';
import { panelChart as chartOf } from './panels.js';
import { bedRoomOf, buildingParts, floorParts, roomCounts } from './places.js';
import { type Reader, readerOf } from './scope.js';
import { readShowSet, writeShowSet } from './store.js';

/** How often the dashboard re-reads everything without a push (docs/decisions.md "Dashboard"). */
const REFRESH_SECONDS = 300;
const SCREEN_TITLE = '智慧养老数据看板';

/** A read of the dashboard: the view authority, no query, an answer of the given shape. */
const read = (
  url: string,
  summary: string,
  response: z.ZodType,
  tables: readonly string[],
  figure: (r: Reader) => Promise<unknown>,
) =>
  route({
    method: 'GET',
    url,
    auth: A.view,
    summary,
    query: noQuery,
    response,
    handler: (ctx) => sendFigure(ctx, url, tables, figure),
  });

const ELDERS = ['oldman'];
const PLACES = ['bed', 'room', 'floor', 'building'];
/** The tables each panel adds up (its figures are kept until one of them changes). */
const panelTables: Record<DashboardPanel, readonly string[]> = {
  oldmanNum: ['oldman', 'dept'],
  oldmanStatus: ELDERS,
  oldmanAge: ELDERS,
  oldmanSex: ELDERS,
  nursingLevel: ['oldman', 'careLevel'],
  live: ELDERS,
  quit: ELDERS,
  mattress: ['alarmRecord'],
  execution: ['nursingTask'],
};

const dashboardRoutes = (): AnyRoute[] => [
  read(
    P.count,
    '看板总览数据',
    indexCount,
    ['oldman', 'bed', 'oldmanOut', 'alarmRecord', 'nursingTask'],
    countAll,
  ),
  read(
    P.waitHandleCount,
    '待处理事项数',
    waitHandleCount,
    ['oldman', 'oldmanOut', 'alarmRecord', 'nursingTask', 'bill'],
    waitHandle,
  ),
  read(P.average, '在住长者平均年龄与入住天数', averageAnswer, ELDERS, average),
  read(P.liveCounts, '各入住状态的长者人数', liveCounts, ELDERS, liveCountList),
  read(P.oldmanCount, '长者人数与性别', oldmanCount, ELDERS, elderCount),
  read(P.easyPartBuildings, '各楼栋床位占用', easyPartBuildings, PLACES, buildingParts),
  read(P.bedStatistics, '床位状态统计', bedStatistics, ['bed'], bedCounts),
  read(P.roomStatistics, '房间入住统计', roomStatistics, ['bed', 'room'], roomCounts),
  route({
    method: 'GET',
    url: P.birthCalendar,
    auth: A.view,
    summary: '长者生日日历',
    params: idsOf('orgId'),
    query: noQuery,
    response: birthCalendar,
    async handler(ctx) {
      // Another organisation's elders are not this user's to see.
      if (ctx.params.orgId !== ctx.user.orgId)
        throw new ApiFailure(Code.noAuthority, '无权查看其他机构的数据');
      return sendFigure(ctx, P.birthCalendar, [...ELDERS, ...PLACES], birthdays);
    },
  }),
  route({
    method: 'GET',
    url: P.easyPart,
    auth: A.view,
    summary: '各楼层床位占用',
    query: easyPartQuery,
    response: easyPart,
    handler(ctx) {
      const { buildingId } = ctx.query;
      return sendFigure(ctx, `${P.easyPart}?${buildingId ?? ''}`, PLACES, (r) => floorParts(r, buildingId));
    },
  }),
  route({
    method: 'GET',
    url: P.bedRoom,
    auth: A.view,
    summary: '床位所在房间',
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
    summary: '看板标题与刷新间隔',
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
    summary: '看板显示设置',
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
    summary: '看板图表数据',
    params: z.object({ panel: dashboardPanel }),
    query: noQuery,
    response: panelChart,
    handler(ctx) {
      const { panel } = ctx.params;
      return sendFigure(ctx, `show/${panel}`, panelTables[panel], (r) => chartOf(r, panel));
    },
  }),
];

/** 数据看板 (spec 001 §7 "Dashboard"): headline counts, the nine panels and each user's choice of them. */
export const dashboardServer: ServerModule = { routes: dashboardRoutes };
