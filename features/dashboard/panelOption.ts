import type { EChartsCoreOption } from 'echarts/core';
import type { PanelChart } from './api.js';

/** Blueprint's chart palette, readable on a dark wall screen and on white. */
const PALETTE = ['#2D72D2', '#29A634', '#D1980B', '#CD4246', '#7961DB', '#00A396', '#D13913', '#634DBF'];

/**
 * The ECharts option of one panel: pies for shares, bars and lines for counts along categories.
 * Type sizes follow the panel's height (`scale`), so a 4K monitor reads as well as a laptop.
 */
export function panelOption(chart: PanelChart, scale = 1): EChartsCoreOption {
  const font = Math.round(13 * scale);
  const text = { fontSize: font };
  const empty = chart.series.every((s) => s.data.every((n) => n === 0));
  // an empty panel says so instead of showing bare axes
  const title = empty
    ? { text: '暂无数据', left: 'center', top: 'middle', textStyle: { color: '#8F99A8', fontSize: font + 2 } }
    : undefined;
  const tooltip = { trigger: chart.kind === 'pie' ? 'item' : 'axis', textStyle: text };
  if (chart.kind === 'pie') {
    const data = chart.categories.map((name, i) => ({ name, value: chart.series[0]?.data[i] ?? 0 }));
    return {
      title,
      color: PALETTE,
      tooltip: { ...tooltip, formatter: `{b}：{c}${chart.unit}（{d}%）` },
      legend: { bottom: 0, textStyle: text, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['38%', '68%'],
          center: ['50%', '45%'],
          label: { fontSize: font, formatter: '{b}\n{c}' },
          data,
        },
      ],
    };
  }
  const stacked = chart.series.length > 1;
  return {
    title,
    color: PALETTE,
    tooltip,
    legend: stacked ? { top: 0, textStyle: text } : undefined,
    grid: { left: 8, right: 16, top: stacked ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: chart.categories, axisLabel: { fontSize: font, hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1, name: chart.unit, axisLabel: text, nameTextStyle: text },
    series: chart.series.map((s) => ({
      type: chart.kind,
      name: s.name,
      data: s.data,
      stack: stacked ? 'all' : undefined,
      smooth: chart.kind === 'line',
      areaStyle: chart.kind === 'line' ? { opacity: 0.15 } : undefined,
      barMaxWidth: 48,
      label: { show: !stacked && chart.kind === 'bar', position: 'top', fontSize: font },
    })),
  };
}
