import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { LiveAuthority as A } from '../../../domain/resources/oldman.js';
import {
  BedStatus,
  bedStatusSchema,
  defaultLegend,
  legendQuery,
  legendSaveSchema,
  type MapTypeCode,
  mapTypeParam,
  ResidencePaths as P,
} from '../../../domain/resources/residence.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, idsOf, noBody, noQuery } from '../../../server/http/schemas.js';
import { bedStatusSet, type LegendItem, legend, legendCheck, legendRemoved } from '../api/residence.js';
import { VIEW } from './bedMap.js';
import { loadBed } from './beds.js';

/** The built-in legend of a type with the organisation's own entries in place of its defaults. */
async function legendOf(db: Db, orgId: number, type: MapTypeCode): Promise<LegendItem[]> {
  const saved = await db
    .selectFrom('roomMapConfig')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('type', '=', type)
    .execute();
  const byStatus = new Map(saved.map((s) => [s.statusId, s]));
  return defaultLegend[type]
    .map((d) => {
      const s = byStatus.get(d.statusId);
      return s
        ? { id: s.id, type, statusId: s.statusId, statusName: s.statusName, color: s.color, sort: s.sort }
        : { id: null, type, ...d };
    })
    .sort((x, y) => x.sort - y.sort);
}

/** The map's legends (roomMapConfig) and the beds set free or out of service by hand. */
export const legendRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: P.mapConfig,
    auth: VIEW,
    summary: '床位图图例',
    query: legendQuery,
    response: legend,
    async handler(ctx) {
      const type = ctx.query.type as MapTypeCode | undefined;
      const types: MapTypeCode[] = type === undefined ? [1, 2] : [type];
      return (await Promise.all(types.map((t) => legendOf(ctx.db, ctx.user.orgId, t)))).flat();
    },
  }),
  route({
    method: 'GET',
    url: P.mapConfigCheck,
    auth: VIEW,
    summary: '图例是否已配置',
    params: mapTypeParam,
    query: noQuery,
    response: legendCheck,
    async handler(ctx) {
      const type = ctx.params.type as MapTypeCode;
      const items = await legendOf(ctx.db, ctx.user.orgId, type);
      const custom = items.filter((l) => l.id !== null).length;
      return { type, configured: custom > 0, custom, total: items.length };
    },
  }),
  route({
    method: 'PUT',
    url: P.mapConfig,
    auth: A.bedInfo,
    log: { type: 'UPDATE', name: '修改房态图图例' },
    body: legendSaveSchema,
    response: legend,
    async handler(ctx) {
      const type = ctx.body.type as MapTypeCode;
      const known = new Set(defaultLegend[type].map((d) => d.statusId));
      for (const item of ctx.body.items) {
        if (!known.has(item.statusId)) throw new ApiFailure(Code.invalidInput, '图例状态无效');
        await ctx.db
          .insertInto('roomMapConfig')
          .values({ orgId: ctx.user.orgId, type, ...item, updateTime: nowStamp() })
          .onConflict((oc) =>
            oc.columns(['orgId', 'type', 'statusId']).doUpdateSet({
              statusName: item.statusName,
              color: item.color,
              sort: item.sort,
              updateTime: nowStamp(),
            }),
          )
          .execute();
      }
      return legendOf(ctx.db, ctx.user.orgId, type);
    },
  }),
  route({
    method: 'DELETE',
    url: P.mapConfigOne,
    auth: A.bedInfo,
    log: { type: 'DELETE', name: '删除房态图图例' },
    params: idParams,
    response: legendRemoved,
    async handler(ctx) {
      const { id } = ctx.params;
      const gone = await ctx.db
        .deleteFrom('roomMapConfig')
        .where('id', '=', id)
        .where('orgId', '=', ctx.user.orgId)
        .executeTakeFirst();
      if (!Number(gone.numDeletedRows)) throw new ApiFailure(Code.notFound, '图例不存在');
      return { id };
    },
  }),
  route({
    method: 'POST',
    url: P.legendReset,
    auth: A.bedInfo,
    log: { type: 'UPDATE', name: '恢复默认图例' },
    params: mapTypeParam,
    body: noBody,
    response: legend,
    async handler(ctx) {
      const type = ctx.params.type as MapTypeCode;
      await ctx.db
        .deleteFrom('roomMapConfig')
        .where('orgId', '=', ctx.user.orgId)
        .where('type', '=', type)
        .execute();
      return legendOf(ctx.db, ctx.user.orgId, type);
    },
  }),
  route({
    method: 'PUT',
    url: P.bedStatus,
    auth: A.bedInfo,
    log: { type: 'UPDATE', name: '设置床位状态' },
    params: idsOf('statusId'),
    body: bedStatusSchema,
    response: bedStatusSet,
    async handler(ctx) {
      const { statusId } = ctx.params;
      if (statusId !== BedStatus.free && statusId !== BedStatus.maintenance)
        throw new ApiFailure(Code.invalidInput, '只能手动设为空闲或维修停用');
      const bedIds = [...new Set(ctx.body.bedIds)];
      const names: string[] = [];
      for (const bedId of bedIds) {
        const bed = await loadBed(ctx, bedId);
        const holder = await ctx.db
          .selectFrom('oldman')
          .select('oldmanName')
          .where('bedId', '=', bedId)
          .executeTakeFirst();
        if (holder)
          throw new ApiFailure(Code.conflict, `${bed.path}已有长者${holder.oldmanName}，不能修改床位状态`);
        await ctx.db.updateTable('bed').set({ bedStatus: statusId }).where('bedId', '=', bedId).execute();
        names.push(bed.path);
      }
      ctx.describe(`设置床位${statusId === BedStatus.free ? '空闲' : '维修停用'}：${names.join('、')}`);
      return { bedIds, bedStatus: statusId };
    },
  }),
];
