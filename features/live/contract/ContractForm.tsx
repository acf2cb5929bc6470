import { Button, Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useId, useRef, useState } from 'react';
import { localDay, today } from '../../../domain/clock.js';
import type { FieldDef } from '../../../domain/resource.js';
import { yuanToFen } from '../../../domain/resource.js';
import {
  ContractStatus,
  contractAlwaysEditable,
  contractResource as def,
  placeholderValuesOf,
  renderTemplate,
} from '../../../domain/resources/contract.js';
import { useApp } from '../../../src/app/AppContext.js';
import { FieldInput } from '../../../src/resource/FieldInput.js';
import type { FormValues } from '../../../src/resource/formValues.js';
import { type FieldErrors, toBody, toFormValues } from '../../../src/resource/formValues.js';
import { storedUser } from '../../../src/session/effects.js';
import { useRevealOnFailure } from '../../../src/ui/revealError.js';
import { HtmlPreview } from './HtmlPreview.js';
import { usePreviewSources } from './usePreview.js';
import { FORM_FAMILY, useTemplates } from './useTemplates.js';

type Row = Record<string, unknown>;
const inAYear = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 1);
  d.setDate(d.getDate() - 1);
  return localDay(d.getTime());
};

export interface ContractFormProps {
  /** The contract being edited; a new one when absent. */
  contract?: Row;
  /** A new contract for this elder (the elder's contract screen): the elder cannot be changed. */
  oldmanId?: number;
  onSaved(contractId: number): void;
  onCancel?(): void;
}

const shownFields = def.fields.filter((f) => !f.hidden && !f.readOnly);

/**
 * The contract form beside its rendered text: choose the elder and the template, fill the
 * terms, and the preview shows the contract as it will be stored. A signed contract shows its
 * stored text and lets only its status and remark change (as the server allows).
 */
export function ContractForm({ contract, oldmanId, onSaved, onCancel }: ContractFormProps) {
  const { request } = useApp();
  const idPrefix = useId();
  const mode = contract ? 'edit' : 'create';
  const [values, setValues] = useState<FormValues>(() =>
    toFormValues(
      def,
      contract ?? {
        oldmanId,
        signDate: today(),
        startDate: today(),
        endDate: inAYear(),
        contractStatus: ContractStatus.draft,
      },
    ),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  // each failed save brings its first error into view, the field focused (issue #42 point 4)
  const [formRef, revealError] = useRevealOnFailure<HTMLFormElement>();
  const templates = useTemplates().filter((t) => t.isHome !== FORM_FAMILY);
  const signed = contract !== undefined && Number(contract.contractStatus) !== ContractStatus.draft;
  const { elder, template } = usePreviewSources(Number(values.oldmanId) || 0, Number(values.templateId) || 0);

  const preview = signed
    ? String(contract?.content ?? '')
    : elder && template
      ? renderTemplate(
          String(template.content ?? ''),
          placeholderValuesOf(
            elder,
            { ...values, amount: yuanToFen(String(values.amount ?? '')) },
            storedUser()?.orgInfo.orgName ?? '',
            today(),
          ),
        )
      : '';

  const set = (name: string, value: FormValues[string]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };
  const locked = (f: FieldDef) =>
    saving ||
    (f.name === 'oldmanId' && oldmanId !== undefined) ||
    (signed && !(contractAlwaysEditable as readonly string[]).includes(f.name));

  const submit = () => {
    if (inFlight.current) return;
    const checked = toBody(def, mode, values, contract);
    if (checked.errors) {
      setErrors(checked.errors);
      revealError();
      return;
    }
    inFlight.current = true;
    setSaving(true);
    setServerError('');
    request<{ contractId: number }>({
      url: def.api.create as string,
      method: mode === 'create' ? 'POST' : 'PUT',
      data: checked.body,
      silent: true,
    })
      .then(
        (answer) => onSaved(answer.contractId),
        (e: { message?: string }) => {
          setServerError(e.message ?? '保存失败');
          revealError();
        },
      )
      .finally(() => {
        inFlight.current = false;
        setSaving(false);
      });
  };

  const input = (f: FieldDef) => {
    const id = `${idPrefix}-${f.name}`;
    const error = errors[f.name];
    return (
      <FormGroup
        key={f.name}
        className={[f.wide ? 'resource-wide' : '', f.required ? 'resource-required' : ''].join(' ')}
        label={f.label}
        labelFor={id}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error || (f.type === 'text' ? undefined : f.hint)}
      >
        {f.name === 'templateId' ? (
          <HTMLSelect
            id={id}
            fill
            disabled={locked(f)}
            value={String(values.templateId ?? '')}
            onChange={(e) => set('templateId', e.target.value)}
          >
            <option value="">请选择</option>
            {templates.map((t) => (
              <option key={t.templateId} value={t.templateId}>
                {t.typeName} / {t.templateName}
              </option>
            ))}
          </HTMLSelect>
        ) : (
          <FieldInput
            id={id}
            field={f}
            value={values[f.name] ?? null}
            invalid={Boolean(error)}
            disabled={locked(f)}
            onChange={(value) => set(f.name, value)}
            onError={(message) => setErrors((e) => ({ ...e, [f.name]: message }))}
          />
        )}
      </FormGroup>
    );
  };

  return (
    <div className="contract-form">
      <form
        ref={formRef}
        className="resource-form contract-form-fields"
        data-testid="contract-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {serverError ? (
          <Callout intent={Intent.DANGER} data-testid="form-error">
            {serverError}
          </Callout>
        ) : null}
        {signed ? <Callout intent={Intent.PRIMARY}>合同已生效或终止，仅可修改状态和备注。</Callout> : null}
        <div className="form-grid">{shownFields.map(input)}</div>
        <div className="resource-form-actions">
          {onCancel ? <Button text="取消" disabled={saving} onClick={onCancel} /> : null}
          <Button type="submit" intent={Intent.PRIMARY} text="保存" loading={saving} />
        </div>
      </form>
      <div className="contract-form-preview">
        <div className="contract-caption">合同预览</div>
        <HtmlPreview html={preview} title="合同预览" empty="选择长者和合同模板后在此预览合同" />
      </div>
    </div>
  );
}
