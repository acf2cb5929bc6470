import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  Intent,
  SegmentedControl,
  Spinner,
} from '@blueprintjs/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { today } from '../../../domain/clock.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useNewestAnswer } from '../../../src/app/useNewestAnswer.js';
import { DisplayTable } from '../../../src/resource/DisplayTable.js';
import { ExportMenu } from '../../../src/resource/ExportMenu.js';
import { listExportUrl } from '../../../src/resource/listQuery.js';
import { DayInput } from '../../../src/ui/dates/index.js';
import { PeriodPicker } from '../../../src/ui/dates/PeriodPicker.js';
import { parseDay } from '../../../src/ui/dates/parse.js';
import { type Period, periodOf } from '../../../src/ui/dates/period.js';
import { openPrintView } from '../../../src/ui/printView.js';
import {
  durationText,
  AlarmStatsPaths as P,
  type ResponseFigures,
  type AlarmStats as Stats,
  type StatsDimension,
  statsDimensionName,
  statsDimensions,
} from '../api/alarmStats.js';
import { statsChartOption } from './chartOption.js';
import './stats.css';

// ECharts is fetched with this screen's chunk and drawn once the figures are there (as the dashboard does).
const EChart = lazy(() => import('../../../src/ui/EChart.js').then((m) => ({ default: m.EChart })));

/** The table of a dimension, drawn by the one list table from a display-only definition. */
const tableDef = (dimension: StatsDimension, unansweredAfter: number): ResourceDef => ({
  name: `alarmStats-${dimension}`,
  title: statsDimensionName[dimension],
  table: 'alarmStats',
  idField: 'key',
  nameField: 'label',
  fields: [
    { name: 'label', label: statsDimensionName[dimension], type: 'text' },
    { name: 'count', label: '告警数', type: 'int' },
    { name: 'responded', label: '已响应', type: 'int' },
    { name: 'ackMedian', label: '响应时间中位数', type: 'text' },
    { name: 'ackP90', label: '响应时间P90', type: 'text' },
    { name: 'closed', label: '已关闭', type: 'int' },
    { name: 'handleMedian', label: '处理时长中位数', type: 'text' },
    { name: 'handleP90', label: '处理时长P90', type: 'text' },
    { name: 'unanswered', label: `超${unansweredAfter}分钟未响应`, type: 'int' },
    { name: 'open', label: '仍未处理', type: 'int' },
  ],
  columns: [
    'label',
    'count',
    'responded',
    'ackMedian',
    'ackP90',
    'closed',
    'handleMedian',
    'handleP90',
    'unanswered',
    'open',
  ],
  // the server's reading order: nothing to sort by
  defaultSort: { field: 'label', order: 'asc' },
  api: {},
  authority: { view: 'session' },
});

const timesOf = (f: ResponseFigures) => ({
  ackMedian: durationText(f.ackMedianMs),
  ackP90: durationText(f.ackP90Ms),
  handleMedian: durationText(f.handleMedianMs),
  handleP90: durationText(f.handleP90Ms),
});

/** The period's headline: counts, then the times, then what waits. */
function Headline({ stats }: { stats: Stats }) {
  const t = stats.total;
  const items: [key: string, label: string, value: string | number, intent?: 'danger' | 'warning'][] = [
    ['count', '告警总数', t.count],
    ['responded', '已响应', t.responded],
    ['ackMedian', '响应时间中位数', durationText(t.ackMedianMs)],
    ['ackP90', '响应时间P90', durationText(t.ackP90Ms)],
    ['handleMedian', '处理时长中位数', durationText(t.handleMedianMs)],
    ['handleP90', '处理时长P90', durationText(t.handleP90Ms)],
    [
      'unanswered',
      `超${stats.unansweredAfterMinutes}分钟未响应`,
      t.unanswered,
      t.unanswered ? 'danger' : undefined,
    ],
    ['open', '仍未处理', t.open, t.open ? 'warning' : undefined],
  ];
  return (
    <div className="alarm-stats-figures">
      {items.map(([key, label, value, intent]) => (
        <Card key={key} className={`alarm-stats-figure ${intent ?? ''}`} data-figure={key}>
          <div className="alarm-stats-figure-value">{value}</div>
          <div className="alarm-stats-figure-label">{label}</div>
        </Card>
      ))}
    </div>
  );
}

