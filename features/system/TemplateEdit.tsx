import { Button, Callout, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { FormTemplatePaths } from '../../domain/api/settingsPaths.js';
import { Authority } from '../../domain/menus.js';
import { SystemScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';

interface TemplateForm {
  templateId?: number;
  typeId: number;
  templateName: string;
  content: string;
}
const listPath = (isHome: boolean) =>
  isHome ? SystemScreens.homeTemplateDocument : SystemScreens.templateDocument;

/**
 * /systemSetting/templateDocumentAdd?typeId=&isHome= and /systemSetting/templateDocumentEdit?templateId=
 * (not tabs): the template's name and HTML with a sandboxed preview.
 */
export function TemplateEdit() {
  const { request, toast } = useApp();
  const { query } = usePage();
  const isHome = query.isHome === '1';
  const [form, setForm] = useState<TemplateForm | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (query.templateId) {
      request<TemplateForm>({
        url: pathWith(FormTemplatePaths.withFiles, { templateId: query.templateId }),
      }).then(
        (t) =>
          setForm({
            templateId: t.templateId,
            typeId: t.typeId,
            templateName: t.templateName,
            content: t.content,
          }),
        (e: { message?: string }) => setError(e.message ?? '模板加载失败'),
      );
    } else setForm({ typeId: Number(query.typeId), templateName: '', content: '' });
  }, [request, query.templateId, query.typeId]);
  const save = () =>
    form &&
    request({ url: FormTemplatePaths.templates, method: 'PUT', data: form, silent: true }).then(
      () => {
        toast('模板已保存', 'success');
        navigate(listPath(isHome));
      },
      (e: { message?: string }) => setError(e.message ?? '保存失败'),
    );
  return (
    <div className="page template-edit" data-testid="page-template-edit">
      <div className="template-edit-form">
        <FormGroup label="模板名称" labelFor="tpl-name">
          <InputGroup
            id="tpl-name"
            value={form?.templateName ?? ''}
            onChange={(e) => form && setForm({ ...form, templateName: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="模板内容（HTML，可使用 {{oldmanName}} 等占位符）" labelFor="tpl-content">
          <TextArea
            id="tpl-content"
            fill
            rows={18}
            value={form?.content ?? ''}
            onChange={(e) => form && setForm({ ...form, content: e.target.value })}
          />
        </FormGroup>
        {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
        <div className="filter-bar">
          <Button icon="arrow-left" text="返回" onClick={() => navigate(listPath(isHome))} />
          <Authorized code={Authority.templateDocument} mode="disable">
            <Button intent={Intent.PRIMARY} text="保存" onClick={save} />
          </Authorized>
        </div>
      </div>
      <div className="template-edit-preview">
        <div className="template-edit-caption">预览</div>
        {/* sandbox without permissions: the template's HTML cannot run scripts or reach the console */}
        <iframe title="模板预览" sandbox="" srcDoc={form?.content ?? ''} data-testid="template-preview" />
      </div>
    </div>
  );
}
