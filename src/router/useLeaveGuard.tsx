import { Alert, Intent } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { usePage } from './page.js';
import { DISCARD_QUESTION, hasUnsaved } from './unsaved.js';

/**
 * Leaving a form that holds unsaved changes (取消, ×, Esc) asks first. `guard(leave)` leaves at
 * once when nothing is unsaved; `dialog` is the question, to be rendered by the caller.
 */
export function useLeaveGuard(): { guard(leave: () => void): void; dialog: ReactNode } {
  const { key } = usePage();
  const [pending, setPending] = useState<(() => void) | null>(null);
  return {
    guard(leave) {
      if (hasUnsaved(key)) setPending(() => leave);
      else leave();
    },
    dialog: (
      <Alert
        isOpen={pending !== null}
        intent={Intent.WARNING}
        icon="warning-sign"
        confirmButtonText="放弃修改"
        cancelButtonText="继续编辑"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          pending?.();
          setPending(null);
        }}
      >
        {DISCARD_QUESTION}
      </Alert>
    ),
  };
}
