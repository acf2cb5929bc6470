import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

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

/**
 * A form's failed saves, brought into view: the ref goes on the form's scroll area, and `failed()`
 * after each refused save scrolls to and focuses its first error (useRevealError's count, kept here
 * so that no form writes the counter again).
 */
export function useRevealOnFailure<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const root = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useRevealError(root, attempt);
  return [root, useCallback(() => setAttempt((n) => n + 1), [])];
}

/** A failed zod check's issues, as far as a form reads them. */
type Issues = readonly { path: readonly PropertyKey[]; message: string }[];

/**
 * The first message of each field of a failed check, keyed by its path joined with dots
 * (`depotId`, `lines.0.quantity`), so a form marks every field at fault, not only the first.
 */
export function errorsByField(issues: Issues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/**
 * A FormGroup's props for a field's error: red with its message underneath, where
 * revealFirstError finds it. Nothing when the field is fine.
 */
export const markedField = (errors: Record<string, string>, key: string) =>
  errors[key] ? { intent: 'danger' as const, helperText: errors[key] } : {};

/**
 * A save form's refusal, one state for every form that marks fields: the message (a callout), the
 * fields at fault (`marked` gives each FormGroup its red and its text), and `fail`, which sets both and
 * brings the first into view; `clear` before each new try. The ref goes on the form's scroll area.
 */
export function useSaveErrors<T extends HTMLElement>() {
  const [root, reveal] = useRevealOnFailure<T>();
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fail = useCallback(
    (text: string, fieldErrors: Record<string, string> = {}) => {
      setMessage(text);
      setErrors(fieldErrors);
      reveal();
    },
    [reveal],
  );
  const clear = useCallback(() => {
    setMessage('');
    setErrors({});
  }, []);
  return { root, message, errors, marked: (key: string) => markedField(errors, key), fail, clear };
}
