import { Alert, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import {
  type ActivityEvent,
  activityWorkflow,
  activityEvents as E,
} from '../../../machines/activityMachine.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import {
  ResourceList,
  type Row,
  rowButton,
  useResourceAuthority,
  workflowButton,
} from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { ActivityAuthority as A, ActivityPaths as P } from '../api/activities.js';
import { activityResource } from '../resources/activities.js';
import { stateTag } from './StateTag.js';

/** A row's step, greyed where the activity cannot take it, saying why (名额已满, 当前状态为…). */
const button = (row: Row, event: ActivityEvent['type'], onClick: () => void, danger = false) =>
  workflowButton(activityWorkflow, row, event, E[event].label, onClick, danger);

/**
 * 活动管理 (administration/activity): every activity of the user's departments; 新增 and 删除, and
 * per row what its state takes (activityMachine): 报名 while registration is open, 签到 while it
 * is held, 取消活动 before it is held, 统计 always.
 */
export function Activities() {
  const rights = useResourceAuthority(activityResource);
  const canRegister = useAuthority(A.register);
  const canSign = useAuthority(A.sign);
  const canCancel = useAuthority(A.cancel);
  const canStatistics = useAuthority(A.statistics);
  const { request, toast } = useApp();
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const [changed, setChanged] = useState(0);
  const cancel = async (row: Row) => {
    setCancelling(null);
    try {
      await request({
        url: P.cancel,
        method: 'PUT',
        data: { activityId: row.activityId, cancelReason: reason.trim() },
        silent: true,
      });
      toast('活动已取消', 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '取消失败', 'danger');
    }
    setChanged((n) => n + 1);
  };
  const id = (row: Row) => String(row.activityId);
  return (
    <div className="page" data-testid="page-activity">
      <ResourceList
        def={activityResource}
        routeName={S.activity}
        refreshKey={changed}
        canCreate={rights.canCreate}
        canRemove={rights.canRemove}
        cells={{ activityState: stateTag }}
        actionsWidth={330}
        rowActions={(row) => (
          <>
            {canRegister
              ? button(row, 'activity.register', () =>
                  navigate(`${S.activityRegisterDetail}?activityId=${id(row)}`),
                )
              : null}
            {canSign
              ? button(row, 'activity.signIn', () =>
                  navigate(`${S.activitySignDetail}?activityId=${id(row)}`),
                )
              : null}
            {canCancel
              ? button(
                  row,
                  'activity.cancel',
                  () => {
                    setReason('');
                    setCancelling(row);
                  },
                  true,
                )
              : null}
            {canStatistics
              ? rowButton('统计', () => navigate(`${S.activityStatistics}?activityId=${id(row)}`))
              : null}
          </>
        )}
      />
      <Alert
        isOpen={cancelling !== null}
        intent={Intent.DANGER}
        icon="disable"
        confirmButtonText={E['activity.cancel'].label}
        cancelButtonText="返回"
        onCancel={() => setCancelling(null)}
        onConfirm={() => cancelling && void cancel(cancelling)}
      >
        <p>确定取消活动“{String(cancelling?.activityName ?? '')}”吗？已报名的长者将不能参加。</p>
        <FormGroup label="取消原因" labelFor="activity-cancel-reason">
          <TextArea
            id="activity-cancel-reason"
            fill
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </FormGroup>
      </Alert>
    </div>
  );
}