/** The 交班报告 of a shift: the shift now by default, any other by its day and name; printed. */
function ShiftReportBar({ stats }: { stats: Stats }) {
  const { toast } = useApp();
  const [day, setDay] = useState(stats.currentShift.day);
  const [shift, setShift] = useState(stats.currentShift.shift);
  const print = () => {
    const params = new URLSearchParams({ handoverDate: day, fromShift: String(shift) });
    openPrintView(`${P.shiftReportPrint}?${params.toString()}`).catch((e: { message?: string }) =>
      toast(e.message ?? '打印失败', 'danger'),
    );
  };
  const hours = stats.shifts.find((s) => s.shift === shift);
  return (
    <Card className="alarm-stats-report" data-testid="shift-report">
      <h3>交班报告</h3>
      <FormGroup label="交班日期" labelFor="alarm-stats-report-day" inline>
        <DayInput
          id="alarm-stats-report-day"
          aria-label="交班日期"
          value={day}
          max={today()}
          onChange={(d) => {
            if (parseDay(d) === d) setDay(d);
          }}
        />
      </FormGroup>
      <FormGroup label="班次" labelFor="alarm-stats-report-shift" inline>
        <HTMLSelect
          id="alarm-stats-report-shift"
          value={shift}
          onChange={(e) => setShift(Number(e.currentTarget.value))}
          options={stats.shifts.map((s) => ({
            value: s.shift,
            label: `${s.name}（${s.start}—${s.end <= s.start ? '次日' : ''}${s.end}）`,
          }))}
        />
      </FormGroup>
      <Button icon="print" intent={Intent.PRIMARY} text="打印交班报告" onClick={print} />
      <span className="alarm-stats-report-note">
        {day === stats.currentShift.day && shift === stats.currentShift.shift
          ? `本班${hours ? `（${hours.name}）` : ''}：统计至打印时`
          : '已选班次'}
        ，列出本班告警、已关闭、仍未处理、响应最慢与设备故障，附交接签字栏
      </span>
    </Card>
  );
}

/**
 * 告警响应统计 (issue #38 point 9, beyond the spec): how fast the home's alarms were answered in a period,
 * in all and by floor, shift, alarm type and handler — counts, the response and handling times' median and
 * 90th percentile, the alarms unanswered after five minutes — as panels and a table with 导出; and the
 * 交班报告 printed at the end of a shift. Every figure comes from the server (computed in the database).
 */
export function AlarmStats() {
  const [period, setPeriod] = useState<Period>(() => periodOf('week', today()));
  const [dimension, setDimension] = useState<StatsDimension>('floor');
  const ask = useMemo(
    () => ({ url: P.stats, params: { fromDate: period.fromDate, toDate: period.toDate } }),
    [period.fromDate, period.toDate],
  );
  const { answer: stats, error, loading, load } = useNewestAnswer<Stats>(ask, '统计失败');

  const def = useMemo(
    () => tableDef(dimension, stats?.unansweredAfterMinutes ?? 5),
    [dimension, stats?.unansweredAfterMinutes],
  );
  const rows = useMemo(
    () => (stats?.groups[dimension] ?? []).map((g) => ({ ...g, ...timesOf(g) })),
    [stats, dimension],
  );
  const current = stats && stats.fromDate === period.fromDate && stats.toDate === period.toDate;

  return (
    <div className="page alarm-stats" data-testid="page-alarm-stats">
      <div className="alarm-stats-bar">
        <PeriodPicker value={period} onChange={setPeriod} />
        <Button icon="refresh" text="刷新" loading={loading} onClick={load} />
        {stats ? <span className="alarm-stats-asof">统计时间 {stats.asOf.slice(5, 16)}</span> : null}
        <span className="alarm-stats-gap" />
        <ExportMenu
          title="告警响应统计"
          urlOf={(format) =>
            listExportUrl(P.export, { fromDate: period.fromDate, toDate: period.toDate }, format)
          }
        />
      </div>
      {error ? (
        <Callout intent={Intent.DANGER} data-testid="alarm-stats-error">
          {error}
        </Callout>
      ) : null}
      {!stats && !error ? <Spinner /> : null}
      {stats ? (
        <div className={current ? undefined : 'alarm-stats-stale'} data-testid="alarm-stats-figures">
          <Headline stats={stats} />
          <div className="alarm-stats-panels">
            {statsDimensions.map((d) => (
              <Card key={d} className="alarm-stats-panel" data-panel={d}>
                <h3>按{statsDimensionName[d]}</h3>
                <Suspense fallback={<Spinner size={24} />}>
                  <EChart
                    className="alarm-stats-chart"
                    option={statsChartOption(stats.groups[d] ?? [], stats.unansweredAfterMinutes)}
                  />
                </Suspense>
              </Card>
            ))}
          </div>
          <Card className="alarm-stats-table">
            <div className="alarm-stats-table-head">
              <h3>明细</h3>
              <SegmentedControl
                aria-label="统计维度"
                value={dimension}
                options={statsDimensions.map((d) => ({ value: d, label: `按${statsDimensionName[d]}` }))}
                onValueChange={(d) => setDimension(d as StatsDimension)}
              />
            </div>
            <DisplayTable def={def} rows={rows} emptyText="本期间没有告警" />
          </Card>
          <ShiftReportBar key={`${stats.currentShift.day}-${stats.currentShift.shift}`} stats={stats} />
        </div>
      ) : null}
    </div>
  );
}
