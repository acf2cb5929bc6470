import { IotPaths as P } from '../../../domain/api/iot.js';
import { Code } from '../../../domain/codes.js';
import type { ConfigEntries } from '../../../domain/configEntries.js';
import {
  aliVmsConfigAnswer,
  aliVmsConfigInput,
  bedDeviceChoicesAnswer,
  bedDeviceChoicesQuery,
  bedDevicesInput,
  bedsAnswer,
  bedsQuery,
  SECRET_MASK,
  voiceScenes,
  voiceScenesAnswer,
} from '../../../domain/iot.js';
import { Authority } from '../../../domain/menus.js';
import { readConfig, writeConfig } from '../../../server/config.js';
import type { Db } from '../../../server/db/index.js';
import { heldDeptIds } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery, noResult } from '../../../server/http/schemas.js';

type Vms = ConfigEntries['aliVmsConfig'];
const masked = (c: Vms): Vms => ({ ...c, accessKeySecret: c.accessKeySecret ? SECRET_MASK : '' });

/** The devices of one kind bound to beds of these rooms. */
async function boundDevices(db: Db, orgId: number, bedIds: number[]) {
  if (bedIds.length === 0) return [];
  return db
    .selectFrom('device')
    .select(['deviceId', 'deviceCode', 'deviceName', 'kind', 'bedId', 'online'])
    .where('orgId', '=', orgId)
    .where('bedId', 'in', bedIds)
    .where('kind', 'in', ['mattress', 'callButton'])
    .execute();
}

/**
 * Beds and their devices (spec 000 §7 "Mattress, calls and alarms": organization/bed), and the voice
 * notification of alarms (aliVmsConfig). Binding a mattress or a call button to a bed makes its
 * alarms and calls name that bed and the elder in it.
 */
