import { z } from 'zod';
import { dayField, daysBetween, periodRules } from '../../../domain/daySchema.js';

/**
 * 告警响应统计 and the 交班报告 (issue #38 point 9, beyond the spec): how fast the home's alarms are
 * answered, for a chosen period by floor, shift, alarm type and handler, and what one shift raised,
 * closed and hands over. Figures are computed in the database (features/iot/server/alarmStats.ts);
 * docs/decisions.md "告警响应统计 and the 交班报告" says what each counts.
 */

const PNT = '/loms/web-lo/pnt';

export const AlarmStatsPaths = {
  /** GET: the period's figures, in all and by each dimension (or one). */
  stats: `${PNT}/alarm/stats`,
  /** GET ?export=xlsx|csv: the table of a dimension (or of all four) as a file. */
  export: `${PNT}/alarm/stats/export`,
  /** GET: one shift's report (the shift now unless handoverDate and fromShift are given). */
  shiftReport: `${PNT}/alarm/shiftReport`,
  /** GET: the same report as a print view. */
  shiftReportPrint: `${PNT}/alarm/shiftReport/print`,
} as const;

/** The screen, under 告警中心. */
export const ALARM_STATS_SCREEN = '/yunmuIot/alarmStats';

/** Seeing the figures and printing the report; seeded to every role that holds 告警中心. */
export const AlarmStatsAuthority = { view: 'yunmuIot:alarmStats' } as const;

/** An alarm not acknowledged (nor closed) this long after it was raised counts as unanswered. */
export const UNANSWERED_AFTER_MINUTES = 5;

/** The longest period one statistics call covers. */
export const STATS_MAX_DAYS = 366;

export const statsDimensions = ['floor', 'shift', 'type', 'handler'] as const;
export type StatsDimension = (typeof statsDimensions)[number];
export const statsDimensionName: Record<StatsDimension, string> = {
  floor: '楼层',
  shift: '班次',
  type: '告警类型',
  handler: '处理人',
};

/**
 * Alarm types that say a device is failing rather than an elder needing help: the 设备故障 of the
 * 交班报告. A mattress's or call button's 通讯离线 is one too (stored as a mattress-side alarm).
 */
export const DEVICE_FAULT_TYPES = [
  'communicationOffline',
  'locationOffline',
  'lowPowerAlarm',
  'tamperAlarm',
  'maintenanceAlarm',
] as const;

export { daysBetween };

const period = {
  fromDate: dayField('开始日期'),
  toDate: dayField('结束日期'),
  dimension: z
    .enum(statsDimensions, {
      error: '统计维度无效，应为 floor（楼层）、shift（班次）、type（告警类型）、handler（处理人）之一',
    })
    .optional(),
};

/** GET stats: the period's days [fromDate, toDate], both counted, in the home's clock. */
export const alarmStatsQuery = periodRules(z.object(period), STATS_MAX_DAYS);
export type AlarmStatsQuery = z.infer<typeof alarmStatsQuery>;

/** GET stats/export: the same period and a file format; without a dimension every one. */
export const alarmStatsExportQuery = periodRules(
  z.object({
    ...period,
    export: z.enum(['xlsx', 'csv'], { error: '导出格式应为 xlsx 或 csv' }),
  }),
  STATS_MAX_DAYS,
);

const count = z.number().int().nonnegative();
/** Milliseconds, null when no alarm of the group has that figure yet. */
const ms = z.number().nonnegative().nullable();

/** What a group of alarms (all, a floor, a shift …) shows. */
export const responseFigures = z.object({
  /** Alarms raised in the period. */
  count,
  /** … acknowledged or closed by someone (their response time is known). */
  responded: count,
  /** Raised → acknowledged (or closed when handled in one step): median and 90th percentile. */
  ackMedianMs: ms,
  ackP90Ms: ms,
  /** … closed (处理, 忽略 or 解除). */
  closed: count,
  /** Raised → closed: median and 90th percentile. */
  handleMedianMs: ms,
  handleP90Ms: ms,
  /** Not acknowledged within UNANSWERED_AFTER_MINUTES, answered late or not yet. */
  unanswered: count,
  /** Still open now. */
  open: count,
});
export type ResponseFigures = z.infer<typeof responseFigures>;

