import { Button, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import type { AlarmRecord } from '../../domain/alarms.js';
import { AckButton } from '../alarm/AckButton.js';
import { alarmLine } from '../alarm/announce.js';
import { openAlarm, useAnnouncerState } from '../alarm/context.js';
import { useAlarmAck } from '../alarm/pendingAcks.js';
import { canAck, rankOf, stopwatch } from '../alarm/queue.js';
import { useApp } from '../app/AppContext.js';
import { useNow } from '../ui/useNow.js';
import './urgentBanner.css';

/**
 * A pinned banner on every screen while a 紧急 alarm (or one escalated to it) waits unacknowledged: the one
 * to answer first, how long it has waited and how many more wait, with 查看 and 确认. A clerk deep in 费用账单
 * cannot miss an SOS, and the banner goes only when someone acknowledges it.
 */
export function UrgentBanner() {
  const state = useAnnouncerState();
  const first = state?.summary.first ?? null;
  const urgent = first !== null && rankOf(first) >= 3;
  if (!urgent) return null;
  // the other 紧急 alarms waiting (the one named may be an escalated 重要, not among them)
  const more = (state?.summary.bySeverity[3] ?? 0) - (first.severity === 3 ? 1 : 0);
  return <Pinned alarm={first} more={more} />;
}

function Pinned({ alarm, more }: { alarm: AlarmRecord; more: number }) {
  const { toast } = useApp();
  const now = useNow(1000);
  const [busy, setBusy] = useState(false);
  // the console's 确认: disabled offline with the reason, retried when lost on the way (pendingAcks)
  const acks = useAlarmAck(() => toast('已确认', 'success'));
  const ack = () => {
    setBusy(true);
    void acks.ack(alarm.recordId).finally(() => setBusy(false));
  };
  return (
    <div className="urgent-banner" role="alert" data-testid="urgent-banner" data-record-id={alarm.recordId}>
      <Icon icon="warning-sign" size={18} />
      <strong>紧急告警：{alarmLine(alarm)}</strong>
      <span className="urgent-banner-wait">已等待 {stopwatch(now - alarm.firstTime)}</span>
      {more > 0 ? <span>另有 {more} 条紧急告警待确认</span> : null}
      <span className="urgent-banner-actions">
        <Button small text="查看" icon="eye-open" onClick={() => openAlarm(alarm)} />
        {acks.mayAck(alarm) && canAck(alarm) ? (
          <AckButton small loading={busy} waiting={acks.waiting.has(alarm.recordId)} onAck={ack} />
        ) : null}
      </span>
    </div>
  );
}
