import { Button, Callout, Card, FormGroup, H5, Intent } from '@blueprintjs/core';
import { useId, useRef, useState } from 'react';
import type { FieldDef, ResourceDef } from '../../domain/resource.js';
import { useApp } from '../app/AppContext.js';
import { useUnsavedChanges } from '../router/unsaved.js';
import { useLeaveGuard } from '../router/useLeaveGuard.js';
import { storedUser } from '../session/effects.js';
import { useRevealOnFailure } from '../ui/revealError.js';
import { FieldInput } from './FieldInput.js';
import type { Row } from './format.js';
import {
  type FieldErrors,
  type FormMode,
  type FormValues,
  formFields,
  openingDefaults,
  toBody,
  toFormValues,
  withIdCardFacts,
} from './formValues.js';
import { fillPath } from './listQuery.js';
import { groupBySection } from './sections.js';

export interface SavedResource {
  /** The id of the created or updated row. */
  id: number;
  /** What was sent (fen for money, only the section's fields for a section update). */
  body: Record<string, unknown>;
  /** The server's answer. */
  answer: unknown;
}

export interface ResourceFormProps {
  def: ResourceDef;
  mode: FormMode;
  /** The row being edited, or preset values of a new one. */
  initial?: Row;
  /** Field names of one section: shows and sends only these (plus the id). */
  only?: readonly string[];
  onSaved(saved: SavedResource): void;
  onCancel?(): void;
}

/** A new record's 所属部门 is the data department in use unless the caller set one (spec 000 §4). */
const withDeptOf = (def: ResourceDef, initial: Row | undefined, deptId: number | undefined) =>
  deptId !== undefined &&
  initial?.deptId == null &&
  def.fields.some((f) => f.name === 'deptId' && !f.readOnly)
    ? { ...initial, deptId }
    : initial;

/** A server message that starts with a shown field's label belongs under that field too. */
const fieldOfMessage = (fields: FieldDef[], message: string) =>
  fields.filter((f) => message.startsWith(f.label)).sort((a, b) => b.label.length - a.label.length)[0]?.name;

/**
 * Create or edit form of a resource: inputs by field type in two columns per section, checked
 * on submit by the schema the server uses, so the Chinese messages match; a refusal from the
 * server shows above the form and keeps what was typed.
 */
export function ResourceForm({ def, mode, initial, only, onSaved, onCancel }: ResourceFormProps) {
  const { request, dataDeptId } = useApp();
  const idPrefix = useId();
  // a new record's defaults are taken now, as the form opens (the time, the signed-in person)
  const [values, setValues] = useState<FormValues>(() =>
    withIdCardFacts(
      def,
      toFormValues(
        def,
        mode === 'create'
          ? withDeptOf(
              def,
              {
                ...openingDefaults(def.fields, {
                  now: Date.now(),
                  me: storedUser()?.empInfo?.empName ?? null,
                }),
                ...initial,
              },
              dataDeptId,
            )
          : initial,
      ),
    ),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  /** The field a server refusal is about (身份证号“…”已存在): changing it takes the refusal away. */
  const [serverErrorField, setServerErrorField] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Typed and not yet saved: closing the tab or the form asks first (src/router/unsaved.ts).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const leave = useLeaveGuard();
  const [formRef, revealError] = useRevealOnFailure<HTMLFormElement>();
  // a ref, not the state: two clicks in one frame both see saving === false
  const inFlight = useRef(false);
  const fields = formFields(def, mode, only);
  const shown = new Set(fields.map((f) => f.name));

  const submit = () => {
    if (inFlight.current) return;
    const checked = toBody(def, mode, values, initial, only);
    if (checked.errors) {
      setErrors(checked.errors);
      revealError();
      return;
    }
    const body = checked.body;
    const url = mode === 'create' ? def.api.create : def.api.update;
    if (!url) {
      setServerError(`${def.title}不能${mode === 'create' ? '新增' : '修改'}`);
      return;
    }
    const editedId = Number(initial?.[def.idField]);
    inFlight.current = true;
    setSaving(true);
    setErrors({});
    setServerError('');
    setServerErrorField(null);
    request<Record<string, unknown> | null>({
      url: mode === 'create' ? url : fillPath(url, [editedId]),
      method: mode === 'create' ? 'POST' : 'PUT',
      data: body,
      silent: true,
    }).then(
      (answer) => {
        inFlight.current = false;
        setSaving(false);
        setChanged(false);
        onSaved({ id: mode === 'create' ? Number(answer?.[def.idField]) : editedId, body, answer });
      },
      (e: { message?: string }) => {
        inFlight.current = false;
        setSaving(false);
        const message = e.message ?? '保存失败';
        setServerError(message);
        const name = fieldOfMessage(fields, message);
        setServerErrorField(name ?? null);
        if (name) setErrors({ [name]: message });
        revealError();
      },
    );
  };

  const orphanErrors = Object.entries(errors)
    .filter(([name]) => !shown.has(name))
    .map(([, message]) => message);
  const inputOf = (f: FieldDef) => {
    const id = `${idPrefix}-${f.name}`;
    const error = errors[f.name];
    return (
      <FormGroup
        key={f.name}
        className={[
          f.wide || f.type === 'textarea' ? 'resource-wide' : '',
          // a CSS mark: text inside the label would become part of the field's label text
          f.required && !f.readOnly ? 'resource-required' : '',
        ].join(' ')}
        label={f.label}
        labelFor={id}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error || (f.type === 'textarea' || f.type === 'text' ? undefined : f.hint)}
      >
        <FieldInput
          id={id}
          field={f}
          value={values[f.name] ?? null}
          invalid={Boolean(error)}
          disabled={Boolean(f.readOnly) || saving}
          onChange={(value) => {
            setValues((v) => withIdCardFacts(def, { ...v, [f.name]: value }));
            setChanged(true);
            if (errors[f.name]) setErrors(({ [f.name]: _, ...rest }) => rest);
            if (serverErrorField === f.name) {
              setServerError('');
              setServerErrorField(null);
            }
          }}
          onError={(message) =>
            setErrors(({ [f.name]: _, ...rest }) => (message ? { ...rest, [f.name]: message } : rest))
          }
        />
      </FormGroup>
    );
  };

  return (
    <form
      ref={formRef}
      className="resource-form"
      data-testid={`resource-form-${def.name}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {serverError || orphanErrors.length ? (
        <Callout intent={Intent.DANGER} data-testid="form-error">
          {[serverError, ...orphanErrors].filter(Boolean).join('；')}
        </Callout>
      ) : null}
      {groupBySection(def, fields).map((group) =>
        group.title ? (
          <Card key={group.key} compact className="resource-section">
            <H5>{group.title}</H5>
            <div className="form-grid">{group.fields.map(inputOf)}</div>
          </Card>
        ) : (
          <div key={group.key} className="form-grid">
            {group.fields.map(inputOf)}
          </div>
        ),
      )}
      {/* sticky: 保存/取消 stay in view at the bottom of a long form (resource.css) */}
      <div className="resource-form-actions">
        {onCancel ? <Button text="取消" disabled={saving} onClick={() => leave.guard(onCancel)} /> : null}
        <Button type="submit" intent={Intent.PRIMARY} text="保存" loading={saving} />
      </div>
      {leave.dialog}
    </form>
  );
}
