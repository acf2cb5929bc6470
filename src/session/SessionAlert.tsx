import { Alert, Intent } from '@blueprintjs/core';

/** The session machine's states that block the page with an alert until 确定 (spec 000 §8). */
export const SESSION_ALERT_STATES = ['expired', 'signedInElsewhere', 'keyInfoChanged'] as const;

/** Spec 000 §8: the blocking alert of a session ended elsewhere; 确定 logs out (the console and login.html). */
export function SessionAlert({ state, text, onClose }: { state: string; text: string; onClose(): void }) {
  return (
    <Alert
      isOpen={(SESSION_ALERT_STATES as readonly string[]).includes(state)}
      intent={Intent.WARNING}
      icon="warning-sign"
      confirmButtonText="确定"
      onConfirm={onClose}
    >
      {text}
    </Alert>
  );
}
