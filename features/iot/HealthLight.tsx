import { Tag } from '@blueprintjs/core';
import { useRealtime, useStore } from '../../src/realtime/context.js';
import type { ConnectionState } from '../../streams/transport.js';

const label: Record<ConnectionState, string> = {
  open: '已连接',
  connecting: '连接中',
  reconnecting: '重连中',
  offline: '网络断开',
  closed: '已断开',
};

/** Push and broker connection lights; red when either is down, so nobody trusts a stale screen. */
export function HealthLight() {
  const { health } = useRealtime();
  const h = useStore(health);
  const ok = h.push === 'open' && h.broker === 'open';
  return (
    <span className="health-light" data-testid="health-light" data-state={ok ? 'ok' : 'down'}>
      <Tag round minimal intent={h.push === 'open' ? 'success' : 'danger'}>
        推送 {label[h.push]}
      </Tag>{' '}
      <Tag round minimal intent={h.broker === 'open' ? 'success' : 'danger'}>
        消息队列 {label[h.broker]}
      </Tag>
    </span>
  );
}
