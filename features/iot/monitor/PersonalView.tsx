import { Button, Callout, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { type ComponentType, useState } from 'react';
import { Authority } from '../../../domain/menus.js';
import { waitedText } from '../../../domain/schedule.js';
import { IotScreens } from '../../../domain/screens.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { useNow } from '../../../src/ui/useNow.js';
import { HealthChart } from './HealthChart.js';
import { elderOfQuery, type MonitorKind, monitorKindList, monitorKinds, withElder } from './kinds.js';
import { useMonitorRows, useOpenAlarms } from './live.js';
import { type RangeChoice, RangePicker } from './RangePicker.js';
import { currentText, dayValueText, placeText, rowState } from './rows.js';
import { localDate } from './series.js';
import { statusIntent } from './statusIntent.js';
import { useStatistics } from './useStatistics.js';
import './monitor.css';

/**
 * The personal view of one monitor (e.g. /yunmuIot/hrrest/personal?oldmanId=12): the elder's live
 * reading and state, and the stored series of the monitor's vital over a day or a week.
 */
function PersonalView({ kind }: { kind: MonitorKind }) {
  const def = monitorKinds[kind];
  const oldmanId = elderOfQuery(usePage().query);
  const now = useNow(1000);
  const today = localDate(now);
  const [range, setRange] = useState<RangeChoice>({ kind: 'day', date: today });
  const { rows } = useMonitorRows(kind);
  const open = useOpenAlarms();
  const data = useStatistics(oldmanId, [def.series], range.kind, range.date);
  const canSeeHealth = useAuthority(Authority.iotHealth);
  const back = <Button icon="arrow-left" text="返回" onClick={() => navigate(def.path)} />;

  if (oldmanId === null)
    return (
      <div className="page personal-view">
        <NonIdealState icon="person" title="请从监测列表选择长者" action={back} />
      </div>
    );
  const row = rows.find((r) => r.oldmanId === oldmanId);
  const state = row ? rowState(kind, row, open, now) : null;
  const stats = data.stats[def.series];
  return (
    <div className="page personal-view" data-testid="personal-view">
      <div className="personal-head">
        {back}
        <h2 data-testid="personal-name">{row?.oldmanName ?? stats?.oldmanName ?? '—'}</h2>
        <span className="muted">{row ? placeText(row) : ''}</span>
        {row ? (
          <span className="personal-live">
            <span className="muted">{def.currentLabel}</span>
            <strong data-testid="personal-current">{currentText(kind, row.vitals)}</strong>
            <span className="muted">{def.dayValueLabel}</span>
            <strong>{dayValueText(kind, row.value)}</strong>
            {state ? (
              <Tag intent={statusIntent[state.status]} large>
                {state.text}
                {state.alarm ? ` · 等待 ${waitedText(now - state.alarm.firstTime)}` : ''}
              </Tag>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className="personal-tools">
        <span className="personal-kinds">
          {monitorKindList.map((other) => (
            <Button
              key={other.kind}
              minimal
              active={other.kind === kind}
              text={other.title}
              onClick={() => navigate(withElder(other.personalPath, oldmanId))}
            />
          ))}
        </span>
        <RangePicker value={range} today={today} onChange={setRange} onReload={data.reload} />
        {canSeeHealth ? (
          <Button
            minimal
            intent={Intent.PRIMARY}
            icon="heart"
            text="个人健康"
            onClick={() => navigate(withElder(IotScreens.healthPersonal, oldmanId))}
          />
        ) : null}
      </div>
      {data.error ? <Callout intent={Intent.DANGER}>{data.error}</Callout> : null}
      <HealthChart
        series={def.series}
        kind={range.kind}
        stats={stats}
        loading={data.loading}
        title={def.title}
        tall
      />
    </div>
  );
}

/** One personal view per monitor kind, for the route table. */
export const personalViews: Record<MonitorKind, ComponentType> = {
  1: () => <PersonalView kind={1} />,
  2: () => <PersonalView kind={2} />,
  3: () => <PersonalView kind={3} />,
  4: () => <PersonalView kind={4} />,
};
