import { Callout, Intent } from '@blueprintjs/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A dialog's or form's refusal, brought into view when it appears or changes: the clerk pressed
 * the button in the footer, perhaps with the top of a long dialog scrolled away.
 */
export function ErrorCallout({ children, testId }: { children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message is shown again
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [children]);
  return (
    <div ref={ref}>
      <Callout intent={Intent.DANGER} data-testid={testId}>
        {children}
      </Callout>
    </div>
  );
}
