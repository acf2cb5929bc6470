import { Callout } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { localDateTimeMs } from '../../../domain/clock.js';
import { useApp } from '../../../src/app/AppContext.js';
import { EChart } from '../../../src/ui/EChart.js';
import { CareHealthPaths, SignAlarm, SignType } from '../../care/api/careHealth.js';
import type { ChartOption } from './chartOptions.js';
import { axisTime, localDate, type RangeKind, rangeOf } from './series.js';

interface SignPoint {
  measureTime: string;
  signType: number;
  systolic: number | null;
  diastolic: number | null;
  value: number | null;
}

/** The lines of the hand-entered readings: blood pressure as two, the others one each. */
const lines: { name: string; type: number; pick: (p: SignPoint) => number | null; colour: string }[] = [
  { name: '收缩压', type: SignType.bloodPressure, pick: (p) => p.systolic, colour: '#cd4246' },
  { name: '舒张压', type: SignType.bloodPressure, pick: (p) => p.diastolic, colour: '#2d72d2' },
  { name: '心率', type: SignType.heartRate, pick: (p) => p.value, colour: '#c87619' },
  { name: '血氧', type: SignType.bloodOxygen, pick: (p) => p.value, colour: '#238551' },
  { name: '体温', type: SignType.temperature, pick: (p) => p.value, colour: '#d33d17' },
  { name: '血糖', type: SignType.bloodSugar, pick: (p) => p.value, colour: '#7961db' },
  { name: '体重', type: SignType.weight, pick: (p) => p.value, colour: '#147eb3' },
];

/**
 * Each kind on its own panel and y-axis in its unit (a temperature of 36.5 beside a pressure of 180
 * on one axis is a flat line), with the alarm thresholds of that kind as dashed lines.
 */
const panels: {
  type: number;
  title: string;
  unit: string;
  thresholds: number[];
  /** The axis shows at least this range (a reading beyond widens it): the thresholds in view. */
  span?: [number, number];
}[] = [
  {
    type: SignType.bloodPressure,
    title: '血压',
    unit: 'mmHg',
    thresholds: [SignAlarm.systolicHigh, SignAlarm.diastolicHigh, SignAlarm.systolicLow],
    span: [50, 200],
  },
  {
    type: SignType.heartRate,
    title: '心率',
    unit: '次/分',
    thresholds: [SignAlarm.heartRateLow, SignAlarm.heartRateHigh],
    span: [40, 130],
  },
  {
    type: SignType.bloodOxygen,
    title: '血氧',
    unit: '%',
    thresholds: [SignAlarm.bloodOxygenLow],
    span: [85, 100],
  },
  {
    type: SignType.temperature,
    title: '体温',
    unit: '℃',
    thresholds: [SignAlarm.temperatureLow, SignAlarm.temperatureHigh],
    span: [35, 39],
  },
  {
    type: SignType.bloodSugar,
    title: '血糖',
    unit: 'mmol/L',
    thresholds: [SignAlarm.bloodSugarLow, SignAlarm.bloodSugarHigh],
    span: [3, 18],
  },
  { type: SignType.weight, title: '体重', unit: 'kg', thresholds: [] },
];
const PANEL_PX = 120;
const TOP_PX = 30;

/**
 * 体征录入 beside the mattress charts of 个人健康: the readings nurses entered by hand
 * (careplan vital-sign lists) over the same day or week, one line per value.
 */
export function ManualSigns({ oldmanId, kind, date }: { oldmanId: number; kind: RangeKind; date: string }) {
  const { request } = useApp();
  const [points, setPoints] = useState<SignPoint[] | null>(null);
  const range = rangeOf(kind, date);
  const start = localDate(range.startTime);
  useEffect(() => {
    let live = true;
    request<{ list: SignPoint[] }>({
      url: pathWith(CareHealthPaths.signSeries, { oldmanId }),
      params: { start, end: date },
      silent: true,
    }).then(
      (r) => live && setPoints(r.list),
      () => live && setPoints([]),
    );
    return () => {
      live = false;
    };
  }, [request, oldmanId, start, date]);
  const shownPanels = panels.filter((panel) => points?.some((p) => p.signType === panel.type));
  const option = useMemo((): ChartOption | null => {
    if (!points?.length) return null;
    const shown = panels.filter((panel) => points.some((p) => p.signType === panel.type));
    const last = shown.length - 1;
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: {
        top: 0,
        right: 0,
        data: lines.filter((l) => shown.some((s) => s.type === l.type)).map((l) => l.name),
      },
      grid: shown.map((_, i) => ({ left: 64, right: 24, top: TOP_PX + i * PANEL_PX, height: PANEL_PX - 34 })),
      xAxis: shown.map((_, i) => ({
        type: 'time' as const,
        gridIndex: i,
        min: range.startTime,
        max: range.endTime,
        axisLabel: {
          show: i === last,
          formatter: (value: number) => axisTime(kind, value),
          hideOverlap: true,
        },
      })),
      yAxis: shown.map((panel, i) => ({
        type: 'value' as const,
        gridIndex: i,
        scale: true,
        ...(panel.span
          ? {
              min: (v: { min: number }) => Math.floor(Math.min(v.min, (panel.span as [number, number])[0])),
              max: (v: { max: number }) => Math.ceil(Math.max(v.max, (panel.span as [number, number])[1])),
            }
          : {}),
        name: `${panel.title}（${panel.unit}）`,
        nameGap: 8,
        nameTextStyle: { align: 'left' as const, padding: [0, 0, 0, -56] },
        splitNumber: 3,
      })),
      series: lines
        .map((l) => ({ line: l, i: shown.findIndex((s) => s.type === l.type) }))
        .filter(({ i }) => i >= 0)
        .map(({ line, i }, n, all) => {
          const panel = shown[i] as (typeof shown)[number];
          const firstOfPanel = all.findIndex((x) => x.i === i) === n;
          return {
            name: line.name,
            type: 'line' as const,
            xAxisIndex: i,
            yAxisIndex: i,
            showSymbol: true,
            symbolSize: 7,
            color: line.colour,
            data: points
              .filter((p) => p.signType === line.type)
              .map((p) => [localDateTimeMs(p.measureTime), line.pick(p)] as [number, number | null]),
            // the thresholds once per panel, dashed, with their values
            markLine:
              firstOfPanel && panel.thresholds.length
                ? {
                    silent: true,
                    symbol: 'none',
                    lineStyle: { type: 'dashed' as const, color: '#ac2f33', width: 1 },
                    label: { formatter: '{c}', color: '#ac2f33', fontSize: 10 },
                    data: panel.thresholds.map((yAxis) => ({ yAxis })),
                  }
                : undefined,
          };
        }),
    };
  }, [points, kind, range.startTime, range.endTime]);
  return (
    <section
      className="health-chart"
      data-testid="chart-manual-signs"
      data-points={points?.length ?? 0}
      aria-label="体征录入"
    >
      <header>
        <h3>体征录入（血压、心率、血氧、体温、血糖、体重；虚线为告警阈值）</h3>
      </header>
      <div
        className="chart-box"
        data-panels={shownPanels.length}
        style={shownPanels.length ? { height: TOP_PX + shownPanels.length * PANEL_PX } : undefined}
      >
        {option ? <EChart option={option} className="chart-canvas" /> : null}
        {points && !points.length ? (
          <Callout className="chart-overlay-note" icon="info-sign">
            该时段没有手工录入的体征
          </Callout>
        ) : null}
      </div>
    </section>
  );
}
