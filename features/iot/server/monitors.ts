import { sql } from 'kysely';
import { IotPaths as P } from '../../../domain/api/iot.js';
import { Code } from '../../../domain/codes.js';
import { type DeviceKind, deviceKindName } from '../../../domain/devices.js';
import { Authority } from '../../../domain/menus.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { heldDeptIds } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import type { RulesEngine } from '../../../server/rules/engine.js';
import {
  deviceStatisticsAnswer,
  type HealthSeriesName,
  healthRecordParams,
  healthSeriesAnswer,
  healthSeriesName,
  healthSeriesQuery,
  mattressEldersAnswer,
  monitorAnswer,
  monitorKindParams,
} from '../api/monitors.js';
import { liveDevices } from './liveDevices.js';

const DAY_MS = 86_400_000;

/** Mattress monitors, health statistics and device statistics (spec 000 §7). */
export function iotMonitorRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.mattressMonitor,
      auth: Authority.iotMonitor,
      summary: '床垫监测',
      params: monitorKindParams,
      query: noQuery,
      response: monitorAnswer,
      handler: ({ db, user, services, params }) =>
        monitorList(db, services.rules, user, params.kind, services.now()),
    }),
    route({
      method: 'GET',
      url: P.mattressElders,
      auth: `${Authority.iotMonitor}|${Authority.iotHealth}`,
      summary: '使用床垫的长者',
      query: noQuery,
      response: mattressEldersAnswer,
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
      url: P.healthStatistics,
      // The monitors' personal views read the same series as the personal health page.
      auth: `${Authority.iotMonitor}|${Authority.iotHealth}`,
      summary: '长者健康数据统计',
      params: idsOf('oldmanId').extend({ series: healthSeriesName }),
      query: healthSeriesQuery,
      response: healthSeriesAnswer,
      handler: ({ db, user, services, params, query, requireDept }) =>
        healthSeries(db, user, requireDept, params.oldmanId, params.series, query, services.now()),
    }),
    route({
      method: 'GET',
      url: P.healthRecord,
      auth: Authority.iotHealth,
      summary: '健康数据监测列表',
      params: healthRecordParams,
      query: noQuery,
      response: monitorAnswer,
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
      url: P.deviceStatistics,
      auth: 'session',
      summary: '设备统计',
      query: noQuery,
      response: deviceStatisticsAnswer,
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
  series: HealthSeriesName,
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
