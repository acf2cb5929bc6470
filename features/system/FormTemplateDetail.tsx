import {
  Button,
  Callout,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Section,
  SectionCard,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { SystemScreens } from '../../domain/screens.js';
import './systemSettings.css';
import { FormTemplatePaths } from '../../domain/api/settingsPaths.js';
import type { Page } from '../../domain/codes.js';
import { Authority } from '../../domain/menus.js';
import { useApp } from '../../src/app/AppContext.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { FormFieldsEditor } from './FormFieldsEditor.js';
import { FormPreview } from './FormPreview.js';
import { type FormField, fieldsProblem, parseFormContent, serializeFormContent } from './formContent.js';
import { Limits, type Template, TemplateFamily, type TemplateType } from './templateTypes.js';

interface Draft {
  templateId?: number;
  typeId: number;
  templateName: string;
  status: number;
  fields: FormField[];
}

function nameProblem(name: string): string | null {
  if (!name.trim()) return '请输入模板名称';
  return name.trim().length > Limits.templateName ? `模板名称不能超过${Limits.templateName}个字` : null;
}

/**
 * /systemSetting/templateReportSetDetail?templateId= (edit) or ?typeId= (new), not a tab: the
 * template's name, type, status and fields, with a preview. Saved whole with PUT .../template.
 */
export function FormTemplateDetail() {
  const { request, toast } = useApp();
  const { query } = usePage();
  const [types, setTypes] = useState<TemplateType[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [missing, setMissing] = useState(false);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    request<TemplateType[]>({
      url: FormTemplatePaths.types,
      params: { isHome: TemplateFamily.form },
    }).then(setTypes, () => undefined);
    if (!query.templateId) {
      setDraft({ typeId: Number(query.typeId) || 0, templateName: '', status: 1, fields: [] });
      return;
    }
    request<Page<Template>>({
      url: FormTemplatePaths.templates,
      params: { templateId: query.templateId, pageHelper: 0 },
    }).then(
      (page) => {
        const t = page.list[0];
        if (!t) return setMissing(true);
        const content = parseFormContent(t.content);
        setUnreadable(!content.readable);
        setDraft({
          templateId: t.templateId,
          typeId: t.typeId,
          templateName: t.templateName,
          status: t.status,
          fields: content.fields,
        });
      },
      () => setMissing(true),
    );
  }, [request, query.templateId, query.typeId]);

  const back = () => navigate(SystemScreens.templateReportSet);
  if (missing)
    return (
      <div className="page" data-testid="page-form-template">
        <NonIdealState
          icon="search"
          title="模板不存在"
          description="该模板可能已被删除"
          action={<Button icon="arrow-left" text="返回列表" onClick={back} />}
        />
      </div>
    );
  if (!draft)
    return (
      <div className="page">
        <Spinner />
      </div>
    );

  const nameError = checked ? nameProblem(draft.templateName) : null;
  const typeError = checked && !types.some((t) => t.typeId === draft.typeId) ? '请选择模板类型' : null;
  const fieldsError = checked
    ? draft.fields.length === 0
      ? '请至少添加一个字段'
      : fieldsProblem(draft.fields)
    : null;
  const save = () => {
    setChecked(true);
    const content = serializeFormContent(draft.fields);
    if (
      nameProblem(draft.templateName) ||
      !types.some((t) => t.typeId === draft.typeId) ||
      draft.fields.length === 0 ||
      fieldsProblem(draft.fields)
    )
      return;
    if (content.length > Limits.content) return toast('模板内容过长，请减少字段', 'warning');
    setBusy(true);
    const { fields: _fields, ...rest } = draft;
    request({
      url: FormTemplatePaths.templates,
      method: 'PUT',
      data: { ...rest, templateName: draft.templateName.trim(), content },
    }).then(
      () => {
        toast('模板已保存', 'success');
        back();
      },
      () => setBusy(false),
    );
  };
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });

  return (
    <div className="page form-template-detail" data-testid="page-form-template">
      <div className="form-template-edit">
        <Section title={draft.templateId ? '编辑报表模板' : '新增报表模板'} icon="form" compact>
          <SectionCard>
            <div className="form-grid">
              <FormGroup
                label="模板名称"
                labelInfo="*"
                labelFor="form-tpl-name"
                intent={nameError ? Intent.DANGER : Intent.NONE}
                helperText={nameError}
              >
                <InputGroup
                  id="form-tpl-name"
                  value={draft.templateName}
                  intent={nameError ? Intent.DANGER : Intent.NONE}
                  onChange={(e) => set({ templateName: e.target.value })}
                />
              </FormGroup>
              <FormGroup
                label="模板类型"
                labelInfo="*"
                labelFor="form-tpl-type"
                intent={typeError ? Intent.DANGER : Intent.NONE}
                helperText={typeError}
              >
                <HTMLSelect
                  id="form-tpl-type"
                  fill
                  value={draft.typeId}
                  onChange={(e) => set({ typeId: Number(e.target.value) })}
                >
                  {!types.some((t) => t.typeId === draft.typeId) && <option value={0}>请选择</option>}
                  {types.map((t) => (
                    <option key={t.typeId} value={t.typeId}>
                      {t.typeName}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            </div>
            <Switch
              label="启用"
              checked={draft.status === 1}
              onChange={(e) => set({ status: e.currentTarget.checked ? 1 : 0 })}
            />
          </SectionCard>
        </Section>
        <Section title="表单字段" icon="list-columns" compact>
          <SectionCard>
            {unreadable && (
              <Callout intent={Intent.WARNING} className="form-template-note">
                该模板原有内容不是表单字段格式，保存后将以下方字段替换原内容。
              </Callout>
            )}
            <FormFieldsEditor fields={draft.fields} onChange={(fields) => set({ fields })} />
            {fieldsError && (
              <Callout intent={Intent.DANGER} className="form-template-note" data-testid="form-error">
                {fieldsError}
              </Callout>
            )}
          </SectionCard>
        </Section>
        <div className="filter-bar">
          <Button icon="arrow-left" text="返回" onClick={back} />
          <Authorized code={Authority.templateDocument} mode="disable">
            <Button intent={Intent.PRIMARY} icon="floppy-disk" text="保存" loading={busy} onClick={save} />
          </Authorized>
        </div>
      </div>
      <Section className="form-template-preview" title="预览" icon="eye-open" compact>
        <SectionCard>
          <FormPreview title={draft.templateName} fields={draft.fields} />
        </SectionCard>
      </Section>
    </div>
  );
}
