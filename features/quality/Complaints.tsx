import { QualityAuthority as A } from '../../domain/api/quality.js';
import {
  complaintCloseForm,
  complaintReplyForm,
  complaintResource,
} from '../../domain/modules/administration/qualityComplaint.js';
import { complaintWorkflow } from '../../machines/complaintMachine.js';
import type { FormStep } from '../../src/resource/formSteps.js';
import { WorkflowList } from './WorkflowList.js';

const complaintSteps: readonly FormStep[] = [
  { event: 'complaint.edit', label: '编辑', authority: A.complaintEdit, form: complaintResource },
  { event: 'complaint.reply', label: '答复', authority: A.complaintHandle, form: complaintReplyForm },
  { event: 'complaint.close', label: '办结', authority: A.complaintClose, form: complaintCloseForm },
];

/**
 * 投诉管理 (complaint/records): 登记, 开始处理, 答复 (the handling and the reply), 办结 (the
 * complainant's satisfaction), each where complaintMachine allows it; 查看 shows the whole record.
 * Only a complaint nobody has started on is deleted (the server's rule).
 */
export function Complaints() {
  return (
    <WorkflowList
      def={complaintResource}
      workflow={complaintWorkflow}
      steps={complaintSteps}
      testId="page-complaints"
    />
  );
}
