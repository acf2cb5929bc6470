import { useState } from 'react';
import { QualityAuthority as A } from '../../domain/api/quality.js';
import {
  complaintCloseForm,
  complaintReplyForm,
  complaintResource,
} from '../../domain/modules/administration/qualityComplaint.js';
import { complaintWorkflow } from '../../machines/complaintMachine.js';
import { offers } from '../../machines/workflow.js';
import { ResourceList, useResourceAuthority } from '../../src/resource/index.js';
import { type FormStep, useFormSteps, useRemoveStep } from './steps.js';

const complaintSteps: readonly FormStep[] = [
  { event: 'complaint.edit', label: '编辑', authority: A.complaintEdit, form: complaintResource },
  { event: 'complaint.reply', label: '答复', authority: A.complaintHandle, form: complaintReplyForm },
  { event: 'complaint.close', label: '办结', authority: A.complaintClose, form: complaintCloseForm },
];

/**
 * 投诉管理 (complaint/records): 登记, 开始处理, 答复 (the handling and the reply), 办结 (the
 * complainant's satisfaction), each where complaintMachine allows it; 查看 shows the whole record.
 */
export function Complaints() {
  const may = useResourceAuthority(complaintResource);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const steps = useFormSteps(complaintWorkflow, complaintSteps, reload);
  // only a complaint nobody has started on is deleted (the server's rule)
  const removal = useRemoveStep(
    complaintResource,
    (row) => offers(complaintWorkflow, row, 'complaint.handle'),
    reload,
  );
  return (
    <div className="page" data-testid="page-complaints">
      <ResourceList
        def={complaintResource}
        canCreate={may.canCreate}
        refreshKey={version}
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
