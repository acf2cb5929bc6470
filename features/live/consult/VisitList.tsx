import dayjs from 'dayjs';
import { ResourceList, useResourceAuthority } from '../../../src/resource/index.js';
import { VISIT_PURPOSE_SEE_ELDER, visitResource } from '../resources/consult.js';

/** 来访登记 (/live/visit/come): the generic list, with a new visit starting now, one visitor, to see an elder. */
export function VisitList() {
  const may = useResourceAuthority(visitResource);
  return (
    <div className="page" data-testid="page-visit">
      <ResourceList
        def={visitResource}
        routeName="/live/visit/come"
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        createInitial={() => ({
          visitorCount: 1,
          visitPurpose: VISIT_PURPOSE_SEE_ELDER,
          symptomFree: 1,
          visitTime: dayjs().format('YYYY-MM-DD HH:mm:ss'),
        })}
      />
    </div>
  );
}
