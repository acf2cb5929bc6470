import { Button, ButtonGroup, Checkbox, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type AlarmRecord, placeText } from '../../domain/alarms.js';
import { waitedText } from '../../domain/schedule.js';
import { alarmOffers } from '../../machines/alarmMachine.js';
import { OFFLINE_REASON } from '../../src/alarm/pendingAcks.js';
import {
  ARRIVAL_VISIBLE_MS,
  type ConsoleOrder,
  compareConsole,
  holdInPlace,
  noteArrivals,
} from '../../src/alarm/queue.js';
import { usePage } from '../../src/router/page.js';
import { BatchDialog, clock, type Dialogs } from './AlarmDialogs.js';
import { ACK_BATCH_MAX } from './api/alarms.js';
import { showOnMap } from './map/wanted.js';
import type { AlarmActions } from './useAlarmActions.js';

const severityTag = {
  3: { text: '紧急', intent: Intent.DANGER },
  2: { text: '重要', intent: Intent.WARNING },
  1: { text: '一般', intent: Intent.PRIMARY },
} as const;

const ORDER_KEY = 'alarmConsole.order';
const storedOrder = (): ConsoleOrder =>
  localStorage.getItem(ORDER_KEY) === 'newest' ? 'newest' : 'severity';

/** Whether a key press belongs to a field or a dialog rather than to the queue. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('.bp6-dialog, .bp6-overlay-open .bp6-overlay-content') !== null);

/**
 * The live alarm table of the console (issue #19): ordered by compareConsole (severity groups with
 * escalation raising an alarm, or newest first), arrivals since the console opened marked 新 for a
 * minute (only they blink), a fixed header, a selection acknowledged in one call, and the keyboard:
 * ↑/↓ (or J/K) move through the queue, Space selects, A acknowledges the selection — else the row in
 * focus, else the top unacknowledged alarm — Enter opens the detail, H the handle dialog. The keys act
 * only while the list has the focus (it takes it when its page is shown). Focus stays on the row after
 * acknowledging, wherever the row moves.
 */
