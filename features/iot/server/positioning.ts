import { z } from 'zod';
import { IotPaths as P } from '../../../domain/api/iot.js';
import { Code } from '../../../domain/codes.js';
import { floorPlanGeoJson } from '../../../domain/floorPlan.js';
import { Authority } from '../../../domain/menus.js';
import { readConfig } from '../../../server/config.js';
import type { Db } from '../../../server/db/index.js';
import { heldDeptIds } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery, noResult } from '../../../server/http/schemas.js';
import { paged } from '../../../server/routes/paging.js';
import {
  buildingAnswer,
  deviceOnlineAnswer,
  floorMapAnswer,
  floorQuery,
  liveDevicesAnswer,
  liveDevicesQuery,
  openedAnswer,
  openedInput,
  openedQuery,
  pntConfigAnswer,
  userBuildingAnswer,
  userBuildingInput,
} from '../api/positioning.js';
import { liveDevices } from './liveDevices.js';

async function ownBuilding(db: Db, orgId: number, buildingId: number) {
  const row = await db
    .selectFrom('building')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('buildingId', '=', buildingId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.notFound, '楼栋不存在');
  return row;
}

/** Positioning (spec 000 §7 "Positioning (pnt)"): its configuration, buildings and plans, and the located devices. */
export function iotPositioningRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.pntEnabled,
      auth: 'session',
      summary: '定位是否启用',
      params: idsOf('orgId'),
      query: noQuery,
      response: z.boolean(),
      async handler({ db, user, params }) {
        if (params.orgId !== user.orgId) throw new ApiFailure(Code.noAuthority);
        return (await readConfig(db, user.orgId, 'pntConfig')).isEnable === 1;
      },
    }),
    route({
      method: 'GET',
      url: P.pntConfig,
      auth: 'session',
      summary: '定位配置',
      params: idsOf('orgId'),
      query: noQuery,
      response: pntConfigAnswer,
      async handler({ db, user, params }) {
        if (params.orgId !== user.orgId) throw new ApiFailure(Code.noAuthority);
        return readConfig(db, user.orgId, 'pntConfig');
      },
    }),
    route({
      method: 'GET',
      url: P.buildings,
      // Also the building dropdown of every screen (spec 000 §3 dropdown data sets).
      auth: 'session',
      summary: '楼栋列表',
      // the dropdown asks with pageHelper=0: every building comes anyway
      query: noQuery,
      response: buildingAnswer,
      async handler({ db, user }) {
        const buildings = await db
          .selectFrom('building')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .orderBy('buildingId')
          .execute();
        const floors = await db
          .selectFrom('floor')
          .select(['floorId', 'buildingId', 'floorName', 'floorNo'])
          .where('buildingId', 'in', buildings.length ? buildings.map((b) => b.buildingId) : [-1])
          .orderBy('floorNo')
          .execute();
        return buildings.map((b) => ({ ...b, floors: floors.filter((f) => f.buildingId === b.buildingId) }));
      },
    }),
    route({
      method: 'GET',
      url: P.mapExists,
      auth: Authority.iotPosition,
      summary: '楼栋是否有平面图',
      params: idsOf('buildingId'),
      query: noQuery,
      response: z.boolean(),
      async handler({ db, user, params }) {
        const room = await db
          .selectFrom('room')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .innerJoin('building', 'building.buildingId', 'floor.buildingId')
          .select('room.roomId')
          .where('building.orgId', '=', user.orgId)
          .where('building.buildingId', '=', params.buildingId)
          .where('room.planSlot', 'is not', null)
          .executeTakeFirst();
        return room !== undefined;
      },
    }),
    route({
      method: 'GET',
      url: P.floorMap,
      auth: Authority.iotPosition,
      summary: '楼层平面图',
      query: floorQuery,
      response: floorMapAnswer,
      async handler({ db, user, query }) {
        const building = await ownBuilding(db, user.orgId, query.buildingId);
        const rooms = await db
          .selectFrom('room')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .select(['room.roomId', 'room.roomName', 'room.planSlot'])
          .where('floor.buildingId', '=', building.buildingId)
          .where('floor.floorNo', '=', query.floorNo)
          .execute();
        return floorPlanGeoJson(building, rooms);
      },
    }),
    route({
      method: 'GET',
      url: P.userBuilding,
      auth: Authority.iotPosition,
      summary: '用户默认楼栋',
      query: noQuery,
      response: userBuildingAnswer,
      async handler({ db, user }) {
        const row = await db
          .selectFrom('userBuilding')
          .select('buildingId')
          .where('userId', '=', user.userId)
          .executeTakeFirst();
        return row?.buildingId ?? null;
      },
    }),
    route({
      method: 'POST',
      url: P.userBuilding,
      auth: Authority.iotPosition,
      summary: '设置用户默认楼栋',
      body: userBuildingInput,
      response: noResult,
      log: false,
      async handler({ db, user, body }) {
        await ownBuilding(db, user.orgId, body.buildingId);
        await db
          .insertInto('userBuilding')
          .values({ userId: user.userId, buildingId: body.buildingId })
          .onConflict((oc) => oc.column('userId').doUpdateSet({ buildingId: body.buildingId }))
          .execute();
        return null;
      },
    }),
    route({
      method: 'GET',
      url: P.liveDevices,
      auth: `${Authority.iotPosition}|${Authority.iotFence}`,
      summary: '实时定位设备',
      query: liveDevicesQuery,
      response: liveDevicesAnswer,
      async handler({ db, user, services, query }) {
        const list = await liveDevices(db, services.rules, user, ['watch', 'band']);
        return list.filter(
          (d) =>
            (query.buildingId === undefined || d.buildingId === query.buildingId) &&
            (query.floorNo === undefined || d.floorNo === query.floorNo),
        );
      },
    }),
    route({
      method: 'GET',
      url: P.deviceOnline,
      auth: `${Authority.iotPosition}|${Authority.iotAlarm}|${Authority.iotLocateAlarm}`,
      summary: '设备是否在线',
      params: idsOf('deviceId'),
      query: noQuery,
      response: deviceOnlineAnswer,
      async handler({ db, user, services, params, requireDept }) {
        const row = await db
          .selectFrom('device')
          .select(['deviceId', 'deptId', 'online', 'lastSeen'])
          .where('orgId', '=', user.orgId)
          .where('deviceId', '=', params.deviceId)
          .executeTakeFirst();
        if (!row) throw new ApiFailure(Code.notFound, '设备不存在');
        requireDept(row.deptId);
        const live = services.rules.state.get(row.deviceId);
        return {
          deviceId: row.deviceId,
          online: (live?.online ?? row.online === 1) ? 1 : 0,
          lastSeen: live?.lastSeen ?? row.lastSeen,
        };
      },
    }),
    route({
      method: 'GET',
      url: P.devicesOpened,
      auth: Authority.iotPosition,
      summary: '已开通定位的设备',
      query: openedQuery,
      response: openedAnswer,
      handler({ db, user, query }) {
        return paged(
          db
            .selectFrom('device')
            .leftJoin('oldman', 'oldman.oldmanId', 'device.oldmanId')
            .select([
              'device.deviceId',
              'device.deviceCode',
              'device.deviceName',
              'device.kind',
              'device.opened',
              'oldman.oldmanName',
            ])
            .where('device.orgId', '=', user.orgId)
            .where('device.kind', 'in', ['watch', 'band'])
            .where('device.deptId', 'in', heldDeptIds(user))
            .orderBy('device.deviceId'),
          query,
        );
      },
    }),
    route({
      method: 'PUT',
      url: P.devicesOpened,
      auth: Authority.iotFenceEdit,
      body: openedInput,
      response: noResult,
      log: { type: 'UPDATE', name: '定位开关' },
      async handler({ db, user, body, requireDept, services, afterCommit }) {
        const row = await db
          .selectFrom('device')
          .select(['deptId', 'deviceName'])
          .where('orgId', '=', user.orgId)
          .where('deviceId', '=', body.deviceId)
          .executeTakeFirst();
        if (!row) throw new ApiFailure(Code.notFound, '设备不存在');
        requireDept(row.deptId);
        await db
          .updateTable('device')
          .set({ opened: body.opened })
          .where('deviceId', '=', body.deviceId)
          .execute();
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),
  ];
}
