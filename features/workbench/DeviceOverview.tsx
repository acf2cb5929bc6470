import { Card, H3, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { IotPaths } from '../../domain/api/iot.js';
import { IotScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { useRealtime, useStore } from '../../src/realtime/context.js';
import { navigate } from '../../src/router/hash.js';
import { usePageInterval } from '../../src/ui/usePageInterval.js';
import './workbench.css';

interface KindCount {
  kind: string;
  kindName: string;
  total: number;
  online: number;
  offline: number;
}
interface CallStats {
  total: number;
  answered: number;
  waiting: number;
  averageAnswerSeconds: number | null;
}
const REFRESH_MS = 30_000;

/**
 * The workbench's live overview (spec 001 "Dashboard": device and call statistics): open alarms
 * straight from the live alarm store, devices online by kind and today's nurse calls.
 */
export function DeviceOverview() {
  const { request } = useApp();
  const realtime = useRealtime();
  const open = useStore(useMemo(() => realtime.alarms.open(), [realtime]));
  const [devices, setDevices] = useState<KindCount[] | null>(null);
  const [calls, setCalls] = useState<CallStats | null>(null);
  // while the 工作台 is on screen: behind another tab it asks nothing, and reads again when shown
  usePageInterval(() => {
    request<KindCount[]>({ url: IotPaths.deviceStatistics, silent: true }).then(setDevices, () =>
      setDevices(null),
    );
    request<CallStats>({ url: IotPaths.callStatistics, silent: true }).then(setCalls, () => setCalls(null));
  }, REFRESH_MS);
  const bySeverity = [3, 2, 1].map((s) => open.filter((a) => a.severity === s).length);
  const unacked = open.filter((a) => a.ackTime === null).length;
  return (
    <Card className="device-overview" data-testid="device-overview">
      <H3>智能物联</H3>
      <div className="overview-figures">
        <button
          type="button"
          className="overview-figure linkish"
          data-testid="overview-open-alarms"
          onClick={() => navigate(IotScreens.locateAlarm)}
        >
          <strong className={open.length ? 'alarming' : ''}>{open.length}</strong>
          <span>未处理告警</span>
        </button>
        <div className="overview-figure">
          <strong>{unacked}</strong>
          <span>未确认</span>
        </div>
        <div className="overview-figure">
          <span className="severity-tags">
            <Tag intent="danger" minimal>
              紧急 {bySeverity[0]}
            </Tag>
            <Tag intent="warning" minimal>
              重要 {bySeverity[1]}
            </Tag>
            <Tag minimal>一般 {bySeverity[2]}</Tag>
          </span>
        </div>
        <div className="overview-figure" data-testid="overview-calls">
          <strong>{calls?.total ?? '—'}</strong>
          <span>
            今日呼叫 · 已应答 {calls?.answered ?? '—'} · 待应答 {calls?.waiting ?? '—'}
            {calls?.averageAnswerSeconds != null ? ` · 平均应答 ${calls.averageAnswerSeconds} 秒` : ''}
          </span>
        </div>
      </div>
      <HTMLTable compact striped className="data-table" data-testid="overview-devices">
        <thead>
          <tr>
            <th>设备类型</th>
            <th>总数</th>
            <th>在线</th>
            <th>离线</th>
          </tr>
        </thead>
        <tbody>
          {(devices ?? []).map((d) => (
            <tr key={d.kind}>
              <td>{d.kindName}</td>
              <td>{d.total}</td>
              <td>{d.online}</td>
              <td className={d.offline ? 'offline' : ''}>{d.offline}</td>
            </tr>
          ))}
          {devices?.length === 0 ? (
            <tr>
              <td colSpan={4} className="empty">
                暂无设备
              </td>
            </tr>
          ) : null}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
