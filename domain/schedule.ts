import { z } from 'zod';

/** Rule and call schedules: times of day as typed, and how time windows, weekdays and durations read. */

/** A time of day 'HH:mm'; '24:00' ends the day. */
export const hhmm = (label: string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, `${label}格式应为 HH:mm`);

/** '00:00'–'24:00' (or equal ends) is the whole day; an end before the start wraps midnight (server/rules/evaluate.ts inWindow). */
export function timeWindowText(start: string, end: string): string {
  if (start === end || (start === '00:00' && end === '24:00')) return '全天';
  return start > end ? `${start}–次日${end}` : `${start}–${end}`;
}

const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'] as const;
/** Weekdays 1 (Monday) to 7 (Sunday), as the positioning rules store them ('1,2,3'). */
export const WEEKDAYS = WEEKDAY_NAMES.map((name, i) => ({ value: i + 1, label: `周${name}` }));

export const parseWeekdays = (text: string): number[] =>
  [...new Set(text.split(',').map(Number))]
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7)
    .sort((a, b) => a - b);

export const formatWeekdays = (days: readonly number[]): string =>
  [...new Set(days)].sort((a, b) => a - b).join(',');

export function weekdaysText(text: string): string {
  const days = parseWeekdays(text).join(',');
  if (days === '1,2,3,4,5,6,7') return '每天';
  if (days === '1,2,3,4,5') return '工作日';
  if (days === '6,7') return '周末';
  if (days === '') return '—';
  return parseWeekdays(text)
    .map((d) => `周${WEEKDAY_NAMES[d - 1]}`)
    .join('、');
}

/** 0 → 立即; 45 → 45 秒; 600 → 10 分钟; 90 → 1 分 30 秒; 7200 → 2 小时. */
export function durationText(seconds: number): string {
  if (seconds <= 0) return '立即';
  if (seconds < 60) return `${seconds} 秒`;
  if (seconds % 3600 === 0) return `${seconds / 3600} 小时`;
  if (seconds % 60 === 0) return `${seconds / 60} 分钟`;
  return `${Math.floor(seconds / 60)} 分 ${seconds % 60} 秒`;
}

/** How long something waited, to the second: 35 秒, 1 分 05 秒, 2 小时 03 分. */
export function waitedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} 秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} 分 ${String(s % 60).padStart(2, '0')} 秒`;
  return `${Math.floor(m / 60)} 小时 ${String(m % 60).padStart(2, '0')} 分`;
}
