import { AdministrationScreens as S } from '../../../domain/screens.js';
import { ResourceList, rowButton } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { activityRegisterResource } from '../resources/activities.js';
import { stateTag } from './StateTag.js';

/** 活动报名 (administration/activityRegister): every registration; 报名详情 opens its activity. */
export function Registers() {
  return (
    <div className="page" data-testid="page-activity-register">
      <ResourceList
        def={activityRegisterResource}
        routeName={S.activityRegister}
        canOpen={false}
        cells={{ activityState: stateTag }}
        actionsWidth={110}
        rowActions={(row) =>
          rowButton('报名详情', () =>
            navigate(`${S.activityRegisterDetail}?activityId=${String(row.activityId)}`),
          )
        }
      />
    </div>
  );
}
