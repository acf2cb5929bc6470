import { AdministrationScreens as S } from '../../../domain/screens.js';
import { ResourceList, useResourceAuthority } from '../../../src/resource/index.js';
import { usePage } from '../../../src/router/page.js';
import { trainingAttendeeResource, trainingResource } from '../resources/qualityTraining.js';
import { RecordPage } from './RecordPage.js';

/** 培训详情 (?id=): the session and its attendees with attendance, score and result. */
export function TrainingDetail() {
  const id = Number(usePage().query.id ?? 0);
  const may = useResourceAuthority(trainingAttendeeResource);
  return (
    <RecordPage
      def={trainingResource}
      id={id}
      version={0}
      testId="page-training-detail"
      back={S.training}
      title={(row) => String(row.trainingTitle)}
      steps={() => null}
    >
      {() => (
        <>
          <h4 className="quality-section">参训人员</h4>
          <ResourceList
            def={trainingAttendeeResource}
            routeName={S.trainingDetail}
            fixedParams={{ trainingId: id }}
            canCreate={may.canCreate}
            canEdit={may.canEdit}
            canRemove={may.canRemove}
            canOpen={false}
            createInitial={{ trainingId: id, attendStatus: 1 }}
            emptyText="尚无参训人员"
          />
        </>
      )}
    </RecordPage>
  );
}
