import { useState } from 'react';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { activityWorkflow, activityEvents as E } from '../../../machines/activityMachine.js';
import { refusal } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../../src/resource/index.js';
import { usePage } from '../../../src/router/page.js';
import { ActivityAuthority as A, ActivityPaths as P, rateOf } from '../api/activities.js';
import { activitySignResource } from '../resources/activities.js';
import { ActivityHeader, Figures } from './ActivityHeader.js';
import { useActivitySummary } from './useActivitySummary.js';

/**
 * 签到详情 (activitySignDetail?activityId=): the registered elders of an activity that has begun;
 * 签到 and 签退 while it is held (activityMachine), sign-out after sign-in.
 */
export function SignDetail() {
  const activityId = Number(usePage().query.activityId ?? 0);
  const canSign = useAuthority(A.signDo);
  const { request, toast } = useApp();
  const [version, setVersion] = useState(0);
  const { summary: s, error } = useActivitySummary(P.signSummary, activityId, version);
  // while the activity is not held, both buttons say its state (当前状态为报名中，不能签到)
  const notHeld = (event: 'activity.signIn' | 'activity.signOut') =>
    s ? refusal(activityWorkflow, s, event, E[event].label) : '加载中';
  /** Why an elder's 签到 or 签退 is greyed, or null: the activity's state, else the elder's own. */
  const whyNot = (event: 'activity.signIn' | 'activity.signOut', row: Row): string | null => {
    const state = notHeld(event);
    if (state) return state;
    const status = Number(row.signStatus);
    if (event === 'activity.signIn') return status === 0 ? null : '该长者已签到'; // the server's words (签退 follows 签到)
    return status === 1 ? null : status === 0 ? '该长者尚未签到，不能签退' : '该长者已签退';
  };
  const button = (event: 'activity.signIn' | 'activity.signOut', row: Row) => {
    const why = whyNot(event, row);
    const kind = event === 'activity.signIn' ? 'signIn' : 'signOut';
    return rowButton(E[event].label, () => void act(kind, row), false, why !== null, why);
  };
  const act = async (kind: 'signIn' | 'signOut', row: Row) => {
    const label = E[`activity.${kind}`].label;
    try {
      await request({
        url: P[kind],
        method: 'PUT',
        data: { activityId, oldmanId: row.oldmanId },
        silent: true,
      });
      toast(`已${label}`, 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? `${label}失败`, 'danger');
    }
    setVersion((n) => n + 1);
  };
  return (
    <div className="page" data-testid="page-activity-sign-detail">
      <ActivityHeader summary={s} error={error} back={S.activitySign} />
      {s ? (
        <Figures
          items={[
            ['已报名', s.registerCount],
            ['已签到', s.signInCount, 'activity-signed-in'],
            ['已签退', s.signOutCount],
            ['出勤率', `${rateOf(s.signInCount, s.registerCount)}%`],
          ]}
        />
      ) : null}
      {activityId ? (
        <ResourceList
          def={activitySignResource}
          routeName={S.activitySignDetail}
          fixedParams={{ activityId }}
          refreshKey={version}
          canOpen={false}
          emptyText="活动尚未开始或无人报名"
          actionsWidth={140}
          rowActions={(row) =>
            canSign ? (
              <>
                {button('activity.signIn', row)}
                {button('activity.signOut', row)}
              </>
            ) : null
          }
        />
      ) : null}
    </div>
  );
}
