import { Tag } from '@blueprintjs/core';
import { useRealtime, useStore } from '../../src/realtime/context.js';
import { useLiveness } from '../../src/realtime/useLiveness.js';
import type { ConnectionState } from '../../streams/transport.js';

const label: Record<ConnectionState, string> = {
  open: '已连接',
  connecting: '连接中',
  reconnecting: '重连中',
  offline: '网络断开',
  closed: '已断开',
};

/**
 * Push and broker connection lights; both red while the channels are stale (offline, a channel down,
 * or silent for 10 s: a half-open socket still says open), so nobody trusts a stale screen.
 */
export function HealthLight() {
  const { health } = useRealtime();
  const h = useStore(health);
  const { stale, reason } = useLiveness();
  const text = (state: ConnectionState) =>
    reason === 'offline' ? '网络断开' : state === 'open' && stale ? '无数据' : label[state];
  return (
    <span
      className="health-light"
      data-testid="health-light"
      data-state={h.push === 'open' && h.broker === 'open' && !stale ? 'ok' : 'down'}
    >
      <Tag round minimal intent={h.push === 'open' && !stale ? 'success' : 'danger'}>
        推送 {text(h.push)}
      </Tag>{' '}
      <Tag round minimal intent={h.broker === 'open' && !stale ? 'success' : 'danger'}>
        消息队列 {text(h.broker)}
      </Tag>
    </span>
  );
}
