import { useState } from 'react';
import { QualityAuthority as A } from '../../domain/api/quality.js';
import { handoverResource } from '../../domain/modules/administration/qualityHandover.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { handoverWorkflow } from '../../machines/handoverMachine.js';
import { offers } from '../../machines/workflow.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { type FormStep, useFormSteps } from '../../src/resource/formSteps.js';
import { ResourceList, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { useConfirmHandover } from './useConfirmHandover.js';

const handoverSteps: readonly FormStep[] = [
  { event: 'handover.edit', label: '编辑', authority: A.handoverEdit, form: handoverResource },
];

/**
 * 交接班记录 (shiftExchange/records): the handovers of the user's departments; 查看 opens one with
 * its elders' notes; 接班确认 by the receiving nurse makes it read-only.
 */
export function Handovers() {
  const may = useResourceAuthority(handoverResource);
  const mayConfirm = useAuthority(A.handoverConfirm);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const steps = useFormSteps(handoverWorkflow, handoverSteps, reload);
  const confirm = useConfirmHandover(reload);
  return (
    <div className="page" data-testid="page-handovers">
      <ResourceList
        def={handoverResource}
        canCreate={may.canCreate}
        // greyed once confirmed: handoverResource.rowRules, the server's own rule
        canRemove={may.canRemove}
        refreshKey={version}
        onOpen={(row) => navigate(`${S.shiftExchangeDetail}?id=${String(row.handoverId)}`)}
        rowActions={(row) => (
          <>
            {steps.buttons(row)}
            {mayConfirm
              ? rowButton(
                  '接班确认',
                  () => void confirm(row),
                  false,
                  !offers(handoverWorkflow, row, 'handover.confirm'),
                )
              : null}
          </>
        )}
        actionsWidth={260}
      />
      {steps.dialog}
    </div>
  );
}
