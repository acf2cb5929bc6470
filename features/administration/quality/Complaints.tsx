import { AdministrationScreens as S } from '../../../domain/screens.js';
import { complaintWorkflow, complaintEvents as E } from '../../../machines/complaintMachine.js';
import type { FormStep } from '../../../src/resource/formSteps.js';
import { navigate } from '../../../src/router/hash.js';
import { QualityAuthority as A } from '../api/quality.js';
import { complaintCloseForm, complaintReplyForm, complaintResource } from '../resources/qualityComplaint.js';
import { WorkflowList } from './WorkflowList.js';

const complaintSteps: readonly FormStep[] = [
  {
    event: 'complaint.edit',
    label: E['complaint.edit'].label,
    authority: A.complaintEdit,
    form: complaintResource,
  },
  {
    event: 'complaint.reply',
    label: E['complaint.reply'].label,
    authority: A.complaintHandle,
    form: complaintReplyForm,
  },
  {
    event: 'complaint.close',
    label: E['complaint.close'].label,
    authority: A.complaintClose,
    form: complaintCloseForm,
  },
];

/**
 * 投诉管理 (complaint/records): 登记, 开始处理, 答复 (the handling and the reply), 办结 (the
 * complainant's satisfaction), each where complaintMachine allows it; 查看 opens the record with its
 * 处理记录 (ComplaintDetail).
 * Only a complaint nobody has started on is deleted (the server's rule).
 */
export function Complaints() {
  return (
    <WorkflowList
      def={complaintResource}
      workflow={complaintWorkflow}
      steps={complaintSteps}
      testId="page-complaints"
      onOpen={(row) => navigate(`${S.complaintDetail}?id=${String(row.complaintId)}`)}
    />
  );
}
