import { Button, Card, NonIdealState } from '@blueprintjs/core';
import { CarePlanScreens } from '../../domain/screens.js';
import { ResourceDetail, ResourceList } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { nursingTaskResource } from './resources/planBase.js';

/** 护理记录 (/careplan/record): every task with what became of it; 查看 opens its detail screen. */
export function TaskRecords() {
  return (
    <div className="page" data-testid="page-task-records">
      <ResourceList
        def={nursingTaskResource}
        routeName={CarePlanScreens.record}
        onOpen={(row) => navigate(`${CarePlanScreens.recordDetail}?taskId=${String(row.taskId)}`)}
      />
    </div>
  );
}

/** 护理记录详情 (/careplan/record/Detail?taskId=). */
export function TaskRecordDetail() {
  const taskId = Number(usePage().query.taskId) || null;
  if (!taskId) return <NonIdealState icon="error" title="未指定护理记录" />;
  return (
    <div className="page" data-testid="page-task-record-detail">
      <Card>
        <Button icon="arrow-left" text="返回护理记录" onClick={() => navigate(CarePlanScreens.record)} />
        <ResourceDetail def={nursingTaskResource} id={taskId} />
      </Card>
    </div>
  );
}
