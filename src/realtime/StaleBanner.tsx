import { Icon } from '@blueprintjs/core';
import { useLiveness } from './useLiveness.js';
import './staleBanner.css';

/**
 * The full-width warning while the live channels are stale (issue #18 item 3): the browser is offline,
 * a channel is down, or nothing arrived for 10 s. Nobody should trust a quiet screen then.
 */
export function StaleBanner({ wall = false }: { wall?: boolean }) {
  const liveness = useLiveness();
  if (!liveness.stale) return null;
  return (
    <div
      role="alert"
      className={`stale-banner${wall ? ' stale-banner-wall' : ''}`}
      data-testid="stale-banner"
      data-reason={liveness.reason ?? ''}
    >
      <Icon icon="offline" size={wall ? 32 : 18} />
      <strong>连接中断：{liveness.text}</strong>
      <span>
        告警与定位可能不是最新的
        {liveness.silentFor !== null ? `（最后收到数据 ${liveness.silentFor} 秒前）` : ''}
        ，正在自动重连…
      </span>
    </div>
  );
}