export function LiveAlarmTable({
  open,
  now,
  actions,
  onDialog,
  paused,
  openedAt,
  stale = false,
  offline = false,
}: {
  open: readonly AlarmRecord[];
  /** The live channels are down: what the rows say may be old (dimmed). */
  stale?: boolean;
  /**
   * The browser is offline: nothing can reach the server, so 确认 waits. While only a channel
   * reconnects, 确认 still goes (over HTTP) and its answer shows at once (Realtime.noteAlarm): an
   * SOS on screen is never made unanswerable by a channel catching up.
   */
  offline?: boolean;
  /** When the console opened: alarms raised since are arrivals (the table itself mounts with the first alarm). */
  openedAt: number;
  now: number;
  actions: AlarmActions;
  onDialog(next: Dialogs): void;
  /** A dialog is open: the shortcuts wait. */
  paused: boolean;
}) {
  const [order, setOrder] = useState<ConsoleOrder>(storedOrder);
  // rows just acknowledged stay where they were until the operator moves on (holdInPlace)
  const [staying, setStaying] = useState<ReadonlyMap<number, number>>(new Map());
  const rows = useMemo(
    () => holdInPlace([...open].sort(compareConsole(order)), staying),
    [open, order, staying],
  );
  const hold = (ids: readonly number[]) =>
    setStaying((before) => {
      const next = new Map(before);
      for (const id of ids) {
        const at = rows.findIndex((r) => r.recordId === id);
        if (at >= 0 && !next.has(id)) next.set(id, at);
      }
      return next;
    });
  /**
   * The operator's hand moved on, out of the list: the rows take their order again. Never while the
   * pointer is over the rows: a held row let go as the hand went from it to the next row, the rows below
   * it moved up, and the 确认 aimed at the next alarm acknowledged the one after it.
   */
  const moveOn = () => setStaying((before) => (before.size === 0 ? before : new Map()));
  /**
   * Another order is moving on too: the rows held after 确认 keep the places they had in the old order,
   * which mean nothing in the new one (an acknowledged row stood among the newest, out of its time).
   */
  const chooseOrder = (next: ConsoleOrder) => {
    setOrder(next);
    localStorage.setItem(ORDER_KEY, next);
    moveOn();
  };

  // arrivals: first seen after the console opened (noteArrivals: the wall's rule, repeats count again)
  const [seen, setSeen] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => setSeen((before) => noteArrivals(before, open, Date.now(), openedAt)), [open, openedAt]);
  const isNew = (a: AlarmRecord) => {
    const at = seen.get(a.recordId);
    return at !== undefined && at > 0 && now - at < ARRIVAL_VISIBLE_MS;
  };

  // the selection: only ids still open count
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const openIds = useMemo(() => new Set(open.map((a) => a.recordId)), [open]);
  const selected = rows.filter((a) => chosen.has(a.recordId));
  const ackable = selected.filter((a) => actions.mayHandle(a) && alarmOffers(a, 'alarm.ack'));
  const closable = selected
    .filter((a) => actions.mayHandle(a) && alarmOffers(a, 'alarm.ignore'))
    .slice(0, ACK_BATCH_MAX);
  const [batch, setBatch] = useState<'ignore' | 'release' | null>(null);
  // the shortcuts wait while a dialog of the console or of this table is open
  const held = paused || batch !== null;
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set([...s].filter((x) => openIds.has(x)));
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // Shift+click a second checkbox: every row between the two (twenty rows in three clicks)
  const anchor = useRef<number | null>(null);
  const shift = useRef(false);
  const pick = (id: number, range: boolean) => {
    const from = rows.findIndex((a) => a.recordId === anchor.current);
    const to = rows.findIndex((a) => a.recordId === id);
    anchor.current = id;
    if (!range || from < 0 || to < 0) return toggle(id);
    const span = rows.slice(Math.min(from, to), Math.max(from, to) + 1).map((a) => a.recordId);
    setChosen((s) => new Set([...[...s].filter((x) => openIds.has(x)), ...span]));
  };
  const allChosen = rows.length > 0 && selected.length === rows.length;
  const [busy, setBusy] = useState(false);
  const ackSelected = () => {
    const ids = ackable.map((a) => a.recordId).slice(0, ACK_BATCH_MAX);
    if (!ids.length || busy) return;
    setBusy(true);
    hold(ids);
    void actions.ackMany(ids).then((answer) => {
      setBusy(false);
      if (answer) setChosen(new Set());
    });
  };

  // the row in focus (roving): kept by record id, so it follows the row when acknowledging moves it
  const [cursor, setCursor] = useState<number | null>(null);
  const table = useRef<HTMLDivElement>(null);
  const focusRow = (id: number | null) => {
    setCursor(id);
    if (id !== null)
      table.current
        ?.querySelector<HTMLElement>(`tr[data-record-id="${id}"]`)
        ?.focus({ preventScroll: false });
  };
  // after a re-order the focused row may have been moved in the DOM and lost focus: give it back
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows is the trigger (a re-order)
  useEffect(() => {
    if (cursor === null || held) return;
    const active = document.activeElement;
    if (active && active !== document.body && !table.current?.contains(active)) return;
    const row = table.current?.querySelector<HTMLElement>(`tr[data-record-id="${cursor}"]`);
    if (row && active !== row) row.focus();
  }, [rows, cursor, held]);

  const ackOne = (a: AlarmRecord) => {
    if (offline || !actions.mayHandle(a) || !alarmOffers(a, 'alarm.ack')) return;
    setCursor(a.recordId);
    hold([a.recordId]);
    void actions.ack(a);
  };
  const shortcut = (e: {
    key: string;
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
    preventDefault(): void;
  }) => {
    if (held || e.ctrlKey || e.metaKey || e.altKey) return false;
    const at = rows.findIndex((a) => a.recordId === cursor);
    const current = at >= 0 ? rows[at] : undefined;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const move = (step: number) => {
      const next = rows[Math.min(rows.length - 1, Math.max(0, at < 0 ? 0 : at + step))];
      if (next) focusRow(next.recordId);
    };
    switch (key) {
      case 'ArrowDown':
      case 'j':
        move(1);
        break;
      case 'ArrowUp':
      case 'k':
        move(-1);
        break;
      case 'a':
        if (!actions.canHandle || offline) return false;
        if (ackable.length) ackSelected();
        else if (current && actions.mayHandle(current) && alarmOffers(current, 'alarm.ack')) ackOne(current);
        else {
          const top = rows.find((r) => actions.mayHandle(r) && alarmOffers(r, 'alarm.ack'));
          if (top) {
            focusRow(top.recordId);
            ackOne(top);
          }
        }
        break;
      case ' ':
      case 'x':
        if (!current) return false;
        toggle(current.recordId);
        break;
      case 'Enter':
        if (!current) return false;
        onDialog({ kind: 'detail', record: current });
        break;
      case 'h':
        if (!current || !actions.mayHandle(current)) return false;
        onDialog({ kind: 'handle', record: current });
        break;
      default:
        return false;
    }
    e.preventDefault();
    return true;
  };
  // The keys belong to this list alone, and only while it holds the focus: a kept-alive tab (parked
  // outside the document) hears nothing, so a key pressed on 床垫告警 never acknowledges an SOS on the
  // hidden 定位告警. The list takes the focus when its page comes up (the operator need not click
  // into it first), and a click anywhere in it gives the focus back.
  const box = useRef<HTMLElement>(null);
  const { active: pageShown } = usePage();
  useEffect(() => {
    if (!pageShown) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && (typing(focused) || box.current?.contains(focused))) return;
    box.current?.focus({ preventScroll: true });
  }, [pageShown]);
  const onKey = (e: KeyboardEvent) => {
    if (typing(e.target)) return;
    // on a button of the list (the order switch, a row's 确认) Space and Enter stay the button's
    const onControl =
      e.target instanceof HTMLElement && e.target.matches('button, input, label, [role="checkbox"]');
    if (onControl && (e.key === ' ' || e.key === 'Enter')) return;
    if (shortcut(e)) e.stopPropagation();
  };

  return (
    <section
      className="live-alarm-table"
      ref={box}
      tabIndex={-1}
      onKeyDown={onKey}
      data-testid="live-alarm-list"
      aria-label="实时告警列表（快捷键在此列表内有效）"
    >
      <div className="alarm-toolbar" data-testid="alarm-toolbar">
        <ButtonGroup>
          <Button
            text="按级别"
            active={order === 'severity'}
            data-testid="order-severity"
            onClick={() => chooseOrder('severity')}
          />
          <Button
            text="最新在前"
            active={order === 'newest'}
            data-testid="order-newest"
            onClick={() => chooseOrder('newest')}
          />
        </ButtonGroup>
        {actions.canHandle ? (
          <Button
            intent={Intent.WARNING}
            icon="tick"
            text={`确认所选${ackable.length ? ` (${ackable.length})` : ''}`}
            disabled={!ackable.length}
            loading={busy}
            data-testid="ack-selected"
            onClick={ackSelected}
          />
        ) : null}
        {actions.canHandle ? (
          <>
            <Button
              icon="eye-off"
              text={`忽略所选${closable.length ? ` (${closable.length})` : ''}`}
              disabled={!closable.length}
              data-testid="ignore-selected"
              onClick={() => setBatch('ignore')}
            />
            <Button
              icon="unlock"
              text={`解除所选${closable.length ? ` (${closable.length})` : ''}`}
              disabled={!closable.length}
              data-testid="release-selected"
              onClick={() => setBatch('release')}
            />
          </>
        ) : null}
        <span className="alarm-keys">
          快捷键：↑↓ 选行 · 空格 勾选 · Shift+点击 连选 · A 确认 · H 处理 · 回车 详情
        </span>
      </div>
      {/* the hand leaving the rows lets the held ones go; the keys do not (↓ then ↑ comes back to the same row) */}
      <div className="alarm-table-wrap" ref={table} onPointerLeave={moveOn}>
        <HTMLTable
          className={stale ? 'alarm-table alarm-table-stale' : 'alarm-table'}
          striped
          interactive
          compact
          data-testid="live-alarms"
          data-stale={stale ? 'true' : undefined}
        >
          <thead>
            <tr>
              <th className="pick">
                <Checkbox
                  aria-label="全选"
                  data-testid="select-all"
                  checked={allChosen}
                  indeterminate={selected.length > 0 && !allChosen}
                  onChange={() => setChosen(allChosen ? new Set() : new Set(rows.map((a) => a.recordId)))}
                />
              </th>
              <th>级别</th>
              <th>告警类型</th>
              <th>长者</th>
              <th>位置</th>
              <th>设备</th>
              <th>次数</th>
              <th>首次告警</th>
              <th>等待时长</th>
              <th>确认</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => {
              const fresh = isNew(a);
              const classes = [
                a.ackTime === null ? 'alarm-unacked' : '',
                fresh && a.ackTime === null ? 'alarm-new' : '',
                cursor === a.recordId ? 'alarm-cursor' : '',
              ].filter(Boolean);
              return (
                <tr
                  key={a.recordId}
                  data-testid="alarm-row"
                  data-record-id={a.recordId}
                  data-new={fresh ? 'true' : undefined}
                  aria-selected={chosen.has(a.recordId)}
                  tabIndex={cursor === a.recordId || (cursor === null && a === rows[0]) ? 0 : -1}
                  className={classes.join(' ') || undefined}
                  onFocus={(e) => {
                    if (e.target === e.currentTarget) setCursor(a.recordId);
                  }}
                >
                  <td className="pick">
                    <Checkbox
                      aria-label="选择"
                      tabIndex={-1}
                      checked={chosen.has(a.recordId)}
                      onClick={(e) => {
                        shift.current = e.shiftKey;
                      }}
                      onChange={() => pick(a.recordId, shift.current)}
                    />
                  </td>
                  <td>
                    <Tag intent={severityTag[a.severity as 1 | 2 | 3].intent}>
                      {severityTag[a.severity as 1 | 2 | 3].text}
                    </Tag>
                    {a.escalated ? (
                      <Tag intent={Intent.DANGER} className="escalated" icon="double-chevron-up">
                        已升级
                      </Tag>
                    ) : null}
                    {fresh ? (
                      <Tag intent={Intent.SUCCESS} className="new-mark" data-testid="new-mark">
                        新
                      </Tag>
                    ) : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="linkish"
                      tabIndex={-1}
                      onClick={() => onDialog({ kind: 'detail', record: a })}
                    >
                      {a.alarmTypeName}
                    </button>
                    <div className="alarm-content">{a.content}</div>
                  </td>
                  <td>{a.oldmanName ?? '—'}</td>
                  <td>{placeText(a) ?? '—'}</td>
                  <td>{a.deviceName}</td>
                  <td>{a.count}</td>
                  <td>{clock(a.firstTime)}</td>
                  <td className="waiting" data-testid="waiting">
                    {waitedText(now - a.firstTime)}
                  </td>
                  <td>
                    {a.ackTime === null && actions.waiting.has(a.recordId) ? (
                      <Tag intent={Intent.WARNING} icon="refresh" data-testid="ack-waiting">
                        确认待重发
                      </Tag>
                    ) : a.ackTime === null ? (
                      <Tag intent={Intent.WARNING}>未确认</Tag>
                    ) : (
                      `${a.ackName ?? ''} ${clock(a.ackTime)}`
                    )}
                  </td>
                  <td>
                    {actions.mayHandle(a) ? (
                      <ButtonGroup minimal>
                        {/* an acknowledged row keeps the slot: 处理 never slides under a second click */}
                        {alarmOffers(a, 'alarm.ack') ? (
                          <Button
                            intent={Intent.WARNING}
                            text="确认"
                            tabIndex={-1}
                            disabled={offline || actions.waiting.has(a.recordId)}
                            title={offline ? OFFLINE_REASON : undefined}
                            onClick={() => ackOne(a)}
                          />
                        ) : (
                          <Button text="已确认" tabIndex={-1} disabled data-testid="acked-slot" />
                        )}
                        <Button
                          intent={Intent.PRIMARY}
                          text="处理"
                          tabIndex={-1}
                          onClick={() => onDialog({ kind: 'handle', record: a })}
                        />
                        <Button
                          text="忽略"
                          tabIndex={-1}
                          onClick={() => onDialog({ kind: 'ignore', record: a })}
                        />
                        <Button
                          text="解除"
                          tabIndex={-1}
                          onClick={() => onDialog({ kind: 'release', record: a })}
                        />
                      </ButtonGroup>
                    ) : null}
                    {/* after the actions: 确认 and 处理 keep their places under the hand */}
                    <Button
                      minimal
                      icon="map-marker"
                      tabIndex={-1}
                      aria-label="在地图上查看"
                      title="在地图上查看"
                      data-testid="alarm-locate"
                      onClick={() => showOnMap(a)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
      {batch ? (
        <BatchDialog
          kind={batch}
          records={closable}
          actions={actions}
          onClose={(done) => {
            setBatch(null);
            if (done) setChosen(new Set());
          }}
        />
      ) : null}
    </section>
  );
}
