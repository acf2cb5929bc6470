import { Icon } from '@blueprintjs/core';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AlarmRecord } from '../../../domain/alarms.js';
import { IotPaths } from '../../../domain/api/iot.js';
import { AckButton } from '../../../src/alarm/AckButton.js';
import { useAlarmAck } from '../../../src/alarm/pendingAcks.js';
import {
  arrivalOf,
  canAck,
  newestArrival,
  noteArrivals,
  placeOf,
  QUEUE_ROWS,
  queueView,
  rowFlashes,
  stopwatch,
} from '../../../src/alarm/queue.js';
import { AlarmSound } from '../../../src/alarm/sound.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useRealtime, useStore } from '../../../src/realtime/context.js';
import { useLiveness } from '../../../src/realtime/useLiveness.js';
import { useNow } from '../../../src/ui/useNow.js';

const severityText: Record<number, string> = { 3: '紧急', 2: '重要', 1: '一般' };

/**
 * Whether sound may play: the browser's autoplay rule (a kiosk flag, or a click on the page). An
 * audio context starts suspended and turns running asynchronously when sound is allowed (later on a
 * busy machine), so the answer comes from its state changes, not from its first state.
 */
function useSoundAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (allowed) return;
    let probe: AudioContext | null = null;
    const allow = () => setAllowed(true);
    try {
      const context = new AudioContext();
      probe = context;
      const check = () => {
        if (context.state === 'running') allow();
      };
      context.onstatechange = check;
      check();
      void context.resume().then(check, () => undefined);
    } catch {
      // no audio at all: the touch below still enables the (silent) indicator
    }
    window.addEventListener('pointerdown', allow);
    window.addEventListener('keydown', allow);
    return () => {
      window.removeEventListener('pointerdown', allow);
      window.removeEventListener('keydown', allow);
      if (probe) {
        probe.onstatechange = null;
        void probe.close();
      }
    };
  }, [allowed]);
  return allowed;
}

/**
 * The latching alarm sound of the console, configured like the console (mattress alarm voice). Where the
 * browser holds sound back until someone touches the page, the wall says so and starts after the touch:
 * an audio context made before that would stay silent.
 */
function useAlarmSound(open: readonly AlarmRecord[]) {
  const { request } = useApp();
  const sound = useMemo(() => new AlarmSound(), []);
  const allowed = useSoundAllowed();
  const [sounding, setSounding] = useState(false);
  useEffect(() => {
    request<{ setContent: { alarmVoice: { status: number; times: number } } }>({
      url: IotPaths.mattressSetting,
      silent: true,
    }).then(
      (config) =>
        sound.configure(config.setContent.alarmVoice.times, config.setContent.alarmVoice.status === 1),
      () => undefined,
    );
    return () => sound.stop();
  }, [request, sound]);
  useEffect(() => {
    if (!allowed) return;
    sound.update(open);
    setSounding(sound.sounding);
  }, [open, sound, allowed]);
  return { allowed, sounding };
}

/**
 * How many rows fit the list's height (it takes what the panel leaves it): measured from a row and
 * the list's gap, again on every resize, so no row is clipped behind the footer at 1366×768 and a 4K
 * wall shows more. Until the first row is drawn, QUEUE_ROWS.
 */
