import { Button, HTMLTable, Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { FormTemplatePaths } from '../../domain/api/settingsPaths.js';
import type { Page } from '../../domain/codes.js';
import { Authority } from '../../domain/menus.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { navigate } from '../../src/router/hash.js';
import { RowButton } from '../../src/ui/RowButton.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { localTime } from './format.js';
import { TemplateTypeList } from './TemplateTypeList.js';
import { type Template, TemplateFamily } from './templateTypes.js';

/** Document templates by type (institution, or home care with isHome): add, edit, copy, delete. */
function TemplateDocuments({
  isHome,
}: {
  isHome: typeof TemplateFamily.institution | typeof TemplateFamily.homeCare;
}) {
  const { request } = useApp();
  const [typeId, setTypeId] = useState<number | null>(null);
  const [templates, setTemplates] = useState<Template[]>([]);
  const [deleting, setDeleting] = useState<Template | null>(null);

  const loadTemplates = useCallback(() => {
    if (typeId === null) return setTemplates([]);
    request<Page<Template>>({ url: FormTemplatePaths.templates, params: { typeId, pageHelper: 0 } }).then(
      (p) => setTemplates(p.list),
      () => undefined,
    );
  }, [request, typeId]);
  useEffect(loadTemplates, [loadTemplates]);
  usePageRefresh(loadTemplates);

  return (
    <div
      className="page template-page"
      data-testid={isHome ? 'page-homeTemplateDocument' : 'page-templateDocument'}
    >
      <TemplateTypeList family={isHome} selectedId={typeId} onSelect={(t) => setTypeId(t?.typeId ?? null)} />
      <div className="template-list">
        <Authorized code={Authority.templateDocument} mode="remove">
          <Button
            icon="add"
            intent={Intent.SUCCESS}
            text="新增模板"
            disabled={typeId === null}
            onClick={() => navigate(`/systemSetting/templateDocumentAdd?isHome=${isHome}&typeId=${typeId}`)}
          />
        </Authorized>
        <HTMLTable striped compact className="data-table">
          <thead>
            <tr>
              <th>模板名称</th>
              <th>更新时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {templates.map((t) => (
              <tr key={t.templateId} data-testid="template-row">
                <td>{t.templateName}</td>
                <td>{localTime(t.updateTime)}</td>
                <td className="actions">
                  <RowButton
                    code={Authority.templateDocument}
                    icon="edit"
                    text="编辑"
                    onClick={() =>
                      navigate(
                        `/systemSetting/templateDocumentEdit?isHome=${isHome}&templateId=${t.templateId}`,
                      )
                    }
                  />
                  <RowButton
                    code={Authority.templateDocument}
                    icon="duplicate"
                    text="复制"
                    onClick={() =>
                      request({
                        url: FormTemplatePaths.copy,
                        method: 'POST',
                        data: { templateId: t.templateId },
                      }).then(loadTemplates, () => undefined)
                    }
                  />
                  <RowButton
                    code={Authority.templateDocument}
                    icon="trash"
                    danger
                    text="删除"
                    onClick={() => setDeleting(t)}
                  />
                </td>
              </tr>
            ))}
            {templates.length === 0 && (
              <tr>
                <td colSpan={3} className="empty">
                  暂无模板
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </div>
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(t) =>
          request({
            url: pathWith(FormTemplatePaths.template, { templateId: t.templateId }),
            method: 'DELETE',
          }).then(loadTemplates, () => undefined)
        }
      >
        确定删除模板“{deleting?.templateName}”吗？
      </ConfirmDelete>
    </div>
  );
}

export const InstitutionTemplates = () => <TemplateDocuments isHome={TemplateFamily.institution} />;
export const HomeCareTemplates = () => <TemplateDocuments isHome={TemplateFamily.homeCare} />;
