import { AdministrationScreens as S } from '../../../domain/screens.js';
import { adverseEventWorkflow, adverseEventEvents as E } from '../../../machines/adverseEventMachine.js';
import type { FormStep } from '../../../src/resource/formSteps.js';
import type { Row } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { QualityAuthority as A } from '../api/quality.js';
import { adverseCloseForm, adverseEventResource, adverseRectifyForm } from '../resources/qualityAdverse.js';
import { WorkflowList } from './WorkflowList.js';

/** 编辑 while open, 提交整改 while investigating, 结案 once the cause is known (adverseEventMachine). */
export const adverseSteps: readonly FormStep[] = [
  {
    event: 'adverse.edit',
    label: E['adverse.edit'].label,
    authority: A.adverseEdit,
    form: adverseEventResource,
  },
  {
    event: 'adverse.rectify',
    label: E['adverse.rectify'].label,
    authority: A.adverseInvestigate,
    form: adverseRectifyForm,
  },
  {
    event: 'adverse.close',
    label: E['adverse.close'].label,
    authority: A.adverseClose,
    form: adverseCloseForm,
  },
];

export const adverseDetailPath = (row: Row) => `${S.adverseEventDetail}?id=${String(row.eventId)}`;

/**
 * 不良事件 (adverseEvent/records): the events of the user's departments; 上报 from the list, then
 * 开始调查, 提交整改 and 结案 on each row as its state allows; 查看 opens the record with its
 * follow-ups. A mistaken report is deleted before its investigation starts (the server's rule).
 */
export function AdverseEvents() {
  return (
    <WorkflowList
      def={adverseEventResource}
      workflow={adverseEventWorkflow}
      steps={adverseSteps}
      testId="page-adverse-events"
      onOpen={(row) => navigate(adverseDetailPath(row))}
    />
  );
}
