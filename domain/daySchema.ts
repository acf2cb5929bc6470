import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (2026-02-30 does not). */
const realDay = (text: string) => {
  const d = new Date(`${text}T12:00:00`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

/** A query's day YYYY-MM-DD, refused in Chinese by its label (请选择开始日期, 开始日期不存在). */
export const dayField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(DAY, `${label}格式应为YYYY-MM-DD`)
    .refine(realDay, `${label}不存在`);

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00`) - Date.parse(`${from}T12:00:00`)) / 86_400_000) + 1;

/**
 * A period's rules on a query with fromDate and toDate (both counted): the end not before the start,
 * and at most `maxDays` days; refused in Chinese on toDate.
 */
export const periodRules = <T extends { fromDate: string; toDate: string }>(
  schema: z.ZodType<T>,
  maxDays: number,
) =>
  schema
    .refine((q) => q.fromDate <= q.toDate, { message: '结束日期不能早于开始日期', path: ['toDate'] })
    .refine((q) => q.fromDate > q.toDate || daysBetween(q.fromDate, q.toDate) <= maxDays, {
      message: `统计期间不能超过${maxDays}天`,
      path: ['toDate'],
    });
