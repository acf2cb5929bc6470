import { Alert, Dialog as BlueprintDialog, type DialogProps, Intent } from '@blueprintjs/core';
import { type SyntheticEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  DISCARD_QUESTION,
  type DialogGuard,
  DialogGuardContext,
  useUnsavedChanges,
} from '../router/unsaved.js';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field whose value is a change to keep: not a search box, not inside `data-guard="off"`. */
const fieldOf = (target: EventTarget | null): Field | null =>
  (target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement) &&
  (target as HTMLInputElement).type !== 'search' &&
  !target.closest('[data-guard="off"]')
    ? target
    : null;

const fieldValue = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
    ? String(field.checked)
    : field.value;

/**
 * Takes the focus into an overlay the moment it mounts. Blueprint moves it there on the next
 * animation frame, which a busy machine may hold back; until then Escape went to the button that
 * opened the dialog and closed nothing.
 */
export function focusOnOpening(node: HTMLElement) {
  // Blueprint makes the node (the dialog's container) focusable; its overlay listens for Escape
  if (!node.contains(document.activeElement)) node.focus({ preventScroll: true });
}

/** A value no field holds: a field changed before its value was seen counts as changed. */
const UNSEEN = '\u0000unseen';

/**
 * The console's dialog: Blueprint's, with one guard for what a person typed. Escape, the × and a
 * click outside close it at once only when nothing in it has changed; otherwise they ask 放弃修改 /
 * 继续编辑 first. A form inside (ResourceForm, ConfigForm: `useUnsavedChanges`) says precisely whether
 * it changed; a dialog without one compares its fields with their values before the person touched
 * them (typed and erased, or sent and cleared, is no change). A changed dialog also holds its page:
 * closing the tab, leaving the page, switching department and signing out ask too
 * (src/router/unsaved.ts).
 */
export function Dialog({ onClose, onOpening, children, ...props }: DialogProps) {
  const [forms, setForms] = useState<ReadonlyMap<string, boolean>>(new Map());
  /** Each field touched in this opening, with its value before the person changed it. */
  const before = useRef(new Map<Field, string>());
  const [typed, setTyped] = useState(false);
  /** Whether a field still on screen holds another value than before (typed, then erased, is none). */
  const fieldsChanged = () =>
    [...before.current].some(([field, value]) => field.isConnected && fieldValue(field) !== value);
  const [asking, setAsking] = useState<SyntheticEvent<HTMLElement> | null>(null);
  const guard = useMemo<DialogGuard>(
    () => ({
      form(id, changed) {
        setForms((now) => (now.get(id) === changed ? now : new Map(now).set(id, changed)));
      },
      forget(id) {
        setForms((now) => {
          if (!now.has(id)) return now;
          const next = new Map(now);
          next.delete(id);
          return next;
        });
      },
    }),
    [],
  );
  // a form says what changed; without one, the fields' values do
  const formChanged = [...forms.values()].some(Boolean);
  const changed = forms.size > 0 ? formChanged : typed;
  const open = props.isOpen !== false;
  useUnsavedChanges(open && changed && forms.size === 0);

  // typing counts for this opening only
  useEffect(() => {
    if (open) return;
    before.current.clear();
    setTyped(false);
  }, [open]);

  const close = (event: SyntheticEvent<HTMLElement>) => {
    if (open && (forms.size > 0 ? formChanged : fieldsChanged())) setAsking(event);
    else onClose?.(event);
  };
  const seen = (event: SyntheticEvent) => {
    const field = fieldOf(event.target);
    if (field && !before.current.has(field)) before.current.set(field, fieldValue(field));
  };
  const mark = (event: SyntheticEvent) => {
    const field = fieldOf(event.target);
    if (!field) return;
    if (!before.current.has(field)) before.current.set(field, UNSEEN);
    setTyped(fieldsChanged());
  };

  return (
    <>
      <BlueprintDialog
        {...props}
        onClose={close}
        onOpening={(node) => {
          focusOnOpening(node);
          onOpening?.(node);
        }}
      >
        <DialogGuardContext.Provider value={guard}>
          {/*
            The typing is marked in the bubble phase, with the field's own onChange in one batch, never in
            the capture phase: React handles a native event's two phases in two listeners, and the browser
            runs microtasks between them. A state change there was rendered at once, together with any
            update already waiting (the live console's clock, a live push); a field whose owner re-rendered
            took its old value back, and its onChange, seeing no change, never came: the keystroke was lost
            (an operator's note in 告警详情 vanished on a busy machine).
          */}
          <div
            className="dialog-guard"
            onFocusCapture={seen}
            onPointerDownCapture={seen}
            onChangeCapture={mark}
            onInput={mark}
          >
            {children}
          </div>
        </DialogGuardContext.Provider>
      </BlueprintDialog>
      <Alert
        isOpen={asking !== null}
        intent={Intent.WARNING}
        icon="warning-sign"
        confirmButtonText="放弃修改"
        cancelButtonText="继续编辑"
        canEscapeKeyCancel
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const event = asking;
          setAsking(null);
          if (event) onClose?.(event);
        }}
      >
        {DISCARD_QUESTION}
      </Alert>
    </>
  );
}
