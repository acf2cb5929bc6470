import { Alert, Intent } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';

type Choice = 'continue' | 'close';
let pending: { path: string; resolve(choice: Choice): void } | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/** The API client's onSlow: shows the dialog and resolves with the user's choice (spec 000 §8). */
export function askSlowRequest(path: string): Promise<Choice> {
  return new Promise((resolve) => {
    pending?.resolve('continue');
    pending = { path, resolve };
    changed();
  });
}

export function SlowRequestDialog() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
  );
  const answer = (choice: Choice) => {
    current?.resolve(choice);
    pending = null;
    changed();
  };
  return (
    <Alert
      isOpen={current !== null}
      intent={Intent.PRIMARY}
      icon="time"
      confirmButtonText="继续等待"
      cancelButtonText="关闭"
      onConfirm={() => answer('continue')}
      onCancel={() => answer('close')}
    >
      服务器繁忙，请继续等待或稍后重试。
    </Alert>
  );
}
