import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { today } from '../../../domain/clock.js';
import { fieldOf } from '../../../domain/resource.js';
import {
  formFieldsOf,
  placeholderValuesOf,
  renderFormValues,
  renderTemplate,
} from '../../../domain/resources/contract.js';
import type { DocumentFamily } from '../../../domain/resources/documents.js';
import { useApp } from '../../../src/app/AppContext.js';
import { FieldInput } from '../../../src/resource/FieldInput.js';
import { storedUser } from '../../../src/session/effects.js';
import { HtmlPreview } from './HtmlPreview.js';
import { usePreviewSources } from './usePreview.js';
import { FORM_FAMILY, type TemplateOption } from './useTemplates.js';

type Row = Record<string, unknown>;
const answersOf = (row?: Row): Record<string, string> => {
  try {
    return (JSON.parse(String(row?.formValues ?? '')) as { values?: Record<string, string> }).values ?? {};
  } catch {
    return {};
  }
};

export interface DocumentFormProps {
  /** Whose documents: the institution's or home care's (elders, calls). */
  family: DocumentFamily;
  /** Templates the document may be made from (those of the screen's type). */
  templates: TemplateOption[];
  document?: Row;
  onSaved(): void;
  onCancel(): void;
}

/** A document for an elder: a template rendered with the elder's data, or a form filled in. */
export function DocumentForm({ family, templates, document, onSaved, onCancel }: DocumentFormProps) {
  const { request } = useApp();
  const { def } = family;
  const elderField = fieldOf(def, 'oldmanId');
  const idPrefix = useId();
  const [oldmanId, setOldmanId] = useState(String(document?.oldmanId ?? ''));
  const [templateId, setTemplateId] = useState(
    String(document?.templateId ?? templates[0]?.templateId ?? ''),
  );
  const [remark, setRemark] = useState(String(document?.remark ?? ''));
  const [answers, setAnswers] = useState<Record<string, string>>(() => answersOf(document));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const { elder, template } = usePreviewSources(Number(oldmanId) || 0, Number(templateId) || 0, family);
  const chosen = templates.find((t) => String(t.templateId) === templateId);
  const isForm = chosen?.isHome === FORM_FAMILY;
  const fields = isForm ? (formFieldsOf(String(template?.content ?? '')) ?? []) : [];
  const orgName = storedUser()?.orgInfo.orgName ?? '';
  // an edited document keeps its stored text unless it is a form whose answers change
  const preview =
    document && !isForm
      ? String(document.content ?? '')
      : elder && template
        ? isForm
          ? renderFormValues(String(template.templateName), fields, answers)
          : renderTemplate(String(template.content ?? ''), placeholderValuesOf(elder, {}, orgName, today()))
        : '';

  const save = () => {
    if (!oldmanId) return setError('请选择长者');
    if (!templateId) return setError('请选择模板');
    setSaving(true);
    setError('');
    const data = {
      oldmanId,
      templateId,
      remark,
      ...(isForm ? { formValues: JSON.stringify({ values: answers }) } : {}),
    };
    request({
      url: document ? String(def.api.update).replace(':id', String(document.dataId)) : String(def.api.create),
      method: document ? 'PUT' : 'POST',
      data,
      silent: true,
    })
      .then(onSaved, (e: { message?: string }) => setError(e.message ?? '保存失败'))
      .finally(() => setSaving(false));
  };

  return (
    <div className="contract-form">
      <div className="resource-form contract-form-fields" data-testid="document-form">
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        <div className="document-fields">
          <FormGroup label="长者" labelFor={`${idPrefix}-elder`} className="resource-required">
            {elderField ? (
              <FieldInput
                id={`${idPrefix}-elder`}
                field={elderField}
                value={oldmanId}
                invalid={false}
                disabled={saving || Boolean(document)}
                onChange={(v) => setOldmanId(String(v ?? ''))}
                onError={setError}
              />
            ) : null}
          </FormGroup>
          <FormGroup label="模板" labelFor={`${idPrefix}-template`} className="resource-required">
            <HTMLSelect
              id={`${idPrefix}-template`}
              fill
              disabled={saving || Boolean(document)}
              value={templateId}
              onChange={(e) => setTemplateId(e.target.value)}
            >
              <option value="">请选择</option>
              {templates.map((t) => (
                <option key={t.templateId} value={t.templateId}>
                  {t.templateName}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </div>
        {fields.map((f) => (
          <FormGroup key={f.label} label={f.label} className={f.required ? 'resource-required' : undefined}>
            {f.kind === 'select' ? (
              <HTMLSelect
                fill
                value={answers[f.label] ?? ''}
                onChange={(e) => setAnswers((a) => ({ ...a, [f.label]: e.target.value }))}
              >
                <option value="">请选择</option>
                {f.options.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </HTMLSelect>
            ) : (
              <InputGroup
                type={f.kind === 'date' ? 'date' : f.kind === 'number' ? 'number' : 'text'}
                value={answers[f.label] ?? ''}
                onChange={(e) => setAnswers((a) => ({ ...a, [f.label]: e.target.value }))}
              />
            )}
          </FormGroup>
        ))}
        <FormGroup label="备注" labelFor={`${idPrefix}-remark`}>
          <TextArea
            id={`${idPrefix}-remark`}
            fill
            rows={3}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </FormGroup>
        <div className="resource-form-actions">
          <Button text="取消" disabled={saving} onClick={onCancel} />
          <Button intent={Intent.PRIMARY} text="保存" loading={saving} onClick={save} />
        </div>
      </div>
      <div className="contract-form-preview">
        <div className="contract-caption">文书预览</div>
        <HtmlPreview html={preview} title="文书预览" empty="选择长者和模板后在此预览" />
      </div>
    </div>
  );
}
