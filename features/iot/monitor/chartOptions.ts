import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { type SeriesName, seriesTitle, seriesUnit } from './kinds.js';
import { axisTime, type ChartRow, pointTime, type RangeKind, type Statistics, withGaps } from './series.js';

/** The option type of exactly the charts and components registered in echarts.ts. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
>;

const seriesColour: Record<SeriesName, string> = {
  heartbeat: '#cd4246',
  breath: '#2d72d2',
  bed: '#238551',
  roll: '#c87619',
};

const MINUTE_MS = 60_000;

/** The index of the hovered point, whatever shape ECharts hands the formatter (one param or a list). */
function hoveredIndex(params: unknown): number | null {
  const first: unknown = Array.isArray(params) ? params[0] : params;
  if (typeof first !== 'object' || first === null || !('dataIndex' in first)) return null;
  return typeof first.dataIndex === 'number' ? first.dataIndex : null;
}

/** A bucket with no data on either side: drawn as a dot, a line of one point would be invisible. */
const isolated = (rows: readonly ChartRow[], i: number) =>
  rows[i]?.[1] != null && rows[i - 1]?.[1] == null && rows[i + 1]?.[1] == null;
type LinePoint = NonNullable<LineSeriesOption['data']>[number];
const linePoint = (rows: readonly ChartRow[], i: number, value: number | null): LinePoint => {
  const time = rows[i]?.[0] ?? 0;
  return isolated(rows, i) ? { value: [time, value], symbol: 'circle', symbolSize: 6 } : [time, value];
};

/** Text of the tooltip of one chart row. */
export function tooltipText(series: SeriesName, kind: RangeKind, row: ChartRow | undefined): string {
  if (!row || row[1] === null) return '';
  const [time, avg, min, max] = row;
  const at = pointTime(kind, time);
  switch (series) {
    case 'heartbeat':
    case 'breath':
      return `${at}<br/>${seriesTitle[series]} 平均 ${avg} ${seriesUnit[series]}<br/>最低 ${min} · 最高 ${max}`;
    case 'bed':
      return `${at}<br/>在床 ${Math.round(avg * 100)}%`;
    case 'roll':
      return `${at}<br/>体动 ${avg} 次`;
  }
}

/**
 * The chart of one series over a range: heart and breathing rate as the average line over the
 * min–max band, in-bed as a step area (1 in bed, 0 out of bed), movements as bars per bucket.
 * Missing buckets stay gaps.
 */
export function chartOption(series: SeriesName, kind: RangeKind, stats: Statistics): ChartOption {
  const rows = withGaps(stats.points, stats.step);
  const colour = seriesColour[series];
  const base = {
    animation: false,
    grid: { left: 48, right: 20, top: 36, bottom: kind === 'week' ? 60 : 36 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const index = hoveredIndex(params);
        return index === null ? '' : tooltipText(series, kind, rows[index]);
      },
    },
    xAxis: {
      type: 'time',
      min: stats.startTime,
      max: stats.endTime,
      axisLabel: { formatter: (value: number) => axisTime(kind, value), hideOverlap: true },
    },
    // A week is long: zoom with the wheel or the slider.
    dataZoom: kind === 'week' ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
  } satisfies ChartOption;

  switch (series) {
    case 'heartbeat':
    case 'breath':
      return {
        ...base,
        legend: { top: 0, right: 0, data: ['平均', '最低–最高'] },
        yAxis: { type: 'value', name: seriesUnit[series], scale: true },
        series: [
          {
            name: '最低',
            type: 'line',
            stack: 'band',
            symbol: 'none',
            lineStyle: { opacity: 0 },
            data: rows.map((r) => [r[0], r[2]]),
          },
          {
            name: '最低–最高',
            type: 'line',
            stack: 'band',
            symbol: 'none',
            lineStyle: { opacity: 0 },
            itemStyle: { color: colour },
            areaStyle: { color: colour, opacity: 0.15 },
            data: rows.map((r) => [r[0], r[2] === null || r[3] === null ? null : r[3] - r[2]]),
          },
          {
            name: '平均',
            type: 'line',
            symbol: 'none',
            itemStyle: { color: colour },
            lineStyle: { width: 2 },
            data: rows.map((r, i) => linePoint(rows, i, r[1])),
          },
        ],
      };
    case 'bed':
      return {
        ...base,
        yAxis: {
          type: 'value',
          min: 0,
          max: 1,
          interval: 1,
          axisLabel: { formatter: (value: number) => (value >= 1 ? '在床' : '离床') },
        },
        series: [
          {
            name: '在床',
            type: 'line',
            step: 'end',
            symbol: 'none',
            itemStyle: { color: colour },
            areaStyle: { color: colour, opacity: 0.25 },
            data: rows.map((r, i) => linePoint(rows, i, r[1])),
          },
        ],
      };
    case 'roll':
      return {
        ...base,
        yAxis: { type: 'value', name: '次', minInterval: 1 },
        series: [
          {
            name: '体动',
            type: 'bar',
            itemStyle: { color: colour },
            barMaxWidth: 24,
            // A bar stands in the middle of its bucket.
            data: rows.map((r) => [r[0] + (stats.step * MINUTE_MS) / 2, r[1]]),
          },
        ],
      };
  }
}
