import { describe, expect, it } from 'vitest';
import { chartOption, tooltipText } from './chartOptions.js';
import {
  axisTime,
  duration,
  rangeOf,
  type StatPoint,
  statisticsParams,
  summarize,
  summaryFigures,
  withGaps,
} from './series.js';

const MINUTE = 60_000;
const T0 = new Date(2026, 2, 14, 8, 0).getTime();
const point = (minute: number, avg: number, min = avg, max = avg, minutes = 1): StatPoint => ({
  time: T0 + minute * MINUTE,
  avg,
  min,
  max,
  minutes,
});

describe('ranges', () => {
  it('covers the calendar day, or the seven days ending with it, in local time', () => {
    expect(rangeOf('day', '2026-03-14')).toEqual({
      startTime: new Date(2026, 2, 14).getTime(),
      endTime: new Date(2026, 2, 15).getTime() - 1,
    });
    expect(rangeOf('week', '2026-03-14')).toEqual({
      startTime: new Date(2026, 2, 8).getTime(),
      endTime: new Date(2026, 2, 15).getTime() - 1,
    });
  });

  it('asks for some hundreds of points per chart, movements as hourly bars', () => {
    const range = rangeOf('day', '2026-03-14');
    expect(statisticsParams('day', 'heartbeat', range).step).toBe(1);
    expect(statisticsParams('week', 'breath', range).step).toBe(10);
    expect(statisticsParams('day', 'roll', range).step).toBe(60);
    expect(statisticsParams('week', 'roll', range).step).toBe(60);
  });
});

describe('chart rows', () => {
  it('break the line where buckets are missing', () => {
    expect(withGaps([point(0, 70, 60, 80), point(1, 72), point(5, 75)], 1)).toEqual([
      [T0, 70, 60, 80],
      [T0 + MINUTE, 72, 72, 72],
      [T0 + 2 * MINUTE, null, null, null],
      [T0 + 5 * MINUTE, 75, 75, 75],
    ]);
    expect(withGaps([point(0, 1), point(10, 1)], 10)).toHaveLength(2);
    expect(withGaps([], 1)).toEqual([]);
  });
});

describe('times', () => {
  it('label the axis with times of day, or dates at midnight within a week', () => {
    expect(axisTime('day', T0)).toBe('08:00');
    expect(axisTime('week', new Date(2026, 2, 14).getTime())).toBe('3/14');
    expect(axisTime('week', T0)).toBe('3/14 08:00');
  });
});

describe('summaries', () => {
  it('give the lowest, average and highest rate', () => {
    const s = summarize('heartbeat', [point(0, 70, 60, 80), point(1, 75, 71, 90)]);
    expect(s).toEqual({ kind: 'rate', min: 60, avg: 73, max: 90 });
    expect(summaryFigures('heartbeat', s)).toEqual([
      { label: '最低', text: '60 次/分' },
      { label: '平均', text: '73 次/分' },
      { label: '最高', text: '90 次/分' },
    ]);
    expect(summaryFigures('breath', summarize('breath', [])).map((f) => f.text)).toEqual(['—', '—', '—']);
  });

  it('give the time in bed, its share and how often the elder got up', () => {
    // Ten-minute buckets: in, in, half, out, in, out; the last one reported for 4 minutes only.
    const points = [1, 1, 0.5, 0, 1, 0].map((avg, i) => point(i * 10, avg, 0, 1, i === 5 ? 4 : 10));
    const s = summarize('bed', points);
    expect(s).toEqual({ kind: 'bed', inBedMinutes: 35, monitoredMinutes: 54, share: 35 / 54, getUps: 2 });
    expect(summaryFigures('bed', s)).toEqual([
      { label: '在床时长', text: '35 分' },
      { label: '在床率', text: '65%' },
      { label: '离床次数', text: '2 次' },
    ]);
  });

  it('give the movement total, per hour and the busiest bucket', () => {
    // Two full hours and a half-hour that has just begun.
    const s = summarize('roll', [point(0, 12, 12, 12, 60), point(60, 3, 3, 3, 60), point(120, 6, 6, 6, 30)]);
    expect(s).toEqual({ kind: 'roll', total: 21, perHour: 8.4, max: 12 });
    expect(summaryFigures('roll', summarize('roll', []))[0]?.text).toBe('—');
  });

  it('write durations in hours and minutes', () => {
    expect(duration(45)).toBe('45 分');
    expect(duration(425)).toBe('7 小时 05 分');
  });
});

describe('chart options', () => {
  const stats = (points: StatPoint[], step = 1) => ({
    oldmanId: 1,
    oldmanName: '张秀兰',
    startTime: T0,
    endTime: T0 + 60 * MINUTE,
    step,
    avg: null,
    points,
  });

  it('draw a rate as the average over the min–max band, gaps kept', () => {
    const option = chartOption('heartbeat', 'day', stats([point(0, 70, 60, 80), point(2, 72, 70, 75)]));
    const series = option.series as { name: string; data: unknown[] }[];
    expect(series.map((s) => s.name)).toEqual(['最低', '最低–最高', '平均']);
    expect(series[0]?.data).toEqual([
      [T0, 60],
      [T0 + MINUTE, null],
      [T0 + 2 * MINUTE, 70],
    ]);
    expect(series[1]?.data).toEqual([
      [T0, 20],
      [T0 + MINUTE, null],
      [T0 + 2 * MINUTE, 5],
    ]);
    // Lone buckets are dots: a line of one point would not show.
    expect(series[2]?.data).toEqual([
      { value: [T0, 70], symbol: 'circle', symbolSize: 6 },
      [T0 + MINUTE, null],
      { value: [T0 + 2 * MINUTE, 72], symbol: 'circle', symbolSize: 6 },
    ]);
    const joined = chartOption('breath', 'day', stats([point(0, 16), point(1, 17)]));
    expect((joined.series as { data: unknown[] }[])[2]?.data).toEqual([
      [T0, 16],
      [T0 + MINUTE, 17],
    ]);
  });

  it('draw movements as bars in the middle of their bucket, and zoom a week', () => {
    const option = chartOption('roll', 'week', stats([point(0, 4)], 60));
    const [bars] = option.series as { type: string; data: unknown[] }[];
    expect(bars).toMatchObject({ type: 'bar', data: [[T0 + 30 * MINUTE, 4]] });
    expect(option.dataZoom).toHaveLength(2);
  });

  it('explain a point in the tooltip', () => {
    expect(tooltipText('heartbeat', 'day', [T0, 70, 60, 80])).toBe(
      '08:00<br/>心率 平均 70 次/分<br/>最低 60 · 最高 80',
    );
    expect(tooltipText('bed', 'week', [T0, 0.67, 0, 1])).toBe('3/14 08:00<br/>在床 67%');
    expect(tooltipText('roll', 'day', [T0, 5, 5, 5])).toBe('08:00<br/>体动 5 次');
    expect(tooltipText('roll', 'day', [T0, null, null, null])).toBe('');
  });
});
