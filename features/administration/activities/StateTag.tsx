import { Intent, Tag } from '@blueprintjs/core';
import { dictLabel } from '../../../domain/dictionaries.js';
import { ActivityPhase } from '../../../machines/activityMachine.js';
import type { Row } from '../../../src/resource/index.js';

const intents: Record<number, Intent> = {
  [ActivityPhase.published]: Intent.NONE,
  [ActivityPhase.registrationOpen]: Intent.PRIMARY,
  [ActivityPhase.registrationClosed]: Intent.WARNING,
  [ActivityPhase.held]: Intent.SUCCESS,
  [ActivityPhase.finished]: Intent.NONE,
  [ActivityPhase.cancelled]: Intent.DANGER,
};

/** An activity's state as a tag: 报名中, 进行中, 已取消 … */
export const stateTag = (row: Row) => (
  <Tag minimal intent={intents[Number(row.activityState)] ?? Intent.NONE}>
    {dictLabel('activityState', Number(row.activityState))}
  </Tag>
);
