import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { z } from 'zod';
import { useApp } from '../app/AppContext.js';
import { Authorized } from '../auth/Authorized.js';
import { useUnsavedChanges } from '../router/unsaved.js';
import { errorsByField, useSaveErrors } from './revealError.js';
import { FormFieldset, useStored } from './storedForm.js';

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
  schema,
}: {
  url: string;
  fields: ConfigField[];
  saveAuthority: string;
  testId: string;
  /** The body schema the server checks: checked first, each field at fault marked where it is. */
  schema?: z.ZodType;
}) {
  const { request, toast } = useApp();
  // The form opens once the stored values are in: a late answer must not overwrite what was typed.
  const {
    value: values,
    setValue: setValues,
    loaded,
    loadError,
  } = useStored<Record<string, string | number>>(url, {});
  // each failed save marks its fields and brings the first error into view (issue #42 point 4)
  const { root: formRef, message: saveError, marked, fail, clear } = useSaveErrors<HTMLFieldSetElement>();
  const error = saveError || loadError;
  // Edited and not yet saved: closing the tab asks first.
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const edit = (next: Record<string, string | number>) => {
    setValues(next);
    setChanged(true);
  };
  const save = () => {
    clear();
    // a number left blank is sent as none, refused as missing: Number('') is 0, which a setting may
    // accept and mean something by (呼叫未应答转告警 0: every call an alarm at once)
    const data = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        fields.find((f) => f.key === k)?.kind === 'number'
          ? String(v).trim() === ''
            ? undefined
            : Number(v)
          : v,
      ]),
    );
    const checked = schema?.safeParse(data);
    if (checked && !checked.success) return fail('', errorsByField(checked.error.issues));
    request({ url, method: 'PUT', data, silent: true }).then(
      () => {
        setChanged(false);
        toast('保存成功', 'success');
      },
      (e: { message?: string }) => fail(e.message ?? '保存失败'),
    );
  };
  return (
    <FormFieldset
      ref={formRef}
      className="page"
      data-testid={testId}
      loaded={loaded}
      style={{ maxWidth: 640 }}
    >
      {fields.map((f) => (
        <FormGroup
          key={f.key}
          label={f.label}
          labelFor={`cf-${f.key}`}
          helperText={f.helper}
          {...marked(f.key)}
        >
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
    </FormFieldset>
  );
}
