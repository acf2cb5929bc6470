import { type SeriesName, seriesUnit } from './kinds.js';

/** One point of GET .../healthRecord/{oldmanId}/{series}/statistics: a bucket of `step` minutes. */
export interface StatPoint {
  time: number;
  avg: number;
  min: number;
  max: number;
  /** Minutes of the bucket the mattress reported in. */
  minutes: number;
}
export interface Statistics {
  oldmanId: number;
  oldmanName: string;
  startTime: number;
  endTime: number;
  /** Minutes per point. */
  step: number;
  avg: number | null;
  points: StatPoint[];
}

const MINUTE_MS = 60_000;

export type RangeKind = 'day' | 'week';
export const rangeKindName: Record<RangeKind, string> = { day: '按日', week: '近一周' };

/**
 * Minutes per point, so a chart has some hundreds of points, not thousands: a day of heart rate
 * minute by minute (1 440), a week in 10-minute buckets (1 008); movements as hourly bars (24 or
 * 168). Buckets are whole multiples of minutes since the epoch, so they stay on the local hour.
 */
const STEP: Record<RangeKind, Record<SeriesName, number>> = {
  day: { heartbeat: 1, breath: 1, bed: 1, roll: 60 },
  week: { heartbeat: 10, breath: 10, bed: 10, roll: 60 },
};

interface Range {
  startTime: number;
  endTime: number;
}

/** The calendar day of `date` (YYYY-MM-DD, local time), or the seven days ending with it. */
export function rangeOf(kind: RangeKind, date: string): Range {
  const end = new Date(`${date}T00:00:00`);
  end.setDate(end.getDate() + 1);
  const start = new Date(end);
  start.setDate(start.getDate() - (kind === 'day' ? 1 : 7));
  return { startTime: start.getTime(), endTime: end.getTime() - 1 };
}

export const statisticsParams = (kind: RangeKind, series: SeriesName, range: Range) => ({
  startTime: range.startTime,
  endTime: range.endTime,
  step: STEP[kind][series],
});

/** Today as YYYY-MM-DD in local time (the value of a date input). */
export function localDate(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A chart row: time, average, minimum, maximum; null values break the line where no data came. */
export type ChartRow = [number, number | null, number | null, number | null];

/** Points with a null row wherever a bucket is missing, so the chart shows a gap, not a straight bridge. */
export function withGaps(points: readonly StatPoint[], stepMinutes: number): ChartRow[] {
  const stepMs = stepMinutes * MINUTE_MS;
  const rows: ChartRow[] = [];
  let previous: number | null = null;
  for (const p of points) {
    if (previous !== null && p.time - previous > stepMs) rows.push([previous + stepMs, null, null, null]);
    rows.push([p.time, p.avg, p.min, p.max]);
    previous = p.time;
  }
  return rows;
}

interface RateSummary {
  kind: 'rate';
  min: number | null;
  avg: number | null;
  max: number | null;
}
interface BedSummary {
  kind: 'bed';
  /** Minutes in bed and minutes the mattress reported at all. */
  inBedMinutes: number;
  monitoredMinutes: number;
  /** In-bed share 0–1, null without data. */
  share: number | null;
  /** Times the elder got up (in bed → out of bed between consecutive buckets). */
  getUps: number;
}
interface RollSummary {
  kind: 'roll';
  total: number;
  /** Movements per hour of the hours reported, null without data. */
  perHour: number | null;
  /** The busiest bucket's count. */
  max: number | null;
}
export type Summary = RateSummary | BedSummary | RollSummary;

/** Summary figures of a series: min/avg/max of a rate, in-bed time and get-ups, movement totals. */
export function summarize(series: SeriesName, points: readonly StatPoint[]): Summary {
  switch (series) {
    case 'heartbeat':
    case 'breath':
      return points.length
        ? {
            kind: 'rate',
            min: Math.min(...points.map((p) => p.min)),
            avg: Math.round(points.reduce((sum, p) => sum + p.avg, 0) / points.length),
            max: Math.max(...points.map((p) => p.max)),
          }
        : { kind: 'rate', min: null, avg: null, max: null };
    case 'bed': {
      const monitoredMinutes = points.reduce((sum, p) => sum + p.minutes, 0);
      const inBedMinutes = Math.round(points.reduce((sum, p) => sum + p.avg * p.minutes, 0));
      let getUps = 0;
      for (const [i, p] of points.entries()) {
        const before = points[i - 1];
        if (before && inBed(before) && !inBed(p)) getUps++;
      }
      return {
        kind: 'bed',
        inBedMinutes,
        monitoredMinutes,
        share: monitoredMinutes ? inBedMinutes / monitoredMinutes : null,
        getUps,
      };
    }
    case 'roll': {
      const total = points.reduce((sum, p) => sum + p.avg, 0);
      const hours = points.reduce((sum, p) => sum + p.minutes, 0) / 60;
      return {
        kind: 'roll',
        total,
        perHour: hours ? Math.round((total / hours) * 10) / 10 : null,
        max: points.length ? Math.max(...points.map((p) => p.avg)) : null,
      };
    }
  }
}

/** A bucket counts as in bed when the elder was in bed for at least half of it. */
const inBed = (p: StatPoint) => p.avg >= 0.5;

/** "7 小时 05 分" / "45 分". */
export function duration(minutes: number): string {
  const m = Math.round(minutes);
  return m < 60 ? `${m} 分` : `${Math.floor(m / 60)} 小时 ${String(m % 60).padStart(2, '0')} 分`;
}

/** Figures shown under a chart: label and text, "—" where there is no data. */
export function summaryFigures(series: SeriesName, summary: Summary): { label: string; text: string }[] {
  const dash = (v: number | null, unit: string) => (v === null ? '—' : `${v} ${unit}`);
  switch (summary.kind) {
    case 'rate': {
      const unit = seriesUnit[series];
      return [
        { label: '最低', text: dash(summary.min, unit) },
        { label: '平均', text: dash(summary.avg, unit) },
        { label: '最高', text: dash(summary.max, unit) },
      ];
    }
    case 'bed':
      return [
        { label: '在床时长', text: summary.monitoredMinutes ? duration(summary.inBedMinutes) : '—' },
        { label: '在床率', text: summary.share === null ? '—' : `${Math.round(summary.share * 100)}%` },
        { label: '离床次数', text: summary.monitoredMinutes ? `${summary.getUps} 次` : '—' },
      ];
    case 'roll':
      return [
        { label: '合计', text: summary.perHour === null ? '—' : `${summary.total} 次` },
        { label: '每小时', text: dash(summary.perHour, '次') },
        { label: '单段最多', text: dash(summary.max, '次') },
      ];
  }
}

/** A time in a tooltip: "10:30" within a day, "3/14 10:30" within a week. */
export function pointTime(kind: RangeKind, time: number): string {
  const d = new Date(time);
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  return kind === 'day' ? hm : `${d.getMonth() + 1}/${d.getDate()} ${hm}`;
}

/** An axis label: the time within a day; within a week the date at midnight, else date and time. */
export function axisTime(kind: RangeKind, time: number): string {
  const d = new Date(time);
  return kind === 'week' && d.getHours() === 0 && d.getMinutes() === 0
    ? `${d.getMonth() + 1}/${d.getDate()}`
    : pointTime(kind, time);
}
