import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useApp } from '../app/AppContext.js';
import { Authorized } from '../auth/Authorized.js';
import { useUnsavedChanges } from '../router/unsaved.js';

export interface ConfigField {
  key: string;
  label: string;
  kind?: 'text' | 'number' | 'select';
  options?: { value: string | number; label: string }[];
  helper?: string;
}

/** A settings form over one GET/PUT resource: loads, edits, saves with the server's Chinese errors. */
export function ConfigForm({
  url,
  fields,
  saveAuthority,
  testId,
}: {
  url: string;
  fields: ConfigField[];
  saveAuthority: string;
  testId: string;
}) {
  const { request, toast } = useApp();
  const [values, setValues] = useState<Record<string, string | number>>({});
  const [error, setError] = useState('');
  // The form opens once the stored values are in: a late answer must not overwrite what was typed.
  const [loaded, setLoaded] = useState(false);
  // Edited and not yet saved: closing the tab asks first.
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const edit = (next: Record<string, string | number>) => {
    setValues(next);
    setChanged(true);
  };
  useEffect(() => {
    request<Record<string, string | number>>({ url }).then(
      (stored) => {
        setValues(stored);
        setLoaded(true);
      },
      (e: { message?: string }) => setError(e.message ?? '加载失败'),
    );
  }, [request, url]);
  const save = () => {
    setError('');
    const data = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        fields.find((f) => f.key === k)?.kind === 'number' ? Number(v) : v,
      ]),
    );
    request({ url, method: 'PUT', data, silent: true }).then(
      () => {
        setChanged(false);
        toast('保存成功', 'success');
      },
      (e: { message?: string }) => setError(e.message ?? '保存失败'),
    );
  };
  return (
    <fieldset
      className="page"
      data-testid={testId}
      disabled={!loaded}
      style={{ maxWidth: 640, border: 0, margin: 0, minWidth: 0 }}
    >
      {fields.map((f) => (
        <FormGroup key={f.key} label={f.label} labelFor={`cf-${f.key}`} helperText={f.helper}>
          {f.kind === 'select' ? (
            <HTMLSelect
              id={`cf-${f.key}`}
              value={String(values[f.key] ?? '')}
              onChange={(e) =>
                edit({
                  ...values,
                  [f.key]: Number.isNaN(Number(e.target.value)) ? e.target.value : Number(e.target.value),
                })
              }
            >
              {(f.options ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </HTMLSelect>
          ) : (
            <InputGroup
              id={`cf-${f.key}`}
              type={f.kind === 'number' ? 'number' : 'text'}
              value={String(values[f.key] ?? '')}
              onChange={(e) => edit({ ...values, [f.key]: e.target.value })}
            />
          )}
        </FormGroup>
      ))}
      {error && (
        <Callout intent={Intent.DANGER} data-testid="form-error">
          {error}
        </Callout>
      )}
      <Authorized code={saveAuthority} mode="disable">
        <Button intent={Intent.PRIMARY} text="保存" onClick={save} />
      </Authorized>
    </fieldset>
  );
}
