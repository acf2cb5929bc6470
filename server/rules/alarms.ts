import type { Selectable } from 'kysely';
import { type AlarmRecord, type AlarmSource, alarmTypeName, severityOf } from '../../domain/alarms.js';
import type { AlarmFields } from '../../machines/alarmMachine.js';
import type { Db } from '../db/index.js';
import type { AlarmRecordTable } from '../db/schema.js';

export type AlarmRow = Selectable<AlarmRecordTable>;
/** A record as sent to consoles, plus the department the server filters it by. */
export type ScopedAlarm = AlarmRecord & { deptId: number };

export const toWire = (row: AlarmRow): ScopedAlarm => ({
  recordId: row.recordId,
  orgId: row.orgId,
  deptId: row.deptId,
  source: row.source as AlarmSource,
  alarmType: row.alarmType,
  alarmTypeName: row.alarmTypeName,
  severity: row.severity,
  // 0: a hand-entered vital sign's alarm, which has no device
  deviceId: row.deviceId ?? 0,
  deviceCode: row.deviceCode,
  deviceName: row.deviceName,
  oldmanId: row.oldmanId,
  oldmanName: row.oldmanName,
  bedId: row.bedId,
  bedName: row.bedName,
  roomName: row.roomName,
  buildingId: row.buildingId,
  floorNo: row.floorNo,
  lng: row.lng,
  lat: row.lat,
  content: row.content,
  status: row.status as AlarmRecord['status'],
  count: row.count,
  firstTime: row.firstTime,
  lastTime: row.lastTime,
  ackBy: row.ackBy,
  ackName: row.ackName,
  ackTime: row.ackTime,
  escalated: row.escalated === 1,
  handlerId: row.handlerId,
  handlerName: row.handlerName,
  handleTime: row.handleTime,
  handleNote: row.handleNote,
  version: row.version,
});

/**
 * Stores the fields the alarm machine gave a record (alarmTransition) with the next version, only if
 * the record is still the version read: undefined when someone changed it in between.
 */
export function storeTransition(db: Db, row: AlarmRow, next: AlarmFields): Promise<AlarmRow | undefined> {
  return db
    .updateTable('alarmRecord')
    .set({
      status: next.status,
      ackBy: next.ackBy,
      ackName: next.ackName,
      ackTime: next.ackTime,
      escalated: next.escalated ? 1 : 0,
      handlerId: next.handlerId,
      handlerName: next.handlerName,
      handleTime: next.handleTime,
      handleNote: next.handleNote,
      version: row.version + 1,
    })
    .where('recordId', '=', row.recordId)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
}

/** What the rules know about a device when it raises an alarm. */
export interface AlarmSubject {
  orgId: number;
  deptId: number;
  /** Null for a hand-entered vital sign: then one open record per elder, source and type. */
  deviceId: number | null;
  deviceCode: string;
  deviceName: string;
  oldmanId: number | null;
  oldmanName: string | null;
  bedId: number | null;
  bedName: string | null;
  roomName: string | null;
  buildingId: number | null;
  floorNo: number | null;
}

export interface Raise {
  source: AlarmSource;
  alarmType: string;
  content: string;
  at: number;
  ruleId?: number | null;
  lng?: number | null;
  lat?: number | null;
  buildingId?: number | null;
  floorNo?: number | null;
  /** Where the device was when it fired (positioning alarms), in place of its elder's room. */
  roomName?: string | null;
}

/**
 * Raises an alarm: one open record per device, source and type. A re-trigger while it is open
 * counts up and moves its last time (and version) instead of adding a row.
 */
export async function raiseAlarm(
  db: Db,
  subject: AlarmSubject,
  raise: Raise,
): Promise<{ record: ScopedAlarm; created: boolean }> {
  return db.transaction().execute(async (trx) => raiseAlarmIn(trx, subject, raise));
}

/** raiseAlarm inside a transaction the caller holds (a route that writes the cause in the same one). */
export async function raiseAlarmIn(
  trx: Db,
  subject: AlarmSubject,
  raise: Raise,
): Promise<{ record: ScopedAlarm; created: boolean }> {
  // Two server nodes may raise the same alarm at once: the open-record unique indexes let one insert
  // win; the other's insert does nothing and it counts up the winner's record on its second round.
  for (let round = 0; ; round++) {
    const open = await trx
      .selectFrom('alarmRecord')
      .select(['recordId'])
      .where((eb) =>
        subject.deviceId === null
          ? eb.and([eb('deviceId', 'is', null), eb('oldmanId', '=', subject.oldmanId)])
          : eb('deviceId', '=', subject.deviceId),
      )
      .where('source', '=', raise.source)
      .where('alarmType', '=', raise.alarmType)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (open) {
      const row = await trx
        .updateTable('alarmRecord')
        .set((eb) => ({
          count: eb('count', '+', 1),
          version: eb('version', '+', 1),
          lastTime: raise.at,
          content: raise.content,
          ...(raise.lng != null ? { lng: raise.lng, lat: raise.lat ?? null } : {}),
          ...(raise.roomName ? { roomName: raise.roomName } : {}),
        }))
        .where('recordId', '=', open.recordId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { record: toWire(row), created: false };
    }
    const row = await trx
      .insertInto('alarmRecord')
      .values({
        orgId: subject.orgId,
        deptId: subject.deptId,
        deviceId: subject.deviceId,
        deviceCode: subject.deviceCode,
        deviceName: subject.deviceName,
        oldmanId: subject.oldmanId,
        oldmanName: subject.oldmanName,
        bedId: subject.bedId,
        bedName: subject.bedName,
        roomName: raise.roomName ?? subject.roomName,
        buildingId: raise.buildingId ?? subject.buildingId,
        floorNo: raise.floorNo ?? subject.floorNo,
        source: raise.source,
        alarmType: raise.alarmType,
        alarmTypeName: alarmTypeName(raise.source, raise.alarmType),
        severity: severityOf(raise.source, raise.alarmType),
        lng: raise.lng ?? null,
        lat: raise.lat ?? null,
        content: raise.content,
        status: 0,
        count: 1,
        firstTime: raise.at,
        lastTime: raise.at,
        ackBy: null,
        ackName: null,
        ackTime: null,
        escalated: 0,
        handlerId: null,
        handlerName: null,
        handleTime: null,
        handleNote: null,
        ruleId: raise.ruleId ?? null,
        version: 1,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return { record: toWire(row), created: true };
    if (round > 0) throw new Error('alarm record neither inserted nor found open');
  }
}
