import type { DeviceKind, MarkerState } from '../../../domain/devices.js';
import { deviceKindName, LOW_BATTERY_PERCENT } from '../../../domain/devices.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { heldDeptIds } from '../../../server/http/deptScope.js';
import type { RulesEngine } from '../../../server/rules/engine.js';
import { outElders } from '../../live/server/outingPresence.js';

async function openAlarmDevices(db: Db, orgId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('alarmRecord')
    .select('deviceId')
    .distinct()
    .where('orgId', '=', orgId)
    .where('status', '=', 0)
    .execute();
  return new Set(rows.flatMap((r) => (r.deviceId === null ? [] : [r.deviceId])));
}

/**
 * Live state of the devices of some kinds a user may see (features/iot/api/positioning.ts liveDevice):
 * database rows completed by the rules engine's memory.
 */
export async function liveDevices(db: Db, rules: RulesEngine, user: SessionUser, kinds: DeviceKind[]) {
  const rows = await db
    .selectFrom('device')
    .leftJoin('oldman', 'oldman.oldmanId', 'device.oldmanId')
    .leftJoin('bed', 'bed.bedId', 'device.bedId')
    .leftJoin('room', 'room.roomId', 'bed.roomId')
    .select([
      'device.deviceId',
      'device.deviceCode',
      'device.deviceName',
      'device.kind',
      'device.model',
      'device.deptId',
      'device.opened',
      'device.oldmanId',
      'oldman.oldmanName',
      'device.bedId',
      'bed.bedName',
      'room.roomName',
      'device.online',
      'device.lastSeen',
      'device.battery',
      'device.buildingId',
      'device.floorNo',
      'device.lng',
      'device.lat',
    ])
    .where('device.orgId', '=', user.orgId)
    .where('device.kind', 'in', kinds)
    .where('device.deptId', 'in', heldDeptIds(user))
    .orderBy('device.deviceId')
    .execute();
  const alarmed = await openAlarmDevices(db, user.orgId);
  const out = await outElders(db);
  return rows.map((r) => {
    const live = rules.state.get(r.deviceId);
    const position = live?.position;
    const online = live ? live.online : r.online === 1;
    const battery = live?.battery ?? r.battery;
    const state: MarkerState = alarmed.has(r.deviceId)
      ? 'alarm'
      : !online
        ? 'offline'
        : battery !== null && battery <= LOW_BATTERY_PERCENT
          ? 'lowBattery'
          : 'online';
    return {
      ...r,
      kindName: deviceKindName[r.kind as DeviceKind] ?? r.kind,
      online: online ? 1 : 0,
      lastSeen: live?.lastSeen || r.lastSeen,
      battery,
      buildingId: position?.buildingId ?? r.buildingId,
      floorNo: position?.floorNo ?? r.floorNo,
      lng: position?.lng ?? r.lng,
      lat: position?.lat ?? r.lat,
      vitals: live?.vitals ?? null,
      state,
      /** 1 while the elder is out of the home (an affirmed outing not yet back): cards show 外出中. */
      outing: r.oldmanId !== null && out.has(r.oldmanId) ? 1 : 0,
    };
  });
}