function useFittingRows(list: RefObject<HTMLOListElement | null>, drawn: number): number {
  const [rows, setRows] = useState(QUEUE_ROWS);
  // the list is drawn only while there are alarms: measure again when it appears
  const hasRows = drawn > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: hasRows mounts the list the ref points to
  useLayoutEffect(() => {
    const ol = list.current;
    if (!ol) return;
    const measure = () => {
      const row = ol.firstElementChild as HTMLElement | null;
      if (!row) return;
      const gap = Number.parseFloat(getComputedStyle(ol).rowGap) || 0;
      const fit = Math.floor((ol.clientHeight + gap) / (row.offsetHeight + gap));
      setRows(Math.max(1, fit));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(ol);
    return () => observer.disconnect();
  }, [list, hasRows]);
  return rows;
}

/**
 * The live queue: open alarms, most severe and oldest first, each with its waiting time; an arrival
 * flashes and shows its floor on the map; acknowledging stops the sound for it (same route as the console).
 */
export function AlarmQueue({
  onArrival,
  onPick,
}: {
  onArrival(alarm: AlarmRecord): void;
  /** The operator clicked a row: the map shows the resident. */
  onPick(alarm: AlarmRecord): void;
}) {
  const { toast } = useApp();
  const { alarms } = useRealtime();
  const open = useStore(useMemo(() => alarms.open(), [alarms]));
  const now = useNow(1000);
  const { stale } = useLiveness();
  const { allowed: soundOn, sounding } = useAlarmSound(open);
  // the console's 确认: disabled offline with the reason, retried when lost on the way (pendingAcks)
  const acks = useAlarmAck(() => toast('已确认', 'success'));
  const openedAt = useRef(Date.now()).current;
  const seenRef = useRef(new Map<number, number>());
  const seen = useMemo(() => {
    seenRef.current = noteArrivals(seenRef.current, open, Date.now(), openedAt);
    return seenRef.current;
  }, [open, openedAt]);
  const newest = newestArrival(seen, open, Date.now());
  const newestId = newest?.recordId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival, not per render
  useEffect(() => {
    if (newest) onArrival(newest);
  }, [newestId]);
  const [acking, setAcking] = useState<number | null>(null);
  const ack = (a: AlarmRecord) => {
    setAcking(a.recordId);
    void acks.ack(a.recordId).finally(() => setAcking(null));
  };

  const list = useRef<HTMLOListElement>(null);
  const fitting = useFittingRows(list, open.length);
  // 另有 N 条, clicked, shows every open alarm (the list scrolls) until 收起
  const [expanded, setExpanded] = useState(false);
  const view = queueView(open, expanded ? open.length : fitting, (a) => arrivalOf(seen.get(a.recordId), now));
  const { shown, more, moreUnacked, moreUrgent, hiddenWorst } = view;
  useEffect(() => {
    if (open.length <= fitting) setExpanded(false);
  }, [open.length, fitting]);
  return (
    <section className="wall-queue" aria-label="告警队列" data-testid="wall-queue">
      <header className="wall-queue-head">
        <h2>实时告警</h2>
        <span
          className={`wall-sound${soundOn ? '' : ' blocked'}`}
          data-testid="wall-sound"
          data-sounding={sounding ? 'true' : 'false'}
        >
          <Icon icon={sounding ? 'volume-up' : 'volume-off'} size={26} />
          {!soundOn ? '提示音未启用 · 点击页面任意处启用' : sounding ? '提示音 · 确认后停止' : '无待确认告警'}
        </span>
      </header>
      {open.length === 0 && stale ? (
        <div className="wall-queue-empty unknown" data-testid="wall-queue-unknown">
          <Icon icon="offline" size={96} />
          <span>连接中断，无法确认是否有新告警</span>
        </div>
      ) : open.length === 0 ? (
        <div className="wall-queue-empty" data-testid="wall-queue-empty">
          <Icon icon="tick-circle" size={96} />
          <span>当前没有未处理的告警</span>
        </div>
      ) : (
        // stale, the rows may be old: dimmed, as the console's table
        <ol
          ref={list}
          className={`wall-alarms${expanded ? ' expanded' : ''}${stale ? ' stale' : ''}`}
          data-testid="wall-alarms"
          data-stale={stale ? 'true' : undefined}
        >
          {shown.map((a) => {
            const flashing = rowFlashes(a, seen.get(a.recordId), now);
            return (
              <li
                key={a.recordId}
                className={`wall-alarm sev-${a.severity}${a.ackTime === null ? ' unacked' : ''}${flashing ? ' flash' : ''}`}
                data-testid="wall-alarm-row"
                data-record-id={a.recordId}
                data-severity={a.severity}
                data-acked={a.ackTime === null ? 'false' : 'true'}
                data-new={flashing ? 'true' : 'false'}
              >
                <span className="wall-alarm-sev">{severityText[a.severity] ?? a.severity}</span>
                <button
                  type="button"
                  className="wall-alarm-what"
                  data-testid="wall-alarm-locate"
                  title="在地图上查看"
                  onClick={() => onPick(a)}
                >
                  {/* the device stays whole beside ×N and 已升级: the alarm's type gives way (ellipsis) */}
                  <span className="wall-alarm-type">
                    <span className="wall-alarm-typename">{a.alarmTypeName}</span>
                    {a.count > 1 ? <small className="wall-alarm-count">×{a.count}</small> : null}
                    {a.escalated ? <small className="wall-alarm-escalated">已升级</small> : null}
                    <small className="wall-alarm-device" data-testid="wall-alarm-device">
                      · {a.deviceName}
                    </small>
                  </span>
                  {/* who and where, whole: the room is what sends the nurse, so the name gives way first */}
                  <span className="wall-alarm-who">
                    <span className="wall-alarm-name">{a.oldmanName ?? '未绑定长者'}</span>
                    <span className="wall-alarm-place">· {placeOf(a)}</span>
                  </span>
                </button>
                <span className="wall-alarm-wait" data-testid="wall-waiting">
                  {stopwatch(now - a.firstTime)}
                </span>
                <span className="wall-alarm-act">
                  {a.ackTime !== null ? (
                    <span className="wall-alarm-acked">已确认{a.ackName ? ` · ${a.ackName}` : ''}</span>
                  ) : acks.mayAck(a) && canAck(a) ? (
                    <AckButton
                      size="large"
                      loading={acking === a.recordId}
                      waiting={acks.waiting.has(a.recordId)}
                      onAck={() => ack(a)}
                    />
                  ) : (
                    <span className="wall-alarm-acked">未确认</span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {more > 0 ? (
        <button
          type="button"
          className={`wall-queue-more${moreUnacked > 0 ? ' unacked' : ''}`}
          data-testid="wall-queue-more"
          data-unacked={moreUnacked}
          data-hidden-worst={hiddenWorst}
          onClick={() => setExpanded(true)}
        >
          另有 {more} 条告警
          {moreUnacked > 0 ? (
            <strong className="wall-queue-unacked">
              {' '}
              · 其中 {moreUnacked} 条未确认{moreUrgent > 0 ? `（${moreUrgent} 条紧急）` : ''}
            </strong>
          ) : null}
          <span className="wall-queue-open"> · 查看全部</span>
        </button>
      ) : expanded ? (
        <button
          type="button"
          className="wall-queue-more"
          data-testid="wall-queue-less"
          onClick={() => setExpanded(false)}
        >
          收起
        </button>
      ) : null}
    </section>
  );
}
