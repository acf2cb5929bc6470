import { Button, type ButtonProps, Intent } from '@blueprintjs/core';
import { useLiveness } from '../realtime/useLiveness.js';
import { OFFLINE_REASON } from './pendingAcks.js';

/**
 * 确认 of one alarm outside the console's table (the map card, the wall, the urgent banner): disabled
 * with the reason while the browser is offline — nothing can reach the server — and while an earlier
 * 确认 of it waits to be sent again. A component of its own: the liveness changes every second, and its
 * screen must not render every second for it.
 */
export function AckButton({
  waiting,
  onAck,
  ...props
}: { waiting: boolean; onAck(): void } & Omit<ButtonProps, 'onClick' | 'disabled' | 'title' | 'text'>) {
  const offline = useLiveness().reason === 'offline';
  return (
    <Button
      intent={Intent.WARNING}
      {...props}
      text={waiting ? '确认待重发' : '确认'}
      icon={waiting ? 'refresh' : props.icon}
      disabled={offline || waiting}
      title={offline ? OFFLINE_REASON : waiting ? '确认未送达服务器：连接恢复后自动重发' : undefined}
      data-offline={offline ? 'true' : undefined}
      onClick={onAck}
    />
  );
}
