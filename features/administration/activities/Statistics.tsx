import { Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { today } from '../../../domain/clock.js';
import { staticDictionaries } from '../../../domain/dictionaries.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { useApp } from '../../../src/app/AppContext.js';
import { DisplayTable } from '../../../src/resource/DisplayTable.js';
import { usePage } from '../../../src/router/page.js';
import { type ActivityStatistic, ActivityPaths as P, rateOf } from '../api/activities.js';
import { ActivityHeader, Figures } from './ActivityHeader.js';
import { useActivitySummary } from './useActivitySummary.js';

/** A rate, or — while no activity of the group has begun. */
const percent = (rate: number | null) => (rate === null ? '—' : `${rate}%`);

type Line = ActivityStatistic['byType'][number] | ActivityStatistic['byMonth'][number];

/** The breakdown by type or by month, drawn by the one list table from a display-only definition. */
const breakdownDef = (name: string, firstLabel: string): ResourceDef => ({
  name,
  title: firstLabel,
  table: name,
  idField: 'key',
  nameField: 'key',
  fields: [
    { name: 'key', label: firstLabel, type: 'text' },
    { name: 'activities', label: '活动数', type: 'int' },
    { name: 'registered', label: '报名人次', type: 'int' },
    { name: 'signedIn', label: '签到人次', type: 'int' },
    { name: 'signedOut', label: '签退人次', type: 'int' },
    { name: 'rate', label: '出勤率', type: 'text' },
  ],
  columns: ['key', 'activities', 'registered', 'signedIn', 'signedOut', 'rate'],
  // the summary is in its order already: nothing to sort by
  defaultSort: { field: 'key', order: 'asc' },
  api: {},
  authority: { view: 'session' },
});
const byTypeDef = breakdownDef('activityByType', '活动类型');
const byMonthDef = breakdownDef('activityByMonth', '月份');

function Breakdown({
  title,
  def,
  first,
  lines,
}: {
  title: string;
  def: ResourceDef;
  first: (l: Line) => string;
  lines: Line[];
}) {
  const rows = lines.map((l) => ({ ...l, key: first(l), rate: percent(l.attendanceRate) }));
  return (
    <>
      <h4 className="activity-section-title">{title}</h4>
      <div className="activity-breakdown">
        <DisplayTable def={def} rows={rows} />
      </div>
    </>
  );
}

/**
 * 活动统计 (administration/activityStatistics): one activity's figures when opened from a row
 * (?activityId=), and the year's activities of the user's departments in all, by type, by month.
 */
export function Statistics() {
  const activityId = Number(usePage().query.activityId ?? 0);
  const { request } = useApp();
  const year = Number(today().slice(0, 4));
  const [chosenYear, setChosenYear] = useState(year);
  const [type, setType] = useState('');
  const [stats, setStats] = useState<ActivityStatistic | null>(null);
  const [error, setError] = useState('');
  const one = useActivitySummary(P.signSummary, activityId, 0);
  useEffect(() => {
    request<ActivityStatistic>({
      url: P.statistic,
      params: {
        startTimeStart: `${chosenYear}-01-01`,
        startTimeEnd: `${chosenYear}-12-31`,
        ...(type ? { activityType: type } : {}),
      },
      silent: true,
    }).then(setStats, (e: { message?: string }) => setError(e.message ?? '统计失败'));
  }, [request, chosenYear, type]);
  const s = one.summary;
  return (
    <div className="page" data-testid="page-activity-statistics">
      {activityId ? (
        <>
          <ActivityHeader summary={s} error={one.error} back={S.activity} />
          {s ? (
            <Figures
              items={[
                ['名额', s.capacity],
                ['报名人数', s.registerCount, 'stat-one-registered'],
                ['签到人数', s.signInCount, 'stat-one-signed-in'],
                ['签退人数', s.signOutCount],
                ['出勤率', `${rateOf(s.signInCount, s.registerCount)}%`, 'stat-one-rate'],
              ]}
            />
          ) : null}
        </>
      ) : null}
      <div className="activity-title">
        <FormGroup label="年度" labelFor="activity-stat-year" inline>
          <HTMLSelect
            id="activity-stat-year"
            value={chosenYear}
            onChange={(e) => setChosenYear(Number(e.currentTarget.value))}
            options={[year, year - 1, year - 2].map((y) => ({ value: y, label: `${y}年` }))}
          />
        </FormGroup>
        <FormGroup label="活动类型" labelFor="activity-stat-type" inline>
          <HTMLSelect
            id="activity-stat-type"
            value={type}
            onChange={(e) => setType(e.currentTarget.value)}
            options={[
              { value: '', label: '全部' },
              ...staticDictionaries.activityType.map((d) => ({ value: String(d.value), label: d.label })),
            ]}
          />
        </FormGroup>
      </div>
      {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
      {stats ? (
        <>
          <Figures
            items={[
              ['活动场次', stats.activities, 'stat-activities'],
              ['报名人次', stats.registered, 'stat-registered'],
              ['签到人次', stats.signedIn, 'stat-signed-in'],
              ['签退人次', stats.signedOut],
              ['出勤率', percent(stats.attendanceRate), 'stat-rate'],
              ['已取消', stats.cancelled],
            ]}
          />
          <Breakdown
            title="按类型统计"
            def={byTypeDef}
            first={(l) => ('typeName' in l ? l.typeName : '')}
            lines={stats.byType}
          />
          <Breakdown
            title="按月份统计"
            def={byMonthDef}
            first={(l) => ('month' in l ? l.month : '')}
            lines={stats.byMonth}
          />
        </>
      ) : null}
    </div>
  );
}
