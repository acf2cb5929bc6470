import { Button, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { FormTemplatePaths } from '../../domain/api/settingsPaths.js';
import { Authority } from '../../domain/menus.js';
import { SystemScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { Authorized, missingAuthorityText } from '../../src/auth/Authorized.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { readPageSetting, writePageSetting } from '../../src/util/pageSettings.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { formTemplateResource } from './resources.js';
import { TemplateTypeList } from './TemplateTypeList.js';
import { TemplateFamily, type TemplateType } from './templateTypes.js';

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
  const [refreshKey, setRefreshKey] = useState(0);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const mayChange = useAuthority(Authority.templateDocument);
  const remove = (t: Row) =>
    request({
      url: pathWith(FormTemplatePaths.template, { templateId: Number(t.templateId) }),
      method: 'DELETE',
    }).then(
      () => {
        toast(`已删除模板“${String(t.templateName)}”`, 'success');
        setRefreshKey((k) => k + 1);
      },
      () => undefined,
    );
  return (
    <>
      <div className="filter-bar template-list-head">
        <h3 className="template-list-title">{type.typeName}</h3>
      </div>
      <ResourceList
        def={formTemplateResource}
        routeName={SystemScreens.templateReportSet}
        fixedParams={{ typeId: type.typeId }}
        canOpen={false}
        refreshKey={refreshKey}
        emptyText="该类型下暂无模板"
        toolbarExtra={
          <Authorized code={Authority.templateDocument} mode="remove">
            <Button
              icon="add"
              intent={Intent.SUCCESS}
              text="新增模板"
              onClick={() => navigate(`${SystemScreens.templateReportSetDetail}?typeId=${type.typeId}`)}
            />
          </Authorized>
        }
        cells={{
          status: (t) => (
            <Tag minimal intent={t.status === 1 ? Intent.SUCCESS : Intent.NONE}>
              {t.status === 1 ? '启用' : '停用'}
            </Tag>
          ),
        }}
        rowActions={(t) => [
          rowButton(
            '编辑',
            () => navigate(`${SystemScreens.templateReportSetDetail}?templateId=${String(t.templateId)}`),
            false,
            !mayChange,
            missingAuthorityText(Authority.templateDocument),
          ),
          rowButton(
            '删除',
            () => setDeleting(t),
            true,
            !mayChange,
            missingAuthorityText(Authority.templateDocument),
          ),
        ]}
      />
      <ConfirmDelete item={deleting} onClose={() => setDeleting(null)} onConfirm={remove}>
        确定删除模板“{String(deleting?.templateName ?? '')}”吗？
      </ConfirmDelete>
    </>
  );
}
