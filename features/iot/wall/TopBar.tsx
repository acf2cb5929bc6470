import { useEffect, useMemo, useState } from 'react';
import { IotPaths } from '../../../domain/api/iot.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useRealtime, useStore } from '../../../src/realtime/context.js';
import { useLiveness } from '../../../src/realtime/useLiveness.js';
import { useNow } from '../../../src/ui/useNow.js';
import { local } from '../../../src/util/storage.js';
import type { ConnectionState } from '../../../streams/transport.js';
import { type AlarmCounts, alarmCounts, type DeviceStat, deviceCounts } from './counters.js';
import { channelLevel, channelText, freshness, type Level, worst } from './freshness.js';

const unknownCounts: Record<keyof AlarmCounts, string> = {
  open: '?',
  critical: '?',
  high: '?',
  normal: '?',
  unacked: '?',
  positioning: '?',
  mattress: '?',
};

/** Device statistics change slowly (online/offline): asked again every half minute. */
const DEVICE_STATS_EVERY_MS = 30_000;

function Counter({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: number | string;
  tone: string;
  testId: string;
}) {
  return (
    <div className={`wall-counter tone-${tone}`}>
      <span className="wall-counter-label">{label}</span>
      <span className="wall-counter-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function Light({
  level,
  label,
  text,
  testId,
}: {
  level: Level;
  label: string;
  text: string;
  testId: string;
}) {
  return (
    <div className={`wall-light level-${level}`} data-testid={testId} data-level={level}>
      <span className="wall-light-dot" />
      <span className="wall-light-label">{label}</span>
      <span className="wall-light-text">{text}</span>
    </div>
  );
}

/** Counters of open alarms and devices, the health of the live channels, and the clock. */
export function TopBar({ orgName }: { orgName: string }) {
  const { request } = useApp();
  const { alarms, health } = useRealtime();
  const open = useStore(useMemo(() => alarms.open(), [alarms]));
  const h = useStore(health);
  const now = useNow(1000);
  const [devices, setDevices] = useState<DeviceStat[] | null>(null);
  useEffect(() => {
    const load = () =>
      request<DeviceStat[]>({ url: IotPaths.deviceStatistics, silent: true }).then(
        setDevices,
        () => undefined,
      );
    void load();
    const timer = setInterval(load, DEVICE_STATS_EVERY_MS);
    return () => clearInterval(timer);
  }, [request]);

  const dev = devices ? deviceCounts(devices) : null;
  const fresh = freshness(h.lastMessageAt, now);
  // stale (offline, a channel down, silent for 10 s): every light red at once, not amber
  const { stale, reason } = useLiveness();
  // stale, the alarms this wall holds may not be all there are: each count says it is unknown (?)
  const known = alarmCounts(open);
  const counts = stale ? unknownCounts : known;
  const toneOf = (n: number, tone: string, none = 'muted') => (stale ? 'muted' : n ? tone : none);
  const stateText = (state: ConnectionState) =>
    reason === 'offline' ? '网络断开' : stale && state === 'open' ? '无数据' : channelText[state];
  const lights: Level[] = stale
    ? ['down', 'down', 'down']
    : [channelLevel(h.push), channelLevel(h.broker), fresh.level];
  const systemName =
    local.get<{ iconConfig?: { systemName?: string } }>('systemconfig')?.iconConfig?.systemName ||
    '智慧养老平台';
  const date = new Date(now);
  return (
    <header className="wall-top">
      <div className="wall-title">
        <h1>{systemName}</h1>
        <span>{orgName} · 监控大屏</span>
      </div>
      <div className="wall-counters" data-testid="wall-counters" data-stale={stale ? 'true' : undefined}>
        <Counter
          label="未处理告警"
          value={counts.open}
          tone={toneOf(known.open, 'danger', 'ok')}
          testId="wall-count-open"
        />
        <Counter
          label="紧急"
          value={counts.critical}
          tone={toneOf(known.critical, 'danger')}
          testId="wall-count-critical"
        />
        <Counter
          label="重要"
          value={counts.high}
          tone={toneOf(known.high, 'warning')}
          testId="wall-count-high"
        />
        <Counter
          label="一般"
          value={counts.normal}
          tone={toneOf(known.normal, 'primary')}
          testId="wall-count-normal"
        />
        <Counter
          label="未确认"
          value={counts.unacked}
          tone={toneOf(known.unacked, 'warning')}
          testId="wall-count-unacked"
        />
        <div className="wall-counter-split">
          <span>
            定位 <b data-testid="wall-count-pnt">{counts.positioning}</b>
          </span>
          <span>
            床垫 <b data-testid="wall-count-mattress">{counts.mattress}</b>
          </span>
        </div>
        <Counter label="设备在线" value={dev?.online ?? '—'} tone="ok" testId="wall-devices-online" />
        <Counter
          label="设备离线"
          value={dev?.offline ?? '—'}
          tone={dev?.offline ? 'muted-warning' : 'muted'}
          testId="wall-devices-offline"
        />
      </div>
      <div className="wall-health" data-testid="wall-health" data-state={worst(lights)}>
        <Light level={lights[0] ?? 'down'} label="推送" text={stateText(h.push)} testId="wall-light-push" />
        <Light
          level={lights[1] ?? 'down'}
          label="消息队列"
          text={stateText(h.broker)}
          testId="wall-light-broker"
        />
        <Light
          level={lights[2] ?? 'down'}
          label="数据"
          text={fresh.seconds === null ? '暂无' : `${fresh.seconds} 秒前`}
          testId="wall-light-fresh"
        />
      </div>
      <div className="wall-clock">
        <time className="wall-time" data-testid="wall-clock">
          {date.toLocaleTimeString('zh-CN', { hour12: false })}
        </time>
        <span className="wall-date">
          {date.toLocaleDateString('zh-CN', {
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            weekday: 'long',
          })}
        </span>
      </div>
    </header>
  );
}
