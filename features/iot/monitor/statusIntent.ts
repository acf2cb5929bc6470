import { Intent } from '@blueprintjs/core';
import { waitedText } from '../../../domain/schedule.js';
import type { RowStatus } from './rows.js';

/** Colour of a mattress state tag: red alarm, amber out of bed or interrupted, green fine, grey unknown. */
export const statusIntent: Record<RowStatus, Intent> = {
  alarm: Intent.DANGER,
  offline: Intent.NONE,
  noData: Intent.NONE,
  stale: Intent.WARNING,
  outOfBed: Intent.WARNING,
  inBed: Intent.SUCCESS,
  normal: Intent.SUCCESS,
};

/** "12 秒前" (or "刚刚"), from a millisecond timestamp. */
export const ago = (now: number, at: number | null) =>
  at === null ? '—' : now - at < 1_000 ? '刚刚' : `${waitedText(now - at)}前`;
