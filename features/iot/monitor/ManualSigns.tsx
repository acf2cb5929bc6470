import { Callout } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { CareHealthPaths, SignType } from '../../../domain/api/careHealth.js';
import { pathWith } from '../../../domain/api/path.js';
import { localDateTimeMs } from '../../../domain/clock.js';
import { useApp } from '../../../src/app/AppContext.js';
import { EChart } from '../../../src/ui/EChart.js';
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
const lines: { name: string; type: number; pick: (p: SignPoint) => number | null; unit: string }[] = [
  { name: '收缩压', type: SignType.bloodPressure, pick: (p) => p.systolic, unit: 'mmHg' },
  { name: '舒张压', type: SignType.bloodPressure, pick: (p) => p.diastolic, unit: 'mmHg' },
  { name: '心率', type: SignType.heartRate, pick: (p) => p.value, unit: '次/分' },
  { name: '血氧', type: SignType.bloodOxygen, pick: (p) => p.value, unit: '%' },
  { name: '体温', type: SignType.temperature, pick: (p) => p.value, unit: '℃' },
  { name: '血糖', type: SignType.bloodSugar, pick: (p) => p.value, unit: 'mmol/L' },
];

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
  const option = useMemo((): ChartOption | null => {
    if (!points?.length) return null;
    const shown = lines.filter((l) => points.some((p) => p.signType === l.type));
    return {
      animation: false,
      grid: { left: 48, right: 20, top: 36, bottom: 36 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, right: 0, data: shown.map((l) => `${l.name}（${l.unit}）`) },
      xAxis: {
        type: 'time',
        min: range.startTime,
        max: range.endTime,
        axisLabel: { formatter: (value: number) => axisTime(kind, value), hideOverlap: true },
      },
      yAxis: { type: 'value', scale: true },
      series: shown.map((l) => ({
        name: `${l.name}（${l.unit}）`,
        type: 'line',
        showSymbol: true,
        symbolSize: 7,
        data: points
          .filter((p) => p.signType === l.type)
          .map((p) => [localDateTimeMs(p.measureTime), l.pick(p)] as [number, number | null]),
      })),
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
        <h3>体征录入（血压、血氧、血糖、心率、体温）</h3>
      </header>
      <div className="chart-box">
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
