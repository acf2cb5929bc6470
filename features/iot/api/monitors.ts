import { z } from 'zod';
import { liveDevice } from './positioning.js';

/**
 * Requests and answers of the mattress monitors, health statistics and device statistics (spec 000
 * §7 "Mattress, calls and alarms"); paths in IotPaths.
 */

const id = z.number().int();

/** GET /pims/web-org/mattressMonitor/{kind}: 1 heart rate at rest, 2 breathing, 3 in-bed, 4 turn-over. */
export const monitorKindParams = z.object({ kind: z.coerce.number().int().min(1).max(4) });
/** GET /tams/web-org/healthRecord/{series}: the personal health page's monitor lists. */
export const healthRecordParams = z.object({
  series: z.enum(['heart', 'breath', 'bed', 'roll']),
});
/** Per mattress with an elder: its live state, where its bed is, and the kind's figure over 24 hours. */
export const monitorRow = liveDevice.extend({
  /** The monitor kind asked for (1–4), in place of the device kind. */
  kind: id,
  buildingName: z.string().nullable(),
  floorName: z.string().nullable(),
  /** The kind's figure over the last 24 hours (average, in-bed share 0–1 or movement count). */
  value: z.number().nullable(),
});
export const monitorAnswer = z.array(monitorRow);

/** GET /pims/web-org/mattress/oldman: the elders with a mattress. */
export const mattressEldersAnswer = z.array(
  z.object({
    oldmanId: id,
    oldmanName: z.string(),
    oldmanIdcard: z.string().nullable(),
    deviceId: id,
    bedName: z.string().nullable(),
    roomName: z.string().nullable(),
  }),
);

/** GET /tams/web-org/healthRecord/{oldmanId}/{series}/statistics: the series of one elder. */
export const healthSeriesName = z.enum(['heartbeat', 'breath', 'bed', 'roll']);
export type HealthSeriesName = z.infer<typeof healthSeriesName>;
// Field names and messages come from the zod locale (开始时间应为数字, 统计粒度不能小于1).
export const healthSeriesQuery = z
  .object({
    startTime: z.coerce.number().int().nonnegative().optional(),
    endTime: z.coerce.number().int().nonnegative().optional(),
    /** Minutes per point: a week at one point a minute is 10 080 points per series. */
    step: z.coerce.number().int().min(1).max(1440).default(1),
  })
  .refine((q) => q.startTime === undefined || q.endTime === undefined || q.startTime <= q.endTime, {
    message: '开始时间不能晚于结束时间',
    path: ['startTime'],
  });
/** One point per `step` minutes; `minutes` of the bucket reported (buckets without data are left out). */
export const healthPoint = z.object({
  time: z.number(),
  avg: z.number(),
  min: z.number(),
  max: z.number(),
  minutes: z.number().int(),
});
export const healthSeriesAnswer = z.object({
  oldmanId: id,
  oldmanName: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  step: id,
  avg: z.number().nullable(),
  points: z.array(healthPoint),
});
export type HealthSeriesAnswer = z.infer<typeof healthSeriesAnswer>;

/** GET /tdms/web-td/device/statistics: devices by kind, online and offline. */
export const deviceStatisticsAnswer = z.array(
  z.object({ kind: z.string(), kindName: z.string(), total: id, online: id, offline: id }),
);
export type DeviceStatistics = z.infer<typeof deviceStatisticsAnswer>[number];

/** GET /tdms/web-org/realtime/status: the live pipeline of this server process since it started. */
export const realtimeStatusAnswer = z.object({
  uptimeSeconds: id,
  rules: z.object({ accepted: id, rejected: id, alarms: id, suppressed: id }),
  pushClients: id,
  brokerClients: id,
  externalBroker: z.object({ connected: z.boolean(), received: id, forwarded: id, dropped: id }).nullable(),
});