export function iotBedRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.beds,
      auth: `${Authority.iotMonitor}|${Authority.iotAlarmRules}|${Authority.iotCallSetting}|${Authority.iotBedDevices}`,
      summary: '床位与设备',
      query: bedsQuery,
      response: bedsAnswer,
      async handler({ db, user, query }) {
        let q = db
          .selectFrom('bed')
          .innerJoin('room', 'room.roomId', 'bed.roomId')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .innerJoin('building', 'building.buildingId', 'floor.buildingId')
          .leftJoin('oldman', 'oldman.bedId', 'bed.bedId')
          .select([
            'bed.bedId',
            'bed.bedName',
            'bed.bedStatus',
            'room.roomId',
            'room.roomName',
            'floor.floorNo',
            'floor.floorName',
            'building.buildingId',
            'building.buildingName',
            'oldman.oldmanId',
            'oldman.oldmanName',
          ])
          .where('building.orgId', '=', user.orgId)
          .where('room.deptId', 'in', heldDeptIds(user));
        if (query.buildingId !== undefined) q = q.where('building.buildingId', '=', query.buildingId);
        if (query.floorNo !== undefined) q = q.where('floor.floorNo', '=', query.floorNo);
        if (query.keyword)
          q = q.where((eb) =>
            eb.or([
              eb('room.roomName', 'like', `%${query.keyword}%`),
              eb('oldman.oldmanName', 'like', `%${query.keyword}%`),
            ]),
          );
        const beds = await q
          .orderBy('building.buildingId')
          .orderBy('floor.floorNo')
          .orderBy('bed.bedId')
          .execute();
        const devices = await boundDevices(
          db,
          user.orgId,
          beds.map((b) => b.bedId),
        );
        const of = (bedId: number, kind: string) => {
          const d = devices.find((x) => x.bedId === bedId && x.kind === kind);
          return d
            ? { deviceId: d.deviceId, deviceCode: d.deviceCode, deviceName: d.deviceName, online: d.online }
            : null;
        };
        return beds.map((b) => ({
          ...b,
          mattress: of(b.bedId, 'mattress'),
          callButton: of(b.bedId, 'callButton'),
        }));
      },
    }),
    route({
      method: 'GET',
      url: P.bedDevices,
      auth: `${Authority.iotBedDevices}|${Authority.iotAlarmRulesEdit}`,
      summary: '可绑定床位的设备',
      query: bedDeviceChoicesQuery,
      response: bedDeviceChoicesAnswer,
      // The organisation's mattresses or call buttons and the bed each is on (null: free), to choose from.
      handler: ({ db, user, query }) =>
        db
          .selectFrom('device')
          .leftJoin('bed', 'bed.bedId', 'device.bedId')
          .leftJoin('room', 'room.roomId', 'bed.roomId')
          .select([
            'device.deviceId',
            'device.deviceCode',
            'device.deviceName',
            'device.online',
            'device.bedId',
            'bed.bedName',
            'room.roomName',
          ])
          .where('device.orgId', '=', user.orgId)
          .where('device.kind', '=', query.kind)
          .orderBy('device.deviceCode')
          .execute(),
    }),
    route({
      method: 'PUT',
      url: P.bed,
      auth: Authority.iotAlarmRulesEdit,
      params: idsOf('bedId'),
      body: bedDevicesInput,
      response: noResult,
      log: { type: 'UPDATE', name: '绑定床位设备' },
      async handler({ db, user, params, body, services, afterCommit, describe, requireDept }) {
        const bed = await db
          .selectFrom('bed')
          .innerJoin('room', 'room.roomId', 'bed.roomId')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .innerJoin('building', 'building.buildingId', 'floor.buildingId')
          .leftJoin('oldman', 'oldman.bedId', 'bed.bedId')
          .select(['bed.bedId', 'bed.bedName', 'room.roomName', 'room.deptId', 'oldman.oldmanId'])
          .where('bed.bedId', '=', params.bedId)
          .where('building.orgId', '=', user.orgId)
          .executeTakeFirst();
        if (!bed) throw new ApiFailure(Code.notFound, '床位不存在');
        requireDept(bed.deptId);
        for (const [kind, deviceId, label] of [
          ['mattress', body.mattressDeviceId, '床垫'],
          ['callButton', body.callDeviceId, '呼叫按钮'],
        ] as const) {
          if (deviceId !== null) {
            const device = await db
              .selectFrom('device')
              .select(['deviceId', 'kind'])
              .where('orgId', '=', user.orgId)
              .where('deviceId', '=', deviceId)
              .executeTakeFirst();
            if (!device) throw new ApiFailure(Code.notFound, `${label}设备不存在`);
            if (device.kind !== kind) throw new ApiFailure(Code.invalidInput, `该设备不是${label}`);
          }
          // One device of a kind per bed, one bed per device: unbind what was there, then bind (a device
          // on another bed moves here).
          await db
            .updateTable('device')
            .set({ bedId: null, oldmanId: null })
            .where('orgId', '=', user.orgId)
            .where('kind', '=', kind)
            .where('bedId', '=', bed.bedId)
            .execute();
          if (deviceId !== null)
            await db
              .updateTable('device')
              .set({ bedId: bed.bedId, oldmanId: bed.oldmanId, deptId: bed.deptId })
              .where('deviceId', '=', deviceId)
              .execute();
        }
        describe(`绑定床位设备：${bed.roomName} ${bed.bedName}`);
        afterCommit(() => services.rules.reload());
        return null;
      },
    }),
    route({
      method: 'GET',
      url: P.aliVms,
      auth: Authority.iotAlarmSetting,
      summary: '语音通知配置',
      query: noQuery,
      response: aliVmsConfigAnswer,
      handler: async ({ db, user }) => masked(await readConfig(db, user.orgId, 'aliVmsConfig')),
    }),
    route({
      method: 'PUT',
      url: P.aliVms,
      auth: Authority.iotAlarmSetting,
      body: aliVmsConfigInput,
      response: noResult,
      log: { type: 'UPDATE', name: '修改语音通知设置' },
      async handler({ db, user, body }) {
        const stored = await readConfig(db, user.orgId, 'aliVmsConfig');
        const accessKeySecret =
          body.accessKeySecret === SECRET_MASK ? stored.accessKeySecret : body.accessKeySecret;
        if (body.status === 1 && !accessKeySecret)
          throw new ApiFailure(Code.invalidInput, '开启语音通知需填写 AccessKey Secret');
        await writeConfig(db, user.orgId, 'aliVmsConfig', { ...body, accessKeySecret });
        return null;
      },
    }),
    route({
      method: 'GET',
      url: P.aliVmsScenes,
      auth: Authority.iotAlarmSetting,
      summary: '语音通知场景',
      query: noQuery,
      response: voiceScenesAnswer,
      handler: async () => voiceScenes,
    }),
  ];
}
