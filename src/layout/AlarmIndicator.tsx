import { Button, Checkbox, Classes, Intent, Popover, Tag } from '@blueprintjs/core';
import { severityNames } from '../../domain/alarms.js';
import { alarmLine, SEVERITIES, SILENCE_MINUTES } from '../alarm/announce.js';
import { openAlarm, useAnnouncer, useAnnouncerState } from '../alarm/context.js';
import { useLiveness } from '../realtime/useLiveness.js';
import './alarmIndicator.css';

const intentOf = { 3: Intent.DANGER, 2: Intent.WARNING, 1: Intent.PRIMARY, 0: Intent.NONE } as const;
const hhmm = (ms: number) =>
  new Date(ms).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * The header's alarm indicator, on every screen: the user's unacknowledged alarms by severity and
 * the one to answer first — the most severe, then the oldest — coloured by its severity (a click opens
 * it in 告警中心), the sound's state (playing, silenced until, held back by the browser) with 消音 — what
 * rings now, for a few minutes, while a new alarm rings at once — and the severities that sound (紧急
 * always).
 */
export function AlarmIndicator() {
  const announcer = useAnnouncer();
  const state = useAnnouncerState();
  const { stale } = useLiveness();
  if (!announcer || !state) return null;
  const { summary, settings, sounding, blocked } = state;
  const silenced = settings.silenced;
  const silencedCount = silenced ? Object.keys(silenced.alarms).length : 0;
  const soundText = blocked
    ? '浏览器阻止了提示音，点击页面任意处启用'
    : sounding
      ? '提示音播放中，确认后停止'
      : silenced
        ? `已消音 ${silencedCount} 条至 ${hhmm(silenced.until)}，新告警仍会响铃`
        : '提示音待命';
  return (
    <span className="alarm-indicator" data-testid="alarm-indicator" data-waiting={summary.waiting}>
      <Popover
        placement="bottom-end"
        onOpening={() => announcer.askNotifications()}
        content={
          <div className="alarm-indicator-panel" data-testid="alarm-indicator-panel">
            <div className="alarm-indicator-counts" data-stale={stale ? 'true' : undefined}>
              {SEVERITIES.map((s) => (
                <Tag key={s} large minimal={stale || !summary.bySeverity[s]} intent={intentOf[s]}>
                  {severityNames[s]} {stale ? '?' : summary.bySeverity[s]}
                </Tag>
              ))}
            </div>
            {summary.first ? (
              <Button
                className={`alarm-indicator-newest ${Classes.POPOVER_DISMISS}`}
                variant="minimal"
                alignText="left"
                icon="arrow-right"
                text={`优先处理：${alarmLine(summary.first)}`}
                data-testid="alarm-indicator-newest"
                onClick={() => summary.first && openAlarm(summary.first)}
              />
            ) : stale ? (
              <p className="alarm-indicator-none stale">连接中断：无法确认是否有新告警</p>
            ) : (
              <p className="alarm-indicator-none">没有待确认的告警</p>
            )}
            <div className="alarm-indicator-sound" data-testid="alarm-indicator-sound">
              <b>提示音：</b>
              {soundText}
            </div>
            <div className="alarm-indicator-mute">
              {silenced ? (
                <Button small text="取消消音" icon="volume-up" onClick={() => announcer.unsilence()} />
              ) : null}
              <Button
                small
                icon="volume-off"
                text="消音当前告警"
                disabled={!sounding}
                title={`正在响铃的告警静音 ${SILENCE_MINUTES} 分钟；之后仍未确认会再次响铃，新告警随时响铃`}
                data-testid="alarm-silence"
                onClick={() => announcer.silence()}
              />
            </div>
            <div className="alarm-indicator-severities">
              {SEVERITIES.map((s) => (
                <Checkbox
                  key={s}
                  inline
                  // an SOS must always be heard: 紧急 cannot be switched off
                  label={s === 3 ? '紧急告警始终响铃' : `${severityNames[s]}告警响铃`}
                  checked={s === 3 || settings.severities[s]}
                  disabled={s === 3}
                  onChange={(e) => announcer.setSeverity(s, e.currentTarget.checked)}
                />
              ))}
            </div>
            {state.notifications === 'denied' ? (
              <p className="alarm-indicator-note">桌面通知已被浏览器禁止：页面在后台时只在标题中提示。</p>
            ) : null}
          </div>
        }
      >
        <Button
          variant="minimal"
          icon={blocked ? 'warning-sign' : silenced && !sounding ? 'volume-off' : 'notifications'}
          intent={intentOf[summary.top]}
          className={`alarm-indicator-button${summary.waiting ? ` waiting sev-${summary.top}` : ''}${stale ? ' stale' : ''}`}
          data-severity={summary.top}
          data-stale={stale ? 'true' : undefined}
          data-testid="alarm-indicator-button"
          data-sounding={sounding ? 'true' : 'false'}
          aria-label={`告警：${stale ? '连接中断，待确认数未知' : `${summary.waiting}条待确认`}，${soundText}`}
          text={
            stale || summary.waiting ? (
              <span>
                {/* stale, alarms may be waiting that this console has not heard: the count is unknown */}
                告警 <b data-testid="alarm-indicator-count">{stale ? '?' : summary.waiting}</b>
                {summary.first ? (
                  <span className="alarm-indicator-latest" data-testid="alarm-indicator-latest">
                    {alarmLine(summary.first)}
                  </span>
                ) : null}
              </span>
            ) : (
              '告警 0'
            )
          }
        />
      </Popover>
    </span>
  );
}
