// @vitest-environment jsdom
import { InputGroup } from '@blueprintjs/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyUnsaved, DISCARD_QUESTION } from '../../src/router/unsaved.js';
import { Dialog } from '../../src/ui/Dialog.js';

/** A setter the test calls from outside React, as a timer or a live push does. */
let tick: (n: number) => void = () => undefined;

/** A detail with a comment box (features/iot/AlarmDialogs.tsx › AlarmDetail): its owner re-renders every second. */
function Detail({ onClose }: { onClose?(): void }) {
  const [now, setNow] = useState(0);
  tick = setNow;
  const [comment, setComment] = useState('');
  return (
    <Dialog isOpen title="详情" onClose={onClose}>
      <span data-testid="now">{now}</span>
      <InputGroup
        placeholder="添加备注"
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
      />
      <output data-testid="comment">{comment}</output>
    </Dialog>
  );
}

/** What a person's keystroke does: the field's value changes, then one native input event goes through. */
function type(field: HTMLInputElement, value: string) {
  // the prototype's setter, as the browser's own editing does (not React's tracked one)
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  cleanup();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

describe('Dialog', () => {
  it('keeps a keystroke that arrives while its owner has an update waiting (a clock tick, a live push)', async () => {
    render(<Detail />);
    const field = screen.getByPlaceholderText('添加备注') as HTMLInputElement;
    // The browser runs the microtasks between one listener and the next: after React's listener of the
    // capture phase, before its listener of the bubble phase. A listener on the field itself (target
    // phase, in between) does the same here: React's pending synchronous work is done at that point.
    field.addEventListener('input', () => flushSync(() => undefined), true);
    // the owner's next clock tick is scheduled, not rendered yet, when the keystroke comes
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    tick(1);
    type(field, '已通知家属');
    expect(screen.getByTestId('comment').textContent).toBe('已通知家属');
    expect(field.value).toBe('已通知家属');
    // and the tick still renders
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByTestId('now').textContent).toBe('1');
    expect(field.value).toBe('已通知家属');
  });

  it('still marks the typing: the page is held and Escape asks first', async () => {
    const onClose = vi.fn();
    render(<Detail onClose={onClose} />);
    const field = screen.getByPlaceholderText('添加备注') as HTMLInputElement;
    // typed before the dialog saw the field take the focus: marked by the typing alone
    await act(async () => type(field, '已通知家属'));
    expect(anyUnsaved()).toBe(true);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(await screen.findByText(DISCARD_QUESTION)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
