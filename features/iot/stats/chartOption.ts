import type { EChartsCoreOption } from 'echarts/core';
import type { StatsGroup } from '../api/alarmStats.js';

/** Blueprint's chart colours (the dashboard's): counts blue, late red, times amber and violet. */
const COLORS = { count: '#2D72D2', late: '#CD4246', median: '#D1980B', p90: '#7961DB' };

/** Seconds with one decimal, for a chart's axis (null stays a gap). */
const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

/**
 * One panel of 告警响应统计: per group, the alarms and those unanswered after five minutes as bars (left
 * axis), the response time's median and 90th percentile in seconds as lines (right axis). A panel with no
 * alarm says 暂无数据 instead of bare axes.
 */
export function statsChartOption(
  groups: readonly StatsGroup[],
  unansweredAfterMinutes: number,
): EChartsCoreOption {
  const text = { fontSize: 12 };
  if (!groups.length)
    return {
      title: {
        text: '暂无数据',
        left: 'center',
        top: 'middle',
        textStyle: { color: '#8F99A8', fontSize: 14 },
      },
    };
  const many = groups.length > 5;
  return {
    color: [COLORS.count, COLORS.late, COLORS.median, COLORS.p90],
    tooltip: { trigger: 'axis', textStyle: text },
    legend: { top: 0, textStyle: text, itemWidth: 14, itemHeight: 8 },
    grid: { left: 8, right: 8, top: 30, bottom: 4, containLabel: true },
    xAxis: {
      type: 'category',
      data: groups.map((g) => g.label),
      axisLabel: { fontSize: 12, interval: 0, rotate: many ? 30 : 0, hideOverlap: !many },
    },
    yAxis: [
      { type: 'value', name: '条', minInterval: 1, axisLabel: text, nameTextStyle: text },
      { type: 'value', name: '秒', axisLabel: text, nameTextStyle: text, splitLine: { show: false } },
    ],
    series: [
      {
        type: 'bar',
        name: '告警数',
        barMaxWidth: 36,
        data: groups.map((g) => g.count),
        label: { show: !many, position: 'top', fontSize: 12 },
      },
      {
        type: 'bar',
        name: `超${unansweredAfterMinutes}分钟未响应`,
        barMaxWidth: 36,
        data: groups.map((g) => g.unanswered),
      },
      {
        type: 'line',
        name: '响应中位数',
        yAxisIndex: 1,
        connectNulls: false,
        data: groups.map((g) => seconds(g.ackMedianMs)),
      },
      {
        type: 'line',
        name: '响应P90',
        yAxisIndex: 1,
        lineStyle: { type: 'dashed' },
        connectNulls: false,
        data: groups.map((g) => seconds(g.ackP90Ms)),
      },
    ],
  };
}
