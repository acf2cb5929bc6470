import { Button, Callout, Card, H4, NonIdealState } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { CarePlanScreens, LiveScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceForm, ResourceList, type Row, useResourceAuthority } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { nursingPlanItemResource, nursingPlanResource } from './resources/planBase.js';

/**
 * 新增护理计划 (/careplan/nursing/Add): the plan's form; its items come from the elder's level (the
 * profile's), edited next.
 */
export function NursingPlanAdd() {
  return (
    <div className="page" data-testid="page-nursing-plan-add">
      <Card>
        <H4>新增护理计划</H4>
        <Callout intent="primary" icon="info-sign" className="care-hint">
          计划按长者档案中的护理等级生成护理项目（护理等级由能力评估的“采纳建议”设定，计划不另存等级）；保存后可调整项目，启用后生成每日护理任务。
        </Callout>
        <ResourceForm
          def={nursingPlanResource}
          mode="create"
          initial={{ startDate: dayjs().format('YYYY-MM-DD') }}
          onSaved={(saved) => navigate(`${CarePlanScreens.nursingEdit}?planId=${saved.id}`)}
          onCancel={() => navigate(CarePlanScreens.nursing)}
        />
      </Card>
    </div>
  );
}

/**
 * 编辑护理计划 (/careplan/nursing/Edit?planId=): the elder's level as the profile has it (shown, not
 * kept), the plan's form and its items in the shared list.
 */
export function NursingPlanEdit() {
  const { request } = useApp();
  const planId = Number(usePage().query.planId) || null;
  const [plan, setPlan] = useState<Row | null>(null);
  const [error, setError] = useState('');
  const items = useResourceAuthority(nursingPlanItemResource);
  useEffect(() => {
    if (!planId) return;
    request<Row>({
      url: nursingPlanResource.api.get?.replace(':id', String(planId)) ?? '',
      silent: true,
    }).then(setPlan, (e: { message?: string }) => setError(e.message ?? '护理计划不存在'));
  }, [planId, request]);
  if (!planId || error) return <NonIdealState icon="error" title={error || '未指定护理计划'} />;
  if (!plan) return null;
  return (
    <div className="page" data-testid="page-nursing-plan-edit">
      <Card>
        <H4>编辑护理计划</H4>
        <Callout icon="layers" className="care-hint" data-testid="plan-level">
          护理等级：<strong>{String(plan.nursingLevel || '（未设置）')}</strong>
          {plan.levelSince ? `（自${String(plan.levelSince)}起）` : ''}
          。取自长者档案，计费同此；调整请在能力评估记录中“采纳建议”。
          <Button
            minimal
            small
            icon="person"
            text="查看长者档案"
            onClick={() => navigate(`${LiveScreens.archiveDetail}?oldmanId=${String(plan.oldmanId)}`)}
          />
        </Callout>
        <ResourceForm
          def={nursingPlanResource}
          mode="edit"
          initial={plan}
          onSaved={() => navigate(CarePlanScreens.nursing)}
          onCancel={() => navigate(CarePlanScreens.nursing)}
        />
      </Card>
      <Card>
        <H4>护理项目</H4>
        <ResourceList
          def={nursingPlanItemResource}
          routeName={`${CarePlanScreens.nursingEdit}#items`}
          fixedParams={{ planId }}
          createInitial={{ planId }}
          canCreate={items.canCreate}
          canEdit={items.canEdit}
          canRemove={items.canRemove}
          canOpen={false}
        />
      </Card>
    </div>
  );
}
