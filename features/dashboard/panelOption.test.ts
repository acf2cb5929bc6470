import { describe, expect, it } from 'vitest';
import type { PanelChart } from './api.js';
import { panelOption } from './panelOption.js';

const chart = (over: Partial<PanelChart>): PanelChart => ({
  panel: 'oldmanSex',
  title: '在住长者性别',
  kind: 'pie',
  unit: '人',
  categories: ['男', '女'],
  series: [{ name: '人数', data: [3, 5] }],
  ...over,
});

describe('panelOption', () => {
  it('draws a pie of named slices and bars along categories, stacked when there are several series', () => {
    const pie = panelOption(chart({})) as { series: { data: unknown }[]; title?: unknown };
    expect(pie.series[0]?.data).toEqual([
      { name: '男', value: 3 },
      { name: '女', value: 5 },
    ]);
    expect(pie.title).toBeUndefined();
    const bars = panelOption(
      chart({
        kind: 'bar',
        series: [
          { name: '已完成', data: [1, 2] },
          { name: '待执行', data: [0, 1] },
        ],
      }),
    ) as { series: { stack?: string; type: string }[]; xAxis: { data: string[] } };
    expect(bars.xAxis.data).toEqual(['男', '女']);
    expect(bars.series.map((s) => [s.type, s.stack])).toEqual([
      ['bar', 'all'],
      ['bar', 'all'],
    ]);
  });

  it('says 暂无数据 on a panel with nothing to show, and grows its type on a large screen', () => {
    const empty = panelOption(
      chart({ kind: 'bar', categories: [], series: [{ name: '次数', data: [] }] }),
      2,
    ) as {
      title: { text: string; textStyle: { fontSize: number } };
    };
    expect(empty.title.text).toBe('暂无数据');
    expect(empty.title.textStyle.fontSize).toBe(28);
  });
});