export const statsGroup = responseFigures.extend({
  /** The group's key: `buildingId-floorNo`, shift code, `source:alarmType`, user id; '' when unknown. */
  key: z.string(),
  label: z.string(),
});
export type StatsGroup = z.infer<typeof statsGroup>;

/** A shift of the home's clock (早班, 中班, 夜班) and its hours. */
export const shiftHours = z.object({
  shift: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
});

/** One shift as it happened: the day it began, and its window [from, to) in the home's clock. */
export const shiftOnDay = z.object({
  day: z.string(),
  shift: z.number().int(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
});
export type ShiftOnDay = z.infer<typeof shiftOnDay>;

export const alarmStatsAnswer = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  /** When the figures were read ('YYYY-MM-DD HH:mm:ss'): open alarms are unanswered as of then. */
  asOf: z.string(),
  unansweredAfterMinutes: z.number().int(),
  total: responseFigures,
  /** Per dimension asked (every one without `dimension`), in reading order. */
  groups: z.object({
    floor: z.array(statsGroup).optional(),
    shift: z.array(statsGroup).optional(),
    type: z.array(statsGroup).optional(),
    handler: z.array(statsGroup).optional(),
  }),
  /** The shifts the figures are grouped by, and the one now (the 交班报告's default). */
  shifts: z.array(shiftHours),
  currentShift: shiftOnDay,
});
export type AlarmStats = z.infer<typeof alarmStatsAnswer>;

/** GET shiftReport(/print): a shift by the day it began and its code, or the shift now. */
export const shiftReportQuery = z
  .object({
    handoverDate: dayField('交班日期').optional(),
    fromShift: z.coerce
      .number({ error: '班次无效，应为 1 早班、2 中班、3 夜班' })
      .int('班次无效，应为 1 早班、2 中班、3 夜班')
      .min(1, '班次无效，应为 1 早班、2 中班、3 夜班')
      .max(3, '班次无效，应为 1 早班、2 中班、3 夜班')
      .optional(),
  })
  .refine((q) => (q.handoverDate === undefined) === (q.fromShift === undefined), {
    message: '请同时选择交班日期和班次',
    path: ['fromShift'],
  });
export type ShiftReportQuery = z.infer<typeof shiftReportQuery>;

/** One alarm as the report lists it. */
export const reportLine = z.object({
  recordId: z.number().int(),
  firstTime: z.string(),
  alarmTypeName: z.string(),
  severity: z.number().int(),
  place: z.string(),
  oldmanName: z.string().nullable(),
  deviceName: z.string(),
  statusName: z.string(),
  ackName: z.string().nullable(),
  handlerName: z.string().nullable(),
  /** Raised → acknowledged (or closed); null while nobody has answered. */
  responseMs: z.number().nullable(),
  /** Raised → answered, or → the report's end while nobody has. */
  waitedMs: z.number(),
});
export type ReportLine = z.infer<typeof reportLine>;

export const shiftReportAnswer = z.object({
  shift: shiftOnDay,
  /** The report covers the shift up to here: its end, or now while it runs. */
  until: z.string(),
  asOf: z.string(),
  /** Figures of the alarms raised in the shift. */
  figures: responseFigures,
  raised: count,
  /** Closed during the shift (whenever raised), by how. */
  closed: z.object({ handled: count, ignored: count, released: count }),
  /** Open at `until`, whenever raised: what the next shift takes over. */
  stillOpen: count,
  byType: z.array(z.object({ label: z.string(), count })),
  openAlarms: z.array(reportLine),
  slowest: z.array(reportLine),
  deviceFaults: z.array(reportLine),
});
export type ShiftReport = z.infer<typeof shiftReportAnswer>;

/** "1分05秒", "42秒", "2小时03分": how long, as a report reads it; — for none. */
export function durationText(msValue: number | null | undefined): string {
  if (msValue === null || msValue === undefined || Number.isNaN(msValue)) return '—';
  const s = Math.round(msValue / 1000);
  if (s < 60) return `${s}秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}分${String(s % 60).padStart(2, '0')}秒`;
  const h = Math.floor(m / 60);
  return `${h}小时${String(m % 60).padStart(2, '0')}分`;
}
