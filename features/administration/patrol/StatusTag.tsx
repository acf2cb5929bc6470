import { Intent, Tag } from '@blueprintjs/core';
import { dictLabel } from '../../../domain/dictionaries.js';
import { PatrolResult, PatrolTaskStatus, PointStatus } from '../../../domain/statuses/patrol.js';
import type { Row } from '../../../src/resource/index.js';

const taskIntents: Record<number, Intent> = {
  [PatrolTaskStatus.scheduled]: Intent.NONE,
  [PatrolTaskStatus.inProgress]: Intent.PRIMARY,
  [PatrolTaskStatus.completed]: Intent.SUCCESS,
  [PatrolTaskStatus.missed]: Intent.DANGER,
};

/** A task's status as a tag: 待巡查, 巡查中, 已完成, 漏巡. */
export const taskStatusTag = (row: Row) => (
  <Tag minimal intent={taskIntents[Number(row.taskStatus)] ?? Intent.NONE}>
    {dictLabel('patrolTaskStatus', Number(row.taskStatus))}
  </Tag>
);

/** A completed task's result: 正常 or 异常; nothing before. */
export const resultTag = (row: Row) =>
  row.taskResult == null ? (
    <span className="muted">—</span>
  ) : (
    <Tag minimal intent={Number(row.taskResult) === PatrolResult.abnormal ? Intent.DANGER : Intent.SUCCESS}>
      {dictLabel('patrolResult', Number(row.taskResult))}
    </Tag>
  );

/** A point's result: 未巡查, 正常, 异常. */
export const pointStatusTag = (row: Row) => {
  const s = Number(row.patrolStatus);
  const intent =
    s === PointStatus.abnormal ? Intent.DANGER : s === PointStatus.normal ? Intent.SUCCESS : Intent.NONE;
  return (
    <Tag minimal intent={intent}>
      {dictLabel('patrolStatus', s)}
    </Tag>
  );
};
