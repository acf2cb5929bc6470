import { Button, Callout, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { AlarmSource } from '../../domain/alarms.js';
import { useAnnouncerState, wantedAlarm } from '../../src/alarm/context.js';
import { useRealtime, useStore } from '../../src/realtime/context.js';
import { useLiveness } from '../../src/realtime/useLiveness.js';
import { usePage } from '../../src/router/page.js';
import { useNow } from '../../src/ui/useNow.js';
import { AlarmDialogs, type Dialogs } from './AlarmDialogs.js';
import { AlarmHistory } from './AlarmHistory.js';
import { HealthLight } from './HealthLight.js';
import { LiveAlarmTable } from './LiveAlarmTable.js';
import { useAlarmActions } from './useAlarmActions.js';
import './iot.css';

export { clock } from './AlarmDialogs.js';

/**
 * The live alarm console of one source (mattress: /yunmuIot/alarm, positioning: /yunmuIot/locateAlarm):
 * open alarms from the live store (LiveAlarmTable: by severity or newest first), each with its waiting time; a latching
 * sound until acknowledged; acknowledge, handle, ignore and release; the history with filters and paging.
 */
export function AlarmConsole({ source }: { source: AlarmSource | 'all' }) {
  {
    const [tab, setTab] = useState<'live' | 'history'>('live');
    // the combined list has no history of its own: each source keeps its history with its filters
    const history = source === 'all' ? null : source;
    return (
      <div className="page alarm-console" data-testid={`page-alarm-${source}`}>
        {/* beside the tabs, not in their tablist: a tablist holds tabs only */}
        <div className="alarm-console-tools">
          <Button
            variant="minimal"
            icon="desktop"
            text="大屏模式"
            data-testid="open-wall"
            onClick={() => window.open('/fullchart.html', 'fullchart')}
          />
          <HealthLight />
        </div>
        <Tabs
          id={`alarm-${source}`}
          selectedTabId={tab}
          onChange={(id) => setTab(id as 'live' | 'history')}
          renderActiveTabPanelOnly
          large
        >
          <Tab id="live" title="实时告警" panel={<LiveAlarms source={source} />} />
          {history ? <Tab id="history" title="历史记录" panel={<AlarmHistory source={history} />} /> : null}
        </Tabs>
      </div>
    );
  }
}
export const MattressAlarms = () => <AlarmConsole source="mattress" />;
/** 全部告警: every open alarm the user may see, of every source, most severe first. */
export const AllAlarms = () => <AlarmConsole source="all" />;
export const LocateAlarms = () => <AlarmConsole source="pnt" />;

function LiveAlarms({ source }: { source: AlarmSource | 'all' }) {
  const { alarms } = useRealtime();
  const view = useMemo(
    () => alarms.filter((a) => (source === 'all' || a.source === source) && a.status === 0),
    [alarms, source],
  );
  const open = useStore(view);
  const now = useNow(1000);
  const actions = useAlarmActions(source);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const openedAt = useRef(Date.now()).current;
  // the one sound of the console, for all the user's open alarms (src/alarm): shown here too
  const announced = useAnnouncerState();
  const sounding = announced?.sounding ?? false;
  const waitingAll = announced?.summary.waiting ?? 0;
  // The alarm the header's indicator or a desktop notification asked for (src/alarm/context.tsx), else
  // ?recordId= of a link: its detail, once, in this tab (the page is the one on screen)
  const page = usePage();
  const asked = useSyncExternalStore(wantedAlarm.subscribe, wantedAlarm.get);
  const linked = Number(page.query.recordId) || null;
  const linkShown = useRef<number | null>(null);
  useEffect(() => {
    if (!page.active) return;
    const fromStore = asked?.source === source;
    const wanted = fromStore ? asked.recordId : linked !== linkShown.current ? linked : null;
    const record = wanted === null ? undefined : open.find((a) => a.recordId === wanted);
    if (!record) return;
    if (fromStore) wantedAlarm.taken(record.recordId);
    else linkShown.current = record.recordId;
    setDialog({ kind: 'detail', record });
  }, [asked, source, linked, open, page.active]);

  const { stale, reason } = useLiveness();
  const unacked = open.filter((a) => a.ackTime === null).length;
  const escalated = open.filter((a) => a.escalated).length;
  return (
    <div>
      <div className="alarm-counters" data-testid="alarm-counters" data-stale={stale ? 'true' : undefined}>
        <Tag large intent={open.length ? Intent.DANGER : Intent.SUCCESS} data-testid="count-open">
          未处理 {stale ? '?' : open.length}
        </Tag>
        <Tag large intent={unacked ? Intent.WARNING : Intent.NONE} data-testid="count-unacked">
          未确认 {stale ? '?' : unacked}
        </Tag>
        <Tag large minimal={!escalated} intent={escalated ? Intent.DANGER : Intent.NONE}>
          已升级 {escalated}
        </Tag>
        <span className="alarm-sound" data-testid="alarm-sound" data-sounding={sounding ? 'true' : 'false'}>
          {sounding
            ? '🔔 告警提示音播放中，确认后停止'
            : waitingAll
              ? '🔕 提示音已关闭（已消音或该级别不响铃）'
              : '🔕 无待确认告警'}
        </span>
      </div>
      {open.length === 0 && stale ? (
        // never "no alarms" while the channels are down: alarms may be waiting that this console has not heard
        <Callout intent={Intent.DANGER} icon="offline" data-testid="alarms-unknown">
          连接中断，无法确认是否有新告警：恢复连接后自动更新
        </Callout>
      ) : open.length === 0 ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="no-open-alarms">
          当前没有未处理的告警
        </Callout>
      ) : (
        <LiveAlarmTable
          open={open}
          now={now}
          actions={actions}
          onDialog={setDialog}
          paused={dialog !== null}
          openedAt={openedAt}
          stale={stale}
          offline={reason === 'offline'}
        />
      )}
      <AlarmDialogs dialog={dialog} onDialog={setDialog} actions={actions} />
    </div>
  );
}
