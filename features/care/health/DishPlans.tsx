import { Button, H5 } from '@blueprintjs/core';
import { useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { CareHealthPaths, CareHealthScreens as S } from '../api/careHealth.js';
import { dishPlanEntryResource, dishPlanResource } from '../resources/health.js';
import { useWeekPlan } from './useWeekPlan.js';
import { WeekMenu } from './WeekMenu.js';
import './careHealth.css';

/** 食谱管理: the weekly plans; a plan opens its menu, its editor, or is copied to the next week. */
export function DishPlans() {
  const { request, toast } = useApp();
  const can = useResourceAuthority(dishPlanResource);
  const [refreshKey, setRefreshKey] = useState(0);
  const thisWeek = useWeekPlan(null, refreshKey);
  const copy = async (row: Row) => {
    try {
      const made = await request<{ planId: number; weekStart: string }>({
        url: pathWith(CareHealthPaths.copyForward, { planId: Number(row.planId) }),
        method: 'POST',
        data: {},
      });
      toast(`已复制为 ${made.weekStart} 起的一周食谱`, 'success');
      setRefreshKey((k) => k + 1);
    } catch {
      // the client shows the server's message
    }
  };
  return (
    <div className="page" data-testid="page-dish-plans">
      <H5>本周食谱</H5>
      {thisWeek ? <WeekMenu plan={thisWeek} /> : null}
      <H5>全部食谱</H5>
      <ResourceList
        def={dishPlanResource}
        canCreate={can.canCreate}
        canEdit={can.canEdit}
        canRemove={can.canRemove}
        refreshKey={refreshKey}
        onOpen={(row) => navigate(`${S.dishPlanDetail}?planId=${String(row.planId)}`)}
        actionsWidth={300}
        rowActions={(row) =>
          can.canEdit
            ? [
                rowButton('编辑菜品', () => navigate(`${S.dishPlanUpdate}?planId=${String(row.planId)}`)),
                rowButton('复制到下周', () => void copy(row)),
              ]
            : null
        }
      />
    </div>
  );
}

const planIdOf = (query: Record<string, string>) => Number(query.planId) || null;

/** 编辑食谱: the plan's dishes by weekday and time cycle, with the week's menu above. */
export function DishPlanUpdate() {
  const planId = planIdOf(usePage().query);
  const can = useResourceAuthority(dishPlanEntryResource);
  const [refreshKey, setRefreshKey] = useState(0);
  const plan = useWeekPlan(planId, refreshKey);
  return (
    <div className="page" data-testid="page-dish-plan-update">
      <Button icon="arrow-left" text="返回食谱管理" onClick={() => navigate(S.dishPlan)} />
      <H5>{plan?.planName ?? '食谱'}</H5>
      {plan ? <WeekMenu plan={plan} /> : null}
      {planId ? (
        <ResourceList
          def={dishPlanEntryResource}
          routeName={S.dishPlanUpdate}
          canCreate={can.canCreate}
          canEdit={can.canEdit}
          canRemove={can.canRemove}
          fixedParams={{ planId }}
          createInitial={{ planId, weekday: 1, timeCycle: 3 }}
          onChanged={() => setRefreshKey((k) => k + 1)}
        />
      ) : null}
    </div>
  );
}

/** 食谱详情: the week's menu of a plan. */
export function DishPlanDetail() {
  const planId = planIdOf(usePage().query);
  const plan = useWeekPlan(planId);
  return (
    <div className="page" data-testid="page-dish-plan-detail">
      <Button icon="arrow-left" text="返回食谱管理" onClick={() => navigate(S.dishPlan)} />
      <H5>
        {plan?.planName ?? '食谱'} {plan ? `（${plan.weekStart} 起）` : ''}
      </H5>
      {plan ? <WeekMenu plan={plan} /> : null}
    </div>
  );
}
