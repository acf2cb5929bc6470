import { AdministrationScreens as S } from '../../../domain/screens.js';
import { ResourceList, useResourceAuthority } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { trainingResource } from '../resources/qualityTraining.js';

/** 培训记录 (training/records): the sessions; 查看 opens one with its attendees and their results. */
export function Trainings() {
  const may = useResourceAuthority(trainingResource);
  return (
    <div className="page" data-testid="page-trainings">
      <ResourceList
        def={trainingResource}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        onOpen={(row) => navigate(`${S.trainingDetail}?id=${String(row.trainingId)}`)}
      />
    </div>
  );
}
