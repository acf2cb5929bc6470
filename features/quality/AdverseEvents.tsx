import { useState } from 'react';
import { QualityAuthority as A } from '../../domain/api/quality.js';
import {
  adverseCloseForm,
  adverseEventResource,
  adverseRectifyForm,
} from '../../domain/modules/administration/qualityAdverse.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { adverseEventWorkflow } from '../../machines/adverseEventMachine.js';
import { offers } from '../../machines/workflow.js';
import { ResourceList, type Row, useResourceAuthority } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { type FormStep, useFormSteps, useRemoveStep } from './steps.js';

/** 编辑 while open, 提交整改 while investigating, 结案 once the cause is known (adverseEventMachine). */
export const adverseSteps: readonly FormStep[] = [
  { event: 'adverse.edit', label: '编辑', authority: A.adverseEdit, form: adverseEventResource },
  { event: 'adverse.rectify', label: '提交整改', authority: A.adverseInvestigate, form: adverseRectifyForm },
  { event: 'adverse.close', label: '结案', authority: A.adverseClose, form: adverseCloseForm },
];

export const adverseDetailPath = (row: Row) => `${S.adverseEventDetail}?id=${String(row.eventId)}`;

/**
 * 不良事件 (adverseEvent/records): the events of the user's departments; 上报 from the list, then
 * 开始调查, 提交整改 and 结案 on each row as its state allows; 查看 opens the record with its follow-ups.
 */
export function AdverseEvents() {
  const may = useResourceAuthority(adverseEventResource);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const steps = useFormSteps(adverseEventWorkflow, adverseSteps, reload);
  // a mistaken report goes before its investigation starts (the server's rule)
  const removal = useRemoveStep(
    adverseEventResource,
    (row) => offers(adverseEventWorkflow, row, 'adverse.investigate'),
    reload,
  );
  return (
    <div className="page" data-testid="page-adverse-events">
      <ResourceList
        def={adverseEventResource}
        canCreate={may.canCreate}
        refreshKey={version}
        onOpen={(row) => navigate(adverseDetailPath(row))}
        rowActions={(row) => (
          <>
            {removal.button(row)}
            {steps.buttons(row)}
          </>
        )}
        actionsWidth={320}
      />
      {steps.dialog}
      {removal.dialog}
    </div>
  );
}
