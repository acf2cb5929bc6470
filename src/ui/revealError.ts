import { type RefObject, useEffect } from 'react';

/** A field group Blueprint marks as invalid, or a danger callout: where a refusal shows. */
const FIELD_ERROR = '.bp6-form-group.bp6-intent-danger';
const CALLOUT_ERROR = '.bp6-callout.bp6-intent-danger';

/**
 * Brings the first error of a form into view after a failed save: the first invalid field
 * (scrolled to the middle of its scroll area, clear of a sticky footer, and focused), else the
 * error callout. A clerk who pressed 保存 at the bottom of a long dialog sees what to fix.
 */
export function revealFirstError(root: HTMLElement | null): void {
  if (!root) return;
  const field = root.querySelector<HTMLElement>(FIELD_ERROR);
  const target = field ?? root.querySelector<HTMLElement>(CALLOUT_ERROR);
  if (!target) return;
  target.scrollIntoView?.({ block: 'center', behavior: 'auto' });
  // the field's own control (the one its label names), not a filter box beside it
  const labelled = field?.querySelector('label')?.htmlFor;
  const input =
    (labelled ? root.ownerDocument.getElementById(labelled) : null) ??
    field?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button');
  input?.focus({ preventScroll: true });
}

/**
 * Calls revealFirstError after each failed save: `attempt` counts the failures (0 before any), so
 * the same message twice still brings it back into view.
 */
export function useRevealError(root: RefObject<HTMLElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt > 0) revealFirstError(root.current);
  }, [root, attempt]);
}
