import { Button, Callout, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AlarmSource } from '../../domain/alarms.js';
import { useAnnouncerState } from '../../src/alarm/context.js';
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
export function AlarmConsole({ source }: { source: AlarmSource }) {
  {
    const [tab, setTab] = useState<'live' | 'history'>('live');
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
          <Tab id="history" title="历史记录" panel={<AlarmHistory source={source} />} />
        </Tabs>
      </div>
    );
  }
}
export const MattressAlarms = () => <AlarmConsole source="mattress" />;
export const LocateAlarms = () => <AlarmConsole source="pnt" />;

function LiveAlarms({ source }: { source: AlarmSource }) {
  const { alarms } = useRealtime();
  const view = useMemo(() => alarms.filter((a) => a.source === source && a.status === 0), [alarms, source]);
  const open = useStore(view);
  const now = useNow(1000);
  const actions = useAlarmActions(source);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const openedAt = useRef(Date.now()).current;
  // the one sound of the console, for all the user's open alarms (src/alarm): shown here too
  const announced = useAnnouncerState();
  const sounding = announced?.sounding ?? false;
  const waitingAll = announced?.summary.waiting ?? 0;
  // ?recordId= (the header's indicator, a desktop notification): that alarm's detail, once
  const wanted = Number(usePage().query.recordId) || null;
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!wanted || shown.current === wanted) return;
    const record = open.find((a) => a.recordId === wanted);
    if (!record) return;
    shown.current = wanted;
    setDialog({ kind: 'detail', record });
  }, [wanted, open]);

  const { stale } = useLiveness();
  const unacked = open.filter((a) => a.ackTime === null).length;
  const escalated = open.filter((a) => a.escalated).length;
  return (
    <div>
      <div className="alarm-counters" data-testid="alarm-counters">
        <Tag large intent={open.length ? Intent.DANGER : Intent.SUCCESS} data-testid="count-open">
          未处理 {open.length}
        </Tag>
        <Tag large intent={unacked ? Intent.WARNING : Intent.NONE} data-testid="count-unacked">
          未确认 {unacked}
        </Tag>
        <Tag large minimal={!escalated} intent={escalated ? Intent.DANGER : Intent.NONE}>
          已升级 {escalated}
        </Tag>
        <span className="alarm-sound" data-testid="alarm-sound" data-sounding={sounding ? 'true' : 'false'}>
          {sounding
            ? '🔔 告警提示音播放中，确认后停止'
            : waitingAll
              ? '🔕 提示音已关闭（静音或该级别不响铃）'
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
        />
      )}
      <AlarmDialogs dialog={dialog} onDialog={setDialog} actions={actions} />
    </div>
  );
}
