import { Button, Callout, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { type ComponentType, useMemo, useState } from 'react';
import { waitedText } from '../../../domain/schedule.js';
import { navigate } from '../../../src/router/hash.js';
import { useNow } from '../../../src/ui/useNow.js';
import { clock } from '../AlarmConsole.js';
import { HealthLight } from '../HealthLight.js';
import { MONITOR_POLL_MS, type MonitorKind, monitorKinds, withElder } from './kinds.js';
import { useMonitorRows, useOpenAlarms } from './live.js';
import { PlaceFilterBar } from './PlaceFilterBar.js';
import {
  currentText,
  dayValueText,
  filterRows,
  noPlaceFilter,
  placeOptions,
  placeText,
  type RowStatus,
  rowState,
  timeOfDay,
} from './rows.js';
import '../iot.css';
import { ago, statusIntent } from './statusIntent.js';
import './monitor.css';

/**
 * One mattress monitor (spec 001 /yunmuIot hrrest, breathe, inbed, turnover): every elder with a
 * mattress, the current reading, the 24-hour figure, the state and the last update, refreshed
 * every MONITOR_POLL_MS; alarm state comes live from the alarm store.
 */
function MonitorPage({ kind }: { kind: MonitorKind }) {
  const def = monitorKinds[kind];
  const { rows, loadedAt, error } = useMonitorRows(kind);
  const open = useOpenAlarms();
  const now = useNow(1000);
  const [filter, setFilter] = useState(noPlaceFilter);
  const buildings = useMemo(() => placeOptions(rows), [rows]);
  const shown = useMemo(
    () => filterRows(rows, filter).map((row) => ({ row, state: rowState(kind, row, open, now) })),
    [rows, filter, kind, open, now],
  );
  const count = (status: RowStatus) => shown.filter((s) => s.state.status === status).length;

  return (
    <div className="page monitor-page" data-testid={`monitor-${def.series}`}>
      <div className="monitor-toolbar filters">
        <PlaceFilterBar value={filter} buildings={buildings} onChange={setFilter} />
        <span className="monitor-counts" data-testid="monitor-counts">
          <Tag minimal large>
            共 {shown.length} 人
          </Tag>
          <Tag minimal large intent={count('alarm') ? Intent.DANGER : Intent.NONE}>
            告警 {count('alarm')}
          </Tag>
          <Tag minimal large intent={count('outOfBed') ? Intent.WARNING : Intent.NONE}>
            离床 {count('outOfBed')}
          </Tag>
          <Tag minimal large>
            离线 {count('offline')}
          </Tag>
        </span>
        <span className="monitor-updated muted" title={`每 ${MONITOR_POLL_MS / 1000} 秒刷新`}>
          {loadedAt ? `更新于 ${timeOfDay(loadedAt)}` : '加载中'}
        </span>
        <HealthLight />
      </div>
      {error ? (
        <Callout intent={Intent.DANGER} icon="error" className="monitor-error">
          {error}（{MONITOR_POLL_MS / 1000} 秒后自动重试）
        </Callout>
      ) : null}
      {loadedAt === null && !error ? (
        <NonIdealState icon={<Spinner />} title="加载中" />
      ) : shown.length === 0 && loadedAt !== null ? (
        <NonIdealState icon="search" title="没有符合条件的长者" />
      ) : (
        <HTMLTable className="monitor-table" striped interactive compact data-testid="monitor-table">
          <thead>
            <tr>
              <th>长者</th>
              <th>位置</th>
              <th>{def.currentLabel}</th>
              <th>{def.dayValueLabel}</th>
              <th>状态</th>
              <th>最后更新</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ row, state }) => (
              <tr
                key={row.deviceId}
                data-testid="monitor-row"
                data-oldman-id={row.oldmanId}
                data-status={state.status}
                className={state.status === 'alarm' ? 'monitor-alarm' : undefined}
                onClick={() => navigate(withElder(def.personalPath, row.oldmanId))}
              >
                <td className="elder-name">{row.oldmanName ?? '—'}</td>
                <td>{placeText(row)}</td>
                <td className="reading" data-testid="current">
                  {currentText(kind, row.vitals)}
                </td>
                <td className="reading-day">{dayValueText(kind, row.value)}</td>
                <td>
                  <Tag intent={statusIntent[state.status]} minimal={state.status === 'noData'}>
                    {state.text}
                  </Tag>
                  {state.alarm ? (
                    <span className="alarm-wait"> 等待 {waitedText(now - state.alarm.firstTime)}</span>
                  ) : null}
                </td>
                <td title={row.vitals ? clock(row.vitals.ts) : undefined}>
                  {ago(now, row.vitals?.ts ?? row.lastSeen)}
                </td>
                <td>
                  <Button
                    minimal
                    small
                    icon="timeline-line-chart"
                    text="个人视图"
                    onClick={(e) => {
                      e.stopPropagation();
                      navigate(withElder(def.personalPath, row.oldmanId));
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

/** One page component per monitor kind, for the route table. */
export const monitorPages: Record<MonitorKind, ComponentType> = {
  1: () => <MonitorPage kind={1} />,
  2: () => <MonitorPage kind={2} />,
  3: () => <MonitorPage kind={3} />,
  4: () => <MonitorPage kind={4} />,
};
