import { Button, Callout, Intent, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import { Authority } from '../../../domain/menus.js';
import { waitedText } from '../../../domain/schedule.js';
import { IotScreens } from '../../../domain/screens.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { navigate } from '../../../src/router/hash.js';
import { useNow } from '../../../src/ui/useNow.js';
import { HealthLight } from '../HealthLight.js';
import { type BedCard, bedCards, cardCounts, orderCards, toneName } from './cardTone.js';
import { MONITOR_POLL_MS, monitorKinds, seriesUnit, withElder } from './kinds.js';
import { useMonitorRows, useOpenAlarms, useOutingNow } from './live.js';
import { PlaceFilterBar } from './PlaceFilterBar.js';
import { filterRows, noPlaceFilter, placeOptions, rowStatusText, timeOfDay } from './rows.js';
import './monitor.css';

/**
 * The bed-card wall (/yunmuIot/bedCards): one card per bed with a mattress, its elder's heart rate,
 * breathing and in-bed state, and its open alarm with the waiting time; the card takes the colour
 * of the alarm's severity. Made for a large screen at the nurses' station (full-screen button).
 */
export function BedCards() {
  const polled = useMonitorRows(1);
  const { loadedAt, error } = polled;
  const rows = useOutingNow(polled.rows, polled.requestedAt);
  const open = useOpenAlarms();
  const now = useNow(1000);
  const [filter, setFilter] = useState(noPlaceFilter);
  const [alarmsFirst, setAlarmsFirst] = useState(false);
  const wall = useRef<HTMLDivElement>(null);
  const canSeeHealth = useAuthority(Authority.iotHealth);
  const buildings = useMemo(() => placeOptions(rows), [rows]);
  const cards = useMemo(
    () => orderCards(bedCards(filterRows(rows, filter), open, now), alarmsFirst),
    [rows, filter, open, now, alarmsFirst],
  );
  const counts = cardCounts(cards);
  const openElder = (card: BedCard) =>
    navigate(
      withElder(canSeeHealth ? IotScreens.healthPersonal : monitorKinds[1].personalPath, card.row.oldmanId),
    );

  return (
    <div className="page bed-wall" ref={wall} data-testid="bed-cards">
      <div className="monitor-toolbar filters">
        <PlaceFilterBar value={filter} buildings={buildings} onChange={setFilter} />
        <Switch
          checked={alarmsFirst}
          label="告警优先"
          onChange={(e) => setAlarmsFirst(e.currentTarget.checked)}
          className="alarms-first"
        />
        <span className="monitor-counts">
          <Tag large minimal>
            床位 {counts.beds}
          </Tag>
          <Tag large intent={counts.alarms ? Intent.DANGER : Intent.SUCCESS} data-testid="count-alarm-beds">
            告警 {counts.alarms}
          </Tag>
          <Tag large minimal intent={counts.away ? Intent.WARNING : Intent.NONE}>
            离床 {counts.away}
          </Tag>
          <Tag large minimal>
            无数据 {counts.silent}
          </Tag>
        </span>
        <span className="monitor-updated muted" title={`每 ${MONITOR_POLL_MS / 1000} 秒刷新`}>
          {loadedAt ? `更新于 ${timeOfDay(loadedAt)}` : '加载中'}
        </span>
        <HealthLight />
        <Button
          icon="fullscreen"
          text="全屏"
          onClick={() => {
            if (document.fullscreenElement) void document.exitFullscreen();
            else void wall.current?.requestFullscreen().catch(() => undefined);
          }}
        />
      </div>
      {error ? (
        <Callout intent={Intent.DANGER} icon="error" className="monitor-error">
          {error}（{MONITOR_POLL_MS / 1000} 秒后自动重试）
        </Callout>
      ) : null}
      {loadedAt === null && !error ? (
        <NonIdealState icon={<Spinner />} title="加载中" />
      ) : cards.length === 0 ? (
        <NonIdealState icon="search" title="没有符合条件的床位" />
      ) : (
        <div className="bed-grid">
          {cards.map((card) => (
            <Card key={card.row.deviceId} card={card} now={now} onOpen={() => openElder(card)} />
          ))}
        </div>
      )}
    </div>
  );
}

function Card({ card, now, onOpen }: { card: BedCard; now: number; onOpen(): void }) {
  const { row, alarm } = card;
  const state =
    card.tone === 'outing'
      ? toneName.outing
      : card.inBed === null
        ? rowStatusText[card.status]
        : card.inBed
          ? '在床'
          : '离床';
  return (
    <button
      type="button"
      className={`bed-card tone-${card.tone}${card.unacked ? ' unacked' : ''}`}
      data-testid="bed-card"
      data-tone={card.tone}
      data-oldman-id={row.oldmanId}
      aria-label={`${row.roomName ?? ''} ${row.bedName ?? ''} ${row.oldmanName ?? ''} ${toneName[card.tone]}`}
      onClick={onOpen}
    >
      <span className="bed-head">
        <span className="bed-place">
          {row.roomName ?? '—'} {row.bedName ?? ''}
        </span>
        <span className="bed-floor">{[row.buildingName, row.floorName].filter(Boolean).join(' ')}</span>
      </span>
      <span className="bed-elder">{row.oldmanName ?? '—'}</span>
      <span className="bed-vitals">
        <span>
          <span className="label">心率</span>
          <span className="value" data-testid="bed-heart">
            {card.heartRate ?? '—'}
          </span>
          {card.heartRate === null ? null : <span className="unit">{seriesUnit.heartbeat}</span>}
        </span>
        <span>
          <span className="label">呼吸</span>
          <span className="value">{card.breathRate ?? '—'}</span>
          {card.breathRate === null ? null : <span className="unit">{seriesUnit.breath}</span>}
        </span>
      </span>
      <span
        className={`bed-state state-${card.tone === 'outing' ? 'outing' : card.inBed === null ? 'silent' : card.inBed ? 'in' : 'out'}`}
        data-testid="bed-state"
      >
        {state}
      </span>
      {alarm ? (
        <span className="bed-alarm" data-testid="bed-alarm">
          <span className="bed-alarm-type">
            {alarm.alarmTypeName}
            {alarm.ackTime === null ? '（未确认）' : ''}
          </span>
          {card.others.length ? (
            <span className="bed-alarm-others">另有 {card.others.join('、')}</span>
          ) : null}
          <span className="bed-waiting">
            等待 <strong data-testid="bed-waiting">{waitedText(now - alarm.firstTime)}</strong>
          </span>
        </span>
      ) : null}
    </button>
  );
}
