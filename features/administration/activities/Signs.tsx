import { AdministrationScreens as S } from '../../../domain/screens.js';
import { ResourceList, rowButton } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { activitySignResource } from '../resources/activities.js';
import { stateTag } from './StateTag.js';

/** 活动签到 (administration/activitySign): registrations of activities that have begun; 签到详情. */
export function Signs() {
  return (
    <div className="page" data-testid="page-activity-sign">
      <ResourceList
        def={activitySignResource}
        routeName={S.activitySign}
        canOpen={false}
        cells={{ activityState: stateTag }}
        actionsWidth={110}
        rowActions={(row) =>
          rowButton('签到详情', () =>
            navigate(`${S.activitySignDetail}?activityId=${String(row.activityId)}`),
          )
        }
      />
    </div>
  );
}
