import { AdministrationScreens as S } from '../../../domain/screens.js';
import { ResourceList, rowButton } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { patrolRecordResource } from '../resources/patrol.js';
import { resultTag, taskStatusTag } from './StatusTag.js';

/** 巡更记录 (administration/patrolRecord): each task's progress; 巡查 opens its points. */
export function Records() {
  return (
    <div className="page" data-testid="page-patrol-record">
      <ResourceList
        def={patrolRecordResource}
        routeName={S.patrolRecord}
        canOpen={false}
        cells={{ taskStatus: taskStatusTag, taskResult: resultTag }}
        actionsWidth={90}
        rowActions={(row) =>
          rowButton('巡查详情', () => navigate(`${S.patrolRecordDetail}?taskId=${String(row.taskId)}`))
        }
      />
    </div>
  );
}
