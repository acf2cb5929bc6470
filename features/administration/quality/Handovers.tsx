import { useEffect, useState } from 'react';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { handoverEvents as E, handoverWorkflow } from '../../../machines/handoverMachine.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { type FormStep, useFormSteps } from '../../../src/resource/formSteps.js';
import { ResourceList, type Row, useResourceAuthority, workflowButton } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { QualityAuthority as A, QualityPaths as P } from '../api/quality.js';
import { handoverResource } from '../resources/qualityHandover.js';
import { useConfirmHandover } from './useConfirmHandover.js';

const handoverSteps: readonly FormStep[] = [
  {
    event: 'handover.edit',
    label: E['handover.edit'].label,
    authority: A.handoverEdit,
    form: handoverResource,
  },
];

/**
 * What 新增 starts with: the shift now, its next, the signed-in person as giver and her department
 * (GET handoverGather, computed by the server from the home's shift times).
 */
function useHandoverDefaults(wanted: boolean) {
  const { request } = useApp();
  const [defaults, setDefaults] = useState<Row>({});
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    request<Row>({ url: P.handoverGather, method: 'GET', silent: true }).then(
      (g) =>
        live &&
        setDefaults({
          handoverDate: g.handoverDate,
          fromShift: g.fromShift,
          toShift: g.toShift,
          deptId: g.deptId,
          ...(g.handedBy == null ? {} : { handedBy: g.handedBy }),
        }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [request, wanted]);
  return defaults;
}

/**
 * 交接班记录 (shiftExchange/records): the handovers of the user's departments; 新增 starts from the
 * shift now and the signed-in giver; 查看 opens one with its elders' notes and what the shift
 * gathered; 接班确认 by the receiving nurse (each note 已知晓 first) makes it read-only.
 */
export function Handovers() {
  const may = useResourceAuthority(handoverResource);
  const defaults = useHandoverDefaults(may.canCreate);
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
        createInitial={() => defaults}
        // greyed once confirmed: handoverResource.rowRules, the server's own rule
        canRemove={may.canRemove}
        refreshKey={version}
        onOpen={(row) => navigate(`${S.shiftExchangeDetail}?id=${String(row.handoverId)}`)}
        rowActions={(row) => (
          <>
            {steps.buttons(row)}
            {mayConfirm
              ? workflowButton(
                  handoverWorkflow,
                  row,
                  'handover.confirm',
                  E['handover.confirm'].label,
                  () => void confirm(row),
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
