import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { adverseEventWorkflow } from '../../../machines/adverseEventMachine.js';
import { offers, refusal } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { useFormSteps } from '../../../src/resource/formSteps.js';
import { ResourceList } from '../../../src/resource/index.js';
import { usePage } from '../../../src/router/page.js';
import { QualityAuthority as A, QualityPaths as P } from '../api/quality.js';
import { adverseEventResource, adverseFollowResource } from '../resources/qualityAdverse.js';
import { adverseSteps } from './AdverseEvents.js';
import { RecordPage } from './RecordPage.js';

/**
 * 不良事件详情 (?id=): the event, its steps, and its investigation, rectification and follow-up
 * entries (added while it is open; a closed event is read-only).
 */
export function AdverseEventDetail() {
  const id = Number(usePage().query.id ?? 0);
  const { request, toast } = useApp();
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const steps = useFormSteps(adverseEventWorkflow, adverseSteps, reload);
  const mayInvestigate = useAuthority(A.adverseInvestigate);
  const investigate = async () => {
    try {
      await request({ url: pathWith(P.adverseInvestigate, { id }), method: 'PUT', data: {}, silent: true });
      toast('已开始调查', 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '开始调查失败', 'danger');
    }
    reload();
  };
  return (
    <RecordPage
      def={adverseEventResource}
      id={id}
      version={version}
      testId="page-adverse-event-detail"
      back={S.adverseEvent}
      title={(row) => (
        <>
          {String(row.eventTitle)}{' '}
          <span data-testid="adverse-status">{dictLabel('adverseEventStatus', Number(row.eventStatus))}</span>
        </>
      )}
      steps={(row) => (
        <>
          {mayInvestigate ? (
            <Button
              text="开始调查"
              disabled={refusal(adverseEventWorkflow, row, 'adverse.investigate', '开始调查') !== null}
              title={refusal(adverseEventWorkflow, row, 'adverse.investigate', '开始调查') ?? undefined}
              onClick={() => void investigate()}
            />
          ) : null}
          {steps.buttons(row)}
          {steps.dialog}
        </>
      )}
    >
      {(row) => {
        const open = offers(adverseEventWorkflow, row, 'adverse.follow');
        return (
          <>
            <h4 className="quality-section">调查与整改记录</h4>
            <ResourceList
              def={adverseFollowResource}
              routeName={S.adverseEventDetail}
              fixedParams={{ eventId: id }}
              refreshKey={version}
              canCreate={mayInvestigate && open}
              canRemove={mayInvestigate && open}
              canOpen={false}
              createInitial={{ eventId: id, followType: 1 }}
              emptyText="尚无调查与整改记录"
            />
          </>
        );
      }}
    </RecordPage>
  );
}
