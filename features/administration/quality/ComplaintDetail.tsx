import { dictLabel } from '../../../domain/dictionaries.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { ResourceList } from '../../../src/resource/index.js';
import { usePage } from '../../../src/router/page.js';
import { complaintFollowResource, complaintResource } from '../resources/qualityComplaint.js';
import { RecordPage } from './RecordPage.js';

/**
 * 投诉详情 (?id=): the complaint and its 处理记录, one row per step (受理, 开始处理, 答复, 办结) written by
 * the step itself. The steps are taken on the list (投诉管理), where each row offers what its state allows.
 */
export function ComplaintDetail() {
  const id = Number(usePage().query.id ?? 0);
  return (
    <RecordPage
      def={complaintResource}
      id={id}
      version={0}
      testId="page-complaint-detail"
      back={S.complaint}
      title={(row) => (
        <>
          {`${String(row.complainantName)}的投诉`}{' '}
          <span data-testid="complaint-status">
            {dictLabel('complaintStatus', Number(row.complaintStatus))}
          </span>
        </>
      )}
      steps={() => null}
    >
      {() => (
        <>
          <h4 className="quality-section">处理记录</h4>
          <ResourceList
            def={complaintFollowResource}
            routeName={S.complaintDetail}
            fixedParams={{ complaintId: id }}
            canCreate={false}
            canRemove={false}
            canOpen={false}
            emptyText="尚无处理记录"
          />
        </>
      )}
    </RecordPage>
  );
}
