import { z } from 'zod';
import { dayField, periodRules } from '../../../domain/daySchema.js';

/**
 * 营销人员 (/administration/salesman; spec 001 §2 names the screen only): the people who receive
 * families on consultations — the 接待人员 of 咨询登记, kept there once — with what came of the
 * consultations each received in a period.
 */
export const SalesmanPaths = {
  /** GET ?fromDate&toDate: per 接待人员, the period's consultations and what became of them. */
  performance: '/pims/web-org/salesman/performance',
} as const;

/** The longest period asked at once (a year and a day). */
export const SALESMAN_MAX_DAYS = 366;

export const salesmanQuery = periodRules(
  z.object({ fromDate: dayField('开始日期'), toDate: dayField('结束日期') }),
  SALESMAN_MAX_DAYS,
);
export type SalesmanQuery = z.infer<typeof salesmanQuery>;

const count = z.number().int().min(0);
/** One 接待人员's period (interviewerId null: consultations received by nobody named). */
export const salesmanRow = z.object({
  interviewerId: z.number().int().nullable(),
  interviewerName: z.string(),
  phone: z.string().nullable(),
  /** Consultations received in the period (by 咨询日期), in the user's data departments. */
  consults: count,
  /** Of those: still 跟进中, 已建档 (turned into an archive), 已放弃. */
  following: count,
  archived: count,
  dropped: count,
  /** Of the archived: the elder has moved in since (在住, 试住 or 已退住). */
  movedIn: count,
});
export type SalesmanRow = z.infer<typeof salesmanRow>;

export const salesmanAnswer = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  list: z.array(salesmanRow),
});
export type SalesmanAnswer = z.infer<typeof salesmanAnswer>;

/** 转化率: moved in per consultation, as the screen shows it (— when none were received). */
export const conversion = (r: Pick<SalesmanRow, 'consults' | 'movedIn'>) =>
  r.consults ? `${((r.movedIn / r.consults) * 100).toFixed(1)}%` : '—';
