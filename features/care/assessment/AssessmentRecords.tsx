import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { assessmentEvents, assessmentWorkflow } from '../../../machines/assessmentMachine.js';
import { offers } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { hasAuthority } from '../../../src/auth/authorityStore.js';
import { type FormStep, useFormSteps } from '../../../src/resource/formSteps.js';
import { confirmQuestion, ResourceList, type Row, rowButton } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { openPrintView } from '../../../src/ui/printView.js';
import { AssessmentPaths, assessmentPath } from '../api/assessment.js';
import {
  AssessmentAuthority as A,
  AssessmentScreens,
  assessmentEditForm,
  assessmentKinds,
  assessmentResource,
} from '../resources/assessment.js';
import { AdoptDialog, adoptOffer } from './AdoptDialog.js';

/** 修改: a draft's cause, day and opinion, in a dialog. */
const editSteps: readonly FormStep[] = [
  {
    event: 'assessment.edit',
    label: assessmentEvents['assessment.edit'].label,
    authority: A.add,
    form: assessmentEditForm,
  },
];

const slugOf = (row: Row) =>
  assessmentKinds.find((k) => k.type === Number(row.assessmentType))?.slug ?? '2023';

/**
 * 评估记录 (/careplan/assessment/record): every assessment; a draft opens its form to go on
 * (any assessor may resume it) and 修改 changes its cause, day and opinion; a submitted one opens
 * its read-only detail, 采纳建议 (greyed, saying why, without the authority or once adopted), 导出打印,
 * 解绑; each button
 * where assessmentMachine offers it from the row's state and the user holds the code.
 */
export function AssessmentRecords() {
  const { request, toast } = useApp();
  const [refresh, setRefresh] = useState(0);
  const [adopting, setAdopting] = useState<number | null>(null);
  const edit = useFormSteps(assessmentWorkflow, editSteps, () => setRefresh((n) => n + 1));
  const act = async (row: Row, type: 'assessment.unbind' | 'assessment.remove') => {
    const label = assessmentEvents[type].label;
    if (!window.confirm(confirmQuestion(label, assessmentResource, row))) return;
    const id = Number(row.assessmentId);
    try {
      await request(
        type === 'assessment.unbind'
          ? { url: AssessmentPaths.unbind, method: 'PUT', data: { assessmentId: id } }
          : { url: assessmentPath(AssessmentPaths.one, { assessmentId: id }), method: 'DELETE' },
      );
      toast(`${label}成功`, 'success');
      setRefresh((n) => n + 1);
    } catch {
      // the request layer has shown the server's message
    }
  };
  /** 采纳建议 on a submitted record: greyed with the reason where it cannot be pressed. */
  const adoptButton = (row: Row) => {
    const why = adoptOffer(row, hasAuthority(A.adopt));
    if (why === undefined) return null;
    return rowButton('采纳建议', () => setAdopting(Number(row.assessmentId)), false, why !== null, why);
  };
  const open = (row: Row) => {
    const draft = offers(assessmentWorkflow, row, 'assessment.save');
    const slug = slugOf(row);
    navigate(
      `${draft ? AssessmentScreens.add(slug) : AssessmentScreens.detail(slug)}?assessmentId=${row.assessmentId}`,
    );
  };
  return (
    <div className="page" data-testid="page-assessment-records">
      <ResourceList
        def={assessmentResource}
        routeName={AssessmentScreens.record}
        refreshKey={refresh}
        onOpen={open}
        actionsWidth={220}
        toolbarExtra={
          hasAuthority(A.add)
            ? assessmentKinds.map((k) => (
                <Button
                  key={k.slug}
                  icon="add"
                  intent={k.type === 2 ? 'primary' : 'none'}
                  text={k.title}
                  onClick={() => navigate(AssessmentScreens.add(k.slug))}
                />
              ))
            : null
        }
        rowActions={(row) => [
          offers(assessmentWorkflow, row, 'assessment.save') && hasAuthority(A.add)
            ? rowButton('继续评估', () => open(row))
            : null,
          offers(assessmentWorkflow, row, 'assessment.edit') ? edit.buttons(row) : null,
          offers(assessmentWorkflow, row, 'assessment.unbind') && hasAuthority(A.print)
            ? rowButton('导出打印', () =>
                openPrintView(
                  assessmentPath(AssessmentPaths.export, { assessmentId: Number(row.assessmentId) }),
                ).catch((e: { message?: string }) => toast(e.message ?? '打印失败', 'danger')),
              )
            : null,
          adoptButton(row),
          offers(assessmentWorkflow, row, 'assessment.unbind') && hasAuthority(A.unbind)
            ? rowButton(
                assessmentEvents['assessment.unbind'].label,
                () => act(row, 'assessment.unbind'),
                true,
              )
            : null,
          offers(assessmentWorkflow, row, 'assessment.remove') && hasAuthority(A.remove)
            ? rowButton(
                assessmentEvents['assessment.remove'].label,
                () => act(row, 'assessment.remove'),
                true,
              )
            : null,
        ]}
      />
      {edit.dialog}
      {adopting !== null ? (
        <AdoptDialog
          assessmentId={adopting}
          onClose={(adopted) => {
            setAdopting(null);
            if (adopted) setRefresh((n) => n + 1);
          }}
        />
      ) : null}
    </div>
  );
}
