import { sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import {
  type DeviceKind,
  deviceKindName,
  LOW_BATTERY_PERCENT,
  type MarkerState,
} from '../../../domain/devices.js';
import { Authority } from '../../../domain/menus.js';
import { pageQuery } from '../../../domain/settings.js';
import type { SessionUser } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import { heldDeptIds } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import type { RulesEngine } from '../../rules/engine.js';
import { outElders } from '../live/outingPresence.js';
import { paged } from '../paging.js';

const PNT = '/loms/web-lo/pnt';
const deviceIdParams = z.object({ deviceId: z.coerce.number().int().positive() });
const DAY_MS = 86_400_000;

async function openAlarmDevices(db: Db, orgId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('alarmRecord')
    .select('deviceId')
    .distinct()
    .where('orgId', '=', orgId)
    .where('status', '=', 0)
    .execute();
  return new Set(rows.map((r) => r.deviceId));
}

/** Live state of the devices of some kinds a user may see: database rows completed by the engine's memory. */
async function liveDevices(db: Db, rules: RulesEngine, user: SessionUser, kinds: DeviceKind[]) {
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

const recordQuery = pageQuery.extend({
  oldmanName: z.string().max(32).optional(),
  startTime: z.coerce.number().int().nonnegative().optional(),
  endTime: z.coerce.number().int().nonnegative().optional(),
  callStatus: z.coerce.number().int().min(1).max(3).optional(),
});

function callRecords(
  db: Db,
  user: SessionUser,
  models: string[] | null,
  query: z.output<typeof recordQuery>,
) {
  let q = db
    .selectFrom('callRecord')
    .leftJoin('callDealType', 'callDealType.dealType', 'callRecord.dealType')
    .selectAll('callRecord')
    .select('callDealType.dealTypeName')
    .where('callRecord.orgId', '=', user.orgId)
    .where('callRecord.deptId', 'in', heldDeptIds(user));
  if (models) q = q.where('callRecord.model', 'in', models);
  if (query.oldmanName) q = q.where('callRecord.oldmanName', 'like', `%${query.oldmanName}%`);
  if (query.startTime !== undefined) q = q.where('callRecord.callTime', '>=', query.startTime);
  if (query.endTime !== undefined) q = q.where('callRecord.callTime', '<=', query.endTime);
  if (query.callStatus !== undefined) q = q.where('callRecord.callStatus', '=', query.callStatus);
  return paged(q.orderBy('callRecord.callTime', 'desc'), query);
}

/** Vital-sign series kinds of the monitors: 1 heart rate at rest, 2 breathing, 3 in-bed, 4 turn-over. */
const monitorKind = z.object({ kind: z.coerce.number().int().min(1).max(4) });

/** Devices, positions, calls, monitors and health statistics (spec 000 §7). */
export function iotDeviceRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: `${PNT}/device/list/rt`,
      auth: `${Authority.iotPosition}|${Authority.iotFence}`,
      query: z.object({
        buildingId: z.coerce.number().int().optional(),
        floorNo: z.coerce.number().int().optional(),
      }),
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
      url: `${PNT}/device/online/:deviceId`,
      auth: `${Authority.iotPosition}|${Authority.iotAlarm}|${Authority.iotLocateAlarm}`,
      params: deviceIdParams,
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
      url: `${PNT}/device/opened`,
      auth: Authority.iotPosition,
      query: pageQuery,
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
      url: `${PNT}/device/opened`,
      auth: Authority.iotFenceEdit,
      body: z.object({
        deviceId: z.coerce.number().int().positive(),
        opened: z.coerce.number().int().min(0).max(1),
      }),
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

    // Nurse calls.
    route({
      method: 'GET',
      url: '/ecms/web-ec/callrecords/r6r7',
      auth: Authority.iotCallRecord,
      query: recordQuery,
      handler: ({ db, user, query }) => callRecords(db, user, ['R6', 'R7'], query),
    }),
    route({
      method: 'GET',
      url: '/ecms/web-ec/a10CallRecord',
      auth: Authority.iotCallRecord,
      query: recordQuery,
      handler: ({ db, user, query }) => callRecords(db, user, ['A10'], query),
    }),
    route({
      method: 'GET',
      url: '/ecms/web-org/callrecords',
      auth: Authority.iotCallRecord,
      query: recordQuery,
      handler: ({ db, user, query }) => callRecords(db, user, null, query),
    }),
    route({
      method: 'PUT',
      url: '/ecms/web-org/callrecords',
      auth: Authority.iotCallRecord,
      body: z.object({
        callId: z.coerce.number().int().positive(),
        dealType: z.coerce.number().int().positive(),
      }),
      log: { type: 'UPDATE', name: '呼叫处理类型' },
      async handler({ db, user, body, requireDept }) {
        const call = await db
          .selectFrom('callRecord')
          .select('deptId')
          .where('orgId', '=', user.orgId)
          .where('callId', '=', body.callId)
          .executeTakeFirst();
        if (!call) throw new ApiFailure(Code.notFound, '呼叫记录不存在');
        requireDept(call.deptId);
        const type = await db
          .selectFrom('callDealType')
          .select('dealType')
          .where('orgId', '=', user.orgId)
          .where('dealType', '=', body.dealType)
          .executeTakeFirst();
        if (!type) throw new ApiFailure(Code.invalidInput, '处理类型不存在');
        await db
          .updateTable('callRecord')
          .set({ dealType: body.dealType })
          .where('callId', '=', body.callId)
          .execute();
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/ecms/web-ec/callrecords/r6r7/dealType',
      auth: Authority.iotCallRecord,
      handler: ({ db, user }) =>
        db
          .selectFrom('callDealType')
          .select(['dealType', 'dealTypeName'])
          .where('orgId', '=', user.orgId)
          .orderBy('dealType')
          .execute(),
    }),
    route({
      method: 'GET',
      url: '/ecms/web-ec/calls/r6r7/rt/list',
      auth: Authority.iotCallRecord,
      handler: ({ db, user }) =>
        db
          .selectFrom('callRecord')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .where('deptId', 'in', heldDeptIds(user))
          .where('realtime', '=', 1)
          .orderBy('callTime')
          .execute(),
    }),
    route({
      method: 'POST',
      url: '/ecms/web-ec/calls/r6r7/rt/clean',
      auth: Authority.iotCallRecordClean,
      body: z.object({ callIds: z.array(z.number().int().positive()).max(1000).optional() }),
      log: { type: 'UPDATE', name: '清除实时呼叫' },
      async handler({ db, user, body, describe }) {
        let q = db
          .updateTable('callRecord')
          .set({ realtime: 0 })
          .where('orgId', '=', user.orgId)
          .where('deptId', 'in', heldDeptIds(user))
          .where('realtime', '=', 1);
        if (body.callIds) q = q.where('callId', 'in', body.callIds.length ? body.callIds : [-1]);
        const result = await q.executeTakeFirst();
        describe(`清除实时呼叫 ${Number(result.numUpdatedRows)} 条`);
        return { count: Number(result.numUpdatedRows) };
      },
    }),

    // Mattress monitors and health records.
    route({
      method: 'GET',
      url: '/pims/web-org/mattressMonitor/:kind',
      auth: Authority.iotMonitor,
      params: monitorKind,
      handler: ({ db, user, services, params }) =>
        monitorList(db, services.rules, user, params.kind, services.now()),
    }),
    route({
      method: 'GET',
      url: '/pims/web-org/mattress/oldman',
      auth: `${Authority.iotMonitor}|${Authority.iotHealth}`,
      handler: ({ db, user }) =>
        db
          .selectFrom('device')
          .innerJoin('oldman', 'oldman.oldmanId', 'device.oldmanId')
          .leftJoin('bed', 'bed.bedId', 'device.bedId')
          .leftJoin('room', 'room.roomId', 'bed.roomId')
          .select([
            'oldman.oldmanId',
            'oldman.oldmanName',
            'oldman.oldmanIdcard',
            'device.deviceId',
            'bed.bedName',
            'room.roomName',
          ])
          .where('device.orgId', '=', user.orgId)
          .where('device.kind', '=', 'mattress')
          .where('device.deptId', 'in', heldDeptIds(user))
          .orderBy('oldman.oldmanId')
          .execute(),
    }),
    route({
      method: 'GET',
      url: '/tams/web-org/healthRecord/:oldmanId/:series/statistics',
      // The monitors' personal views read the same series as the personal health page.
      auth: `${Authority.iotMonitor}|${Authority.iotHealth}`,
      params: z.object({
        oldmanId: z.coerce.number().int().positive(),
        series: z.enum(['heartbeat', 'breath', 'bed', 'roll']),
      }),
      query: z
        .object({
          startTime: z.coerce.number().int().nonnegative().optional(),
          endTime: z.coerce.number().int().nonnegative().optional(),
          /** Minutes per point: a week at one point a minute is 10 080 points per series. */
          step: z.coerce.number().int().min(1).max(1440).default(1),
        })
        .refine((q) => q.startTime === undefined || q.endTime === undefined || q.startTime <= q.endTime, {
          message: '开始时间不能晚于结束时间',
          path: ['startTime'],
        }),
      handler: ({ db, user, services, params, query, requireDept }) =>
        healthSeries(db, user, requireDept, params.oldmanId, params.series, query, services.now()),
    }),
    route({
      method: 'GET',
      url: '/tams/web-org/healthRecord/:series',
      auth: Authority.iotHealth,
      params: z.object({ series: z.enum(['heart', 'breath', 'bed', 'roll']) }),
      handler: ({ db, user, services, params }) =>
        monitorList(
          db,
          services.rules,
          user,
          { heart: 1, breath: 2, bed: 3, roll: 4 }[params.series],
          services.now(),
        ),
    }),
    route({
      method: 'GET',
      url: '/tdms/web-td/device/statistics',
      auth: 'session',
      async handler({ db, user, services }) {
        const rows = await db
          .selectFrom('device')
          .select(['deviceId', 'kind', 'online'])
          .where('orgId', '=', user.orgId)
          .where('deptId', 'in', heldDeptIds(user))
          .execute();
        const byKind = new Map<string, { kind: string; kindName: string; total: number; online: number }>();
        for (const r of rows) {
          const entry = byKind.get(r.kind) ?? {
            kind: r.kind,
            kindName: deviceKindName[r.kind as DeviceKind] ?? r.kind,
            total: 0,
            online: 0,
          };
          entry.total++;
          if (services.rules.state.get(r.deviceId)?.online ?? r.online === 1) entry.online++;
          byKind.set(r.kind, entry);
        }
        return [...byKind.values()].map((e) => ({ ...e, offline: e.total - e.online }));
      },
    }),
  ];
}

type HealthSeries = 'heartbeat' | 'breath' | 'bed' | 'roll';

/**
 * Series of one elder over [start, end] (default: the last 24 hours), one point per `step` minutes:
 * heart or breathing rate (average of the in-bed samples, with their min and max), in-bed share
 * (0–1) or body movements, and the minutes of the bucket that reported (time in bed, per hour).
 * Buckets without data are left out; the console draws them as gaps.
 */
async function healthSeries(
  db: Db,
  user: SessionUser,
  requireDept: (deptId: number) => void,
  oldmanId: number,
  series: HealthSeries,
  range: { startTime?: number | undefined; endTime?: number | undefined; step: number },
  now: number,
) {
  const elder = await db
    .selectFrom('oldman')
    .select(['oldmanId', 'oldmanName', 'deptId'])
    .where('orgId', '=', user.orgId)
    .where('oldmanId', '=', oldmanId)
    .executeTakeFirst();
  if (!elder) throw new ApiFailure(Code.notFound, '长者不存在');
  requireDept(elder.deptId);
  const end = range.endTime ?? now;
  const start = range.startTime ?? end - DAY_MS;
  if (end - start > 31 * DAY_MS) throw new ApiFailure(Code.invalidInput, '统计区间不能超过 31 天');
  const rows = await db
    .selectFrom('telemetryMinute')
    .select(['minute', 'samples', 'inBed', 'hrSum', 'hrMin', 'hrMax', 'brSum', 'brMin', 'brMax', 'movements'])
    .where('oldmanId', '=', oldmanId)
    .where('minute', '>=', Math.floor(start / 60_000))
    .where('minute', '<=', Math.floor(end / 60_000))
    .orderBy('minute')
    .execute();
  // Per bucket: the summed minute rows and how many minutes reported at all.
  const buckets = new Map<number, { row: (typeof rows)[number]; minutes: number }>();
  for (const r of rows) {
    const minute = Math.floor(r.minute / range.step) * range.step;
    const bucket = buckets.get(minute);
    if (!bucket) {
      buckets.set(minute, { row: { ...r, minute }, minutes: 1 });
      continue;
    }
    const b = bucket.row;
    bucket.minutes++;
    b.samples += r.samples;
    b.inBed += r.inBed;
    b.hrSum += r.hrSum;
    b.hrMin = Math.min(b.hrMin, r.hrMin);
    b.hrMax = Math.max(b.hrMax, r.hrMax);
    b.brSum += r.brSum;
    b.brMin = Math.min(b.brMin, r.brMin);
    b.brMax = Math.max(b.brMax, r.brMax);
    b.movements += r.movements;
  }
  const point = ({ row: r, minutes }: { row: (typeof rows)[number]; minutes: number }) => {
    const time = r.minute * 60_000;
    if (series === 'bed')
      return { time, avg: Math.round((r.inBed / r.samples) * 100) / 100, min: 0, max: 1, minutes };
    if (series === 'roll') return { time, avg: r.movements, min: r.movements, max: r.movements, minutes };
    if (r.inBed === 0) return null;
    return series === 'heartbeat'
      ? { time, avg: Math.round(r.hrSum / r.inBed), min: r.hrMin, max: r.hrMax, minutes }
      : { time, avg: Math.round(r.brSum / r.inBed), min: r.brMin, max: r.brMax, minutes };
  };
  const points = [...buckets.values()].map(point).filter((p) => p !== null);
  const avg = points.length ? Math.round(points.reduce((a, p) => a + p.avg, 0) / points.length) : null;
  return {
    oldmanId,
    oldmanName: elder.oldmanName,
    startTime: start,
    endTime: end,
    step: range.step,
    avg,
    points,
  };
}

/** Per mattress: the vital of a monitor kind over the last 24 hours, with the device's live state. */
async function monitorList(db: Db, rules: RulesEngine, user: SessionUser, kind: number, now: number) {
  const list = (await liveDevices(db, rules, user, ['mattress'])).filter((d) => d.oldmanId !== null);
  const since = Math.floor((now - DAY_MS) / 60_000);
  const deviceIds = list.length ? list.map((d) => d.deviceId) : [-1];
  // A mattress stays in its bed: building and floor come from the bed's room (filters of the monitors).
  const bedIds = list.flatMap((d) => (d.bedId === null ? [] : [d.bedId]));
  const places = await db
    .selectFrom('bed')
    .innerJoin('room', 'room.roomId', 'bed.roomId')
    .innerJoin('floor', 'floor.floorId', 'room.floorId')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId')
    .select(['bed.bedId', 'floor.buildingId', 'building.buildingName', 'floor.floorNo', 'floor.floorName'])
    .where('bed.bedId', 'in', bedIds.length ? bedIds : [-1])
    .execute();
  const placeOfBed = new Map(places.map((p) => [p.bedId, p]));
  const stats = await db
    .selectFrom('telemetryMinute')
    .select([
      'deviceId',
      sql<number>`sum(hrSum) * 1.0 / nullif(sum(inBed), 0)`.as('hrAvg'),
      sql<number>`sum(brSum) * 1.0 / nullif(sum(inBed), 0)`.as('brAvg'),
      sql<number>`sum(inBed)`.as('inBedSamples'),
      sql<number>`sum(samples)`.as('samples'),
      sql<number>`sum(movements)`.as('movements'),
    ])
    .where('deviceId', 'in', deviceIds)
    .where('minute', '>=', since)
    .groupBy('deviceId')
    .execute();
  const byDevice = new Map(stats.map((s) => [s.deviceId, s]));
  return list.map((d) => {
    const s = byDevice.get(d.deviceId);
    const place = d.bedId === null ? undefined : placeOfBed.get(d.bedId);
    const value =
      kind === 1
        ? s?.hrAvg
        : kind === 2
          ? s?.brAvg
          : kind === 3
            ? s && s.samples > 0
              ? s.inBedSamples / s.samples
              : null
            : s?.movements;
    return {
      ...d,
      buildingId: place?.buildingId ?? d.buildingId,
      buildingName: place?.buildingName ?? null,
      floorNo: place?.floorNo ?? d.floorNo,
      floorName: place?.floorName ?? null,
      kind: kind,
      value: value == null ? null : Math.round(value * 100) / 100,
    };
  });
}
