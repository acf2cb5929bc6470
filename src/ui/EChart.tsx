import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { type ECharts, type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the health charts and the dashboard draw: this module is in the lazily loaded chart pages' chunks.
use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  DataZoomComponent,
  // the alarm thresholds on the vital-sign charts (features/iot/monitor/ManualSigns.tsx)
  MarkLineComponent,
  CanvasRenderer,
]);

/**
 * One ECharts instance on a div: created once the box has a size, option replaced on change, resized
 * with its box. Sizes come from the ResizeObserver's entries, never read from the DOM: ECharts' own
 * measuring (clientWidth, getComputedStyle) forced a layout per chart, about 110 ms of the dashboard's
 * first paint with nine charts (issue #17). A box hidden with its tab (0 × 0) keeps its chart as drawn.
 */
export function EChart({ option, className }: { option: EChartsCoreOption; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.contentBoxSize[0];
      const width = Math.floor(size?.inlineSize ?? 0);
      const height = Math.floor(size?.blockSize ?? 0);
      if (width === 0 || height === 0) return;
      if (chart.current) chart.current.resize({ width, height });
      else {
        chart.current = init(el, undefined, { renderer: 'canvas', width, height });
        chart.current.setOption(latest.current, { notMerge: true });
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} className={className} />;
}
