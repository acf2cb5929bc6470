import { Callout, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FORM_BASE, templateDataResource, templateListResource } from '../../../domain/resources/contract.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceList, useResourceAuthority } from '../../../src/resource/index.js';
import { CareFormTypes } from '../api/careHealth.js';

type TemplateType = { typeId: number; typeName: string };

/** The filled forms without the type filter: each screen is one type. */
const formsDef = {
  ...templateDataResource,
  filters: (templateDataResource.filters ?? []).filter((f) => f.field !== 'typeId'),
};

/** The id of the form template type of that name (系统设置 › 表单模板), null while unknown. */
function useTypeId(typeName: string): number | null | undefined {
  const { request } = useApp();
  const [typeId, setTypeId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    request<TemplateType[]>({ url: `${FORM_BASE}/templateType`, silent: true }).then(
      (all) => setTypeId(all.find((t) => t.typeName === typeName)?.typeId ?? null),
      () => setTypeId(null),
    );
  }, [request, typeName]);
  return typeId;
}

/**
 * A care form screen: the filled forms (文书) of one template type, made from the form templates of
 * 系统设置 (docs/decisions.md "Care: vital signs and meals (issue #12)", form screens).
 */
function FilledForms({ typeName, testId }: { typeName: string; testId: string }) {
  const typeId = useTypeId(typeName);
  const can = useResourceAuthority(templateDataResource);
  return (
    <div className="page" data-testid={testId}>
      {typeId === null ? (
        <NonIdealState
          icon="document"
          title={`尚无“${typeName}”模板`}
          description="请在 系统设置 › 表单模板 中添加该类型的模板"
        />
      ) : typeId ? (
        <ResourceList
          def={formsDef}
          canCreate={can.canCreate}
          canEdit={can.canEdit}
          canRemove={can.canRemove}
          fixedParams={{ typeId }}
        />
      ) : null}
    </div>
  );
}

export const NursingForm = () => <FilledForms typeName={CareFormTypes.nursing} testId="page-nursing-form" />;
export const MedicalForm = () => <FilledForms typeName={CareFormTypes.medical} testId="page-medical-form" />;
export const AssessForm = () => <FilledForms typeName={CareFormTypes.assess} testId="page-assess-form" />;
export const GoodsForm = () => <FilledForms typeName={CareFormTypes.goods} testId="page-goods-form" />;

/** 表单配置: the templates the care forms are filled from. */
export function FormConfig() {
  return (
    <div className="page" data-testid="page-form-config">
      <Callout icon="info-sign" compact>
        护理表单的模板：{Object.values(CareFormTypes).join('、')}。新增或修改模板请到 系统设置 › 表单模板。
      </Callout>
      <ResourceList def={templateListResource} canCreate={false} canEdit={false} canRemove={false} />
    </div>
  );
}
