import { Button, Callout, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { FormTemplatePaths } from '../../domain/api/settings.js';
import { Authority } from '../../domain/menus.js';
import { SystemScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { navigate } from '../../src/router/hash.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { readPageSetting, writePageSetting } from '../../src/util/storage.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { localTime } from './format.js';
import { RowButton } from './RowButton.js';
import { TemplateTypeList } from './TemplateTypeList.js';
import { type Template, TemplateFamily, type TemplateType } from './templateTypes.js';

/**
 * /systemSetting/templateReportSet (spec 000 §2 "form templates"): types on the left, the chosen
 * type's templates on the right. The chosen type is a per-page setting (spec 000 §3), so coming
 * back from the detail page shows the same type.
 */
export function FormTemplates() {
  const [type, setType] = useState<TemplateType | null>(null);
  // Until the types have loaded there is nothing to say (no "no types" flash).
  const [loaded, setLoaded] = useState(false);
  const [selectedId] = useState(() => readPageSetting<number>(SystemScreens.templateReportSet, 'typeId'));
  const select = (next: TemplateType | null) => {
    setType(next);
    setLoaded(true);
    if (next) writePageSetting(SystemScreens.templateReportSet, 'typeId', next.typeId);
  };
  return (
    <div className="page template-page" data-testid="page-templateReportSet">
      <TemplateTypeList
        family={TemplateFamily.form}
        selectedId={type?.typeId ?? selectedId}
        onSelect={select}
      />
      <div className="template-list">
        {type ? (
          <TemplatesOfType key={type.typeId} type={type} />
        ) : (
          loaded && (
            <NonIdealState icon="th-list" title="暂无模板类型" description="请先在左侧新增一个模板类型" />
          )
        )}
      </div>
    </div>
  );
}

function TemplatesOfType({ type }: { type: TemplateType }) {
  const { request, toast } = useApp();
  const list = usePagedList<Template, { typeId: number }>(FormTemplatePaths.templates, {
    typeId: type.typeId,
  });
  const [deleting, setDeleting] = useState<Template | null>(null);
  usePageRefresh(list.reload);
  const remove = (t: Template) =>
    request({
      url: pathWith(FormTemplatePaths.template, { templateId: t.templateId }),
      method: 'DELETE',
    }).then(
      () => {
        toast(`已删除模板“${t.templateName}”`, 'success');
        list.reload();
      },
      () => undefined,
    );
  return (
    <>
      <div className="filter-bar template-list-head">
        <h3 className="template-list-title">{type.typeName}</h3>
        <Authorized code={Authority.templateDocument} mode="remove">
          <Button
            icon="add"
            intent={Intent.SUCCESS}
            text="新增模板"
            onClick={() => navigate(`${SystemScreens.templateReportSetDetail}?typeId=${type.typeId}`)}
          />
        </Authorized>
      </div>
      {list.error && <Callout intent={Intent.DANGER}>{list.error}</Callout>}
      <HTMLTable striped compact className="data-table">
        <thead>
          <tr>
            <th>模板名称</th>
            <th>状态</th>
            <th>更新时间</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((t) => (
            <tr key={t.templateId} data-testid="template-row">
              <td>{t.templateName}</td>
              <td>
                <Tag minimal intent={t.status === 1 ? Intent.SUCCESS : Intent.NONE}>
                  {t.status === 1 ? '启用' : '停用'}
                </Tag>
              </td>
              <td>{localTime(t.updateTime)}</td>
              <td className="actions">
                <RowButton
                  code={Authority.templateDocument}
                  icon="edit"
                  text="编辑"
                  onClick={() =>
                    navigate(`${SystemScreens.templateReportSetDetail}?templateId=${t.templateId}`)
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
          {!list.loading && list.rows.length === 0 && (
            <tr>
              <td colSpan={4} className="empty">
                该类型下暂无模板
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      <ConfirmDelete item={deleting} onClose={() => setDeleting(null)} onConfirm={remove}>
        确定删除模板“{deleting?.templateName}”吗？
      </ConfirmDelete>
    </>
  );
}
