import { Alert } from '@blueprintjs/core';
import { useState } from 'react';
import { CarePlanScreens } from '../../domain/screens.js';
import { CareAuthority } from '../../domain/statuses/care.js';
import {
  type NursingPlanEventType,
  nursingPlanEvents,
  nursingPlanEventTypes,
  nursingPlanWorkflow,
} from '../../machines/nursingPlanMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, useResourceAuthority, workflowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { CarePaths } from './api/care.js';
import { nursingPlanResource } from './resources/planBase.js';

/**
 * 护理计划 (/careplan/nursing): the plans in the shared list; 新增 and 编辑 open their screens, and
 * each row offers 启用 / 暂停 / 恢复 / 结束 on the spec's one status call, greyed where
 * nursingPlanMachine says the plan's state does not take it.
 */
export function NursingPlans() {
  const { request, toast } = useApp();
  const may = useResourceAuthority(nursingPlanResource);
  const mayStatus = useAuthority(CareAuthority.nursingStatus);
  const [asking, setAsking] = useState<{ row: Row; event: NursingPlanEventType } | null>(null);
  const [refresh, setRefresh] = useState(0);
  const send = async () => {
    if (!asking) return;
    const { row, event } = asking;
    setAsking(null);
    try {
      await request({
        url: CarePaths.planStatus,
        method: 'PUT',
        data: { planId: row.planId, event },
        silent: true,
      });
      toast(`已${nursingPlanEvents[event].label}`, 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '操作失败', 'danger');
    }
    setRefresh((n) => n + 1);
  };
  return (
    <div className="page" data-testid="page-nursing-plans">
      <ResourceList
        def={nursingPlanResource}
        routeName={CarePlanScreens.nursing}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        refreshKey={refresh}
        actionsWidth={300}
        onCreate={() => navigate(CarePlanScreens.nursingAdd)}
        onEdit={(row) => navigate(`${CarePlanScreens.nursingEdit}?planId=${String(row.planId)}`)}
        rowActions={(row) =>
          mayStatus
            ? nursingPlanEventTypes.map((event) =>
                workflowButton(
                  nursingPlanWorkflow,
                  row,
                  event,
                  nursingPlanEvents[event].label,
                  () => setAsking({ row, event }),
                  event === 'plan.end',
                ),
              )
            : null
        }
      />
      <Alert
        isOpen={asking !== null}
        cancelButtonText="取消"
        confirmButtonText={asking ? nursingPlanEvents[asking.event].label : '确定'}
        intent={asking?.event === 'plan.end' ? 'danger' : 'primary'}
        onConfirm={send}
        onCancel={() => setAsking(null)}
      >
        {asking
          ? `确定${nursingPlanEvents[asking.event].label}护理计划“${String(asking.row.planName)}”吗？${
              asking.event === 'plan.suspend' || asking.event === 'plan.end'
                ? '今日起未执行的任务将被取消。'
                : ''
            }${asking.event === 'plan.activate' || asking.event === 'plan.resume' ? '将生成今日的护理任务。' : ''}`
          : ''}
      </Alert>
    </div>
  );
}
