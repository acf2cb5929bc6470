import { Button, Checkbox, Classes, Intent, Popover, Tag } from '@blueprintjs/core';
import { severityNames } from '../../domain/alarms.js';
import { alarmLine, MUTE_CHOICES, SEVERITIES } from '../alarm/announce.js';
import { openAlarm, useAnnouncer, useAnnouncerState } from '../alarm/context.js';
import { useLiveness } from '../realtime/useLiveness.js';
import './alarmIndicator.css';

const intentOf = { 3: Intent.DANGER, 2: Intent.WARNING, 1: Intent.PRIMARY, 0: Intent.NONE } as const;
const hhmm = (ms: number) =>
  new Date(ms).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * The header's alarm indicator, on every screen: the user's unacknowledged alarms by severity and
 * the newest one (a click opens it in 告警中心), the sound's state (playing, muted until, held back
 * by the browser) with a mute that ends by itself and the severities that sound.
 */
export function AlarmIndicator() {
  const announcer = useAnnouncer();
  const state = useAnnouncerState();
  const { stale } = useLiveness();
  if (!announcer || !state) return null;
  const { summary, settings, sounding, blocked } = state;
  const muted = settings.mutedUntil !== null;
  const soundText = muted
    ? `静音至 ${hhmm(settings.mutedUntil as number)}`
    : blocked
      ? '浏览器阻止了提示音，点击页面任意处启用'
      : sounding
        ? '提示音播放中，确认后停止'
        : '提示音待命';
  return (
    <span className="alarm-indicator" data-testid="alarm-indicator" data-waiting={summary.waiting}>
      <Popover
        placement="bottom-end"
        onOpening={() => announcer.askNotifications()}
        content={
          <div className="alarm-indicator-panel" data-testid="alarm-indicator-panel">
            <div className="alarm-indicator-counts">
              {SEVERITIES.map((s) => (
                <Tag key={s} large minimal={!summary.bySeverity[s]} intent={intentOf[s]}>
                  {severityNames[s]} {summary.bySeverity[s]}
                </Tag>
              ))}
            </div>
            {summary.newest ? (
              <Button
                className={`alarm-indicator-newest ${Classes.POPOVER_DISMISS}`}
                variant="minimal"
                alignText="left"
                icon="arrow-right"
                text={`最新：${alarmLine(summary.newest)}`}
                data-testid="alarm-indicator-newest"
                onClick={() => summary.newest && openAlarm(summary.newest)}
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
              {muted ? (
                <Button small text="取消静音" icon="volume-up" onClick={() => announcer.unmute()} />
              ) : (
                MUTE_CHOICES.map((m) => (
                  <Button
                    key={m}
                    small
                    icon="volume-off"
                    text={`静音${m}分钟`}
                    onClick={() => announcer.mute(m)}
                  />
                ))
              )}
            </div>
            <div className="alarm-indicator-severities">
              {SEVERITIES.map((s) => (
                <Checkbox
                  key={s}
                  inline
                  label={`${severityNames[s]}告警响铃`}
                  checked={settings.severities[s]}
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
          icon={muted ? 'volume-off' : blocked ? 'warning-sign' : 'notifications'}
          intent={intentOf[summary.top]}
          className={summary.waiting ? 'alarm-indicator-button waiting' : 'alarm-indicator-button'}
          data-testid="alarm-indicator-button"
          data-sounding={sounding ? 'true' : 'false'}
          aria-label={`告警：${summary.waiting}条待确认，${soundText}`}
          text={
            summary.waiting ? (
              <span>
                告警 <b data-testid="alarm-indicator-count">{summary.waiting}</b>
                {summary.newest ? (
                  <span className="alarm-indicator-latest" data-testid="alarm-indicator-latest">
                    {alarmLine(summary.newest)}
                  </span>
                ) : null}
              </span>
            ) : stale ? (
              '告警 ?'
            ) : (
              '告警 0'
            )
          }
        />
      </Popover>
    </span>
  );
}
