import { type ComponentProps, useEffect, useState } from 'react';
import { useApp } from '../app/AppContext.js';

/**
 * A stored value that a form edits, read once from `url` (GET). `loaded` stays false until the answer is
 * in; the form's fields sit in a {@link FormFieldset} closed until then, because a late answer replaces
 * the whole value: a switch turned on or a field typed before it would be lost without a word (on a busy
 * machine the 语音通知 form saved 关闭 after the person had switched it on).
 */
export function useStored<T>(url: string, initial: T, { silent = false }: { silent?: boolean } = {}) {
  const { request } = useApp();
  const [value, setValue] = useState<T>(initial);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    let live = true;
    request<T>({ url, silent }).then(
      (stored) => {
        if (!live) return;
        setValue(stored);
        setLoaded(true);
      },
      (e: { message?: string }) => {
        if (live) setLoadError(e.message ?? '加载失败');
      },
    );
    return () => {
      live = false;
    };
  }, [request, url, silent]);
  return { value, setValue, loaded, loadError };
}

/**
 * A form's fields, closed until its stored values are in: `disabled` closes the inputs and buttons;
 * `aria-disabled` marks the labels too (a Blueprint switch is clicked on its label), and `aria-busy`
 * says why. Drawn without a fieldset's own frame.
 */
export function FormFieldset({
  loaded,
  style,
  ...props
}: { loaded: boolean } & Omit<ComponentProps<'fieldset'>, 'disabled'>) {
  return (
    <fieldset
      {...props}
      disabled={!loaded}
      aria-disabled={!loaded || undefined}
      aria-busy={!loaded || undefined}
      style={{ border: 0, margin: 0, minWidth: 0, ...style }}
    />
  );
}
