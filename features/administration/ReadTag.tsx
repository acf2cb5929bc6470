import { Intent, Tag } from '@blueprintjs/core';
import type { Row } from '../../src/resource/index.js';

/** 已读 / 未读 as a tag in a list's status cell. */
export const readTag = (row: Row, label = ['未读', '已读']) =>
  Number(row.isRead ?? row.status) === 1 ? (
    <Tag minimal>{label[1]}</Tag>
  ) : (
    <Tag intent={Intent.DANGER}>{label[0]}</Tag>
  );
