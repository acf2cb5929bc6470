import { Alert, Button, Callout, HTMLTable, InputGroup, Intent, Menu, MenuItem } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../domain/codes.js';
import { Authority } from '../../domain/menus.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { navigate } from '../../src/router/hash.js';

interface TemplateType {
  typeId: number;
  typeName: string;
  sort: number;
}
interface Template {
  templateId: number;
  typeId: number;
  templateName: string;
  content: string;
  updateTime: string;
}
const BASE = '/api/form/org';

/** Document templates by type (institution, or home care with isHome): add, edit, copy, delete. */
function TemplateDocuments({ isHome }: { isHome: 0 | 1 }) {
  const { request, toast } = useApp();
  const [types, setTypes] = useState<TemplateType[]>([]);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [templates, setTemplates] = useState<Template[]>([]);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [newType, setNewType] = useState('');
  const [error, setError] = useState('');

  const loadTypes = useCallback(() => {
    request<TemplateType[]>({ url: `${BASE}/templateType`, params: { isHome } }).then((list) => {
      setTypes(list);
      setTypeId((current) => current ?? list[0]?.typeId ?? null);
    });
  }, [request, isHome]);
  const loadTemplates = useCallback(() => {
    if (typeId === null) return setTemplates([]);
    request<Page<Template>>({ url: `${BASE}/template`, params: { typeId, pageHelper: 0 } }).then((p) =>
      setTemplates(p.list),
    );
  }, [request, typeId]);
  useEffect(loadTypes, [loadTypes]);
  useEffect(loadTemplates, [loadTemplates]);
  usePageRefresh(() => {
    loadTypes();
    loadTemplates();
  });

  const fail = (e: { message?: string }) => setError(e.message ?? '操作失败');
  const addType = () =>
    request({
      url: `${BASE}/templateType`,
      method: 'POST',
      data: { typeName: newType, sort: types.length, isHome },
      silent: true,
    }).then(() => {
      setNewType('');
      setError('');
      loadTypes();
    }, fail);

  return (
    <div
      className="page template-page"
      data-testid={isHome ? 'page-homeTemplateDocument' : 'page-templateDocument'}
    >
      <div className="template-types">
        <Menu>
          {types.map((t) => (
            <MenuItem
              key={t.typeId}
              text={t.typeName}
              active={t.typeId === typeId}
              onClick={() => setTypeId(t.typeId)}
            />
          ))}
        </Menu>
        <Authorized code={Authority.templateDocument} mode="remove">
          <InputGroup
            size="small"
            placeholder="新类型名称"
            value={newType}
            onChange={(e) => setNewType(e.target.value)}
            rightElement={<Button size="small" icon="add" aria-label="新增类型" onClick={addType} />}
          />
        </Authorized>
      </div>
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
        {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
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
                <td>{new Date(t.updateTime).toLocaleString('zh-CN', { hour12: false })}</td>
                <td className="actions">
                  <Authorized code={Authority.templateDocument} mode="disable">
                    <Button
                      size="small"
                      icon="edit"
                      text="编辑"
                      onClick={() =>
                        navigate(
                          `/systemSetting/templateDocumentEdit?isHome=${isHome}&templateId=${t.templateId}`,
                        )
                      }
                    />
                  </Authorized>
                  <Authorized code={Authority.templateDocument} mode="disable">
                    <Button
                      size="small"
                      icon="duplicate"
                      text="复制"
                      onClick={() =>
                        request({
                          url: `${BASE}/templates/files/copy`,
                          method: 'POST',
                          data: { templateId: t.templateId },
                        }).then(loadTemplates, () => undefined)
                      }
                    />
                  </Authorized>
                  <Authorized code={Authority.templateDocument} mode="disable">
                    <Button
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      text="删除"
                      onClick={() => setDeleting(t)}
                    />
                  </Authorized>
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
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        confirmButtonText="删除"
        cancelButtonText="取消"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const t = deleting;
          setDeleting(null);
          if (t)
            request({ url: `${BASE}/template/${t.templateId}`, method: 'DELETE' }).then(
              loadTemplates,
              () => undefined,
            );
        }}
      >
        确定删除模板“{deleting?.templateName}”吗？
      </Alert>
    </div>
  );
}

export const InstitutionTemplates = () => <TemplateDocuments isHome={0} />;
export const HomeCareTemplates = () => <TemplateDocuments isHome={1} />;
